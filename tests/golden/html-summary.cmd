audit --format html --summary ../logs/seven-days-1862.yaml
