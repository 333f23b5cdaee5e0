audit --format sarif -j 1 ../logs/seven-days-1862.yaml no-such-file.yaml logs/diag/missing-end.yaml
