audit --summary -j 2 --format json summary/ratings
