dice --format json golden/dice-why
