audit --format json logs/ladder/scenario-completes-header.yaml logs/ladder/players-by-key.yaml logs/ladder/rulings-bad.yaml
