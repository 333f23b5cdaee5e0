fix ../logs/gaines-mill-disputed.yaml
