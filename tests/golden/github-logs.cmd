audit --format github ../logs
