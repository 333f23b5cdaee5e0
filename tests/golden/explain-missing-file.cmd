explain no-such-file.yaml lee
