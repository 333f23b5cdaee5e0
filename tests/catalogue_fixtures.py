#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every row of the catalogue is exercised by a fixture under tests/.

A row added to a C table but never used by a test is a half-done change;
this fails it, naming the row. From `adjutant --list-catalogue`:

  * each event kind: a log under tests/ holds an event of it;
  * each obligation: a golden output shows it owed (`"obligation": NAME`);
  * each code: a fixture draws it: an expectation (`# expect`, an `.expect`
    sidecar) or a golden output (`[CODE,` in text, `"code": "CODE"` in JSON);
  * each ladder key: a ladder file under tests/ or logs/ writes it, it
    appears in `adjutant ladder --format json logs/ladder` (the bundled
    ladder) at its path, and docs/ladder.md names it (`KEY`);
  * each dice row: a golden output of `dice` shows the row, and the row
    has its words.

    usage: catalogue_fixtures.py ADJUTANT PROJECT_DIR
"""
import json
import os
import re
import subprocess
import sys

ADJ, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
missing = []


def need(what, ok):
    if not ok:
        missing.append(what)


def files(top, ends):
    for d, _, names in os.walk(os.path.join(ROOT, top)):
        for n in names:
            if n.endswith(ends):
                yield os.path.join(d, n)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


CAT = json.loads(subprocess.run([ADJ, "--list-catalogue"], check=True, capture_output=True,
                                text=True).stdout)
LOGS = [read(p) for p in files("tests", (".yaml", ".yml"))]
EXPECTS = [read(p) for p in files("tests", (".yaml", ".yml", ".expect"))]
GOLDEN = [read(p) for p in files(os.path.join("tests", "golden"), ".out")
          if not p.endswith("list-catalogue.out")]
DICE_GOLDEN = [read(p[:-4] + ".out") for p in files(os.path.join("tests", "golden"), ".cmd")
               if read(p).startswith("dice")]
LADDERS = [read(p) for top in ("tests", "logs") for p in files(top, ".yaml")
           if "format: adjutant-ladder/1" in read(p)]

# ---- kinds ----
for k in CAT["kinds"]:
    event = re.compile(r"(^\s*-\s*\{?\s*|[{,]\s*)" + re.escape(k["name"]) + r"\s*:", re.M)
    need(f"kind `{k['name']}`: a log under tests/ with such an event",
         any(event.search(t.split("\nevents:", 1)[-1]) for t in LOGS if "\nevents:" in t))

# ---- obligations ----
for o in CAT["obligations"]:
    need(f"obligation `{o['name']}`: a golden output with it owed",
         any(f'"obligation": "{o["name"]}"' in g for g in GOLDEN))

# ---- codes ----
for c in CAT["codes"]:
    code = c["code"]
    expect = re.compile(r"expect(?:-at\s+\d+)?:[^\n]*\b" + re.escape(code) + r"\b")
    sidecar = re.compile(r"^\d+:[^\n]*\b" + re.escape(code) + r"\b", re.M)
    need(f"code `{code}`: a fixture that draws it",
         any(expect.search(t) or sidecar.search(t) for t in EXPECTS) or
         any(f"[{code}," in g or f'"code": "{code}"' in g or f'"ruleId": "{code}"' in g
             for g in GOLDEN))

# ---- ladder keys ----
shown = json.loads(subprocess.run([ADJ, "ladder", "--format", "json", "logs/ladder"], cwd=ROOT,
                                  check=True, capture_output=True, text=True).stdout)


def at_path(node, parts):
    """Whether the JSON `node` has the key path `parts` (a `[]` or `*` part: any item)."""
    if not parts:
        return True
    part, rest = parts[0], parts[1:]
    if part == "*":  # the scenarios' mapping is a list of objects in the JSON
        return isinstance(node, list) and any(at_path(x, rest) for x in node)
    key, many = (part[:-2], True) if part.endswith("[]") else (part, False)
    if not isinstance(node, dict) or key not in node:
        return False
    if many:
        return isinstance(node[key], list) and any(at_path(x, rest) for x in node[key])
    return at_path(node[key], rest)


ladder_doc = read(os.path.join(ROOT, "docs", "ladder.md"))
for k in CAT["ladder_keys"]:
    path = k["path"]
    last = re.split(r"[.\[\]*]+", path.rstrip("[]"))[-1] or path
    written = re.compile(r"(^\s*(?:-\s*)?|[{,]\s*)" + re.escape(last) + r"\s*:", re.M)
    need(f"ladder key `{path}`: a ladder file under tests/ or logs/ writes it",
         any(written.search(t) for t in LADDERS))
    need(f"ladder key `{path}`: in `adjutant ladder --format json logs/ladder`",
         at_path(shown, path.split(".")))
    need(f"ladder key `{path}`: docs/ladder.md names `{last}` (or writes it in an example)",
         f"`{last}`" in ladder_doc or written.search(ladder_doc) is not None)

# ---- dice rows ----
for d in CAT["dice"]:
    row = re.compile(r"(\s" + re.escape(d["row"]) + r"\s+\d|\"kind\": \"" + re.escape(d["row"]) + r"\")")
    need(f"dice row `{d['row']}`: a golden output of dice shows it",
         any(row.search(g) for g in DICE_GOLDEN))
    need(f"dice row `{d['row']}`: its tail is upper or lower", d["tail"] in ("upper", "lower"))
    if d["kind"] is None:  # an order row (ADJ_DICE_ORDER_LIST): its own sentence may need no words
        continue
    need(f"dice row `{d['row']}`: its words", bool(d["words"]))
    need(f"dice row `{d['row']}`: its kind `{d['kind']}` is a kind",
         d["kind"] in [k["name"] for k in CAT["kinds"]])

for m in missing:
    print("MISSING", m)
print(f"catalogue_fixtures: {len(CAT['kinds'])} kinds, {len(CAT['obligations'])} obligations, "
      f"{len(CAT['codes'])} codes, {len(CAT['ladder_keys'])} ladder keys, {len(CAT['dice'])} dice "
      f"rows; {len(missing)} missing")
sys.exit(1 if missing else 0)
