#!/usr/bin/env bash
# bench/html.sh - the cost of `audit --format html` (SPEC 9) against JSON.
#
#   bench/html.sh BUILD_DIR [RUNS] [EVENTS]    (RUNS 7, EVENTS 20000 by default)
#
# Generates one log of EVENTS events with BUILD_DIR/bench/adjgen (seed 11,
# a few faults so the page has diagnostics to show), then runs RUNS rounds of
#   adjutant audit --format json LOG >/dev/null
#   adjutant audit --format html LOG >/dev/null
# one after the other, and reports the median wall time of each, their
# ratio (the target: html within 4x json) and the html run's peak RSS
# against the budget of 8 x the log's size + 8 MiB. Exit status 1 when a
# target is missed.
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
LOG=$TMP/game.yaml
"$BUILD/bench/adjgen" --seed 11 --events "$EVENTS" --faults 0.001 -o "$LOG"
SIZE=$(stat -c %s "$LOG")

# Each run timed (wall clock) and its peak RSS taken from wait4, by a small
# python3 helper: GNU time's 10 ms steps are too coarse for a 1 MB log.
cat >"$TMP/run.py" <<'EOF'
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
    return time.perf_counter() - t, ru.ru_maxrss
j, h, rss = [], [], []
for _ in range(runs):
    j.append(once("json")[0])
    s, k = once("html")
    h.append(s)
    rss.append(k)
print(statistics.median(j), statistics.median(h), max(rss))
EOF
read -r J H RSS < <(python3 "$TMP/run.py" "$ADJ" "$LOG" "$RUNS")
"$ADJ" audit --format html "$LOG" >"$TMP/out.html" || true
BUDGET=$(( (8 * SIZE + 8 * 1048576) / 1024 ))
HTML_BYTES=$(stat -c %s "$TMP/out.html")
awk -v j="$J" -v h="$H" -v rss="$RSS" -v budget="$BUDGET" -v size="$SIZE" -v ev="$EVENTS" \
    -v out="$HTML_BYTES" -v runs="$RUNS" 'BEGIN {
    ratio = (j > 0) ? h / j : 0
    printf "log: %d events, %.2f MB; page: %.2f MB\n", ev, size / 1e6, out / 1e6
    printf "median of %d runs: json %.4f s, html %.4f s: html/json %.2fx (target <= 4x)\n",
           runs, j, h, ratio
    printf "html peak RSS %.1f MiB; budget 8 x log + 8 MiB = %.1f MiB\n", rss / 1024, budget / 1024
    exit (ratio <= 4 && rss <= budget) ? 0 : 1 }'
