explain ../logs/gaines-mill-disputed.yaml lee
