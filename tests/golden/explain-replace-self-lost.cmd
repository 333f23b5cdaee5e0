explain logs/diag/replacement-unavailable.yaml lee
