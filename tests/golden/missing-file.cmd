compare no-such-file.yaml --ruling wound-roll=ignored
explain no-such-file.yaml lee
