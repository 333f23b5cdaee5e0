audit --format json logs/rules/players-numbers-are-names.yaml logs/diag/bad-field--players-not-mapping.yaml
