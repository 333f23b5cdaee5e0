--help
audit --help
