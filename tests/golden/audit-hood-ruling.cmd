audit --ruling repeat-illness=as-wound ../logs/second-manassas-hood.yaml
