#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/ladder_gen.py ADJGEN OUT N: N game logs twice (SPEC 13's speed target),
OUT/inline/ with their headers whole and OUT/ladder/ holding only format,
game, scenario, last_turn and events, the rest in OUT/ladder/adjutant-ladder.yaml.
100 distinct games (adjgen seeds whose roster is the first's), each copied
to N/100 files."""
import os
import subprocess
import sys

adjgen, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
SHARED = ("first_turn", "optional_rules", "sides", "leaders", "imc")


def split(text):
    """(header blocks by key in order, events text)"""
    head, events = text.split("\nevents:", 1)
    blocks, key = [], None
    for line in head.split("\n"):
        if line and not line.startswith((" ", "-", "#")):
            key = line.split(":", 1)[0]
            blocks.append([key, [line]])
        elif blocks:
            blocks[-1][1].append(line)
    return blocks, "events:" + events


games, shared = [], None
for seed in range(2000):
    if len(games) == 100:
        break
    text = subprocess.run([adjgen, "--seed", str(5000 + seed), "--events",
                           str(100 + (seed * 37) % 200)], capture_output=True, text=True,
                          check=True).stdout
    blocks, events = split(text)
    mine = {k: v for k, v in blocks}
    mine["scenario"] = ["scenario: Bench"]
    s = {k: mine[k] for k in SHARED if k in mine}
    if shared is None:
        shared = s
    if s != shared:
        continue  # a game of another roster: not this scenario's
    order = [k for k, _ in blocks]
    inline = "\n".join(l for k in order for l in mine[k]) + "\n" + events
    lean = "\n".join(l for k in order if k not in SHARED for l in mine[k]) + "\n" + events
    games.append((inline, lean))
assert len(games) == 100, "adjgen gave too few games of one roster"
for sub in ("inline", "ladder"):
    os.makedirs(os.path.join(out, sub), exist_ok=True)
for i in range(n):
    inline, lean = games[i % 100]
    with open(os.path.join(out, "inline", "game-%05d.yaml" % i), "w") as f:
        f.write(inline)
    with open(os.path.join(out, "ladder", "game-%05d.yaml" % i), "w") as f:
        f.write(lean)
with open(os.path.join(out, "ladder", "adjutant-ladder.yaml"), "w") as f:
    f.write("format: adjutant-ladder/1\nname: Bench\nscenarios:\n  Bench:\n")
    for k in SHARED:
        for line in shared.get(k, []):
            f.write("    " + line + "\n")
os.chmod(os.path.join(out, "ladder", "adjutant-ladder.yaml"), 0o644)
