compare golden/compare/gaines-full-turns.yaml --ruling recovery=full-turns
