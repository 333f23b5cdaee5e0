audit logs/diag/bad-field--vp-points-range.yaml logs/diag/bad-field--roster-vp-range.yaml logs/diag/bad-field--end-claim-range.yaml logs/rules/vp-tally-exact-at-the-bounds.yaml
