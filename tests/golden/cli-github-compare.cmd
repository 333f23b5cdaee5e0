compare --format github ../logs/gaines-mill-disputed.yaml --ruling repeat-illness=as-wound
