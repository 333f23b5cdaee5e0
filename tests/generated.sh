#!/bin/sh
# SPDX-License-Identifier: MIT
# Generated games (bench/adjgen) against the audit: for each seed a legal
# game audits clean (exit 0, no diagnostic), and a faulty one draws exactly
# the diagnostics the generator says it injected, line by line, in order.
# The same seed must give the same bytes.
#   usage: generated.sh ADJGEN ADJUTANT [SEEDS]
set -eu
gen=$1 adj=$2 seeds=${3:-40}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjgen.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
"$gen" --seed 7 --events 3000 -o "$tmp/a.yaml"
"$gen" --seed 7 --events 3000 -o "$tmp/b.yaml"
cmp -s "$tmp/a.yaml" "$tmp/b.yaml" || { echo "FAIL: seed 7 gave different bytes twice"; fail=1; }
s=1
while [ "$s" -le "$seeds" ]; do
    events=$((200 + (s * 7919) % 3000))
    leaders=16
    [ $((s % 7)) -eq 0 ] && leaders=$((4 + s % 5))
    [ $((s % 11)) -eq 0 ] && leaders=60
    "$gen" --seed "$s" --events "$events" --leaders "$leaders" -o "$tmp/clean.yaml"
    rc=0; "$adj" audit --format json "$tmp/clean.yaml" > "$tmp/clean.json" || rc=$?
    "$gen" --seed "$s" --events "$events" --leaders "$leaders" --faults 0.2 \
        --expect "$tmp/expect.txt" -o "$tmp/faulty.yaml"
    frc=0; "$adj" audit --format json "$tmp/faulty.yaml" > "$tmp/faulty.json" || frc=$?
    python3 - "$s" "$rc" "$frc" "$tmp" <<'PY' || fail=1
import json, sys
seed, rc, frc, tmp = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
clean = json.load(open(f"{tmp}/clean.json"))["diagnostics"]
if rc != 0 or clean:
    print(f"FAIL seed {seed}: legal game: exit {rc}, {len(clean)} diagnostics")
    for d in clean[:5]:
        print(f"  {d['line']} {d['code']}: {d['message']}")
    sys.exit(1)
got = [f"{d['line']} {d['code']}" for d in json.load(open(f"{tmp}/faulty.json"))["diagnostics"]]
want = open(f"{tmp}/expect.txt").read().split("\n")[:-1]
if frc >= 2 or got != want:
    print(f"FAIL seed {seed}: faulty game: exit {frc}")
    for w in [w for w in want if w not in got][:5]:
        print(f"  expected, not reported: {w}")
    for g in [g for g in got if g not in want][:5]:
        print(f"  reported, not expected: {g}")
    sys.exit(1)
PY
    s=$((s + 1))
done
[ "$fail" -eq 0 ] && echo "$((seeds * 2 + 1)) passed, 0 failed" && exit 0
exit 1
