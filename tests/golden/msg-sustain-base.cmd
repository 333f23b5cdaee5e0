audit golden/msg/sustain-base.yaml
