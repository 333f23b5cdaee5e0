status --format json --ruling repeat-illness=longer golden/status/repeat-illness.yaml
