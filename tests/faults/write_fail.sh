# SPDX-License-Identifier: MIT
# Issue 14 item 11, issue 26 item 13: every command reports a failed write
# (a full disk) on standard error and exits 2; issue 33 item 14: the actions too.
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
exit $fail
