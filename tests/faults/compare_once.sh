# SPDX-License-Identifier: MIT
# Issue 14 items 3, 4, 7: `compare` reads its input once (a pipe, a FIFO,
# /dev/stdin or a process substitution give what the file gives), bounds
# what it holds, and says so when there is nothing to compare.
# usage: compare_once.sh ADJUTANT SOURCE-DIR
set -u
adj=$1 src=$2
log=$src/logs/second-manassas-hood.yaml
rul="--ruling repeat-illness=as-wound"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check NAME WANT-EXIT GOT-EXIT WANT-FILE GOT-FILE
    if [ "$2" != "$3" ] || ! cmp -s "$4" "$5"; then
        echo "FAIL $1: exit $3 (want $2)"; diff "$4" "$5" | head -5; fail=1
    else
        echo "ok   $1"
    fi
}
"$adj" compare --format json "$log" $rul > "$tmp/want" 2>&1; want=$?
[ "$want" = 1 ] || { echo "FAIL: the readings of $log should differ"; exit 1; }

"$adj" compare --format json /dev/stdin $rul < "$log" > "$tmp/got" 2>&1
st=$?
sed 's|"file": "/dev/stdin"|"file": "'"$log"'"|' "$tmp/got" > "$tmp/got2"
check "/dev/stdin redirected from the file" 1 $st "$tmp/want" "$tmp/got2"

cat "$log" | "$adj" compare --format json /dev/stdin $rul > "$tmp/got" 2>&1
st=$?
sed 's|"file": "/dev/stdin"|"file": "'"$log"'"|' "$tmp/got" > "$tmp/got2"
check "/dev/stdin on a pipe" 1 $st "$tmp/want" "$tmp/got2"

"$adj" compare --format json <(cat "$log") $rul > "$tmp/got" 2>&1
st=$?
sed 's|"file": "/dev/fd/[0-9]*"|"file": "'"$log"'"|' "$tmp/got" > "$tmp/got2"
check "a process substitution" 1 $st "$tmp/want" "$tmp/got2"

mkfifo "$tmp/fifo"
cat "$log" > "$tmp/fifo" &
timeout 300 "$adj" compare --format json "$tmp/fifo" $rul > "$tmp/got" 2>&1
st=$?
wait
sed 's|"file": "[^"]*fifo"|"file": "'"$log"'"|' "$tmp/got" > "$tmp/got2"
check "a FIFO" 1 $st "$tmp/want" "$tmp/got2"

# item 4: a bound on what compare holds, with a clear error (under 1 GB of
# address space; a sanitizer build reserves terabytes, so not there)
as_limit=1048576
grep -qa -e __asan_init -e __tsan_init "$adj" && as_limit=unlimited
( ulimit -v $as_limit; timeout 300 "$adj" compare /dev/zero $rul ) > "$tmp/got" 2>&1
st=$?
printf 'adjutant: /dev/zero: larger than the 64 MiB compare reads into memory\n' > "$tmp/want2"
check "/dev/zero: bounded, exit 2" 2 $st "$tmp/want2" "$tmp/got"

( ulimit -v $as_limit; timeout 300 "$adj" compare - $rul < /dev/zero ) > "$tmp/got" 2>&1
st=$?
printf 'adjutant: -: larger than the 64 MiB compare reads into memory\n' > "$tmp/want2"
check "- on /dev/zero: bounded, exit 2" 2 $st "$tmp/want2" "$tmp/got"

# item 7: no replay, nothing to compare
: > "$tmp/empty.yaml"
"$adj" compare "$tmp/empty.yaml" $rul > "$tmp/out" 2> "$tmp/got"
st=$?
tail -n 1 "$tmp/got" > "$tmp/got2"
printf 'adjutant: %s: the log could not be replayed, so there is nothing to compare\n' "$tmp/empty.yaml" > "$tmp/want2"
check "an empty log: exit 2 with a message" 2 $st "$tmp/want2" "$tmp/got2"
[ -s "$tmp/out" ] && { echo "FAIL: an empty log printed a comparison"; fail=1; }
printf 'junk: [\n' | "$adj" compare - $rul > "$tmp/out" 2> "$tmp/got"
st=$?
tail -n 1 "$tmp/got" > "$tmp/got2"
printf 'adjutant: -: the log could not be replayed, so there is nothing to compare\n' > "$tmp/want2"
check "junk on standard input: exit 2 with a message" 2 $st "$tmp/want2" "$tmp/got2"
exit $fail
