#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/conform.sh - adjutant against adjgen's generated logs.
#
#   bench/conform.sh BUILD_DIR [COUNT]      (COUNT seeds, default 50)
#
# For each seed: a legal log (--faults 0) must audit with no diagnostic at
# all and exit 0; a faulty log (--faults 0.2, and a small roster now and
# then) must give exactly the diagnostics adjgen --expect lists, `LINE CODE`,
# in the same order. Needs jq. Exit status 0 when every log conforms.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: bench/conform.sh BUILD_DIR [COUNT]" >&2
    exit 2
fi
BUILD=$(cd "$1" && pwd)
COUNT=${2:-50}
GEN=$BUILD/bench/adjgen
ADJ=$BUILD/adjutant
command -v jq >/dev/null || { echo "conform.sh: jq is needed" >&2; exit 2; }
[[ -x $GEN && -x $ADJ ]] || { echo "conform.sh: build adjgen and adjutant first" >&2; exit 2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/adjconform.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail=0
for ((s = 1; s <= COUNT; s++)); do
    events=$((200 + (s * 7919) % 3000))
    leaders=16
    ((s % 7 == 0)) && leaders=$((4 + s % 5))
    ((s % 11 == 0)) && leaders=60

    "$GEN" --seed "$s" --events "$events" --leaders "$leaders" -o "$TMP/clean.yaml"
    rc=0
    "$ADJ" audit --format json "$TMP/clean.yaml" >"$TMP/clean.json" || rc=$?
    n=$(jq '.diagnostics | length' "$TMP/clean.json")
    if [[ $rc != 0 || $n != 0 ]]; then
        echo "seed $s: legal log (--events $events --leaders $leaders): exit $rc, $n diagnostics" >&2
        jq -r '.diagnostics[] | "  \(.line) \(.code): \(.message)"' "$TMP/clean.json" | head -n 5 >&2
        fail=1
    fi

    "$GEN" --seed "$s" --events "$events" --leaders "$leaders" --faults 0.2 \
        --expect "$TMP/expect.txt" -o "$TMP/faulty.yaml"
    rc=0
    "$ADJ" audit --format json "$TMP/faulty.yaml" >"$TMP/faulty.json" || rc=$?
    jq -r '.diagnostics[] | "\(.line) \(.code)"' "$TMP/faulty.json" >"$TMP/got.txt"
    if ((rc >= 2)) || ! cmp -s "$TMP/got.txt" "$TMP/expect.txt"; then
        echo "seed $s: faulty log (--events $events --leaders $leaders --faults 0.2): exit $rc" >&2
        diff "$TMP/expect.txt" "$TMP/got.txt" | head -n 10 | sed 's/^/  /' >&2 || true
        fail=1
    fi
done
if ((fail)); then
    echo "conform.sh: some logs do not conform (reproduce with: $GEN --seed S ...)" >&2
    exit 1
fi
echo "conform.sh: $COUNT legal and $COUNT faulty logs conform"
