audit --at=line:0 ../logs/seven-days-1862.yaml
