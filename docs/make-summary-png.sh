#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/make-summary-png.sh - make docs/summary.png, the guide's picture of a
# ladder's results page: the page `adjutant audit --summary --format html`
# writes for tests/summary/archive (its hostile-name game left out), as
# headless Chromium draws it (totals, standings, games).
#
#   docs/make-summary-png.sh [ADJUTANT]     (default: build/adjutant)
#
# Needs Debian's chromium (./run.sh test-slow installs it).
set -eu
cd "$(dirname "$0")/.."
adjutant=${1:-build/adjutant}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjpng.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
(cd tests && "$OLDPWD/$adjutant" audit --summary --format html -j 1 \
    summary/archive/a-win.yaml summary/archive/b-draw.yaml summary/archive/c-errors.yaml \
    summary/archive/d-unfinished.yaml summary/archive/e-duplicate.yaml \
    summary/archive/f-stopped.yaml) > "$tmp/summary.html" || status=$?
[ "$status" -le 1 ] || { echo "make-summary-png: adjutant failed (exit $status)" >&2; exit 1; }
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$tmp/profile" --window-size=1200,1000 \
    --screenshot="$PWD/docs/summary.png" "file://$tmp/summary.html" >/dev/null 2>&1
echo "wrote docs/summary.png"
