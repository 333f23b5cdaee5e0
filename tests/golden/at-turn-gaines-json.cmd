audit --format json --at turn:4 ../logs/gaines-mill-disputed.yaml
