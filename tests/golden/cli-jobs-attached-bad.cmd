audit -jx ../logs/seven-days-1862.yaml
