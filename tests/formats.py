#!/usr/bin/env python3
"""SPEC 11: --format github and --format sarif, where goldens cannot go.

usage: formats.py ADJUTANT SOURCE_DIR

- Escaping: tests/formats/escapes.yaml holds log strings with '%', CR, LF,
  ':' and ','; it is audited under a file name holding all of them too. The
  GitHub commands must be exactly tests/formats/escapes.github (one command
  a diagnostic: a newline never starts a new one), the SARIF results exactly
  tests/formats/escapes.sarif-results, and the SARIF document valid JSON.
- One document per run: a SARIF audit of the whole test corpus is one JSON
  document with a result per diagnostic of the JSON report, the same bytes
  with -j 1 and -j 4.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

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
corpus()
print("formats: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
