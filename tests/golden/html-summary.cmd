audit --format html --summary -j 2 summary/archive
