audit --jobs=2 --summary ../logs
