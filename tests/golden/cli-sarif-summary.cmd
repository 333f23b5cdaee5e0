audit --summary --format sarif ../logs
