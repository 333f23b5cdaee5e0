audit --format html ../logs
