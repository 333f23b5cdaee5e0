audit ../logs/ladder/chancellorsville.yaml
