audit ../logs/ladder/spotsylvania.yaml
