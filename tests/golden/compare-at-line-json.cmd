compare --format json --at line:24 golden/status/repeat-illness.yaml --ruling repeat-illness=longer
