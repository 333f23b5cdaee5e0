dice golden/dice-why
