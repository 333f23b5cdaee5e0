#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/web.sh BUILD_DIR [SITE]: the page's engine against the native binary
# (SPEC 10, issue 35: within 1.5x), `audit --format json` of a clean 18 MB and
# a clean 1.8 MB log (BUILD_DIR/bench/adjgen), timed in Chromium through
# window.adjutant.run (tests/web/run.js --bench: medians of 21 calls after a
# first one, which is also shown) and natively (medians of 21 runs).
# SITE defaults to build-web/site (./run.sh web). NODE_PATH must find
# puppeteer-core (./run.sh bench installs it).
set -euo pipefail
build=$(cd "$1" && pwd)
site=${2:-build-web/site}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjwebbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$build/bench/adjgen" --seed 3 --events 360000 -o "$tmp/clean-18mb.yaml"
"$build/bench/adjgen" --seed 4 --events 36000 -o "$tmp/clean-1.8mb.yaml"
echo "== the page's engine against $build/adjutant (load average $(cut -d' ' -f1 /proc/loadavg))"
for f in "$tmp/clean-18mb.yaml" "$tmp/clean-1.8mb.yaml"; do
    node tests/web/run.js "$site" "$build/adjutant" --bench "$f"
done
