compare --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml --ruling wound-roll=ignored
compare --format json --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml --ruling wound-roll=ignored
explain --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml lee
explain --format json --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml lee
status --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml
fix --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml
