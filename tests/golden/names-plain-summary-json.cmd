audit --summary --format json golden/names-plain
