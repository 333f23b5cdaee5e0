audit --format json --ruling repeat-illness=as-wound --ruling illness-left=rolled ../logs/second-manassas-hood.yaml
