audit --format json golden/explain/wording.yaml
