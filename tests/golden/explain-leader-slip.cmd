explain ../logs/ladder/gettysburg.yaml hancok
