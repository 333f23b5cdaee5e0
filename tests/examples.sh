#!/bin/sh
# The example game logs in logs/ (and the ladder's archive below it) replay
# as they document: clean games draw nothing, and the others draw exactly the
# diagnostics their `# expect:` comments name. Then the README's --summary
# example, run as written from the project's folder, prints what the README
# shows.   usage: examples.sh ADJUTANT PROJECT_DIR
set -eu
cd "$2"
# shellcheck disable=SC2046 # file names without spaces
python3 tests/expect.py "$1" $(find logs -name '*.yaml' | sort)
command='build/adjutant audit --summary -j 2 logs/ladder'
want=$(sed -n "/^\\\$ $(printf '%s' "$command" | sed 's|/|\\/|g')\$/,/^\`\`\`\$/p" README.md | sed '1d;$d')
got=$(NO_COLOR=1 "$1" ${command#build/adjutant } || true)
if [ -z "$want" ] || [ "$want" != "$got" ]; then
    echo "README: the output shown under \`\$ $command\` is not what it prints:"
    printf '%s\n' "$got"
    exit 1
fi
echo "README's --summary example: as shown"
