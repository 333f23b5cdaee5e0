compare ../logs/second-manassas-hood.yaml --ruling repeat-illness=as-wound
