explain --format json ../logs/second-manassas-hood.yaml hood
