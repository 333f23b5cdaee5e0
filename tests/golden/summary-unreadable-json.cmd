audit --summary --format json -j 2 golden/ladder/b-errors-right-claim.yaml golden/ladder/no-such-game.yaml golden/ladder/a-clean.yaml
