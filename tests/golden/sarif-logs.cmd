audit --format sarif ../logs
