#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The diagnostic catalogue (docs/diagnostics.md), checked row by row against the code
table (`adjutant --list-codes`, expanded from ADJ_DIAG_LIST): the same codes
in the same order, each with the same severity and rule.

    usage: readme_codes.py ADJUTANT PROJECT_DIR
"""
import re
import subprocess
import sys


def program_rows(adjutant):
    out = subprocess.run([adjutant, "--list-codes"], check=True, capture_output=True,
                         text=True).stdout
    return [tuple(line.split()[:3]) for line in out.splitlines()]


def rule_cell(cell):
    """`8.13, or base when 8.13 is off` is the code table's `8.13/base`."""
    m = re.fullmatch(r"(\S+), or (\S+) when 8\.13 is off", cell)
    return f"{m.group(1)}/{m.group(2)}" if m else cell


def readme_rows(doc):
    rows, inside = [], False
    for line in open(doc, encoding="utf-8"):
        if line.startswith("## "):
            inside = line.strip() == "## Diagnostic catalogue"
            continue
        if inside and line.startswith("| `"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows.append((cells[0].strip("`"), cells[1], rule_cell(cells[2])))
    return rows


def main():
    adjutant, project = sys.argv[1], sys.argv[2]
    want, have = program_rows(adjutant), readme_rows(project + "/docs/diagnostics.md")
    failures = 0
    for i in range(max(len(want), len(have))):
        w = want[i] if i < len(want) else None
        h = have[i] if i < len(have) else None
        if w != h:
            failures += 1
            print(f"row {i + 1}: the code table has {w}, docs/diagnostics.md's catalogue has {h}")
    if not want:
        failures += 1
        print("adjutant --list-codes printed no code")
    print(f"{len(want) - failures if failures <= len(want) else 0} rows agree, {failures} differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
