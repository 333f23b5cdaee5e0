# SPDX-License-Identifier: MIT
"""The ratings line of `audit --summary --format json` against
schemas/adjutant-summary-ratings.schema.json, over the seasons of
tests/summary (by round, by month) and an archive under no ladder that
rates (null); and what the schema cannot say: ratings and RDs in two
decimals, volatilities in six, players by rating, and the same line
whatever the order the files are named in.

usage: check_ratings.py ADJUTANT TESTS_DIR SCHEMAS_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("SKIPPED: python3-jsonschema is not installed (apt-get install python3-jsonschema)")
    sys.exit(77)

ADJ, TESTS, SCHEMAS = sys.argv[1:4]
schema = json.load(open(os.path.join(SCHEMAS, "adjutant-summary-ratings.schema.json")))
failures = []


def ratings_line(args):
    p = subprocess.run([ADJ, "audit", "--summary", "-j", "2", "--format", "json", *args],
                       cwd=TESTS, capture_output=True, text=True)
    lines = [l for l in p.stdout.splitlines() if l.startswith('{"ratings"')]
    if len(lines) != 1:
        failures.append(f"{args}: {len(lines)} ratings lines")
        return None, None
    return lines[0], json.loads(lines[0])


for where in ("summary/ratings", "summary/ratings-month", "summary/archive"):
    raw, obj = ratings_line([where])
    if obj is None:
        continue
    try:
        jsonschema.validate(obj, schema)
    except jsonschema.ValidationError as e:
        failures.append(f"{where}: {e.message}")
    r = obj["ratings"]
    if where == "summary/archive":
        if r is not None:
            failures.append(f"{where}: ratings not null under no ladder that rates")
        continue
    if r is None or not r["players"]:
        failures.append(f"{where}: no player rated")
        continue
    for m in re.finditer(r'"(rating|rd|volatility)": (-?[0-9.]+)', raw):
        decimals = 6 if m.group(1) == "volatility" else 2
        if not re.fullmatch(r"-?[0-9]+\.[0-9]{%d}" % decimals, m.group(2)):
            failures.append(f"{where}: {m.group(1)} {m.group(2)} not in {decimals} decimals")
    finals = [p["rating"] for p in r["players"]]
    if finals != sorted(finals, reverse=True):
        failures.append(f"{where}: players not by rating")
    files = sorted(f for f in glob.glob(os.path.join(TESTS, where, "*.yaml"))
                   if not f.endswith("adjutant-ladder.yaml"))
    rel = [os.path.relpath(f, TESTS) for f in files]
    forward, _ = ratings_line(rel)
    backward, _ = ratings_line(rel[::-1])
    strip = lambda s: re.sub(r', "left_out".*', "", s or "")
    if strip(forward) != strip(backward) or strip(forward) != strip(raw):
        failures.append(f"{where}: the ratings differ with the files in another order")
for f in failures:
    print("FAIL:", f)
print(f"check_ratings: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
