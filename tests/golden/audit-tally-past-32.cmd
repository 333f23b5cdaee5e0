audit golden/tally/past-32.yaml
