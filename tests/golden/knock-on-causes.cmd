audit logs/diag/knock-on--replace-after-missing-check.yaml logs/diag/knock-on--check-still-owed.yaml logs/diag/knock-on--duration-missing.yaml logs/diag/knock-on--rolls-not-die-rolls.yaml
