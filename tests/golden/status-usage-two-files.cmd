status golden/status/at.yaml golden/status/sustain.yaml
