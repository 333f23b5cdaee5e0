status golden/status/no-such-log.yaml
