audit --format html --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml
audit --ladder golden/ladder-invalid/adjutant-ladder.yaml logs/rules/ruling-recovery-full-turns-8-13b.yaml
