audit --summary -j 2 golden/archive
