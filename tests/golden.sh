#!/bin/sh
# SPDX-License-Identifier: MIT
# Golden test: run adjutant with the arguments of each line of CASE.cmd
# (from the tests/ folder, so file names in the output are stable) and
# compare its output (standard output, then standard error) and exit status
# with CASE.out.
#   usage: golden.sh ADJUTANT TESTS_DIR CASE            compare
#          golden.sh ADJUTANT TESTS_DIR CASE --update   rewrite CASE.out
set -eu
adjutant=$1 dir=$2 case=$3
cd "$dir"
# standard input: CASE.stdin when there is one, else nothing
stdin=/dev/null
[ -f "golden/$case.stdin" ] && stdin="golden/$case.stdin"
# CASE.cmd holds one command line per line; every one must give CASE.out
# (commands that must agree share one golden instead of byte-identical copies)
status=0 first=1
while IFS= read -r args || [ -n "$args" ]; do
    [ -n "$args" ] || continue
    # shellcheck disable=SC2086 # the line holds shell words
    actual=$(set +e; NO_COLOR=1 "$adjutant" $args < "$stdin" 2>&1; echo "[exit $?]")
    # SARIF's SRCROOT is the working directory's URI: where the checkout is;
    # its rules are the code catalogue, held to --list-catalogue by
    # tests/catalogue_outputs.py rather than copied into every SARIF golden
    actual=$(printf '%s\n' "$actual" |
        sed -e 's|"SRCROOT": {"uri": "file://[^"]*/tests/"}|"SRCROOT": {"uri": "file:///.../tests/"}|' \
            -e 's|"rules": \[{"id": .*\]}}, "columnKind"|"rules": [CATALOGUE]}}, "columnKind"|')
    if [ "${4:-}" = "--update" ] && [ $first = 1 ]; then
        printf '%s\n' "$actual" > "golden/$case.out"
    elif ! printf '%s\n' "$actual" | diff -u "golden/$case.out" -; then
        echo "golden output differs for $case: adjutant $args (rerun with --update after checking the change)"
        status=1
    fi
    first=0
done < "golden/$case.cmd"
exit $status
