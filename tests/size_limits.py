#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Size limits on src/ (every stage's folder): no function longer than
FUNCTION_LIMIT lines and no file longer than FILE_LIMIT lines, so that no stage grows back into one
block. A function is counted from the line of its name to its closing
brace; tables (initialisers: `= {` ... `};`) are not functions and do not
count.

    usage: size_limits.py SRC_DIR
"""
import os
import re
import sys

FUNCTION_LIMIT = 80
FILE_LIMIT = 1000

# Nothing is exempt: a file that needs an exemption needs a split.
EXEMPT = set()

# A definition's opening brace stands alone at column 0 (the project's
# style); its name is on a line before, at column 0, with a '('.
SIGNATURE = re.compile(r"^[A-Za-z_][^;=]*\b([A-Za-z_]\w*)\s*\(")


def functions(lines):
    """(name, first line, length) of each function defined in the file."""
    found, i = [], 0
    while i < len(lines):
        if lines[i].rstrip() == "{":
            j = i - 1
            while j >= 0 and not SIGNATURE.match(lines[j]) and lines[j][:1] in (" ", "\t"):
                j -= 1
            m = SIGNATURE.match(lines[j]) if j >= 0 else None
            end = i + 1
            while end < len(lines) and not lines[end].startswith("}"):
                end += 1
            if m:
                found.append((m.group(1), j + 1, end - j + 1))
            i = end
        i += 1
    return found


def main():
    src = sys.argv[1]
    problems, checked = [], 0
    names = sorted(os.path.relpath(os.path.join(d, f), src)
                   for d, _, files in os.walk(src) for f in files)
    for name in names:
        if not name.endswith((".c", ".h")) or name in EXEMPT:
            continue
        with open(os.path.join(src, name), encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        checked += 1
        if len(lines) > FILE_LIMIT:
            problems.append(f"src/{name}: {len(lines)} lines (limit {FILE_LIMIT})")
        for fn, line, length in functions(lines):
            if length > FUNCTION_LIMIT:
                problems.append(f"src/{name}:{line}: {fn}() is {length} lines "
                                f"(limit {FUNCTION_LIMIT})")
    for p in problems:
        print(p)
    print(f"{checked} files checked ({len(EXEMPT)} exempt); "
          f"{len(problems)} over the limits")
    if checked < 40:  # the walk found the tree
        print(f"only {checked} files under {src}: is it the source tree?")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
