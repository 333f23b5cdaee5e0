#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every order row of `dice` (include/adj_dice.h's ADJ_DICE_ORDER_LIST, the
one place such a statistic is declared) is printed, documented and tested.

The build holds the rest: a row without its builder (dice_order_<key>)
does not link, one without its legend does not compile, and its name and
words come from the list. Here, for each row of the list:

  * `dice --format json` over tests/golden/dice gives every named player a
    row of that kind, and the text report a line of it and its legend;
  * docs/guide.md's "Are the dice fair?" names it (`key`);
  * a golden output of `dice` shows it (text or JSON).

    usage: dice_rows.py ADJUTANT PROJECT_DIR
"""
import json
import os
import re
import subprocess
import sys

ADJ, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
TESTS = os.path.join(ROOT, "tests")
missing = []


def need(what, ok):
    if not ok:
        missing.append(what)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def order_rows():
    """The keys of ADJ_DICE_ORDER_LIST, in its order."""
    src = read(os.path.join(ROOT, "include", "adj_dice.h"))
    m = re.search(r"#define ADJ_DICE_ORDER_LIST\(X\)((?:.*\\\n)*.*)", src)
    return re.findall(r"\bX\((\w+),\s*(\w+),", m.group(1)) if m else []


def dice(*args):
    p = subprocess.run([ADJ, "dice", *args], cwd=TESTS, capture_output=True, text=True,
                       env={**os.environ, "NO_COLOR": "1"})
    return p.stdout


ROWS = order_rows()
need("ADJ_DICE_ORDER_LIST read from include/adj_dice.h (found %d rows)" % len(ROWS),
     len(ROWS) >= 2)
rows = json.loads(dice("--format", "json", "golden/dice"))["groups"]
players = sorted({r["player"] for r in rows if r["player"]})
need("dice --format json golden/dice: named players (found %d)" % len(players), len(players) >= 2)
text = dice("golden/dice")
guide = read(os.path.join(ROOT, "docs", "guide.md"))
guide = guide[guide.find("## Are the dice fair?"):]
guide = guide[:guide.find("\n## ", 1)]
golden = [read(os.path.join(TESTS, "golden", f[:-4] + ".out"))
          for f in sorted(os.listdir(os.path.join(TESTS, "golden")))
          if f.endswith(".cmd") and read(os.path.join(TESTS, "golden", f)).startswith("dice")]

for enum, key in ROWS:
    what = "order row `%s` (ADJ_DICE_ORDER_LIST's %s)" % (key, enum)
    for p in players:
        need("%s: player %s has the row in dice --format json golden/dice" % (what, p),
             any(r["player"] == p and r["kind"] == key for r in rows))
    need("%s: a line of the text report of golden/dice" % what,
         re.search(r"^\S.*\s%s\s+\d" % re.escape(key), text, re.M) is not None)
    need("%s: its legend under the text report (`%s: ...`)" % (what, key),
         re.search(r"(^|\. )%s: " % re.escape(key), text, re.M) is not None)
    need("%s: docs/guide.md's \"Are the dice fair?\" names `%s`" % (what, key),
         "`%s`" % key in guide)
    row = re.compile(r"(\s%s\s+\d|\"kind\": \"%s\")" % (re.escape(key), re.escape(key)))
    need("%s: a golden output of dice shows it" % what, any(row.search(g) for g in golden))

for m in missing:
    print("MISSING", m)
print("dice_rows: %d order rows (%s), %d players; %d missing"
      % (len(ROWS), ", ".join(k for _, k in ROWS), len(players), len(missing)))
sys.exit(1 if missing else 0)
