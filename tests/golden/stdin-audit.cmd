audit --format json -
