compare --ladder golden/compare/full-turns-ladder.yaml ../logs/gaines-mill-disputed.yaml --ruling recovery=counts-first-turn --ruling wound-roll=counts
