explain --format html ../logs/seven-days-1862.yaml lee
