status --format json -
