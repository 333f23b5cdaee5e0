explain ../logs/malvern-hill-flow.yaml sumner richardson
