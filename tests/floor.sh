#!/bin/sh
# SPDX-License-Identifier: MIT
# floor.sh YAML_FLOOR PROJECT_DIR - the benchmark's floor counts the same
# events whichever way it releases them (default: yaml_event_delete; --lean:
# adj_yaml_event_release, the reader's own), on the bundled logs and on logs
# with tags and anchors, whose strings only the lean release frees by hand
# (the sanitizer build checks it leaks none); and it rejects a missing file
# list with exit 2.
set -u
floor=$1
dir=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjfloor.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in "$dir"/logs/*.yaml \
         "$dir"/tests/logs/diag/yaml-alias.yaml \
         "$dir"/tests/logs/diag/bad-document--tag-does-not-make-integer.yaml \
         "$dir"/tests/logs/rules/scalars-read-by-text.yaml; do
    "$floor" "$f" >"$tmp/plain" 2>&1
    rc_plain=$?
    "$floor" --lean "$f" >"$tmp/lean" 2>&1
    rc_lean=$?
    if [ $rc_plain -ne 0 ] || [ $rc_lean -ne 0 ] || ! cmp -s "$tmp/plain" "$tmp/lean"; then
        echo "FAIL: $f: yaml_floor exit $rc_plain, --lean exit $rc_lean, outputs:" >&2
        cat "$tmp/plain" "$tmp/lean" >&2
        fail=1
    fi
done
for args in "" "--lean"; do
    # shellcheck disable=SC2086
    "$floor" $args >/dev/null 2>&1
    rc=$?
    if [ $rc -ne 2 ]; then
        echo "FAIL: yaml_floor $args without files exits $rc, not 2" >&2
        fail=1
    fi
done
[ $fail -eq 0 ] && echo "floor: --lean and yaml_event_delete count the same events"
exit $fail
