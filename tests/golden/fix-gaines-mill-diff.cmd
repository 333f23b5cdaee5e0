fix --diff ../logs/gaines-mill-disputed.yaml
