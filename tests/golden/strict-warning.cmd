audit --strict logs/diag/missing-end.yaml
