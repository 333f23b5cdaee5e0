#!/bin/sh
# SPDX-License-Identifier: MIT
# Every input the fuzzers ever broke adjutant with (fuzz/regressions/) is
# audited again: exit 0 or 1 (never a crash, never 2), and one valid JSON
# object per file. Under the sanitizer build this replays each finding with
# ASan and UBSan watching.   usage: regressions.sh ADJUTANT PROJECT_DIR
set -eu
adj=$1 dir=$2/fuzz/regressions
n=0 failed=0
for f in "$dir"/*; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    rc=0
    out=$("$adj" audit --format json "$f") || rc=$?
    if [ "$rc" -gt 1 ] || ! printf '%s\n' "$out" | python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]'; then
        echo "FAIL $f: exit $rc"
        failed=$((failed + 1))
    fi
    rc=0
    "$adj" audit "$f" > /dev/null || rc=$?
    [ "$rc" -le 1 ] || { echo "FAIL $f (text): exit $rc"; failed=$((failed + 1)); }
    rc=0
    err=$("$adj" audit --summary --format json "$f" 2>&1 > /dev/null) || rc=$?
    # UBSan, where it reports and goes on, says so on standard error
    if [ "$rc" -gt 1 ] || printf '%s' "$err" | grep -q 'runtime error'; then
        echo "FAIL $f (summary): exit $rc $err"
        failed=$((failed + 1))
    fi
done
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
