explain --ruling illness-left=rolled ../logs/second-manassas-hood.yaml aphill
