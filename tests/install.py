#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""SPEC 11: `cmake --install` into a temporary prefix, and with DESTDIR.

usage: install.py BUILD_DIR SOURCE_DIR MAN(0|1)

The files installed must be exactly the expected ones (the man pages when the
build made them), every path cmake reports must lie under the prefix (or
DESTDIR), the program must run from there, and the schema and completion must
be the repository's bytes. The man pages must render without a groff warning.
"""
import os
import shutil
import subprocess
import sys
import tempfile

BUILD, SRC, MAN = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3] == "1"
EXPECTED = ["bin/adjutant",
            "share/adjutant/adjutant-log.schema.json",
            "share/bash-completion/completions/adjutant"]
if MAN:
    EXPECTED += ["share/man/man1/adjutant.1", "share/man/man5/adjutant-log.5"]
failures = []
if MAN and not shutil.which("groff"):
    print("install: SKIPPED: groff is not installed (groff-base), so the man pages cannot be "
          "rendered; run.sh installs it as root")
    sys.exit(77)


def check(what, ok):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def files_under(root):
    return sorted(os.path.relpath(os.path.join(d, f), root)
                  for d, _, fs in os.walk(root) for f in fs)


def install(prefix, destdir=None):
    env = dict(os.environ)
    env.pop("DESTDIR", None)
    if destdir:
        env["DESTDIR"] = destdir
    p = subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix], env=env,
                       capture_output=True, text=True)
    check("cmake --install exits 0: " + p.stderr, p.returncode == 0)
    return [l.split(": ", 1)[1] for l in p.stdout.splitlines()
            if l.startswith("-- Installing: ") or l.startswith("-- Up-to-date: ")]


def same_bytes(a, b):
    with open(a, "rb") as x, open(b, "rb") as y:
        return x.read() == y.read()


def check_tree(root):
    check("installed files %s == %s" % (files_under(root), sorted(EXPECTED)),
          files_under(root) == sorted(EXPECTED))
    adj = os.path.join(root, "bin/adjutant")
    p = subprocess.run([adj, "--version"], capture_output=True, text=True)
    check("the installed adjutant runs", p.returncode == 0 and p.stdout.startswith("adjutant "))
    check("the schema is the repository's",
          same_bytes(os.path.join(root, EXPECTED[1]),
                     os.path.join(SRC, "schemas/adjutant-log.schema.json")))
    check("the completion is the repository's",
          same_bytes(os.path.join(root, EXPECTED[2]), os.path.join(SRC, "completion/adjutant.bash")))
    for page in EXPECTED[3:]:
        p = subprocess.run(["groff", "-man", "-ww", "-z", os.path.join(root, page)],
                           capture_output=True, text=True)
        check("%s renders without a warning: %s" % (page, p.stderr),
              p.returncode == 0 and p.stderr == "")


with tempfile.TemporaryDirectory() as tmp:
    prefix = os.path.join(tmp, "prefix")
    written = install(prefix)
    check("every path written is under the prefix: %s" % written,
          written and all(w.startswith(prefix + "/") for w in written))
    check_tree(prefix)

    # DESTDIR: the prefix is staged below it, and nothing is written at the prefix itself
    dest = os.path.join(tmp, "stage")
    target = os.path.join(tmp, "never-written")
    written = install(target, dest)
    check("with DESTDIR every path is under it: %s" % written,
          written and all(w.startswith(dest + target + "/") for w in written))
    check("with DESTDIR nothing is written at the prefix", not os.path.exists(target))
    check("with DESTDIR only the prefix is below it",
          files_under(dest) == sorted(os.path.relpath(target, "/") + "/" + e for e in EXPECTED))
    check_tree(dest + target)

# a prefix holding regex characters (`/opt/c++`) configures: it is a path, not a pattern
with tempfile.TemporaryDirectory() as tmp:
    prefix = os.path.join(tmp, "c++ (x)")
    p = subprocess.run(["cmake", "-S", SRC, "-B", os.path.join(tmp, "build"),
                        "-DCMAKE_INSTALL_PREFIX=" + prefix], capture_output=True, text=True)
    check("configuring with the prefix %s exits 0: %s" % (prefix, p.stderr[-2000:]),
          p.returncode == 0)

print("install: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
