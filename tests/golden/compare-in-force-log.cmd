compare golden/compare/gaines-full-turns.yaml --ruling recovery=counts-first-turn
