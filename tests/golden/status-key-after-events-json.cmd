status --format json golden/status/key-after-events.yaml
