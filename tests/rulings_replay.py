#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every ruling value changes some replay (issue 41 item 4).

For each ruling of `adjutant --list-catalogue`, any two of its values (the
default among them) must audit some log under tests/ or logs/ differently:
its diagnostics, leaders' states, tally or exit status (`audit --format
json --ruling NAME=VALUE`, less the rulings it lists as in force). A value
that no engine code reads replays as the default, or as another value the
engine tells apart the same way, on every log, and fails here, named. The
logs named after the ruling (tests/logs/rules/ruling-NAME-VALUE.yaml, ...)
are tried first, so a passing run is quick.

    usage: rulings_replay.py ADJUTANT PROJECT_DIR
"""
import json
import os
import subprocess
import sys

ADJ, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
# what a replay's JSON says of the rulings themselves, not of the game
ECHO = ("rulings", "ruling_sources")


def logs():
    """Every log under tests/ and logs/ (ladder files are not logs)."""
    found = []
    for top in ("tests", "logs"):
        for d, _, names in os.walk(os.path.join(ROOT, top)):
            for n in names:
                path = os.path.join(d, n)
                if n.endswith((".yaml", ".yml")):
                    with open(path, "rb") as f:
                        if b"format: adjutant-ladder/1" not in f.read(4096):
                            found.append(os.path.relpath(path, ROOT))
    return sorted(found)


def replay(log, ruling=None):
    args = [ADJ, "audit", "--format", "json", log] + (["--ruling", ruling] if ruling else [])
    p = subprocess.run(args, cwd=ROOT, capture_output=True)
    try:
        doc = json.loads(p.stdout.decode("utf-8", "replace").splitlines()[0])
    except (ValueError, IndexError):
        return p.returncode, p.stdout, p.stderr
    if isinstance(doc, dict):
        doc = {k: v for k, v in doc.items() if k not in ECHO}
    return p.returncode, doc, p.stderr


def order(all_logs, name, values):
    """The logs most likely to tell the values apart first: named after one, then after the ruling."""
    def rank(path):
        base = os.path.basename(path)
        return (0 if any(f"{name}-{v}" in base for v in values) else 1 if name in base else
                2 if "/rules/" in path else 3, path)
    return sorted(all_logs, key=rank)


def main():
    cat = json.loads(subprocess.run([ADJ, "--list-catalogue"], check=True,
                                    capture_output=True).stdout)
    all_logs = logs()
    seen = {}  # (log, NAME=VALUE) -> its replay

    def replayed(log, ruling):
        if (log, ruling) not in seen:
            seen[log, ruling] = replay(log, ruling)
        return seen[log, ruling]

    failures, checked = [], 0
    if len(all_logs) < 100 or not cat["rulings"]:
        failures.append(f"read {len(all_logs)} logs and {len(cat['rulings'])} rulings: too few")
    for r in cat["rulings"]:
        values = [r["default"]] + [v for v in r["values"] if v != r["default"]]
        for i, a in enumerate(values):
            for b in values[i + 1:]:
                checked += 1
                ra, rb = f"{r['name']}={a}", f"{r['name']}={b}"
                shown = next((log for log in order(all_logs, r["name"], (a, b))
                              if replayed(log, ra) != replayed(log, rb)), None)
                if shown:
                    print(f"ok: --ruling {rb} and {ra} replay {shown} differently")
                    continue
                what = " (the default)" if a == r["default"] else ""
                failures.append(
                    f"--ruling {rb} replays as {ra}{what} on every log under tests/ and "
                    f"logs/ ({len(all_logs)} tried): no engine code reads the value {b!r} "
                    f"apart, or no log shows it (add one: "
                    f"tests/logs/rules/ruling-{r['name']}-{b}.yaml)")
    for f in failures:
        print("FAIL:", f)
    print(f"rulings_replay: {checked} pairs of values of {len(cat['rulings'])} rulings; "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
