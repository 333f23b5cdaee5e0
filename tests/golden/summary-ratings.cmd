audit --summary -j 2 summary/ratings
