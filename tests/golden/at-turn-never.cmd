audit --at turn:9 golden/status/at.yaml
