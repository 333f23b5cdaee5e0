compare ../logs/seven-days-1862.yaml --ruling wound-roll=ignored
