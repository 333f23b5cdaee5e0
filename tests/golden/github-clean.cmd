audit --format github ../logs/seven-days-1862.yaml
