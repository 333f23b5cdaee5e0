explain ../logs/ladder/gettysburg.yaml Hancock
