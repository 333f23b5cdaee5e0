audit --at turn:x ../logs/seven-days-1862.yaml
