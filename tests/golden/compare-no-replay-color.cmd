compare --color logs/diag/bad-document--events-missing.yaml --ruling recovery=full-turns
