status --format json golden/status/sustain.yaml
