audit --summary -j 2 summary/ladders
