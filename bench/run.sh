#!/usr/bin/env bash
# bench/run.sh - adjutant's throughput and memory, against a bare libyaml floor.
#
#   bench/run.sh BUILD_DIR [RUNS]        (RUNS defaults to 5)
#
# Generates its inputs with BUILD_DIR/bench/adjgen into a temporary directory:
#   - a ~1 MB log (20,000 events), a ~2 MB log and a ~20 MB log (400,000
#     events): the 2 MB / 20 MB pair checks that adjutant's memory stays flat
#     as the log grows tenfold;
#   - an archive of 1,000 typical game logs (300..3,000 events each, varied
#     seeds, a few faults in about half of them: ARCHIVE_FAULTS, default 0.0005).
# For each input it runs, RUNS times each,
#   (a) BUILD_DIR/bench/yaml_floor FILES          the libyaml event loop alone
#   (b) BUILD_DIR/adjutant audit --format json FILES >/dev/null
# and for the archive also `adjutant audit --format json -j 1 DIR` and `-j 2 DIR`.
# It reports medians: wall seconds, MB/s (10^6 bytes), YAML events/s (the
# event count the floor prints), adjutant's throughput as a fraction of the
# floor's, and peak RSS. A command that exits 2 (usage error: an option or a
# directory argument it does not know) is reported as n/a; exit 1 (errors
# found in a log) is a normal audit.
#
# Environment: KEEP=1 keeps the temporary directory; ARCHIVE_FAULTS sets the
# archive's fault rate.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: bench/run.sh BUILD_DIR [RUNS]" >&2
    exit 2
fi
BUILD=$(cd "$1" && pwd)
RUNS=${2:-5}
if ! [[ $RUNS =~ ^[1-9][0-9]*$ ]]; then
    echo "run.sh: RUNS must be a positive integer" >&2
    exit 2
fi
GEN=$BUILD/bench/adjgen
FLOOR=$BUILD/bench/yaml_floor
ADJ=$BUILD/adjutant
ARCHIVE_FAULTS=${ARCHIVE_FAULTS:-0.0005}
for tool in "$GEN" "$FLOOR"; do
    [[ -x $tool ]] || { echo "run.sh: $tool not built (cmake --build $BUILD --target adjgen yaml_floor)" >&2; exit 2; }
done
HAVE_ADJ=1
[[ -x $ADJ ]] || { echo "run.sh: $ADJ not built: adjutant columns will be n/a" >&2; HAVE_ADJ=0; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/adjbench.XXXXXX")
if [[ ${KEEP:-0} == 1 ]]; then
    echo "run.sh: keeping $TMP" >&2
else
    trap 'rm -rf "$TMP"' EXIT
fi

# ---------------------------------------------------------------------------
# Peak RSS: GNU time if present (installed with apt-get when we are root),
# else a small python3 wrapper around wait4/getrusage.
# ---------------------------------------------------------------------------
if ! /usr/bin/time -f %M true >/dev/null 2>&1; then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        apt-get install -y time >/dev/null 2>&1 || true
    fi
fi
if /usr/bin/time -f %M true >/dev/null 2>&1; then
    RSS_TOOL=gnu-time
else
    RSS_TOOL=python3
    cat >"$TMP/rss.py" <<'EOF'
import os, sys
out = sys.argv[1]
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, ru = os.wait4(pid, 0)
with open(out, "w") as f:
    f.write("%d\n" % ru.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))
EOF
fi

# measure CMD...: runs it once, stdout and stderr discarded.
# Sets M_NS (wall nanoseconds), M_KB (peak RSS in KiB), M_RC (exit status).
measure() {
    local t0 t1
    M_RC=0
    t0=$(date +%s%N)
    if [[ $RSS_TOOL == gnu-time ]]; then
        /usr/bin/time -f %M -o "$TMP/rss" "$@" >/dev/null 2>"$TMP/stderr" || M_RC=$?
    else
        python3 "$TMP/rss.py" "$TMP/rss" "$@" >/dev/null 2>"$TMP/stderr" || M_RC=$?
    fi
    t1=$(date +%s%N)
    M_NS=$((t1 - t0))
    M_KB=$(tail -n 1 "$TMP/rss")
}

# median N...: the median of the numbers given.
median() {
    printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END {
        if (NR % 2) print a[(NR + 1) / 2]; else printf "%.0f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# bench CMD...: RUNS runs; sets B_NS and B_KB (medians) or B_NA=1 when the
# command exits 2 (or more), with its first stderr line in B_WHY.
bench() {
    local i ns=() kb=()
    B_NA=0
    B_WHY=
    for ((i = 0; i < RUNS; i++)); do
        measure "$@"
        if ((M_RC >= 2)); then
            B_NA=1
            B_WHY=$(grep -v '^Command exited' "$TMP/stderr" | head -n 1 || true)
            return
        fi
        ns+=("$M_NS")
        kb+=("$M_KB")
    done
    B_NS=$(median "${ns[@]}")
    B_KB=$(median "${kb[@]}")
}

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------
echo "generating inputs in $TMP ..." >&2
"$GEN" --seed 1 --events 20000 -o "$TMP/log-1mb.yaml"
"$GEN" --seed 2 --events 40000 -o "$TMP/log-2mb.yaml"
"$GEN" --seed 3 --events 400000 -o "$TMP/log-20mb.yaml"
mkdir "$TMP/archive"
for ((i = 0; i < 1000; i++)); do
    events=$((300 + (i * 7919) % 2701))
    "$GEN" --seed $((1000 + i)) --events "$events" --faults "$ARCHIVE_FAULTS" \
        -o "$(printf '%s/archive/game-%04d.yaml' "$TMP" "$i")"
done
ARCHIVE_FILES=("$TMP"/archive/*.yaml)

# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------
ROWS=()          # Markdown table rows
declare -A RSS   # adjutant peak RSS per input, KiB

fmt_s() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }
fmt_rate() { awk -v n="$1" -v ns="$2" -v div="$3" 'BEGIN { printf "%.1f", n / div / (ns / 1e9) }'; }
fmt_mib() { awk -v kb="$1" 'BEGIN { printf "%.1f", kb / 1024 }'; }

# row LABEL FILES_COUNT BYTES EVENTS FLOOR_NS FLOOR_KB ADJ_NA ADJ_NS ADJ_KB
row() {
    local label=$1 nfiles=$2 bytes=$3 events=$4 fns=$5 fkb=$6 na=$7 ans=$8 akb=$9
    local mb fs fmbs adj
    mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
    fs=$(fmt_s "$fns")
    fmbs=$(fmt_rate "$bytes" "$fns" 1e6)
    if [[ $na == 1 ]]; then
        adj="n/a | n/a | n/a | n/a | n/a"
    else
        adj="$(fmt_s "$ans") | $(fmt_rate "$bytes" "$ans" 1e6) | $(fmt_rate "$events" "$ans" 1e6)"
        adj+=" | $(awk -v f="$fns" -v a="$ans" 'BEGIN { printf "%.2f", f / a }') | $(fmt_mib "$akb")"
    fi
    ROWS+=("| $label | $nfiles | $mb | $events | $fs | $fmbs | $(fmt_mib "$fkb") | $adj |")
}

# run_input LABEL KEY FILES...: floor and adjutant on FILES.
run_input() {
    local label=$1 key=$2
    shift 2
    local totals bytes events fns fkb
    totals=$("$FLOOR" "$@" | tail -n 1)
    bytes=$(awk '{ print $3 }' <<<"$totals")
    events=$(awk '{ print $5 }' <<<"$totals")
    echo "  $label: floor ..." >&2
    bench "$FLOOR" "$@"
    fns=$B_NS
    fkb=$B_KB
    if [[ $HAVE_ADJ == 1 ]]; then
        echo "  $label: adjutant ..." >&2
        bench "$ADJ" audit --format json "$@"
    else
        B_NA=1
    fi
    [[ $B_NA == 1 && -n $B_WHY ]] && echo "    n/a: $B_WHY" >&2
    row "$label" $# "$bytes" "$events" "$fns" "$fkb" "$B_NA" "${B_NS:-0}" "${B_KB:-0}"
    [[ $B_NA == 1 ]] || RSS[$key]=$B_KB
    LAST_BYTES=$bytes
    LAST_EVENTS=$events
    LAST_FNS=$fns
    LAST_FKB=$fkb
}

echo "running ($RUNS runs each) ..." >&2
run_input "1 MB log" 1mb "$TMP/log-1mb.yaml"
run_input "2 MB log" 2mb "$TMP/log-2mb.yaml"
run_input "20 MB log" 20mb "$TMP/log-20mb.yaml"
run_input "archive, 1,000 logs (default -j)" archive "${ARCHIVE_FILES[@]}"

declare -A JNS
for j in 1 2; do
    if [[ $HAVE_ADJ == 1 ]]; then
        echo "  archive: adjutant -j $j DIR ..." >&2
        bench "$ADJ" audit --format json -j "$j" "$TMP/archive"
    else
        B_NA=1
    fi
    [[ $B_NA == 1 && -n $B_WHY ]] && echo "    n/a: $B_WHY" >&2
    row "archive, \`-j $j DIR\`" 1000 "$LAST_BYTES" "$LAST_EVENTS" "$LAST_FNS" "$LAST_FKB" \
        "$B_NA" "${B_NS:-0}" "${B_KB:-0}"
    [[ $B_NA == 1 ]] || JNS[$j]=$B_NS
done

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------
CPU=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
VERSION=n/a
[[ $HAVE_ADJ == 1 ]] && VERSION=$("$ADJ" --version 2>/dev/null | head -n 1 || echo n/a)
if [[ -n ${JNS[1]:-} && -n ${JNS[2]:-} ]]; then
    SPEEDUP=$(awk -v a="${JNS[1]}" -v b="${JNS[2]}" 'BEGIN { printf "%.2fx", a / b }')
else
    SPEEDUP=n/a
fi
if [[ -n ${RSS[2mb]:-} && -n ${RSS[20mb]:-} ]]; then
    FLAT="$(fmt_mib "${RSS[2mb]}") MiB for 2 MB, $(fmt_mib "${RSS[20mb]}") MiB for 20 MB"
    FLAT+=" (x$(awk -v a="${RSS[2mb]}" -v b="${RSS[20mb]}" 'BEGIN { printf "%.2f", b / a }') for 10x the log)"
else
    FLAT=n/a
fi

echo
echo "Machine: ${CPU:-unknown CPU}, $(nproc) cores; $VERSION; median of $RUNS runs;" \
    "peak RSS by $RSS_TOOL; MB = 10^6 bytes; events = libyaml events."
echo
echo "| input | files | MB | events | floor s | floor MB/s | floor RSS MiB | adjutant s | adjutant MB/s | adjutant M events/s | adjutant/floor | adjutant RSS MiB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${ROWS[@]}"
echo
echo "- \`-j 2\` over \`-j 1\` on the archive: $SPEEDUP"
echo "- adjutant peak RSS: $FLAT"
