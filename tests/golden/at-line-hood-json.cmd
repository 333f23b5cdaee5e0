audit --format json --at line:80 ../logs/second-manassas-hood.yaml
