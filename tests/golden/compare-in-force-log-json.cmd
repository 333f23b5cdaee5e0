compare --format json golden/compare/gaines-full-turns.yaml --ruling recovery=counts-first-turn
