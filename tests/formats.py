#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""SPEC 11: --format github and --format sarif, where goldens cannot go.

usage: formats.py ADJUTANT SOURCE_DIR

- Escaping: tests/formats/escapes.yaml holds log strings with '%', CR, LF,
  ':' and ','; it is audited under a file name holding all of them too. The
  GitHub commands must be exactly tests/formats/escapes.github (one command
  a diagnostic: a newline never starts a new one), the SARIF results exactly
  tests/formats/escapes.sarif-results, and the SARIF document valid JSON.
- SARIF paths: a relative path as given, against SRCROOT (the working
  directory's file:// URI); an absolute one as a file:// URI without `.`,
  `..` or repeated slashes (a leading `//` never makes a host); standard
  input as `stdin`: each artifactLocation and SRCROOT exactly, in a folder
  whose name needs percent-encoding (a space, `%`, non-ASCII, a byte that
  is not UTF-8).
- One document per run: a SARIF audit of the whole test corpus is one JSON
  document with a result per diagnostic of the JSON report, the same bytes
  with -j 1 and -j 4.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

ADJ, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
HERE = os.path.join(SRC, "tests")
NAME = "100% a:b,c\r\nd.yaml"
failures = []


def run(args, cwd):
    p = subprocess.run([ADJ] + args, cwd=cwd, capture_output=True, env=dict(os.environ, NO_COLOR="1"))
    return p.returncode, p.stdout, p.stderr


def check(what, ok):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def expected(name):
    with open(os.path.join(HERE, "formats", name), "rb") as f:
        return f.read()


def escapes(tmp):
    shutil.copy(os.path.join(HERE, "formats", "escapes.yaml"), os.path.join(tmp, NAME))
    st, out, err = run(["audit", "--format", "github", NAME], tmp)
    check("github: exit 1, nothing on stderr (%d, %r)" % (st, err), st == 1 and err == b"")
    check("github: the commands of escapes.github\n" + out.decode(errors="replace"),
          out == expected("escapes.github"))
    check("github: one line per command", all(l.startswith(b"::") for l in out.splitlines()))
    # a name that is not UTF-8, with an ESC: \xHH, as the text report writes them
    bytes_name = b"bad\xff\x1b\xc3\xa9.yaml"
    shutil.copy(os.path.join(HERE, "formats", "escapes.yaml"), os.path.join(os.fsencode(tmp), bytes_name))
    st, out, err = run(["audit", "--format", "github", os.fsdecode(bytes_name)], tmp)
    check("github: a name's bytes as escapes-bytes.github\n" + out.decode(errors="replace"),
          st == 1 and out == expected("escapes-bytes.github"))
    st, out, err = run(["audit", "--format", "sarif", NAME], tmp)
    check("sarif: exit 1, nothing on stderr", st == 1 and err == b"")
    doc = json.loads(out)
    check("sarif: one run", len(doc["runs"]) == 1)
    results = b"\n".join(out.splitlines()[1:-1]) + b"\n"
    check("sarif: the results of escapes.sarif-results\n" + results.decode(errors="replace"),
          results == expected("escapes.sarif-results"))


def sarif_locations(out):
    """The run's SRCROOT and the set of artifactLocations, as bytes."""
    head = out.splitlines()[0]
    root = re.search(rb'"originalUriBaseIds": (\{"SRCROOT": \{"uri": "[^"]*"\}\})', head)
    return root and root.group(1), set(re.findall(rb'"artifactLocation": \{[^}]*\}', out))


def sarif_paths(tmp):
    """SPEC 11's artifact URIs, byte for byte."""
    enc = b"d%20%C3%A9%25%FF"  # the folder's name below, percent-encoded
    folder = os.path.join(os.fsencode(tmp), b"d \xc3\xa9%\xff")
    os.mkdir(folder)
    shutil.copy(os.path.join(HERE, "formats", "escapes.yaml"), os.path.join(folder, b"a b.yaml"))
    real = os.path.realpath(folder)  # getcwd's spelling of it
    base = b"file://" + urllib.parse.quote_from_bytes(real, safe="/").encode()
    check("sarif: the test folder's URI ends in its encoded name", base.endswith(b"/" + enc))
    srcroot = b'{"SRCROOT": {"uri": "' + base + b'/"}}'
    absolute = b'"artifactLocation": {"uri": "' + base + b'/a%20b.yaml"}'
    cases = [
        ([b"a b.yaml"], b'"artifactLocation": {"uri": "a%20b.yaml", "uriBaseId": "SRCROOT"}'),
        ([b"../" + os.path.basename(folder) + b"/a b.yaml"],
         b'"artifactLocation": {"uri": "../' + enc + b'/a%20b.yaml", "uriBaseId": "SRCROOT"}'),
        ([real + b"/a b.yaml"], absolute),
        ([b"/" + real + b"/./../" + os.path.basename(real) + b"//a b.yaml"], absolute),
        ([b"-"], b'"artifactLocation": {"uri": "stdin"}'),
    ]
    for args, want in cases:
        with open(os.path.join(folder, b"a b.yaml"), "rb") as f:
            p = subprocess.run([ADJ, "audit", "--format", "sarif"] + args, cwd=folder, stdin=f,
                               capture_output=True)
        root, locs = sarif_locations(p.stdout)
        check("sarif %r: SRCROOT %r" % (args, root), root == srcroot)
        check("sarif %r: %r, not %r" % (args, want, locs), p.returncode == 1 and locs == {want})


def corpus():
    logs = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(HERE, "logs"))
                  for f in fs if f.endswith(".yaml"))
    rel = [os.path.relpath(p, HERE) for p in logs] + ["../logs"]
    _, one, _ = run(["audit", "--format", "sarif", "-j", "1"] + rel, HERE)
    _, four, _ = run(["audit", "--format", "sarif", "-j", "4"] + rel, HERE)
    check("sarif: -j 4 gives the bytes of -j 1", one == four)
    _, jl, _ = run(["audit", "--format", "json", "-j", "1"] + rel, HERE)
    want = [(o["file"], d["code"], d["line"], d["column"], d["severity"], d["message"])
            for o in map(json.loads, jl.splitlines()) for d in o["diagnostics"]]
    doc = json.loads(one)
    got = [(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["ruleId"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["locations"][0]["physicalLocation"]["region"]["startColumn"], r["level"],
            r["message"]["text"]) for r in doc["runs"][0]["results"]]
    check("sarif: a result per diagnostic of the JSON report (%d, %d)" % (len(got), len(want)),
          got == want and len(got) > 300)
    rules = [r["id"] for r in doc["runs"][0]["tool"]["driver"]["rules"]]
    _, codes, _ = run(["--list-codes"], HERE)
    check("sarif: a rule per code of the catalogue",
          rules == [l.split()[0] for l in codes.decode().splitlines()])


with tempfile.TemporaryDirectory() as tmp:
    escapes(tmp)
with tempfile.TemporaryDirectory() as tmp:
    sarif_paths(tmp)
corpus()
print("formats: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
