audit -j1 --summary ../logs
