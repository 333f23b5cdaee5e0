audit golden/names/d-typo.yaml
