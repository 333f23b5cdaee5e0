#!/bin/sh
# SPDX-License-Identifier: MIT
# The example game logs in logs/ (and the ladder's archive below it) replay
# as they document: clean games draw nothing, and the others draw exactly the
# diagnostics tests/examples/LOG.expect names (the logs read as real games,
# so their expectations live here). Then docs/ladder.md's --summary example,
# run as written from the project's folder, prints what that page shows.
#   usage: examples.sh ADJUTANT PROJECT_DIR
set -eu
cd "$2"
# shellcheck disable=SC2046 # file names without spaces
python3 tests/expect.py "$1" --sidecar tests/examples $(find logs -name '*.yaml' ! -name adjutant-ladder.yaml | sort)
# shown ADJUTANT COMMAND WHAT: docs/ladder.md shows COMMAND's output exactly
shown() {
    want=$(sed -n "/^\\\$ $(printf '%s' "$2" | sed 's|/|\\/|g')\$/,/^\`\`\`\$/p" docs/ladder.md | sed '1d;$d')
    # shellcheck disable=SC2086 # the command's words
    got=$(NO_COLOR=1 "$1" ${2#build/adjutant } || true)
    if [ -z "$want" ] || [ "$want" != "$got" ]; then
        echo "docs/ladder.md: the output shown under \`\$ $2\` is not what it prints:"
        printf '%s\n' "$got"
        exit 1
    fi
    echo "docs/ladder.md's $3 example: as shown"
}
shown "$1" 'build/adjutant audit --summary -j 2 logs/ladder' --summary
shown "$1" 'build/adjutant ladder logs/ladder' ladder
