audit --summary -j 2 summary/archive
