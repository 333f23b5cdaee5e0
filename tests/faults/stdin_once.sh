# SPDX-License-Identifier: MIT
# Issue 14 item 5: standard input is read by one reader only. `-` given
# twice is a usage error (SPEC 5); with standard input closed, a log opened
# by adjutant never becomes the `-` input (nor the other way round).
# usage: stdin_once.sh ADJUTANT SOURCE-DIR
set -u
adj=$1 src=$2
log=$src/logs/seven-days-1862.yaml
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for cmd in "audit - -" "audit -j 4 - $log -" "audit --summary - -"; do
    $adj $cmd < "$log" > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ $st != 2 ] || [ -s "$tmp/out" ] || [ "$(head -n 1 "$tmp/err")" != "adjutant: - (standard input) may be given only once" ]; then
        echo "FAIL '$cmd': exit $st, stderr: $(head -n 1 "$tmp/err")"; fail=1
    else
        echo "ok   '$cmd': usage error"
    fi
done
"$adj" audit --format json "$log" > "$tmp/want"
for j in 1 2 4; do
    "$adj" audit -j $j --format json "$log" - "$log" <&- > "$tmp/out" 2> "$tmp/err"
    st=$?
    { cat "$tmp/want" "$tmp/want"; } > "$tmp/want2"
    if [ $st != 2 ] || ! cmp -s "$tmp/out" "$tmp/want2" ||
       [ "$(cat "$tmp/err")" != "adjutant: -: Bad file descriptor" ]; then
        echo "FAIL -j $j with standard input closed: exit $st, stderr: $(cat "$tmp/err")"; fail=1
    else
        echo "ok   -j $j with standard input closed"
    fi
done
# a closed standard output is a failed write, not a success
"$adj" audit "$log" >&- 2> "$tmp/err"
st=$?
if [ $st != 2 ] || ! grep -q "cannot write the report" "$tmp/err"; then
    echo "FAIL closed standard output: exit $st"; fail=1
else
    echo "ok   closed standard output: exit 2"
fi
exit $fail
