ladder --format sarif ../logs/ladder
