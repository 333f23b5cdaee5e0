explain --at turn:4 ../logs/gaines-mill-disputed.yaml morell mccall
