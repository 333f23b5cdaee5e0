dice --format json golden/dice
