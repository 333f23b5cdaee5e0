frobnicate x.yaml
