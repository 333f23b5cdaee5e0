audit ../logs/ladder/fredericksburg.yaml
