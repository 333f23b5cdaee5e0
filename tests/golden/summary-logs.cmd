audit --summary -j 2 ../logs
