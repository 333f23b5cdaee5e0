audit --format json --ruling recovery=counts-first-turn logs/ladder/rulings-bad.yaml
