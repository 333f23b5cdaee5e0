dice --format json golden/names
