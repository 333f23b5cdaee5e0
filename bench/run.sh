#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
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
#   - the same 1,000 games with named players (20 of them, two per game;
#     "Player 07" plays with loaded dice), for `adjutant dice`.
# For each input it runs RUNS rounds (2 x RUNS + 1 for the 20 MB log) of
#   (a) BUILD_DIR/bench/yaml_floor FILES          the libyaml event loop alone
#   (b) BUILD_DIR/adjutant audit --format json FILES >/dev/null
# one after the other, so that drift in the machine's speed hits both alike;
# for the archive also with `adjutant audit --format json -j 1 DIR` and
# `-j 2 DIR` as (b); and the 20 MB log once more with `yaml_floor --lean` as
# (a), the floor releasing events the way adjutant does; and the 20 MB log with
# `adjutant status` against `adjutant audit` (SPEC 8: the same replay but for
# the end of the events; it should cost the same, within 1.05x, in the same
# flat memory). It reports medians:
# wall seconds, MB/s (10^6 bytes), YAML events/s (the event count the floor
# prints), adjutant's throughput as a fraction of the floor's (the median of
# the rounds' floor time / adjutant time), and peak RSS. A command that exits 2 (usage error: an option or a
# directory argument it does not know) is reported as n/a; exit 1 (errors
# found in a log) is a normal audit.
#
# The players' archive is run as `adjutant audit --format json -j 1 DIR`
# (in place of the floor) then `adjutant dice --format json -j 1 DIR`, round
# by round: dice must take at most 1.2x audit's time; its memory grows by about
# five bytes per roll (each roll's face and line, kept for the order rows),
# never with the square of the archive. bench/dice_power.py gives the rolls
# needed to catch each kind of cheat, and the false-flag rate.
#
# A ladder (SPEC 13): 10,000 logs whose shared header is in an
# adjutant-ladder.yaml against the same logs with their headers inline
# (bench/ladder_gen.py), `adjutant audit --summary DIR` round by round:
# the ladder's must take at most 1.1x the inline's time.
#
# Environment: KEEP=1 keeps the temporary directory; ARCHIVE_FAULTS sets the
# archive's fault rate; ONLY=dice runs the players' archive alone, ONLY=ladder
# the ladder's pair alone.
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

# median N...: the median of the numbers given (integers or not).
median() {
    printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END {
        if (NR % 2) print a[(NR + 1) / 2]; else printf "%.10g\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# bench_pair N FLOOR_CMD... -- ADJ_CMD...: N rounds, each running the floor
# then adjutant, so that a machine whose speed drifts (a shared virtual
# machine does, by 5-10% over a minute) slows both sides alike. Sets
# F_NS, F_KB (the floor's medians), B_NS, B_KB (adjutant's) and B_RATIO,
# the median over the rounds of floor time / adjutant time; or B_NA=1 when
# adjutant exits 2 (or more), with its first stderr line in B_WHY.
bench_pair() {
    local n=$1 i fcmd=() acmd=() fns=() fkb=() ans=() akb=() ratios=()
    shift
    while [[ $1 != -- ]]; do fcmd+=("$1"); shift; done
    shift
    acmd=("$@")
    B_NA=0
    B_WHY=
    for ((i = 0; i < n; i++)); do
        measure "${fcmd[@]}"
        fns+=("$M_NS")
        fkb+=("$M_KB")
        [[ ${#acmd[@]} -gt 0 ]] || continue
        measure "${acmd[@]}"
        if ((M_RC >= 2)); then
            B_NA=1
            B_WHY=$(grep -v '^Command exited' "$TMP/stderr" | head -n 1 || true)
            acmd=()
            continue
        fi
        ans+=("$M_NS")
        akb+=("$M_KB")
        ratios+=("$(awk -v f="${fns[-1]}" -v a="$M_NS" 'BEGIN { printf "%.4f", f / a }')")
    done
    F_NS=$(median "${fns[@]}")
    F_KB=$(median "${fkb[@]}")
    if [[ $B_NA == 0 && ${#ans[@]} -gt 0 ]]; then
        B_NS=$(median "${ans[@]}")
        B_KB=$(median "${akb[@]}")
        B_RATIO=$(awk -v r="$(median "${ratios[@]}")" 'BEGIN { printf "%.3f", r }')
    else
        B_NA=1
    fi
}

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------
echo "generating inputs in $TMP ..." >&2
if [[ ${ONLY:-} != dice ]]; then
  python3 "$(dirname "$0")/ladder_gen.py" "$GEN" "$TMP/ladder" 10000
fi
if [[ ${ONLY:-} != dice && ${ONLY:-} != ladder ]]; then
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
fi
if [[ ${ONLY:-} != ladder ]]; then
mkdir "$TMP/players"
for ((i = 0; i < 1000; i++)); do
    events=$((300 + (i * 7919) % 2701))
    "$GEN" --seed $((1000 + i)) --events "$events" --faults "$ARCHIVE_FAULTS" \
        --players "$(printf 'Player %02d,Player %02d' $((i % 20 + 1)) $(((i * 7 + 3) % 20 + 1)))" \
        --loaded "Player 07" -o "$(printf '%s/players/game-%04d.yaml' "$TMP" "$i")"
done
fi

# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------
ROWS=()          # Markdown table rows
declare -A RSS   # adjutant peak RSS per input, KiB

fmt_s() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }
fmt_rate() { awk -v n="$1" -v ns="$2" -v div="$3" 'BEGIN { printf "%.1f", n / div / (ns / 1e9) }'; }
fmt_mib() { awk -v kb="$1" 'BEGIN { printf "%.1f", kb / 1024 }'; }

# row LABEL FILES_COUNT BYTES EVENTS: a table row from bench_pair's results.
row() {
    local label=$1 nfiles=$2 bytes=$3 events=$4
    local mb fs fmbs adj
    mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
    fs=$(fmt_s "$F_NS")
    fmbs=$(fmt_rate "$bytes" "$F_NS" 1e6)
    if [[ $B_NA == 1 ]]; then
        adj="n/a | n/a | n/a | n/a | n/a"
    else
        adj="$(fmt_s "$B_NS") | $(fmt_rate "$bytes" "$B_NS" 1e6) | $(fmt_rate "$events" "$B_NS" 1e6)"
        adj+=" | $B_RATIO | $(fmt_mib "$B_KB")"
    fi
    ROWS+=("| $label | $nfiles | $mb | $events | $fs | $fmbs | $(fmt_mib "$F_KB") | $adj |")
}

# run_input LABEL KEY RUNS ADJ_ARGS... -- FILES...: floor and adjutant on FILES,
# adjutant as `adjutant audit --format json ADJ_ARGS... FILES...` (ADJ_ARGS may
# replace FILES: a directory).
run_input() {
    local label=$1 key=$2 n=$3 adj_args=() totals bytes events
    shift 3
    while [[ $1 != -- ]]; do adj_args+=("$1"); shift; done
    shift
    totals=$("$FLOOR" "$@" | tail -n 1)
    bytes=$(awk '{ print $3 }' <<<"$totals")
    events=$(awk '{ print $5 }' <<<"$totals")
    echo "  $label: floor and adjutant, $n rounds ..." >&2
    if [[ $HAVE_ADJ == 1 ]]; then
        bench_pair "$n" "$FLOOR" "$@" -- "$ADJ" audit --format json "${adj_args[@]}"
    else
        bench_pair "$n" "$FLOOR" "$@" --
    fi
    [[ $B_NA == 1 && -n $B_WHY ]] && echo "    n/a: $B_WHY" >&2
    row "$label" $# "$bytes" "$events"
    [[ $B_NA == 1 ]] || RSS[$key]=$B_KB
    [[ $B_NA == 1 ]] || JNS[$key]=$B_NS
    BYTES[$key]=$bytes
}

declare -A JNS   # adjutant median wall time per input, ns
declare -A BYTES # input size per input, bytes
echo "running ($RUNS rounds each, $((RUNS * 2 + 1)) for the 20 MB log) ..." >&2
if [[ ${ONLY:-} != dice && ${ONLY:-} != ladder ]]; then
run_input "1 MB log" 1mb "$RUNS" "$TMP/log-1mb.yaml" -- "$TMP/log-1mb.yaml"
run_input "2 MB log" 2mb "$RUNS" "$TMP/log-2mb.yaml" -- "$TMP/log-2mb.yaml"
run_input "20 MB log" 20mb $((RUNS * 2 + 1)) "$TMP/log-20mb.yaml" -- "$TMP/log-20mb.yaml"
run_input "archive, 1,000 logs (default -j)" archive "$RUNS" "${ARCHIVE_FILES[@]}" -- \
    "${ARCHIVE_FILES[@]}"
for j in 1 2; do
    run_input "archive, \`-j $j DIR\`" "j$j" "$RUNS" -j "$j" "$TMP/archive" -- "${ARCHIVE_FILES[@]}"
done
fi

# dice against audit on the players' archive: audit plays the floor's part.
DICE=n/a
if [[ $HAVE_ADJ == 1 && ${ONLY:-} != ladder ]]; then
    echo "  players' archive: audit and dice, $RUNS rounds ..." >&2
    bench_pair "$RUNS" "$ADJ" audit --format json -j 1 "$TMP/players" -- \
        "$ADJ" dice --format json -j 1 "$TMP/players"
    if [[ $B_NA == 0 ]]; then
        DICE="dice $(fmt_s "$B_NS") s, $(fmt_mib "$B_KB") MiB; audit $(fmt_s "$F_NS") s,"
        DICE+=" $(fmt_mib "$F_KB") MiB; dice/audit time"
        DICE+=" $(awk -v r="$B_RATIO" 'BEGIN { printf "%.3f", 1 / r }') (target <= 1.2)"
    fi
fi

# `audit --summary` (SPEC 5.1) against audit on the players' archive: JSON and
# CSV keep only the standings and one hash per file, so their peak RSS stays
# near audit's (which holds each file's path and slot).
SUMMARY=n/a
if [[ $HAVE_ADJ == 1 ]]; then
    for f in json csv; do
        echo "  players' archive: audit and audit --summary --format $f, $RUNS rounds ..." >&2
        bench_pair "$RUNS" "$ADJ" audit --format json -j 1 "$TMP/players" -- \
            "$ADJ" audit --summary --format "$f" -j 1 "$TMP/players"
        if [[ $B_NA == 0 ]]; then
            [[ $SUMMARY == n/a ]] && SUMMARY="audit $(fmt_mib "$F_KB") MiB"
            SUMMARY+="; --summary $f $(fmt_s "$B_NS") s, $(fmt_mib "$B_KB") MiB, time"
            SUMMARY+=" $(awk -v r="$B_RATIO" 'BEGIN { printf "%.3f", 1 / r }')x audit's"
        fi
    done
fi

# The 20 MB log once more, against the floor in --lean mode: libyaml's events
# released the way adjutant releases them rather than by yaml_event_delete.
# The gap to this floor is adjutant's own work alone.
LEAN=n/a
if [[ $HAVE_ADJ == 1 && ${ONLY:-} != dice && ${ONLY:-} != ladder ]]; then
    echo "  20 MB log: lean floor and adjutant, $((RUNS * 2 + 1)) rounds ..." >&2
    bench_pair $((RUNS * 2 + 1)) "$FLOOR" --lean "$TMP/log-20mb.yaml" -- \
        "$ADJ" audit --format json "$TMP/log-20mb.yaml"
    if [[ $B_NA == 0 ]]; then
        LEAN="$B_RATIO (lean floor $(fmt_rate "${BYTES[20mb]}" "$F_NS" 1e6) MB/s)"
    fi
fi

# `status` on the 20 MB log, each round after `audit` on it: the median of the
# rounds' status time / audit time (odd rounds: the reciprocal of bench_pair's
# median ratio), and both peak RSS.
STATUS=n/a
if [[ $HAVE_ADJ == 1 && ${ONLY:-} != dice && ${ONLY:-} != ladder ]]; then
    echo "  20 MB log: audit and status, $((RUNS * 2 + 1)) rounds ..." >&2
    bench_pair $((RUNS * 2 + 1)) "$ADJ" audit --format json "$TMP/log-20mb.yaml" -- \
        "$ADJ" status --format json "$TMP/log-20mb.yaml"
    if [[ $B_NA == 0 ]]; then
        STATUS="$(awk -v r="$B_RATIO" 'BEGIN { printf "%.3f", 1 / r }')x audit's time"
        STATUS+=" (status $(fmt_s "$B_NS") s, audit $(fmt_s "$F_NS") s);"
        STATUS+=" peak RSS $(fmt_mib "$B_KB") MiB (audit $(fmt_mib "$F_KB") MiB)"
    fi
fi

# The ladder's logs after the same logs inline, round by round: the median
# of the rounds' ladder time / inline time.
LADDER=n/a
if [[ $HAVE_ADJ == 1 && ${ONLY:-} != dice ]]; then
    echo "  10,000 logs: headers inline and in a ladder file, $RUNS rounds ..." >&2
    bench_pair "$RUNS" "$ADJ" audit --summary "$TMP/ladder/inline" -- \
        "$ADJ" audit --summary "$TMP/ladder/ladder"
    if [[ $B_NA == 0 ]]; then
        LADDER="$(awk -v r="$B_RATIO" 'BEGIN { printf "%.3f", 1 / r }')x (target <= 1.1):"
        LADDER+=" ladder $(fmt_s "$B_NS") s, $(fmt_mib "$B_KB") MiB;"
        LADDER+=" inline $(fmt_s "$F_NS") s, $(fmt_mib "$F_KB") MiB"
    fi
fi

# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------
CPU=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
VERSION=n/a
[[ $HAVE_ADJ == 1 ]] && VERSION=$("$ADJ" --version 2>/dev/null | head -n 1 || echo n/a)
if [[ -n ${JNS[j1]:-} && -n ${JNS[j2]:-} ]]; then
    SPEEDUP=$(awk -v a="${JNS[j1]}" -v b="${JNS[j2]}" 'BEGIN { printf "%.2fx", a / b }')
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
echo "Machine: ${CPU:-unknown CPU}, $(nproc) cores; $VERSION; medians of $RUNS rounds ($((RUNS * 2 + 1)) for the 20 MB log);" \
    "peak RSS by $RSS_TOOL; MB = 10^6 bytes; events = libyaml events."
echo
echo "| input | files | MB | events | floor s | floor MB/s | floor RSS MiB | adjutant s | adjutant MB/s | adjutant M events/s | adjutant/floor | adjutant RSS MiB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${ROWS[@]}"
echo
echo "- \`-j 2\` over \`-j 1\` on the archive: $SPEEDUP"
echo "- adjutant peak RSS: $FLAT"
echo "- 20 MB log, adjutant/floor with the floor releasing events as adjutant does (\`yaml_floor --lean\`): $LEAN"
echo "- 20 MB log, \`status\` against \`audit\` (median of status time / audit time): $STATUS"
echo "- \`dice -j 1\` over 1,000 logs with named players, against \`audit -j 1\`: $DICE"
echo "- \`audit --summary -j 1\` over the same 1,000 logs (JSON, CSV): $SUMMARY"
echo "- \`audit --summary\` over 10,000 logs with a ladder file, against their headers inline: $LADDER"
