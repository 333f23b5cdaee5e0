#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The outputs that list the whole code catalogue, held to `--list-catalogue`.

`adjutant --list-catalogue` has its own golden (tests/golden/list-catalogue);
the outputs that repeat its codes are checked against it here instead of
copying it into goldens of their own (the SARIF goldens show their `rules`
as `[CATALOGUE]`, tests/golden.sh):

  * `adjutant --list-codes`: one line per code, in the catalogue's order,
    its code, severity, rule and summary in aligned columns;
  * SARIF's `tool.driver.rules` (`audit --format sarif`): one rule per code,
    in that order: its id, its shortDescription (the summary), its
    defaultConfiguration level (the severity), its properties.rule and a
    help text naming the rule and the summary.

    usage: catalogue_outputs.py ADJUTANT TESTS_DIR
"""
import json
import os
import subprocess
import sys

ADJ, TESTS = os.path.abspath(sys.argv[1]), sys.argv[2]
problems = []


def run(*args):
    return subprocess.run([ADJ, *args], capture_output=True, text=True, cwd=TESTS).stdout


codes = json.loads(run("--list-catalogue"))["codes"]
if len(codes) < 30:
    sys.exit(f"catalogue_outputs: the catalogue reads short ({len(codes)} codes)")

want = [f"{c['code']:<26} {c['severity']:<7} {c['rule']:<6} {c['summary']}" for c in codes]
got = run("--list-codes").splitlines()
if got != want:
    problems.append("--list-codes differs from the catalogue's codes:")
    problems += [f"  want {w!r}\n  got  {g!r}" for w, g in zip(want, got) if w != g]
    if len(got) != len(want):
        problems.append(f"  {len(got)} lines for {len(want)} codes")

sarif = json.loads(run("audit", "--format", "sarif", "../logs/seven-days-1862.yaml"))
rules = sarif["runs"][0]["tool"]["driver"]["rules"]
if [r["id"] for r in rules] != [c["code"] for c in codes]:
    problems.append("SARIF's rules are not the catalogue's codes in its order")
for r, c in zip(rules, codes):
    checks = [("shortDescription", r["shortDescription"]["text"], c["summary"]),
              ("level", r["defaultConfiguration"]["level"], c["severity"]),
              ("properties.rule", r["properties"]["rule"], c["rule"])]
    for what, have, should in checks:
        if have != should:
            problems.append(f"SARIF rule {c['code']}: {what} is {have!r}, not {should!r}")
    help_text = r["help"]["text"]
    if not help_text.startswith(f"Rule: {c['rule']} (") or c["summary"] not in help_text:
        problems.append(f"SARIF rule {c['code']}: help {help_text!r} lacks its rule or summary")

for p in problems:
    print("FAIL", p)
print(f"catalogue_outputs: {len(codes)} codes; {len(problems)} problems")
sys.exit(1 if problems else 0)
