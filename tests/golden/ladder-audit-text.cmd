audit logs/ladder/players-by-key.yaml logs/ladder/scenario-sides-mismatch.yaml
