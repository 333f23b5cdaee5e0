audit --strict --summary logs/diag/unknown-field.yaml ../logs/malvern-hill-flow.yaml
