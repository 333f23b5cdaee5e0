status --format json golden/status/repeat-illness.yaml
