audit -j 0 ../logs/seven-days-1862.yaml
