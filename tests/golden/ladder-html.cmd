audit --format html logs/ladder/players-by-key.yaml
