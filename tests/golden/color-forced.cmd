audit --color ../logs/gaines-mill-disputed.yaml
