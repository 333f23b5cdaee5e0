# SPDX-License-Identifier: MIT
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
# Issue 26 items 3 and 4: every command and writer names files through the
# one escaping function: status, dice, fix and html on standard error, the
# one-file commands' "a directory" usage error, fix's "not rewritten" and
# its diff headers, and the JSON of dice and audit --summary.
esc=$(printf 'm\033[31m\n.yaml') shown='m\x1B[31m\n.yaml'
for cmd in status dice fix "fix --diff" "audit --format html"; do
    got=$("$adj" $cmd "$esc" 2>&1 >/dev/null)
    same "$cmd, a missing file" "adjutant: $shown: No such file or directory" "$got"
done
mkdir "$esc"
for cmd in status fix "compare --ruling wound-roll=ignored"; do
    got=$("$adj" $cmd "$esc" 2>&1 >/dev/null | head -n 1)
    same "$cmd, a directory" "adjutant: ${cmd%% *} reads one FILE: $shown is a directory" "$got"
done
got=$("$adj" explain "$esc" lee 2>&1 >/dev/null | head -n 1)
same "explain, a directory" "adjutant: explain reads one FILE: $shown is a directory" "$got"
got=$("$adj" audit --format html "$esc" 2>&1 >/dev/null | head -n 1)
same "html, a directory" "adjutant: --format html takes a FILE, not a directory: $shown" "$got"
printf 'format: adjutant/1\nlast_turn: [\n' > "$esc.x"
got=$("$adj" fix "$esc.x" 2>&1 >/dev/null | cut -c1-51)
same "fix, not rewritten" "adjutant: $shown.x:3:1: not rewritten: th" "$got"
cp "$src/tests/logs/diag/imc-mismatch.yaml" "$(printf 'n\nx.yaml')"
got=$("$adj" fix --diff "$(printf 'n\nx.yaml')" 2>/dev/null | head -n 2 | tr '\n' ' ')
same "fix --diff, the headers" '--- a/n\nx.yaml +++ b/n\nx.yaml ' "$got"
mkdir k; cp "$clean" "$(printf 'k/\377.yaml')"; cp "$clean" "$(printf 'k/\376.yaml')"
cp "$clean" "$(printf 'k/\033.yaml')"
got=$("$adj" dice --format json k | grep -o '"file": "[^"]*"' | sort -u | tr '\n' ' ')
same "dice JSON names" '"file": "k/\\x1B.yaml" "file": "k/\\xFE.yaml" "file": "k/\\xFF.yaml" ' "$got"
got=$("$adj" audit --summary --format json k | grep -o '"file": "[^"]*"' | tr '\n' ' ')
same "summary JSON names" '"file": "k/\\x1B.yaml" "file": "k/\\xFE.yaml" "file": "k/\\xFF.yaml" ' "$got"
# bidirectional controls (U+202E, U+2066) shown as their UTF-8 bytes
got=$("$adj" audit "$(printf 'b\342\200\256c\342\201\246.yaml')" 2>&1 >/dev/null)
same "bidi controls in a name" 'adjutant: b\xE2\x80\xAEc\xE2\x81\xA6.yaml: No such file or directory' "$got"
sed "s/Ann Carter/Ann $(printf '\342\200\256')Carter/" "$src/tests/golden/dice/game1.yaml" > bidi.yaml
got=$("$adj" audit --summary bidi.yaml | head -n 1 | grep -o 'Ann [^ ]*')
same "a bidi control in the log's text" 'Ann \xE2\x80\xAECarter' "$got"
exit $fail
