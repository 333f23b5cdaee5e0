explain logs/ladder/scenario-completes-header.yaml lee
