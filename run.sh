#!/usr/bin/env bash
# The project's one entry point for people and CI.
#
#   ./run.sh demo       build, then audit the bundled disputed game
#   ./run.sh test       build, then run every test (unit, end-to-end, schema, hostile)
#   ./run.sh sanitize   the same tests, built with AddressSanitizer + UBSan
#   ./run.sh valgrind   the unit and end-to-end tests under valgrind memcheck
#   ./run.sh fuzz [S]   build the libFuzzer targets and run each for S seconds (default 30)
#   ./run.sh coverage   line coverage of src/ by the test suite (gcovr)
#   ./run.sh bench      the benchmark of bench/run.sh (slow: minutes)
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
    need libcmocka-dev pkg-config --exists cmocka
    need python3 test -x /usr/bin/python3
    need python3-yaml /usr/bin/python3 -c 'import yaml'
    need python3-jsonschema /usr/bin/python3 -c 'import jsonschema'
    for extra in "$@"; do
        case $extra in
        clang) need clang command -v clang ;;
        valgrind) need valgrind command -v valgrind ;;
        gcovr) need gcovr command -v gcovr ;;
        time) need time test -x /usr/bin/time ;;
        hyperfine) need hyperfine command -v hyperfine ;;
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

build() {  # build DIR [CMAKE ARGS...]
    local dir=$1; shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}

case ${1:-help} in
demo)
    install_missing
    build build
    echo "\$ build/adjutant audit logs/gaines-mill-disputed.yaml"
    status=0
    build/adjutant audit logs/gaines-mill-disputed.yaml || status=$?
    echo "(exit status $status: 0 clean, 1 errors found, 2 usage or I/O failure)"
    [ "$status" -le 1 ]
    ;;
test)
    install_missing
    build build
    ctest --test-dir build --output-on-failure -j "$jobs"
    ;;
sanitize)
    install_missing
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
    (cd tests && python3 expect.py "../$wrapper" $(find logs -name '*.yaml' | sort))
    python3 tests/expect.py "$wrapper" logs/*.yaml
    for c in tests/golden/*.cmd; do
        sh tests/golden.sh "$PWD/$wrapper" "$PWD/tests" "$(basename "$c" .cmd)" >/dev/null
    done
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
bench)
    install_missing time hyperfine
    cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DADJ_TESTS=OFF >/dev/null
    cmake --build build-bench -j "$jobs"
    bench/run.sh build-bench "${2:-5}"
    ;;
*)
    sed -n '2,13p' "$0"
    exit 2
    ;;
esac
