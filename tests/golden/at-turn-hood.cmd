audit --at turn:3 ../logs/second-manassas-hood.yaml
