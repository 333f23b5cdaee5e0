status logs/diag/unknown-field.yaml
