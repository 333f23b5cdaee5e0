audit --format json --at turn:2 golden/status/at.yaml
