compare --format json ../logs/second-manassas-hood.yaml --ruling illness-left=rolled
