#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""SPEC 11: the SARIF output validates, by Microsoft's SARIF multitool.

usage: sarif_validate.py ADJUTANT SOURCE_DIR

The multitool is npm's @microsoft/sarif-multitool, which `./run.sh test-slow`
(and so CI) installs into .tools/sarif (ignored by git). Its `validate` exits 0 even on
an invalid log: the findings are the results of the SARIF log it writes, and
none may have the level `error`. It validates the SARIF of the bundled logs,
of the test corpus and of logs whose names and strings need escaping (bytes
that are not UTF-8 among them), named every way (absolute, `//`-prefixed,
relative, standard input) from a folder whose name needs encoding, and, so
that a validator that checks nothing cannot pass, a log known to be invalid,
which must draw errors. Skipped (exit 77, ctest's skip), with a message saying
how to install it, when the multitool is not installed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ADJ, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
TOOL = os.path.join(SRC, ".tools/sarif/node_modules/.bin/sarif-multitool")
INVALID = '{"version": "2.1.0", "runs": [{"tool": {"driver": {}}, ' \
          '"results": [{"level": "bogus", "message": {"text": "m"}}]}]}\n'

if not os.access(TOOL, os.X_OK):
    print("sarif-validate: SKIPPED: the SARIF multitool is not installed (%s); "
          "`./run.sh test-slow` installs it with npm" % TOOL)
    sys.exit(77)


def sarif(tmp, name, args, cwd, stdin=None):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f, open(stdin or os.devnull, "rb") as i:
        p = subprocess.run([ADJ, "audit", "--format", "sarif"] + args, cwd=cwd, stdout=f, stdin=i)
    if p.returncode not in (0, 1):
        sys.exit("FAIL: adjutant %s exited %d" % (args, p.returncode))
    return path


def errors(tmp, paths):
    out = os.path.join(tmp, "validation.sarif")
    subprocess.run([TOOL, "validate", "--log", "ForceOverwrite", "-o", out] + paths,
                   capture_output=True, check=True)
    with open(out) as f:
        doc = json.load(f)
    return [(r["ruleId"], r.get("message", {}).get("arguments"), r["locations"][0]
             ["physicalLocation"]["artifactLocation"]["uri"] if r.get("locations") else None)
            for run in doc["runs"] for r in run.get("results", []) if r.get("level") == "error"]


with tempfile.TemporaryDirectory() as tmp:
    tests = os.path.join(SRC, "tests")
    odd = os.path.join(tmp, os.fsdecode(b"odd \xc3\xa9 %\xff"))  # SRCROOT needs encoding
    os.mkdir(odd)
    shutil.copy(os.path.join(tests, "formats/escapes.yaml"), os.path.join(odd, "100% a:b,c\r\nd é.yaml"))
    # bytes that are not UTF-8, and an ESC, in the name and in the log's strings
    with open(os.path.join(tests, "formats/escapes.yaml"), "rb") as f:
        raw = f.read().replace(b"grant", b"gr\xff\x1bant")
    with open(os.path.join(os.fsencode(odd), b"bad\xff\x1b.yaml"), "wb") as f:
        f.write(raw)
    logs = [sarif(tmp, "bundled.sarif", ["logs"], SRC),
            sarif(tmp, "corpus.sarif", ["logs"], tests),
            sarif(tmp, "odd.sarif", ["."], odd)]
    # every way of naming a file (SPEC 11): absolute, `//`-prefixed with `.`
    # and `..` segments, relative with `..`, non-ASCII, standard input
    name = "100% a:b,c\r\nd é.yaml"
    up = "/" + odd + "/./../" + os.path.basename(odd) + "//" + name
    logs += [sarif(tmp, "absolute.sarif", [os.path.join(odd, name)], SRC),
             sarif(tmp, "double-slash.sarif", [up], SRC),
             sarif(tmp, "relative.sarif", ["../" + os.path.basename(odd) + "/" + name], odd),
             sarif(tmp, "stdin.sarif", ["-"], odd, os.path.join(odd, name))]
    bad = os.path.join(tmp, "invalid.sarif")
    with open(bad, "w") as f:
        f.write(INVALID)
    found = errors(tmp, logs)
    for e in found:
        print("FAIL: the multitool finds an error:", e)
    caught = errors(tmp, [bad])
    if not caught:
        print("FAIL: the multitool finds no error in a log known to be invalid")
ok = not found and caught
print("sarif-validate: %s (%d logs)" % ("ok" if ok else "FAILED", len(logs)))
sys.exit(0 if ok else 1)
