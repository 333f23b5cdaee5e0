status golden/status/illness-check.yaml
