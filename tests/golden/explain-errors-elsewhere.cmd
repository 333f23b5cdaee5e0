explain ../logs/beaver-dam-in-progress.yaml aphill jackson
