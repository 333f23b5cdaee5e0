compare --format json ../logs/gaines-mill-disputed.yaml --ruling recovery=full-turns
