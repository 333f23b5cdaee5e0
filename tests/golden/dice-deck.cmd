dice golden/dice-deck
