#!/bin/sh
# SPDX-License-Identifier: MIT
# `status` reads its one FILE once (SPEC 5, 8): from a pipe on standard input
# and from a named pipe it reports exactly what it reports for the file.
#   usage: status_pipe.sh ADJUTANT TESTS_DIR
set -eu
adjutant=$1
cd "$2"
log=golden/status/sustain.yaml
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjpipe.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$adjutant" status --format json "$log" > "$tmp/file.json"
grep -q '"pending": \[{"obligation": "sustain"' "$tmp/file.json"
# standard input, a pipe: only the file's name differs ("-")
cat "$log" | "$adjutant" status --format json - | sed 's|^{"file": "-"|{"file": "'"$log"'"|' > "$tmp/stdin.json"
cmp "$tmp/file.json" "$tmp/stdin.json"
# a named pipe given as FILE
mkfifo "$tmp/fifo"
cat "$log" > "$tmp/fifo" &
timeout 60 "$adjutant" status --format json "$tmp/fifo" | sed 's|^{"file": "[^"]*"|{"file": "'"$log"'"|' > "$tmp/fifo.json"
wait
cmp "$tmp/file.json" "$tmp/fifo.json"
echo "status reads a pipe and a named pipe as it reads the file"
