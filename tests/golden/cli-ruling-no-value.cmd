audit --ruling recovery ../logs/seven-days-1862.yaml
