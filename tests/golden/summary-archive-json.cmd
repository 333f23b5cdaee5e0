audit --summary --format json -j 2 summary/archive
