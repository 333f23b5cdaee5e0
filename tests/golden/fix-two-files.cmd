fix logs/diag/imc-mismatch.yaml logs/diag/imc-mismatch.yaml
fix logs/diag/imc-mismatch.yaml -
