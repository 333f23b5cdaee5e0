audit --format json -j 1 golden/archive/sub
