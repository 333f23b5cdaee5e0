audit --summary -j 1 golden/ladder
