# SPDX-License-Identifier: MIT
# Issue 14 item 6: the directory walk of SPEC 5. Dot-names skipped, links
# to files followed, links to directories reported; a directory that cannot
# be searched, a path over PATH_MAX, a depth over 64 and a directory with
# no log are reported with exit 2; logs in strcmp order of their paths.
# usage: walk.sh ADJUTANT SOURCE-DIR
set -u
adj=$1 src=$2
tmp=$(mktemp -d); trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
clean=$src/tests/logs/rules/ill-leader-stays-in-play.yaml
fail=0
expect() {  # expect NAME WANT-EXIT WANT-STDOUT-FILE WANT-STDERR-FILE -- ARGS...
    name=$1 want=$2 wout=$3 werr=$4; shift 5
    (cd "$tmp" && "$@") > "$tmp/.out" 2> "$tmp/.err"
    st=$?
    if [ $st != "$want" ] || ! cmp -s "$wout" "$tmp/.out" || ! cmp -s "$werr" "$tmp/.err"; then
        echo "FAIL $name: exit $st (want $want)"
        diff "$wout" "$tmp/.out" | head -8; diff "$werr" "$tmp/.err" | head -8
        fail=1
    else
        echo "ok   $name"
    fi
}
mk() { mkdir -p "$(dirname "$tmp/$1")"; cp "$clean" "$tmp/$1"; }

# order, dot-names, suffixes, links
mk a/z.yaml; mk a.yaml; mk a/b.yml; mk a/.hidden.yaml; mk a/.dot/x.yaml; mk a/c.YAML
mk a/d.yaml.txt; ln -s "$tmp/a.yaml" "$tmp/a/link.yaml"; ln -s "$tmp/a" "$tmp/a/dirlink"
ln -s "$tmp/nowhere.yaml" "$tmp/a/dangling.txt"
printf 'arch/a.yaml\narch/a/b.yml\narch/a/link.yaml\narch/a/z.yaml\n' > "$tmp/want.out"
mkdir "$tmp/arch"; mv "$tmp/a" "$tmp/a.yaml" "$tmp/arch/"
ln -sfn "$tmp/arch/a" "$tmp/arch/a/dirlink"
ln -sf "$tmp/arch/a.yaml" "$tmp/arch/a/link.yaml"
printf 'adjutant: arch/a/dirlink: a symbolic link to a directory, not followed\n' > "$tmp/want.err"
expect "order, dot-names, links" 0 "$tmp/want.out" "$tmp/want.err" -- \
    sh -c "'$adj' audit --summary arch | sed -n 's/  duplicate of .*//; s/.*  //p' | grep -v '^total'"
# a directory given with its trailing slash: the paths as given, no `//`
expect "a trailing slash" 0 "$tmp/want.out" "$tmp/want.err" -- \
    sh -c "'$adj' audit --summary arch/ | sed -n 's/  duplicate of .*//; s/.*  //p' | grep -v '^total'"

# a directory with no log at all
mkdir -p "$tmp/empty/sub"; : > "$tmp/empty/notes.txt"
: > "$tmp/none.out"
printf 'adjutant: empty: no log (*.yaml, *.yml) in this directory\n' > "$tmp/want.err"
expect "a directory with no log" 2 "$tmp/none.out" "$tmp/want.err" -- "$adj" audit empty

# deeper than 64 levels: the log at depth 65 is not reached, and it is said
d=deep; for i in $(seq 1 65); do d=$d/d; done
mk "$d/x.yaml"; mk deep/top.yaml
printf 'deep/top.yaml\n' > "$tmp/want.out"
printf 'adjutant: %s: deeper than 64 directories, not searched\n' "$d" > "$tmp/want.err"
expect "depth over 64" 2 "$tmp/want.out" "$tmp/want.err" -- \
    bash -c "'$adj' audit --summary deep > .s; st=\$?; sed -n 's/  duplicate of .*//; s/.*  //p' .s | grep -v '^total'; exit \$st"

# a path longer than PATH_MAX (4096): 16 levels of 250-byte names hold a
# log (a 4028-byte path); the 17th level is past the limit
n=$(printf 'n%.0s' $(seq 1 250))
(cd "$tmp" && mkdir long && cd long && for i in $(seq 1 17); do mkdir "$n" && cd "$n" || exit 1
     [ $i = 16 ] && cp "$clean" ok.yaml; [ $i = 17 ] && cp "$clean" x.yaml; done; true)
(cd "$tmp" && "$adj" audit --summary long) > "$tmp/long.out" 2> "$tmp/long.err"
st=$?
if [ $st = 2 ] && grep -q "^adjutant: long/.*: the path is longer than PATH_MAX (4096), not searched$" "$tmp/long.err" &&
   [ "$(wc -l < "$tmp/long.err")" = 1 ] && grep -q '^clean .*/ok.yaml$' "$tmp/long.out" &&
   [ "$(wc -l < "$tmp/long.out")" = 2 ]; then
    echo "ok   a path longer than PATH_MAX"
else
    echo "FAIL a path longer than PATH_MAX: exit $st"; sed 's/nnnnnnnnnn*/N/g' "$tmp/long.err" "$tmp/long.out"; fail=1
fi

# a directory that cannot be searched (as nobody: root searches anything)
mk locked/in/x.yaml; mk locked/a.yaml
chmod -R o+rX "$tmp/locked"; chmod 700 "$tmp/locked/in"
printf 'locked/a.yaml\n' > "$tmp/want.out"
printf 'adjutant: locked/in: cannot be searched: Permission denied\n' > "$tmp/want.err"
expect "a directory that cannot be searched" 2 "$tmp/want.out" "$tmp/want.err" -- \
    bash -c "setpriv --reuid=nobody --regid=nogroup --clear-groups '$adj' audit --summary locked > .s; st=\$?; sed -n 's/  duplicate of .*//; s/.*  //p' .s | grep -v '^total'; exit \$st"

# explain and compare take no directory
printf 'adjutant: explain reads one FILE: arch is a directory\n' > "$tmp/want.err"
expect "explain on a directory" 2 "$tmp/none.out" "$tmp/want.err" -- \
    sh -c "'$adj' explain arch lee 2>&1 >/dev/null | head -n 1 >&2; exit \$('$adj' explain arch lee >/dev/null 2>&1; echo \$?)"
exit $fail
