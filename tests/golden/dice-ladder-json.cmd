dice --format json ../logs/ladder/r1-antietam.yaml ../logs/ladder/r2-chancellorsville.yaml
