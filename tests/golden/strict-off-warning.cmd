audit logs/diag/missing-end.yaml
