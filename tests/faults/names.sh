# Issue 14 item 10 and a minor one: file names on standard error are
# escaped as the report escapes them (no ESC, newline or invalid byte
# reaches the terminal), and two names that differ only in invalid bytes
# stay different in JSON.
# usage: names.sh ADJUTANT SOURCE-DIR
set -u
adj=$1 src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
clean=$src/tests/logs/rules/ill-leader-stays-in-play.yaml
fail=0
same() {  # same NAME WANT GOT
    if [ "$2" != "$3" ]; then
        echo "FAIL $1"; printf '  want: %s\n  got:  %s\n' "$2" "$3" | od -c | head -6; fail=1
    else
        echo "ok   $1"
    fi
}
cd "$tmp"
got=$("$adj" audit "$(printf 'a\033[31mb\nc.yaml')" 2>&1 >/dev/null)
same "a missing file, ESC and newline in its name" \
    'adjutant: a\x1B[31mb\nc.yaml: No such file or directory' "$got"
got=$("$adj" compare "$(printf 'q\033]0;x\007.yaml')" --ruling wound-roll=ignored 2>&1 >/dev/null)
same "compare, a missing file" 'adjutant: q\x1B]0;x\x07.yaml: No such file or directory' "$got"
got=$("$adj" explain "$(printf 'e\033c.yaml')" lee 2>&1 >/dev/null)
same "explain, a missing file" 'adjutant: e\x1Bc.yaml: No such file or directory' "$got"
got=$("$adj" explain "$clean" "$(printf 'l\033[2J')" 2>&1 >/dev/null)
same "explain, an unknown leader" "adjutant: $clean: leader 'l\\x1B[2J' is not in the roster" "$got"
mkdir d; ln -s "$tmp" "$(printf 'd/\033[1mlink')"; cp "$clean" d/ok.yaml
got=$("$adj" audit d 2>&1 >/dev/null)
same "a link to a directory" 'adjutant: d/\x1B[1mlink: a symbolic link to a directory, not followed' "$got"
# names differing only in invalid bytes
mkdir j; cp "$clean" "$(printf 'j/\377.yaml')"; cp "$clean" "$(printf 'j/\376.yaml')"
got=$("$adj" audit --format json j | sed 's/", "ok".*//; s/^{"file": "//' | tr '\n' ' ')
same "JSON names of \\xFE.yaml and \\xFF.yaml" 'j/\\xFE.yaml j/\\xFF.yaml ' "$got"
exit $fail
