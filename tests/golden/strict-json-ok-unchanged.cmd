audit --strict --format json logs/diag/unknown-field.yaml ../logs/seven-days-1862.yaml
