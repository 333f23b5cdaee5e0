#!/bin/sh
# The README's diagnostic catalogue names every code the program knows, and
# every code of the spec: the catalogue cannot fall out of step.
#   usage: readme_codes.sh ADJUTANT PROJECT_DIR
set -eu
adjutant=$1 dir=$2
missing=0
for code in $("$adjutant" --list-codes | cut -d' ' -f1); do
    if ! grep -q "^| \`$code\` |" "$dir/README.md"; then
        echo "README.md's catalogue lacks $code"
        missing=$((missing + 1))
    fi
done
count=$("$adjutant" --list-codes | wc -l)
[ "$count" -eq 38 ] || { echo "expected the 38 codes of SPEC 4, the program knows $count"; exit 1; }
[ "$missing" -eq 0 ] && echo "1 passed, 0 failed" && exit 0
exit 1
