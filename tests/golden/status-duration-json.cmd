status --format json golden/status/duration.yaml
