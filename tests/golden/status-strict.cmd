status --strict logs/diag/unknown-field.yaml
