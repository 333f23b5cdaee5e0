audit --summary -j 3 golden/ladder
