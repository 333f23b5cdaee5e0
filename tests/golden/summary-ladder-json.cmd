audit --summary --format json -j 1 golden/ladder
