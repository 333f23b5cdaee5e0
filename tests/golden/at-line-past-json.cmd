audit --format json --at line:17 golden/status/at.yaml
