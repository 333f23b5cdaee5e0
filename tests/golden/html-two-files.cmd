audit --format html ../logs/seven-days-1862.yaml ../logs/malvern-hill-flow.yaml
