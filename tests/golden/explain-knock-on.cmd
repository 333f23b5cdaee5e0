explain logs/diag/knock-on--replace-after-missing-check.yaml lee ewell
