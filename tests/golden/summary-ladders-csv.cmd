audit --summary --format csv -j 1 summary/ladders
