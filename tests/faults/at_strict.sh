# SPDX-License-Identifier: MIT
# Issue 14 item 12 and a minor one: --at takes exactly the syntax of SPEC
# 6.2 and -j exactly a number; a `turn: N` that never begins is said on
# standard error (the report is the whole log's).
# usage: at_strict.sh ADJUTANT SOURCE-DIR
set -u
adj=$1 src=$2
log=$src/logs/second-manassas-hood.yaml
fail=0
for at in "turn: 3" "turn:+3" "turn: -1" "line: 4" "line:+4" "turn:3 " "turn:" "line:0" "line:-1" "turn:--1"; do
    err=$("$adj" audit --at "$at" "$log" 2>&1 >/dev/null | head -n 1)
    st=$("$adj" audit --at "$at" "$log" >/dev/null 2>&1; echo $?)
    if [ "$st" != 2 ] || [ "$err" != "adjutant: --at takes turn:N or line:L (L >= 1), not '$at'" ]; then
        echo "FAIL --at '$at': exit $st, $err"; fail=1
    else
        echo "ok   --at '$at' is a usage error"
    fi
done
# issue 44 item 4: a number of the grammar past 64 bits is said to be too large (or small)
range="from -9223372036854775808 to 9223372036854775807 (64 bits)"
for c in "turn:99999999999999999999|--at turn:N takes N $range: 99999999999999999999 is too large" \
         "turn:9223372036854775808|--at turn:N takes N $range: 9223372036854775808 is too large" \
         "turn:-9223372036854775809|--at turn:N takes N $range: -9223372036854775809 is too small" \
         "line:99999999999999999999999|--at line:L takes L from 1 to 9223372036854775807 (64 bits): 99999999999999999999999 is too large" \
         "line:9223372036854775808|--at line:L takes L from 1 to 9223372036854775807 (64 bits): 9223372036854775808 is too large"; do
    at=${c%%|*} want="adjutant: ${c#*|}"
    for cmd in audit explain compare; do
        extra=""; case $cmd in explain) extra=hood ;; compare) extra="--ruling repeat-illness=as-wound" ;; esac
        out=$("$adj" $cmd --at "$at" "$log" $extra 2>&1); st=$?
        if [ "$st" != 2 ] || [ "$out" != "$want"$'\n'"Try 'adjutant --help'" ]; then
            echo "FAIL $cmd --at '$at': exit $st, $out"; fail=1
        else
            echo "ok   $cmd --at '$at': too large or small, exit 2"
        fi
    done
done
# the bounds themselves are points past every event: the whole log, as SPEC 6.2 says
for at in "line:9223372036854775807" "turn:9223372036854775807" "turn:-9223372036854775808"; do
    "$adj" audit --at "$at" "$log" > /dev/null 2>&1; st=$?
    [ $st = 1 ] || { echo "FAIL --at $at: exit $st"; fail=1; }
done
want="adjutant: $log: turn 9223372036854775807 never begins; the report covers the whole log"
err=$("$adj" audit --at turn:9223372036854775807 "$log" 2>&1 >/dev/null)
[ "$err" = "$want" ] || { echo "FAIL --at turn:9223372036854775807: $err"; fail=1; }
for args in "-j| 4" "-j|+4" "-j|4 " "-j|4x" "--jobs= 4|" "-j| 0x4"; do
    opt=${args%%|*} v=${args#*|}
    if [ -n "$v" ]; then set -- "$opt" "$v"; else set -- "$opt"; v=${opt#--jobs=}; fi
    err=$("$adj" audit "$@" "$log" 2>&1 >/dev/null | head -n 1)
    st=$("$adj" audit "$@" "$log" >/dev/null 2>&1; echo $?)
    if [ "$st" != 2 ] || [ "$err" != "adjutant: -j takes a number of jobs from 1 to 256, not '$v'" ]; then
        echo "FAIL $opt '$v': exit $st, $err"; fail=1
    else
        echo "ok   $opt '$v' is a usage error"
    fi
done
for at in "turn:-2" "turn:0" "turn:-0"; do
    "$adj" audit --at "$at" "$log" > /dev/null 2>&1 || [ $? = 1 ] || { echo "FAIL --at $at refused"; fail=1; }
done
want="adjutant: $log: turn 99 never begins; the report covers the whole log"
for cmd in "audit" "audit --format json" "explain" "compare"; do
    extra=""; case $cmd in explain) extra=hood ;; compare) extra="--ruling repeat-illness=as-wound" ;; esac
    err=$("$adj" $cmd --at turn:99 "$log" $extra 2>&1 >/dev/null)
    if [ "$err" != "$want" ]; then
        echo "FAIL $cmd --at turn:99: stderr '$err'"; fail=1
    else
        echo "ok   $cmd --at turn:99 warns"
    fi
done
err=$("$adj" audit --at turn:2 "$log" 2>&1 >/dev/null)
[ -z "$err" ] || { echo "FAIL --at turn:2 warned: $err"; fail=1; }
exit $fail
