compare --ladder golden/compare/full-turns-ladder.yaml ../logs/gaines-mill-disputed.yaml --ruling recovery=full-turns
