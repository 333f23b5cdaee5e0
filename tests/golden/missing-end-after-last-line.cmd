audit logs/diag/missing-end--after-last-line.yaml logs/diag/missing-end.yaml
