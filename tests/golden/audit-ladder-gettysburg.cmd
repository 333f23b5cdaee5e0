audit ../logs/ladder/gettysburg.yaml
