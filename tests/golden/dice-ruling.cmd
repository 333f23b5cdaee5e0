dice --ruling recovery=full-turns golden/dice
