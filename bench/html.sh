#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/html.sh - the cost of `audit --format html` (SPEC 9) against JSON.
#
#   bench/html.sh BUILD_DIR [RUNS] [EVENTS]    (RUNS 7, EVENTS 20000 by default)
#
# Generates three logs with BUILD_DIR/bench/adjgen:
#   faulty  EVENTS events, seed 11, a few faults (--faults 0.001), so the
#           page has diagnostics to show: the log this script always used;
#   clean   EVENTS events, seed 1, no fault (the log of issue 26, item 12);
#   whole   EVENTS / 3 events, seed 11, faults 0.001: under 20,000 lines,
#           so the page lists every line (SPEC 9 "Bounded" cuts the listing
#           of the two larger logs, about 60,000 lines each, to the lines
#           near a diagnostic).
# For each it runs RUNS rounds of
#   adjutant audit --format json LOG >/dev/null
#   adjutant audit --format html LOG >/dev/null
# one after the other, and reports the median CPU time (user + system) and
# wall time of each, their ratio (the target: html within 4x json, by CPU
# time, which a shared machine disturbs less than the wall clock) and the
# html run's peak RSS against the budget of 8 x the log's size + 8 MiB.
# Exit status 1 when a target is missed on any log.
set -euo pipefail
if [[ $# -lt 1 || $# -gt 3 ]]; then
    echo "usage: bench/html.sh BUILD_DIR [RUNS] [EVENTS]" >&2
    exit 2
fi
BUILD=$(cd "$1" && pwd)
RUNS=${2:-7}
EVENTS=${3:-20000}
ADJ=$BUILD/adjutant
TMP=$(mktemp -d "${TMPDIR:-/tmp}/adjhtml.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
"$BUILD/bench/adjgen" --seed 11 --events "$EVENTS" --faults 0.001 -o "$TMP/faulty.yaml"
"$BUILD/bench/adjgen" --seed 1 --events "$EVENTS" -o "$TMP/clean.yaml"
"$BUILD/bench/adjgen" --seed 11 --events $((EVENTS / 3)) --faults 0.001 -o "$TMP/whole.yaml"

# Each run timed (wall clock, and CPU from wait4) with its peak RSS, by a
# small python3 helper: GNU time's 10 ms steps are too coarse for a 1 MB log.
cat >"$TMP/run.py" <<'PY'
import os, statistics, sys, time
adj, log, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def once(fmt):
    out = os.open(os.devnull, os.O_WRONLY)
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.dup2(out, 1)
        os.execv(adj, [adj, "audit", "--format", fmt, log])
    _, status, ru = os.wait4(pid, 0)
    os.close(out)
    return time.perf_counter() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss
jw, jc, hw, hc, rss = [], [], [], [], []
for _ in range(runs):
    w, c, _ = once("json")
    jw.append(w); jc.append(c)
    w, c, k = once("html")
    hw.append(w); hc.append(c); rss.append(k)
m = statistics.median
print(m(jc), m(hc), m(jw), m(hw), max(rss))
PY
status=0
for name in faulty clean whole; do
    LOG=$TMP/$name.yaml
    read -r JC HC JW HW RSS < <(python3 "$TMP/run.py" "$ADJ" "$LOG" "$RUNS")
    "$ADJ" audit --format html "$LOG" >"$TMP/out.html" || true
    SIZE=$(stat -c %s "$LOG")
    LINES=$(wc -l <"$LOG")
    BUDGET=$(( (8 * SIZE + 8 * 1048576) / 1024 ))
    HTML_BYTES=$(stat -c %s "$TMP/out.html")
    awk -v name="$name" -v jc="$JC" -v hc="$HC" -v jw="$JW" -v hw="$HW" -v rss="$RSS" \
        -v budget="$BUDGET" -v size="$SIZE" -v lines="$LINES" -v out="$HTML_BYTES" \
        -v runs="$RUNS" 'BEGIN {
        ratio = (jc > 0) ? hc / jc : 0
        printf "%s log: %d lines, %.2f MB; page: %.2f MB\n", name, lines, size / 1e6, out / 1e6
        printf "  median of %d runs: json %.4f s cpu (%.4f s wall), html %.4f s cpu " \
               "(%.4f s wall): html/json %.2fx cpu, %.2fx wall (target <= 4x cpu)\n",
               runs, jc, jw, hc, hw, ratio, (jw > 0) ? hw / jw : 0
        printf "  html peak RSS %.1f MiB; budget 8 x log + 8 MiB = %.1f MiB\n",
               rss / 1024, budget / 1024
        exit (ratio <= 4 && rss <= budget) ? 0 : 1 }' || status=1
done
exit $status
