#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check adjutant's diagnostics against the expectations written in a log.

A test log marks each line that must draw a diagnostic with a comment:

    - activate: jackson   # expect: illness-check-missing
      roll: 1             # expect: roll-out-of-range, imc-mismatch

and may name diagnostics for other lines (one that cannot hold a comment,
or the end of the file) with `# expect-at LINE: code`. A code may name
the column too, `code@COLUMN` (1-based, as adjutant reports it):

    - end: {~: 0, USA: 0}   # expect: vp-tally-mismatch@5, bad-field@11
 `# args: ...` adds
options to the command line (e.g. `# args: --ruling recovery=full-turns`).
`# exit: N` overrides the expected exit status (default: 1 if any error is
expected, else 0).

The check is exact: every expected (line, code) must be reported, and
nothing else.

A log that must read as a real game (the examples in logs/) keeps its
expectations beside the tests instead: with `--sidecar DIR`, the lines of
DIR/LOG with `.yaml` replaced by `.expect`, when that file exists, are read
as well, each `LINE: code, code` (as `# expect-at`), `args: ...` or
`exit: N`; lines starting with `#` there are comments.

Usage: expect.py ADJUTANT [--sidecar DIR] LOG...
"""
import os
import json
import re
import shlex
import subprocess
import sys

WARNINGS = set()  # the codes of severity warning, from `adjutant --list-catalogue` (main)
EXPECT = re.compile(r"#\s*expect:\s*([a-z0-9@, -]+)")
EXPECT_AT = re.compile(r"#\s*expect-at\s+(\d+):\s*([a-z0-9@, -]+)")
CODE = re.compile(r"^([a-z-]+)(?:@(\d+))?$")


def parse_codes(line, text):
    """(line, code, column or None) for each code of a comma list."""
    out = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        m = CODE.match(word)
        if not m:
            raise SystemExit(f"expect.py: cannot read expectation {word!r} (line {line})")
        out.append((line, m.group(1), int(m.group(2)) if m.group(2) else None))
    return out


def sidecar_lines(sidecar, path):
    """The sidecar's lines for PATH, written as the comments a log holds."""
    name = os.path.join(sidecar, os.path.splitext(path)[0] + ".expect")
    if not os.path.exists(name):
        return []
    out = []
    for line in open(name, encoding="utf-8").read().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        m = re.match(r"^(\d+):(.*)$", line)
        out.append(f"# expect-at {m.group(1)}:{m.group(2)}" if m else "# " + line)
    return out


def expectations(path, sidecar=None):
    want, args, exit_status = [], [], None
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8", "replace").splitlines()
    extra = sidecar_lines(sidecar, path) if sidecar else []
    for number, line in enumerate(lines, 1):
        m = EXPECT.search(line)
        if m:
            want += parse_codes(number, m.group(1))
        m = EXPECT_AT.search(line)
        if m:
            want += parse_codes(int(m.group(1)), m.group(2))
        m = re.search(r"#\s*args:\s*(.*)$", line)
        if m:
            args += shlex.split(m.group(1))
        m = re.search(r"#\s*exit:\s*(\d+)", line)
        if m:
            exit_status = int(m.group(1))
    for line in extra:
        m = EXPECT_AT.search(line)
        if m:
            want += parse_codes(int(m.group(1)), m.group(2))
        m = re.search(r"#\s*args:\s*(.*)$", line)
        if m:
            args += shlex.split(m.group(1))
        m = re.search(r"#\s*exit:\s*(\d+)", line)
        if m:
            exit_status = int(m.group(1))
    if exit_status is None:
        exit_status = 1 if any(c not in WARNINGS for _, c, _ in want) else 0
    return want, args, exit_status


def check(adjutant, path, sidecar=None):
    want, args, want_exit = expectations(path, sidecar)
    run = subprocess.run([adjutant, "audit", "--format", "json", *args, path],
                         capture_output=True, timeout=60)
    problems = []
    if run.returncode != want_exit:
        problems.append(f"exit status {run.returncode}, expected {want_exit}")
    try:
        objects = [json.loads(l) for l in run.stdout.decode("utf-8").splitlines() if l]
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return [f"output is not JSON Lines: {e}"]
    if len(objects) != 1:
        return problems + [f"expected one JSON object, got {len(objects)}"]
    # a diagnostic's column counts only where an expectation names one
    with_column = {(line, code) for line, code, col in want if col is not None}
    got = [(d["line"], d["code"], d["column"] if (d["line"], d["code"]) in with_column else None)
           for d in objects[0]["diagnostics"]]
    missing = [w for w in want if w not in got or want.count(w) > got.count(w)]
    extra = [g for g in got if g not in want or got.count(g) > want.count(g)]
    def where(line, col):
        return f"line {line}" + (f" column {col}" if col is not None else "")
    for line, code, col in sorted(set(missing), key=str):
        problems.append(f"{where(line, col)}: expected {code}, not reported")
    for line, code, col in sorted(set(extra), key=str):
        d = next(d for d in objects[0]["diagnostics"] if d["line"] == line and d["code"] == code)
        problems.append(f"{where(line, d['column'])}: unexpected {code}: {d['message']}")
    return problems


def main():
    adjutant, logs, sidecar = sys.argv[1], sys.argv[2:], None
    catalogue = json.loads(subprocess.run([adjutant, "--list-catalogue"], check=True,
                                          capture_output=True, text=True).stdout)
    WARNINGS.update(c["code"] for c in catalogue["codes"] if c["severity"] == "warning")
    if logs[:1] == ["--sidecar"]:
        sidecar, logs = logs[1], logs[2:]
    failed = 0
    for path in logs:
        problems = check(adjutant, path, sidecar)
        if problems:
            failed += 1
            print(f"FAIL {path}")
            for p in problems:
                print(f"  {p}")
    print(f"{len(logs) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
