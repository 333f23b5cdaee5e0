explain --format json --at line:60 ../logs/second-manassas-hood.yaml aphill early
