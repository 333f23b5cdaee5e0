audit --format json ../logs/gaines-mill-disputed.yaml
