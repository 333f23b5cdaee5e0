audit --summary -j 2 --format csv summary/ratings
