dice golden/dice
