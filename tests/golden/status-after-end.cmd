status golden/status/after-end.yaml
