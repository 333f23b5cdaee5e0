audit --format json --no-ladder logs/ladder/players-by-key.yaml
