#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/run.sh SECONDS [BUILD_DIR] - build the libFuzzer targets (if needed)
# and run each of them for SECONDS, one after the other.
#
#   fuzz/run.sh 30                  # what CI runs (./run.sh fuzz 30)
#   fuzz/run.sh 1800 /tmp/build-fuzz
#   fuzz/run.sh 0                   # build, replay the seeds once, no fuzzing
#
# BUILD_DIR (default: build-fuzz at the top of the project) is configured
# with clang and -DADJ_FUZZ=ON the first time. Everything the fuzzers write
# stays under it, never in the source tree:
#
#   BUILD_DIR/fuzz-seeds/TARGET/      the seeds, copied afresh at each run:
#                                     every .yaml of logs/ and tests/,
#                                     fuzz/regressions/ (known past crashes)
#                                     and fuzz/seeds/ (hand-made: reading
#                                     limits, UTF-16, escapes, option bytes)
#   BUILD_DIR/fuzz-corpus/TARGET/     what the fuzzer found, kept across runs
#   BUILD_DIR/fuzz-artifacts/TARGET/  crash-*, leak-*, timeout-*, oom-*
#   BUILD_DIR/fuzz-logs/TARGET.log    libFuzzer's output of the last run
#
# Environment:
#   FUZZ_TARGETS  targets to run (default "fuzz_reader fuzz_audit fuzz_html fuzz_fix fuzz_lsp";
#                 also fuzz_engine: well-formed logs built from the input; fuzz_lsp's
#                 seeds are sessions around each log, fuzz/lsp_seeds.py)
#   FUZZ_ARGS     extra libFuzzer flags, e.g. "-jobs=1 -use_value_profile=1"
#   FUZZ_NICE     niceness for the fuzzers (default 0)
#
# Exit status: 0 when no target found anything; 1 when one crashed, leaked,
# timed out or ran out of memory (its artifact and the log's tail are
# printed); 2 on usage or build failure.
set -euo pipefail

usage() { sed -n '3,32p' "$0" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
case $1 in '' | *[!0-9]*) usage ;; esac
seconds=$1

src=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$src/build-fuzz}
mkdir -p "$build"
build=$(cd "$build" && pwd)
targets=${FUZZ_TARGETS:-fuzz_reader fuzz_audit fuzz_html fuzz_fix fuzz_lsp}
jobs=$(nproc 2>/dev/null || echo 2)

# ---- build ----
if [ ! -f "$build/CMakeCache.txt" ]; then
    command -v clang >/dev/null || { echo "fuzz/run.sh: clang is required (apt-get install clang)" >&2; exit 2; }
    CC=clang cmake -S "$src" -B "$build" -DADJ_FUZZ=ON -DADJ_TESTS=OFF \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 2
elif ! grep -q '^ADJ_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
    cmake "$build" -DADJ_FUZZ=ON >/dev/null || exit 2
fi
# shellcheck disable=SC2086
cmake --build "$build" -j "$jobs" --target $targets >/dev/null || {
    echo "fuzz/run.sh: build failed; rerun: cmake --build $build --target $targets" >&2
    exit 2
}

# ---- seeds ----
# fuzz_audit and fuzz_fix take an optional first selector byte 0x80..0xAF for
# the rulings (fuzz_audit.c, fuzz_fix.c): each seed is also given once with one such byte, cycling
# through the 47 non-default combinations, so every ruling starts covered.
seed_files=()
while IFS= read -r -d '' f; do
    seed_files+=("$f")
done < <({ find "$src/logs" "$src/tests" "$src/fuzz/regressions" -type f -name '*.yaml' -print0
           find "$src/fuzz/seeds" -type f -print0; } 2>/dev/null | sort -z)

prepare_seeds() {  # prepare_seeds TARGET DIR
    local target=$1 dir=$2 i=0
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$target" = fuzz_lsp ]; then  # sessions of messages around each log
        python3 "$src/fuzz/lsp_seeds.py" "$dir" "${seed_files[@]}"
        return
    fi
    for f in "${seed_files[@]}"; do
        local name
        name=$(printf '%04d-%s' "$i" "$(basename "$f")")
        cp "$f" "$dir/$name"
        if [ "$target" = fuzz_audit ] || [ "$target" = fuzz_fix ]; then
            local sel=$(( 0x81 + i % 47 ))
            { printf "\\x$(printf '%02x' "$sel")"; cat "$f"; } >"$dir/r$(printf '%02x' "$sel")-$name"
        fi
        i=$((i + 1))
    done
}

# ---- run ----
# ASan's quarantine of freed memory (256 MB by default) would take half of
# the 512 MB RSS limit once the corpus is large, and libFuzzer would report
# the growth as an out-of-memory: 64 MB keeps use-after-free detection for
# inputs this small. UBSan prints the stack of each report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=64}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# 0 seconds: run every seed once (the regressions among them) and stop.
if [ "$seconds" -eq 0 ]; then limit=-runs=0; else limit=-max_total_time=$seconds; fi
status=0
for target in $targets; do
    seeds=$build/fuzz-seeds/$target
    corpus=$build/fuzz-corpus/$target
    artifacts=$build/fuzz-artifacts/$target
    log=$build/fuzz-logs/$target.log
    prepare_seeds "$target" "$seeds"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    echo "== $target: ${seconds}s, $(ls "$seeds" | wc -l) seeds, corpus $(ls "$corpus" | wc -l) inputs" >&2
    rc=0
    # The working directory is the log folder: -jobs=N writes fuzz-N.log there.
    # shellcheck disable=SC2086
    (cd "$(dirname "$log")" && exec nice -n "${FUZZ_NICE:-0}" "$build/fuzz/$target" \
        -dict="$src/fuzz/$( [ -f "$src/fuzz/$target.dict" ] && echo "$target" || echo adjutant).dict" \
        -max_len=65536 -timeout=10 -rss_limit_mb=512 \
        "$limit" -print_final_stats=1 \
        -artifact_prefix="$artifacts/" \
        ${FUZZ_ARGS:-} \
        "$corpus" "$seeds") >"$log" 2>&1 || rc=$?
    # With -jobs=N a job's crash may not show in the exit status: look at the
    # artifacts this run wrote as well.
    found=$(find "$artifacts" -type f -newer "$seeds" \( -name 'crash-*' -o -name 'leak-*' \
             -o -name 'timeout-*' -o -name 'oom-*' \))
    grep -E '^(#[0-9]+ *DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" >&2 || true
    grep -E 'cov: [0-9]+' "$log" | tail -n 1 >&2 || true
    if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
        status=1
        echo "!! $target FAILED (exit $rc); log: $log" >&2
        grep -m1 -A40 -E '^==[0-9]+==ERROR|runtime error|invariant violated|ERROR: libFuzzer' "$log" >&2 || tail -n 40 "$log" >&2
        [ -n "$found" ] && printf 'artifact: %s\n' $found >&2
    fi
done
exit $status
