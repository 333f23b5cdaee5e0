audit --help
