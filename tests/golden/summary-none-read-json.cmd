audit --summary --format json golden/ladder/no-such-game.yaml
