#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The project's one entry point for people and CI.
#
#   ./run.sh demo       build, then audit the bundled disputed game
#   ./run.sh test       build, then run the fast tests (ctest -L fast: unit, end-to-end,
#                       golden, schema, docs; under a minute on two idle cores, after a
#                       first build of one to two minutes) and print a summary;
#                       build output in build/build.log, test output in build/ctest-fast.log
#   ./run.sh test-slow  the slow tests (ctest -L slow: the hostile corpus's million-event
#                       streams, the HTML report in Chromium, the SARIF validator); CI runs it
#   ./run.sh sanitize   every test, built with AddressSanitizer + UBSan
#   ./run.sh valgrind   the unit and end-to-end tests under valgrind memcheck
#   ./run.sh fuzz [S]   build the libFuzzer targets and run each for S seconds (default 30)
#   ./run.sh coverage   line coverage of src/ by the test suite (gcovr)
#   ./run.sh release    the fastest build (LTO + profile-guided) in build-release
#   ./run.sh bench      that build, then the benchmarks of bench/run.sh, bench/html.sh and bench/lsp.py,
#                       and the page's engine against it (bench/web.sh) (slow)
#   ./run.sh web        adjutant compiled to WebAssembly with its page, in build-web/site,
#                       and the page in one file, build-web/adjutant.html
#   ./run.sh web-test   that site and that file in chromium, compared with build/adjutant
#                       (tests/web/run.js), their Record mode (tests/web/recorder.js), the
#                       one file's storage, the site offline and installable (tests/web/offline.js)
#   ./run.sh dist       the release files in dist/: the one-file page, the Debian package,
#                       the source tarball, SHA256SUMS (and lintian's verdict)
#   ./run.sh dist-test  installs and removes that package (as root), builds the tarball in
#                       a temporary folder with the README's commands (tests/dist.sh)
#   ./run.sh mutate [N] mutation testing: N sampled mutants (default 140) of the
#                       rules and value checks against the core tests (unit, expect,
#                       golden, fix: ctest -L core), and of the newer modules against
#                       the tests that reach them (slow: ~30 min); --file PATTERN:
#                       N of each file it names (tests/mutate/mutate.py)
#
# Run as root on Debian 12 it installs whatever is missing; otherwise it
# prints the exact apt-get command to run.
set -euo pipefail
cd "$(dirname "$0")"
jobs=$(nproc 2>/dev/null || echo 2)

# ---- what the project needs, as Debian packages ----
need() {  # need PACKAGE CHECK-COMMAND...
    local pkg=$1; shift
    "$@" >/dev/null 2>&1 || missing+=("$pkg")
}
install_missing() {
    missing=()
    need cmake command -v cmake
    need gcc command -v cc
    need make command -v make
    need pkg-config command -v pkg-config
    need libyaml-dev pkg-config --exists yaml-0.1
    need libutf8proc-dev pkg-config --exists libutf8proc
    need libcmocka-dev pkg-config --exists cmocka
    need libjansson-dev pkg-config --exists jansson
    need python3 test -x /usr/bin/python3
    need python3-yaml /usr/bin/python3 -c 'import yaml'
    need python3-jsonschema /usr/bin/python3 -c 'import jsonschema'
    need scdoc command -v scdoc
    need groff-base command -v groff
    # the language server's test drives it with Neovim's own LSP client (fast tier)
    need neovim command -v nvim
    for extra in "$@"; do
        case $extra in
        # the HTML report's slow test renders it in a browser and looks at the images
        browser) need chromium command -v chromium
                 need python3-pil /usr/bin/python3 -c 'import PIL'
                 need poppler-utils command -v pdftoppm ;;
        firefox) need firefox-esr command -v firefox-esr ;;
        clang) need clang command -v clang ;;
        valgrind) need valgrind command -v valgrind ;;
        gcovr) need gcovr command -v gcovr ;;
        time) need time test -x /usr/bin/time ;;
        emscripten) need emscripten command -v emcc
                    need dpkg-dev command -v dpkg-source ;;
        # the release files: lintian checks the package (tests/dist.sh)
        dist) need lintian command -v lintian
              need file command -v file   # CPack's dpkg-shlibdeps step finds the binaries with it
              need git command -v git ;;
        npm) need nodejs command -v node
             need npm command -v npm ;;
        esac
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "run.sh: installing ${missing[*]}" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "run.sh: missing packages; install them with:" >&2
        echo "  sudo apt-get install -y ${missing[*]}" >&2
        exit 2
    fi
}

# sarif_tool: Microsoft's SARIF validator, from npm into .tools/sarif (ignored
# by git), for the sarif-validate test (slow tier). Without it that test is
# skipped, with a message.
SARIF_MULTITOOL=@microsoft/sarif-multitool@5.7.0
sarif_tool() {
    [ -x .tools/sarif/node_modules/.bin/sarif-multitool ] && return 0
    if ! command -v npm >/dev/null; then
        echo "run.sh: npm is missing: the SARIF validation test will be skipped" >&2
        return 0
    fi
    echo "run.sh: installing $SARIF_MULTITOOL into .tools/sarif" >&2
    mkdir -p .tools/sarif
    npm install --silent --no-audit --no-fund --prefix .tools/sarif "$SARIF_MULTITOOL" >&2 ||
        echo "run.sh: npm could not install $SARIF_MULTITOOL: the SARIF validation test will be skipped" >&2
}

# web_tool: puppeteer-core (it drives Debian's chromium; it downloads no
# browser), from npm into .tools/web (ignored by git), for ./run.sh web-test.
PUPPETEER=puppeteer-core@22.15.0
web_tool() {
    [ -f .tools/web/node_modules/puppeteer-core/package.json ] && return 0
    echo "run.sh: installing $PUPPETEER into .tools/web" >&2
    mkdir -p .tools/web
    npm install --silent --no-audit --no-fund --prefix .tools/web "$PUPPETEER" >&2
}

build() {  # build DIR [CMAKE ARGS...]
    local dir=$1; shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}

# quiet_build DIR [CMAKE ARGS...]: build, keeping CMake's output in
# DIR/build.log, shown only when the build fails; a first build takes a
# minute or more, so a line every 10 s says how far it is (make's [ NN%]).
quiet_build() {
    local dir=$1 pid status=0 last=$SECONDS start=$SECONDS pct
    mkdir -p "$dir"
    build "$@" > "$dir/build.log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        if [ $((SECONDS - last)) -ge 10 ]; then
            last=$SECONDS
            pct=$(grep -o '^\[ *[0-9]*%\]' "$dir/build.log" | tail -n 1 | tr -dc '0-9')
            echo "run.sh: building $dir: ${pct:-0}% after $((SECONDS - start)) s (output in $dir/build.log)"
        fi
    done
    wait "$pid" || status=$?
    if [ "$status" -ne 0 ]; then
        cat "$dir/build.log" >&2
        echo "run.sh: the build failed (output above, and in $dir/build.log)" >&2
        exit 1
    fi
}

# test_summary LOG STATUS: the last words of a test run, for a person: how
# many tests ran, of which kinds, which were skipped and why, which failed.
test_summary() {
    local log=$1 status=$2 total failed skipped kinds
    total=$(grep -c ' Test  *#' "$log" || true)
    failed=$(grep ' Test  *#' "$log" | grep -v ' Passed \|Skipped\| Not Run (Disabled)' |
             sed 's/.*Test  *#[0-9]*: \([^ ]*\).*/\1/' || true)
    skipped=$(grep ' Test  *#' "$log" | grep 'Skipped' | sed 's/.*Test  *#[0-9]*: \([^ ]*\).*/\1/' || true)
    kinds=$(grep ' Test  *#' "$log" | sed 's/.*Test  *#[0-9]*: \([^ /]*\)[/ ].*/\1/' | sort | uniq -c |
            sort -rn | awk '{printf "%s%d %s", (NR > 1 ? ", " : ""), $1, $2}')
    echo
    if [ -n "$skipped" ]; then
        echo "Skipped (a tool is missing):"
        grep -h 'SKIPPED' "$log" | sed 's/^/  /' | sort -u || true
    fi
    if [ "$total" -eq 0 ]; then
        echo "Summary: no test ran; is $log from a build configured with -DADJ_TESTS=OFF?"
    elif [ "$status" -eq 0 ] && [ -z "$failed" ]; then
        echo "Summary: all $total tests passed, $(printf '%s\n' "$skipped" | grep -c .) skipped ($kinds)."
    else
        echo "Summary: $(printf '%s\n' "$failed" | grep -c .) of $total tests failed:" $failed
        echo "Their output is above and in $log; a golden test shows the difference as a diff."
    fi
}

# failed_output LOG: what each failed test printed (ctest --output-on-failure
# writes it under the test's result line, until the next test starts or ends).
failed_output() {
    awk '/ Test  *#/ { show = ($0 !~ / Passed |Skipped|Not Run \(Disabled\)/) }
         /^ *Start  *[0-9]+:/ { show = 0 }
         /tests passed|tests failed/ { show = 0 }
         show' "$1"
}

# run_tier DIR LABEL: the tests of one tier (ctest -L LABEL), their output in
# DIR/ctest-LABEL.log; a line of progress every 20 s or so, then the output
# of the tests that failed and a summary. Exits with the tier's status.
run_tier() {
    local dir=$1 label=$2 log=$1/ctest-$2.log status=0 pid done all last=$SECONDS
    all=$(ctest --test-dir "$dir" -N -L "$label" | sed -n 's/^Total Tests: //p')
    echo "run.sh: $all $label tests (ctest --test-dir $dir -L $label), output in $log"
    ctest --test-dir "$dir" -L "$label" --output-on-failure -j "$jobs" > "$log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        if [ $((SECONDS - last)) -ge 20 ]; then
            last=$SECONDS
            done=$(grep -c ' Test  *#' "$log" || true)
            echo "  ${done} of ${all} done, $(grep ' Test  *#' "$log" | grep -vc ' Passed \|Skipped' || true) failed so far"
        fi
    done
    wait "$pid" || status=$?
    grep -q '100% tests passed' "$log" || status=1
    [ "$status" -eq 0 ] || failed_output "$log"
    test_summary "$log" "$status"
    echo "($label tests: $((SECONDS - start)) s)"
    return "$status"
}

# release_build DIR: adjutant optimised with LTO and with GCC's profile-
# guided optimisation. Stage one builds it instrumented; it then audits
# generated logs (clean, faulty, a small archive on two threads) and the
# bundled ones, which writes the profile to DIR/pgo; stage two rebuilds
# with it. Worth ~4% on a large log (docs/performance.md).
release_build() {
    local dir=$1 train i
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DADJ_TESTS=OFF \
        -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON -DADJ_PGO=generate >/dev/null
    rm -rf "$dir/pgo"
    cmake --build "$dir" -j "$jobs"
    train=$(mktemp -d "${TMPDIR:-/tmp}/adjtrain.XXXXXX")
    "$dir/bench/adjgen" --seed 11 --events 20000 -o "$train/clean.yaml"
    "$dir/bench/adjgen" --seed 12 --events 5000 --faults 0.01 -o "$train/faulty.yaml"
    mkdir "$train/archive"
    for ((i = 0; i < 40; i++)); do
        "$dir/bench/adjgen" --seed $((100 + i)) --events $((300 + 70 * i)) --faults 0.0005 \
            -o "$train/archive/game-$i.yaml"
    done
    train_run "$dir/adjutant" audit -j 1 --format json "$train/clean.yaml" "$train/faulty.yaml"
    train_run "$dir/adjutant" audit -j 1 "$train/faulty.yaml" logs/*.yaml
    train_run "$dir/adjutant" audit -j 2 --summary "$train/archive"
    rm -rf "$train"
    cmake -S . -B "$dir" -DADJ_PGO=use >/dev/null
    cmake --build "$dir" -j "$jobs"
}

# end_to_end ADJUTANT: the end-to-end suites (expected diagnostics of every
# test log and example, golden outputs) run with that binary.
end_to_end() {
    local adj c
    adj=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    (cd tests && python3 expect.py "$adj" $(find logs -name '*.yaml' | sort))
    python3 tests/expect.py "$adj" --sidecar tests/examples logs/*.yaml logs/ladder/*.yaml
    for c in tests/golden/*.cmd; do
        sh tests/golden.sh "$adj" "$PWD/tests" "$(basename "$c" .cmd)" >/dev/null
    done
}

# verify_release DIR: the optimised binary passes the end-to-end suites, the
# generated games and the hostile corpus, like the tested build.
verify_release() {
    end_to_end "$1/adjutant"
    sh tests/generated.sh "$1/bench/adjgen" "$1/adjutant" 20
    python3 tests/hostile/run.py "$1/adjutant"
}

train_run() {  # a training audit: exit 1 (errors found in a log) is normal
    local status=0
    "$@" >/dev/null || status=$?
    if [ "$status" -gt 1 ]; then
        echo "run.sh: training run failed (exit $status): $*" >&2
        exit 1
    fi
}

# dist: the release files of SPEC 10.2 in dist/: the one-file page, the
# Debian package (CPack), the source tarball (the files git tracks, as they
# are in the work tree) and SHA256SUMS; then lintian's verdict on the package.
dist() {
    local version tar
    version=$(sed -n 's/^project(adjutant VERSION \([0-9][0-9.]*\).*/\1/p' CMakeLists.txt)
    web/build.sh build-web
    rm -rf dist build-dist
    mkdir dist
    cp build-web/adjutant.html "dist/adjutant-$version.html"
    # Debian's hardening flags (lintian checks them)
    export DEB_BUILD_MAINT_OPTIONS=hardening=+all
    quiet_build build-dist -DCMAKE_BUILD_TYPE=Release -DADJ_TESTS=OFF -DADJ_DEB=ON -DCMAKE_INSTALL_PREFIX=/usr \
        -DCMAKE_C_FLAGS="$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)" \
        -DCMAKE_EXE_LINKER_FLAGS="$(dpkg-buildflags --get LDFLAGS)"
    (cd build-dist && cpack -G DEB >> build.log)
    cp "build-dist/adjutant_${version}_amd64.deb" dist/
    # reproducible: names sorted, root's, dated by the last commit, gzip -n
    tar=dist/adjutant-$version.tar
    git ls-files -z | tar --null -T - --transform "s|^|adjutant-$version/|" --sort=name \
        --owner=0 --group=0 --numeric-owner --mtime="@$(git log -1 --format=%ct)" -cf "$tar"
    gzip -9n "$tar"
    (cd dist && sha256sum "adjutant-$version.html" "adjutant_${version}_amd64.deb" "adjutant-$version.tar.gz" > SHA256SUMS)
    ls -l dist
    if command -v lintian >/dev/null; then
        echo "lintian dist/adjutant_${version}_amd64.deb:"
        lintian --tag-display-limit 0 -I --pedantic "dist/adjutant_${version}_amd64.deb" || true
    fi
}

case ${1:-help} in
demo)
    install_missing
    quiet_build build
    echo "\$ build/adjutant audit logs/gaines-mill-disputed.yaml"
    status=0
    build/adjutant audit logs/gaines-mill-disputed.yaml || status=$?
    echo "(exit status $status: 0 clean, 1 errors found, 2 usage or I/O failure)"
    [ "$status" -le 1 ]
    ;;
test)
    install_missing
    start=$SECONDS
    # ADJ_TESTS=ON: a build/ configured without tests (an install) gets them back
    quiet_build build -DADJ_TESTS=ON
    run_tier build fast
    ;;
test-slow)
    install_missing browser
    sarif_tool
    start=$SECONDS
    quiet_build build -DADJ_TESTS=ON
    run_tier build slow
    ;;
sanitize)
    install_missing browser
    sarif_tool
    build build-san -DADJ_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir build-san --output-on-failure -j "$jobs"
    ;;
valgrind)
    install_missing valgrind
    build build
    vg=(valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all
        --errors-for-leak-kinds=all)
    # every unit test, then the end-to-end suites through a memcheck wrapper
    for t in build/tests/test_*; do
        [ -x "$t" ] && "${vg[@]}" "$t" >/dev/null
    done
    wrapper=build/adjutant-memcheck
    printf '#!/bin/sh\nexec %s "%s" "$@"\n' "${vg[*]}" "$PWD/build/adjutant" > "$wrapper"
    chmod +x "$wrapper"
    end_to_end "$wrapper"
    echo "valgrind: no memory error and no leak"
    ;;
fuzz)
    install_missing clang
    fuzz/run.sh "${2:-30}" build-fuzz
    ;;
coverage)
    install_missing gcovr
    build build-cov -DADJ_COVERAGE=ON -DCMAKE_BUILD_TYPE=Debug
    find build-cov -name '*.gcda' -delete
    ctest --test-dir build-cov -j "$jobs" >/dev/null || true
    gcovr --root . --filter src/ --object-directory build-cov --print-summary --txt build-cov/coverage.txt
    ;;
release)
    install_missing
    release_build build-release
    verify_release build-release
    echo "built and checked build-release/adjutant"
    ;;
bench)
    install_missing time
    release_build build-bench
    verify_release build-bench
    bench/run.sh build-bench "${2:-5}"
    bench/html.sh build-bench "${2:-5}"
    python3 bench/lsp.py build-bench 40  # the language server: change to diagnostics, memory
    # the page's engine against the native binary (needs emscripten and chromium)
    install_missing time emscripten npm browser
    web_tool
    web/build.sh build-web
    NODE_PATH=$PWD/.tools/web/node_modules bench/web.sh build-bench build-web/site
    ;;
web)
    install_missing emscripten
    web/build.sh build-web
    ;;
web-test)
    install_missing npm browser firefox
    web_tool
    [ -f build-web/site/index.html ] || { echo "run.sh: no build-web/site: run ./run.sh web first" >&2; exit 2; }
    quiet_build build
    [ -f build-web/adjutant.html ] || { echo "run.sh: no build-web/adjutant.html: run ./run.sh web first" >&2; exit 2; }
    export NODE_PATH=$PWD/.tools/web/node_modules
    # the same cases on the served site and on the one file, from file:// (SPEC 10.2)
    for page in build-web/site build-web/adjutant.html; do
        echo "== $page"
        node tests/web/run.js "$page" build/adjutant
        node tests/web/dice_same.js "$page" build/adjutant build/bench/adjgen
        node tests/web/recorder.js "$page" build/adjutant
    done
    node tests/web/offline.js build-web/site build-web/adjutant.html build/adjutant
    # the one file from file:// in Firefox too: every window.adjutant case, dice
    echo "== build-web/adjutant.html in firefox-esr"
    ADJ_BROWSER=firefox node tests/web/run.js build-web/adjutant.html build/adjutant
    ADJ_BROWSER=firefox node tests/web/dice_same.js build-web/adjutant.html build/adjutant build/bench/adjgen
    ;;
dist)
    install_missing emscripten dist
    dist
    ;;
dist-test)
    install_missing emscripten dist
    [ -f dist/SHA256SUMS ] || { echo "run.sh: no dist/: run ./run.sh dist first" >&2; exit 2; }
    sh tests/dist.sh dist
    ;;
mutate)
    install_missing
    shift
    python3 tests/mutate/mutate.py "$@"
    ;;
*)
    awk 'NR > 2 && !/^#/ { exit } NR > 2' "$0"  # the comment at the top (after the SPDX line)
    exit 2
    ;;
esac
