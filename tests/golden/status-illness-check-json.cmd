status --format json golden/status/illness-check.yaml
