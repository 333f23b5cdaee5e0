explain --format json --at line:16 golden/status/at.yaml jackson
