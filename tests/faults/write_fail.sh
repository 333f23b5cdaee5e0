# SPDX-License-Identifier: MIT
# Issue 14 item 11, issue 26 item 13: every command reports a failed write
# (a full disk) on standard error and exits 2; issue 33 item 14: the actions too.
# Issue 44 item 3: a command whose report goes partly to standard error exits
# 2 when that cannot be written (2>/dev/full), and fix then writes nothing.
# (The summary's CSV rows are written one by one while the pool audits ahead:
# the games a stop leaves unwritten are freed, which ./run.sh sanitize sees;
# issue 33 item 26.)
# usage: write_fail.sh ADJUTANT SOURCE-DIR
set -u
adj=$1 src=$2
log=$src/logs/second-manassas-hood.yaml
fail=0
for cmd in "--help" "--version" "--list-codes" "--list-options" "help" "audit $log" "audit --format json $log" \
           "audit --summary $log $log" "explain $log hood" "explain --format json $log hood" \
           "compare $log --ruling repeat-illness=as-wound" "audit --help" \
           "status $log" "status --format json $log" "dice $log" "dice --format json $log" \
           "fix $log" "fix --diff $src/tests/logs/diag/imc-mismatch.yaml" \
           "audit --format html $log" "audit --format sarif $log" "audit --format github $log" \
           "audit --summary --format csv -j 2 $log $log $log $log $log $log"; do
    err=$("$adj" $cmd 2>&1 > /dev/full)
    st=$?
    err=${err##*$'\n'}  # the last line: fix tells its changes first
    if [ $st != 2 ] || [ "$err" != "adjutant: cannot write the report: No space left on device" ]; then
        echo "FAIL '$cmd' to a full disk: exit $st, stderr: $err"; fail=1
    else
        echo "ok   '$cmd' to a full disk"
    fi
done
# the language server: the answer to its initialize cannot be written
body='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
err=$(printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body" | "$adj" lsp 2>&1 > /dev/full)
st=$?
if [ $st != 2 ] || [ "$err" != "adjutant: cannot write the report: No space left on device" ]; then
    echo "FAIL 'lsp' to a full disk: exit $st, stderr: $err"; fail=1
else
    echo "ok   'lsp' to a full disk"
fi

# ---- standard error full: each command that writes part of its report there ----
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/walk" "$tmp/walk/real"
cp "$src/logs/quickstart.yaml" "$tmp/walk/real/"
ln -s real "$tmp/walk/link"   # a symbolic link to a directory: said on standard error
imc=$src/tests/logs/diag/imc-mismatch.yaml
nulls="--ladder $src/tests/golden/ladder-null-keys/adjutant-ladder.yaml"  # its warnings
lsp_msg() { printf 'Content-Length: %d\r\n\r\n%s' ${#1} "$1"; }
{ lsp_msg '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
  lsp_msg '{"jsonrpc":"2.0","method":"initialized","params":{}}'
  lsp_msg '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}'  # logged as ignored
} > "$tmp/lsp.in"
# "NORMAL-EXIT|STDOUT|ARGS": STDOUT "empty" when nothing may be written, "report" when it is
for c in "1|empty|fix $log" "0|empty|fix $imc" "0|empty|fix --diff $imc" \
         "1|report|audit --at turn:99 $log" "1|report|audit --format json --at turn:99 $log" \
         "1|report|explain --at turn:99 $log hood" \
         "1|report|compare --at turn:99 $log --ruling repeat-illness=as-wound" \
         "1|report|audit $tmp/walk" "0|report|dice $tmp/walk" "1|report|audit $nulls $log" \
         "1|report|status $nulls $log" "0|report|ladder $src/tests/golden/ladder-null-keys" \
         "1|report|lsp"; do
    normal=${c%%|*} rest=${c#*|}; want=${rest%%|*} cmd=${rest#*|}
    input=/dev/null
    [ "$cmd" = lsp ] && input=$tmp/lsp.in
    err=$("$adj" $cmd < "$input" 2>&1 > "$tmp/out"); st=$?
    if [ "$st" != "$normal" ] || [ -z "$err" ]; then
        echo "FAIL '$cmd': exit $st and nothing on standard error: not a case of this test"; fail=1
        continue
    fi
    "$adj" $cmd < "$input" > "$tmp/out" 2>/dev/full; st=$?
    size=$(wc -c < "$tmp/out")
    if [ $st != 2 ] || { [ $want = empty ] && [ "$size" != 0 ]; } || { [ $want = report ] && [ "$size" = 0 ]; }; then
        echo "FAIL '$cmd' with standard error full: exit $st (not 2), $size bytes on standard output"
        fail=1
    else
        echo "ok   '$cmd' with standard error full: exit 2 ($size bytes of report)"
    fi
done
# nothing on standard error: the status is the command's own
for c in "1|audit $log" "0|dice $log" "0|--help"; do
    "$adj" ${c#*|} > /dev/null 2>/dev/full; st=$?
    [ $st = "${c%%|*}" ] || { echo "FAIL '${c#*|}' writes nothing on standard error, yet exits $st"; fail=1; }
done
exit $fail
