dice golden/dice-fair
