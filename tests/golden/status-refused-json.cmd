status --format json golden/status/refused.yaml
