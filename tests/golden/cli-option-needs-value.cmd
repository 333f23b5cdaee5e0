audit --format
