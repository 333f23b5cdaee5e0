status --format json
