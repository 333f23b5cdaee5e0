audit --format json ../logs/ladder/gettysburg.yaml
