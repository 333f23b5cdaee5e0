audit --summary --format json -j 1 summary/ladders
