audit golden/explain/wording.yaml
