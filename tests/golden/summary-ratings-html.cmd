audit --summary -j 2 --format html summary/ratings
