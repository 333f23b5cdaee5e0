audit --at line:16 golden/status/at.yaml
