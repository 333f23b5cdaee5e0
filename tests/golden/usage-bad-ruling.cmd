audit --ruling recovery=sometimes ../logs/seven-days-1862.yaml
