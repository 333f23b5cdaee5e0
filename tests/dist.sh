#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/dist.sh DIST: the release files of `./run.sh dist` (SPEC 10.2).
#  - SHA256SUMS holds the three files and their sums hold;
#  - the one-file page is build-web/adjutant.html, at most 2,000,000 bytes;
#  - the .deb: lintian reports no error; its Depends name libyaml and utf8proc;
#    as root (apt-get), it installs with `apt-get install ./FILE`, the program
#    then runs and its files are where Debian wants them, and it is removed
#    (not as root: that part is SKIPPED, said so);
#  - the tarball carries LICENSE; unpacked in a temporary folder, it builds and passes its tests
#    with the README's two commands (./run.sh demo, ./run.sh test).
set -eu
dist=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
version=$(sed -n 's/^project(adjutant VERSION \([0-9][0-9.]*\).*/\1/p' CMakeLists.txt)
deb=$dist/adjutant_${version}_amd64.deb
fail() { echo "dist: FAIL: $*" >&2; exit 1; }

(cd "$dist" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS does not hold"
for f in "adjutant-$version.html" "adjutant_${version}_amd64.deb" "adjutant-$version.tar.gz"; do
    grep -q "  $f\$" "$dist/SHA256SUMS" || fail "SHA256SUMS does not list $f"
done
cmp -s "$dist/adjutant-$version.html" build-web/adjutant.html || fail "the one file is not build-web/adjutant.html"
size=$(wc -c < "$dist/adjutant-$version.html")
[ "$size" -le 2000000 ] || fail "the one file is $size bytes, over 2,000,000"

depends=$(dpkg-deb -f "$deb" Depends)
echo "$depends" | grep -q 'libyaml' && echo "$depends" | grep -q 'libutf8proc' ||
    fail "Depends does not name libyaml and utf8proc: $depends"
if command -v lintian >/dev/null; then
    errors=$(lintian "$deb" 2>/dev/null | grep '^E:' || true)
    [ -z "$errors" ] || fail "lintian: $errors"
else
    echo "dist: lintian SKIPPED: lintian is not installed"
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    if dpkg -s adjutant >/dev/null 2>&1; then
        fail "adjutant is installed on this machine already: the test would remove it"
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null 2>&1 || fail "apt-get install $deb"
    got=$(/usr/bin/adjutant --version)
    want="adjutant $version (log format adjutant/1)"
    [ "$got" = "$want" ] || fail "the installed adjutant says $got, not $want"
    for f in /usr/bin/adjutant /usr/share/man/man1/adjutant.1.gz /usr/share/man/man5/adjutant-log.5.gz \
             /usr/share/adjutant/adjutant-log.schema.json /usr/share/bash-completion/completions/adjutant \
             /usr/share/doc/adjutant/copyright /usr/share/doc/adjutant/changelog.gz; do
        [ -f "$f" ] || { apt-get remove -y -qq adjutant >/dev/null 2>&1; fail "the package did not install $f"; }
    done
    status=0
    /usr/bin/adjutant audit logs/gaines-mill-disputed.yaml >/dev/null || status=$?
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq adjutant >/dev/null 2>&1 || fail "apt-get purge adjutant"
    [ "$status" -eq 1 ] || fail "the installed adjutant's audit of the disputed game exits $status, not 1"
    [ ! -e /usr/bin/adjutant ] || fail "/usr/bin/adjutant is left after the package is removed"
    echo "dist: the package installed, ran and was removed"
else
    echo "dist: install SKIPPED: installing a package needs root and apt-get"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/adjdist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$dist/adjutant-$version.tar.gz" -C "$tmp"
[ -x "$tmp/adjutant-$version/run.sh" ] || fail "the tarball has no adjutant-$version/run.sh"
cmp -s "$tmp/adjutant-$version/LICENSE" LICENSE || fail "the tarball has no adjutant-$version/LICENSE"
(cd "$tmp/adjutant-$version" && ./run.sh demo > "$tmp/demo.log" 2>&1) || { cat "$tmp/demo.log"; fail "./run.sh demo in the tarball"; }
grep -q 'exit status 1' "$tmp/demo.log" || fail "./run.sh demo in the tarball: $(tail -3 "$tmp/demo.log")"
(cd "$tmp/adjutant-$version" && ./run.sh test > "$tmp/test.log" 2>&1) || { tail -30 "$tmp/test.log"; fail "./run.sh test in the tarball"; }
echo "dist: the tarball builds: $(grep '^Summary' "$tmp/test.log")"
echo "dist: all checks passed"
