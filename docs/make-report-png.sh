#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/make-report-png.sh - make docs/report.png, the guide's picture of the
# HTML report: the page `adjutant audit --format html` writes for the
# disputed game logs/gaines-mill-disputed.yaml, as headless Chromium draws
# it (the top of the page: verdict, diagnostics, the log's first lines).
#
#   docs/make-report-png.sh [ADJUTANT]     (default: build/adjutant)
#
# Needs Debian's chromium (./run.sh test-slow installs it).
set -eu
cd "$(dirname "$0")/.."
adjutant=${1:-build/adjutant}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjpng.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
"$adjutant" audit --format html logs/gaines-mill-disputed.yaml > "$tmp/report.html" || status=$?
[ "$status" -le 1 ] || { echo "make-report-png: adjutant failed (exit $status)" >&2; exit 1; }
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$tmp/profile" --window-size=1100,1300 \
    --screenshot="$PWD/docs/report.png" "file://$tmp/report.html" >/dev/null 2>&1
echo "wrote docs/report.png"
