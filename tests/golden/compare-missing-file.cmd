compare no-such-file.yaml --ruling wound-roll=ignored
