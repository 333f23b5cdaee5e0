audit --at line:17 golden/status/at.yaml
