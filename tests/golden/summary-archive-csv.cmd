audit --summary --format csv -j 2 summary/archive
