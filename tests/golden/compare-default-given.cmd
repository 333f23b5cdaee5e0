compare ../logs/seven-days-1862.yaml --ruling recovery=counts-first-turn
