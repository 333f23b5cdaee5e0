ladder --format json logs/ladder/players-by-key.yaml
