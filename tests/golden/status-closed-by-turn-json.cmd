status --format json golden/status/closed-by-turn.yaml
