audit logs/diag/vp-tally-mismatch--award-as-death-claim.yaml
