dice --format json golden/names-plain
