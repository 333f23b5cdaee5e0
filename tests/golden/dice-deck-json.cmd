dice --format json golden/dice-deck
