dice golden/names-plain
