#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# web/build.sh OUT: adjutant compiled to WebAssembly with Debian's emscripten,
# with the page around it, into OUT/site (index.html, its JS, CSS and .wasm).
# libyaml and utf8proc (the dice audit's name keys) are compiled from
# Debian's own source packages, fetched into OUT at build time (never kept in
# the repository). The sources are the CLI's own:
# every src/STAGE/*.c but the language server's (src/lsp/), main included; without -pthread emscripten's pthread_create
# fails, and adjutant then does the work on its one thread (-j is serial).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build-web}
mkdir -p "$out"

# libyaml's source: `apt-get source` needs a deb-src entry with the same
# archive as the system's deb one (added once, as its own file).
yaml_source() {
    local dir
    dir=$(find "$out" -maxdepth 1 -type d -name 'libyaml-0*' | head -n1)
    if [ -n "$dir" ] && [ -f "$dir/src/parser.c" ]; then
        echo "$dir"
        return
    fi
    if ! apt-get source --print-uris libyaml >/dev/null 2>&1; then
        local list=/etc/apt/sources.list.d/adjutant-deb-src.sources
        if [ "$(id -u)" -ne 0 ]; then
            echo "web/build.sh: apt has no deb-src entry; as root it adds $list" >&2
            exit 2
        fi
        for f in /etc/apt/sources.list.d/*.sources; do
            [ "$f" = "$list" ] && continue
            sed 's/^Types:.*/Types: deb-src/' "$f"
        done > "$list"
        apt-get update -qq
    fi
    (cd "$out" && apt-get source -qq libyaml >/dev/null 2>&1)
    find "$out" -maxdepth 1 -type d -name 'libyaml-0*' | head -n1
}

# utf8proc's source, fetched the same way (the deb-src entry is there now).
utf8proc_source() {
    local dir
    dir=$(find "$out" -maxdepth 1 -type d -name 'utf8proc-*' | head -n1)
    if [ -z "$dir" ] || [ ! -f "$dir/utf8proc.c" ]; then
        (cd "$out" && apt-get source -qq utf8proc >/dev/null 2>&1)
        dir=$(find "$out" -maxdepth 1 -type d -name 'utf8proc-*' | head -n1)
    fi
    echo "$dir"
}

yaml=$(yaml_source)
u8=$(utf8proc_source)
[ -n "$u8" ] && [ -f "$u8/utf8proc.c" ] || { echo "web/build.sh: no utf8proc source in $out" >&2; exit 1; }
[ -f "$yaml/src/parser.c" ] || { echo "web/build.sh: no libyaml source in $out" >&2; exit 1; }
ver=$(basename "$yaml" | sed 's/^libyaml-//')
major=${ver%%.*}; rest=${ver#*.}; minor=${rest%%.*}; patch=${rest#*.}; patch=${patch%%[^0-9]*}

# the project's version (what --version prints), from CMakeLists.txt's project()
version=$(sed -n 's/^project(adjutant VERSION \([0-9][0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "web/build.sh: no project(adjutant VERSION ...) in CMakeLists.txt" >&2; exit 1; }

site="$out/site"
rm -rf "$site"
mkdir -p "$site"
# emcc's optimiser runs on Debian's node modules (acorn)
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
# libyaml first, its yaml_parser_parse renamed: the engine's calls then go
# through web/progress.c, which tells the page how far the parse has read.
yamlobj="$out/yaml-obj"
rm -rf "$yamlobj"
mkdir -p "$yamlobj"
# -flto: libyaml's parser inlined into the engine's calls; -mbulk-memory:
# memcpy and memset as single WebAssembly instructions. Together about 8% of
# an audit's time (issue 35; every browser of the last years has bulk memory).
speed=(-O3 -flto -mbulk-memory)
for c in "$yaml"/src/*.c; do
    emcc "${speed[@]}" -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
        -DYAML_VERSION_MAJOR="$major" -DYAML_VERSION_MINOR="$minor" -DYAML_VERSION_PATCH="$patch" \
        -DYAML_VERSION_STRING="\"$ver\"" -Dyaml_parser_parse=adj_yaml_parser_parse_real \
        -I"$yaml/include" -c "$c" -o "$yamlobj/$(basename "$c" .c).o"
done
# -ffp-contract=off as in CMakeLists.txt: the dice numbers are the CLI's bytes.
# The language server (src/lsp/, with jansson) stays out of the page; its
# row (cmd_lsp.c) is there, so that --help is the CLI's, and says so when run.
srcs=()
incs=()
for c in src/*/*.c; do
    case $c in src/lsp/*) ;; *) srcs+=("$c") ;; esac
done
for d in src/*/; do incs+=(-I"${d%/}"); done
emcc "${speed[@]}" -std=c11 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DUTF8PROC_STATIC \
    -DADJ_VERSION="\"$version\"" -Iinclude "${incs[@]}" -I"$yaml/include" -I"$u8" \
    "${srcs[@]}" web/progress.c "$yamlobj"/*.o "$u8/utf8proc.c" \
    -sMODULARIZE=1 -sEXPORT_NAME=adjutantModule -sINVOKE_RUN=0 -sEXIT_RUNTIME=1 \
    -sALLOW_MEMORY_GROWTH=1 -sFORCE_FILESYSTEM=1 -sDYNAMIC_EXECUTION=0 \
    -sENVIRONMENT=worker -sEXPORTED_RUNTIME_METHODS=callMain,FS \
    -o "$site/adjutant-engine.js"
cp web/adjutant.js web/adjutant-worker.js web/page.js web/logtext.js web/keep.js web/recorder.js \
    web/recorder-start.js web/offline.js web/style.css web/manifest.webmanifest "$site/"
sed "s|@VERSION@|$version|g" web/index.html > "$site/index.html"
python3 web/icons.py "$site"
# adjutant's MIT licence, and libyaml's and utf8proc's, compiled into the
# .wasm, go with every copy (the site's NOTICES.txt, a comment at the top of
# the one file)
{
    echo "adjutant is under the MIT licence; its page contains code compiled from these"
    echo "libraries, under these licences."
    echo; echo "== adjutant $version"; echo; cat LICENSE
    echo; echo "== libyaml $ver"; echo; cat "$yaml/License"
    echo; echo "== utf8proc $(basename "$u8" | sed 's/^utf8proc-//')"; echo; cat "$u8/LICENSE.md"
} > "$site/NOTICES.txt"
# the service worker: this build's files, and a cache named after their bytes
# (a new build's worker replaces the old one and drops its cache)
python3 web/swstamp.py "$site" "$version"
# the one-file page (SPEC 10.2), from the site just built
python3 web/onefile.py "$site" "$out/adjutant.html"
echo "web/build.sh: built $site" >&2
