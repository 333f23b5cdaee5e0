audit --format json golden/msg/sustain-base.yaml
