ladder logs/ladder
