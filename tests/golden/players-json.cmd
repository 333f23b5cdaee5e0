audit --format json logs/diag/bad-field--players.yaml
