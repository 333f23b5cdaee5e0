audit --summary --format json -j 3 golden/ladder
