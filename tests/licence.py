#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""adjutant's licence, where it must be (issue 41 item 7, issue 44 item 5):

- LICENSE at the top: the MIT licence, "Copyright (c) 2026 The adjutant
  developers";
- every source file (C and headers, Python, shell, JavaScript, CSS, HTML,
  Lua, CMake, and any file with a #! line) holds `SPDX-License-Identifier:
  MIT` on its first line, or its second after a #! or <!DOCTYPE> line;
- packaging/copyright is in Debian's machine-readable format, gives
  adjutant's files the Expat (MIT) licence and its text, and names each
  library the build links (every pkg_check_modules of CMakeLists.txt: a new
  one must be added there, and to LIBRARIES here, with its licence);
- the README has its Licence section.

The tree is walked (not git: the release tarball runs this too), less the
build and release folders, .tools (npm's downloads) and .git.

    usage: licence.py PROJECT_DIR
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1])
TAG = "SPDX-License-Identifier: MIT"
SOURCE_EXT = {".c", ".h", ".py", ".sh", ".bash", ".js", ".css", ".html", ".lua", ".cmake"}
# pkg-config module -> the library's name in packaging/copyright and its licences there
LIBRARIES = {
    "yaml-0.1": ("libyaml", ["Expat"]),
    "libutf8proc": ("utf8proc", ["Expat", "Unicode"]),
    "jansson": ("jansson", ["Expat"]),
}
TEST_ONLY = {"cmocka"}  # linked by the unit tests, never shipped
failures = []


def check(what, ok):
    if not ok:
        failures.append(what)


def read(rel):
    path = os.path.join(ROOT, rel)
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def skipped(top):
    """What git ignores at the top: builds, releases, the tools npm fetched."""
    return top in (".git", ".tools") or top.startswith(("build", "dist"))


def sources():
    for d, dirs, names in os.walk(ROOT):
        rel = os.path.relpath(d, ROOT)
        if rel == ".":
            dirs[:] = [x for x in dirs if not skipped(x)]
        for n in names:
            path = os.path.join(rel, n) if rel != "." else n
            ext = os.path.splitext(n)[1]
            if ext in SOURCE_EXT or n == "CMakeLists.txt":
                yield path
            elif ext == "":
                with open(os.path.join(ROOT, path), "rb") as f:
                    if f.read(2) == b"#!":
                        yield path


# ---- LICENSE ----
lic = read("LICENSE")
check("LICENSE exists at the top and is the MIT licence",
      lic.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in lic)
check("LICENSE says \"Copyright (c) 2026 The adjutant developers\"",
      "Copyright (c) 2026 The adjutant developers" in lic)

# ---- the SPDX line ----
count = 0
for path in sorted(sources()):
    count += 1
    lines = read(path).split("\n")
    at = 1 if lines and (lines[0].startswith("#!") or lines[0].lower().startswith("<!doctype")) else 0
    check(f"{path}: `{TAG}` on line {at + 1}", len(lines) > at and TAG in lines[at])
check(f"the source files found ({count})", count > 200)

# ---- packaging/copyright ----
cp = read("packaging/copyright")
check("packaging/copyright: Debian's machine-readable format (its Format line first)",
      cp.startswith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
files_all = re.search(r"^Files: \*\nCopyright: 2026 The adjutant developers\nLicense: Expat$", cp, re.M)
check("packaging/copyright: `Files: *`, 2026 The adjutant developers, License: Expat", files_all)
check("packaging/copyright: the Expat licence's text (a `License: Expat` paragraph)",
      re.search(r"^License: Expat\n Permission is hereby granted", cp, re.M))
check("packaging/copyright: no longer says all rights are reserved", "reserved" not in cp)
modules = set()
for cm in ("CMakeLists.txt", "tests/CMakeLists.txt", "fuzz/CMakeLists.txt", "bench/CMakeLists.txt"):
    for m in re.finditer(r"pkg_check_modules\(\w+\s+REQUIRED\s+(?:IMPORTED_TARGET\s+)?([\w.+-]+)", read(cm)):
        modules.add(m.group(1))
check(f"the libraries the build links read from CMakeLists.txt ({sorted(modules)})", len(modules) >= 3)
for mod in sorted(modules - TEST_ONLY):
    if mod not in LIBRARIES:
        check(f"the build links {mod}: name it and its licence in packaging/copyright, "
              f"and add it to tests/licence.py's LIBRARIES", False)
        continue
    name, licences = LIBRARIES[mod]
    para = re.search(r"^  " + re.escape(name) + r" \(package [^)]*\):(.*?)(?=\n \.\n|\n\n)", cp, re.M | re.S)
    check(f"packaging/copyright names {name} (linked: pkg-config {mod}) with its copyright", para)
    for lic_name in licences:
        check(f"packaging/copyright: {name}'s licence {lic_name}",
              para and f"License: {lic_name}" in para.group(1))

# ---- the README ----
readme = read("README.md")
check("README.md: a Licence section naming the MIT licence and LICENSE",
      re.search(r"^## Licence\n(.|\n)*\[MIT licence\]\(LICENSE\)", readme, re.M))

for f in failures:
    print("FAIL:", f)
print(f"licence: {count} source files, {len(modules)} libraries; {len(failures)} failed")
sys.exit(1 if failures else 0)
