audit --summary -j 2 ../logs
audit -j1 --summary ../logs
audit --jobs=2 --summary ../logs
