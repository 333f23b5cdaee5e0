audit --summary ../logs/no-such-game.yaml ../logs/seven-days-1862.yaml
