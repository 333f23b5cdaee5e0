dice --alpha 1e-4 -j 1 golden/dice/game2.yaml
