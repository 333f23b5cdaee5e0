audit ../logs/gaines-mill-disputed.yaml
