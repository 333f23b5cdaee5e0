explain logs/diag/bad-document--no-document.yaml lee
