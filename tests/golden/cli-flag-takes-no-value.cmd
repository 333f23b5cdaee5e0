audit --summary=yes ../logs
