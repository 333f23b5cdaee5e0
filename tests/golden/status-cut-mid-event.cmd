status golden/status/cut-mid-event.yaml
