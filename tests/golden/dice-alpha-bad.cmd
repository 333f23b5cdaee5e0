dice --alpha 1 golden/dice
