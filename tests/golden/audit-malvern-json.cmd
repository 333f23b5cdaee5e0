audit --format json ../logs/malvern-hill-flow.yaml
