dice
