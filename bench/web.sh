#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/web.sh BUILD_DIR [SITE [ONEFILE] [ROUNDS]]: the page's engine against the
# native binary, `audit --format json` of a clean 18 MB and a clean 1.8 MB
# log (BUILD_DIR/bench/adjgen):
#   - in one browser (tests/web/run.js --bench): medians of 21 calls after a
#     first one, which is also shown, and natively (medians of 21 runs);
#   - the first audit as a player meets it (issue 44 item 6; bench/web_first.js):
#     ROUNDS rounds (default 5), each in a Chromium started afresh (a new
#     profile; the same profile again; the one file from file://), the first
#     call 2 s after the page is ready against the 9 after it, and both against
#     the native binary run between them. Targets: first / later <= 1.1,
#     later <= 1.25x native.
# SITE defaults to build-web/site (./run.sh web), ONEFILE to the adjutant.html
# beside it. NODE_PATH must find puppeteer-core (./run.sh bench installs it).
set -euo pipefail
build=$(cd "$1" && pwd)
site=${2:-build-web/site}
onefile=${3:-$(dirname "$site")/adjutant.html}
rounds=${4:-5}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjwebbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$build/bench/adjgen" --seed 3 --events 360000 -o "$tmp/clean-18mb.yaml"
"$build/bench/adjgen" --seed 4 --events 36000 -o "$tmp/clean-1.8mb.yaml"
echo "== the page's engine against $build/adjutant (load average $(cut -d' ' -f1 /proc/loadavg))"
for f in "$tmp/clean-18mb.yaml" "$tmp/clean-1.8mb.yaml"; do
    node tests/web/run.js "$site" "$build/adjutant" --bench "$f"
done
echo "== the first audit, each round in a browser started afresh"
node bench/web_first.js "$site" "$onefile" "$build/adjutant" "$tmp/clean-18mb.yaml" "$rounds"
