audit --format github --strict logs/diag/missing-end.yaml
