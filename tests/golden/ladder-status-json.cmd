status --format json logs/ladder/scenario-completes-header.yaml
