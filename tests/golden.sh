#!/bin/sh
# Golden test: run adjutant with the arguments in CASE.cmd (from the tests/
# folder, so file names in the output are stable) and compare its output
# (standard output, then standard error) and exit status with CASE.out.
#   usage: golden.sh ADJUTANT TESTS_DIR CASE            compare
#          golden.sh ADJUTANT TESTS_DIR CASE --update   rewrite CASE.out
set -eu
adjutant=$1 dir=$2 case=$3
cd "$dir"
# shellcheck disable=SC2046 # the .cmd file holds shell words
# standard input: CASE.stdin when there is one, else nothing
stdin=/dev/null
[ -f "golden/$case.stdin" ] && stdin="golden/$case.stdin"
actual=$(set +e; NO_COLOR=1 "$adjutant" $(cat "golden/$case.cmd") < "$stdin" 2>&1; echo "[exit $?]")
if [ "${4:-}" = "--update" ]; then
    printf '%s\n' "$actual" > "golden/$case.out"
    exit 0
fi
printf '%s\n' "$actual" | diff -u "golden/$case.out" - && exit 0
echo "golden output differs for $case (rerun with --update after checking the change)"
exit 1
