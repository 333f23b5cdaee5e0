status --format json golden/status/replacement.yaml
