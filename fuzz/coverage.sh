#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/coverage.sh [BUILD_DIR] - which lines of src/ the fuzz corpus reaches.
#
# Builds both targets with clang's source-based coverage (no sanitizers),
# replays every input fuzz/run.sh kept (BUILD_DIR/fuzz-corpus/TARGET and
# BUILD_DIR/fuzz-seeds/TARGET) once, and prints llvm-cov's per-file report.
# The line-by-line listing is left in BUILD_DIR/fuzz-coverage/src.txt.
# BUILD_DIR defaults to build-fuzz at the top of the project, as for run.sh.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build-fuzz}" && pwd)
out=$build/fuzz-coverage
rm -rf "$out"
mkdir -p "$out"

core=()
incs=()
for d in "$src"/src/*/; do incs+=(-I"$d"); done
for f in "$src"/src/*/*.c; do
    case ${f#"$src"/src/} in cmd/* | lsp/* | base/messages.c | engine/slurp.c) ;; *) core+=("$f") ;; esac
done
objects=()
for t in fuzz_reader fuzz_audit; do
    clang -std=c11 -O1 -g -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping \
        -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I"$src/include" "${incs[@]}" \
        "${core[@]}" "$src/fuzz/$t.c" $(pkg-config --cflags --libs yaml-0.1) -o "$out/$t"
    dirs=()
    for d in "$build/fuzz-corpus/$t" "$build/fuzz-seeds/$t"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    [ ${#dirs[@]} -gt 0 ] || { echo "coverage.sh: no corpus for $t; run fuzz/run.sh first" >&2; exit 2; }
    LLVM_PROFILE_FILE="$out/$t.profraw" "$out/$t" -runs=0 "${dirs[@]}" >"$out/$t.log" 2>&1
    objects+=(-object "$out/$t")
done
llvm-profdata merge -sparse "$out"/*.profraw -o "$out/merged.profdata"
# the first -object is the positional binary
llvm-cov report "${objects[@]:1}" -instr-profile="$out/merged.profdata" "${core[@]}"
llvm-cov show "${objects[@]:1}" -instr-profile="$out/merged.profdata" "${core[@]}" \
    >"$out/src.txt"
echo "line-by-line: $out/src.txt" >&2
