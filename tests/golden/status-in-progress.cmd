status ../logs/beaver-dam-in-progress.yaml
