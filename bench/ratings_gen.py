#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/ratings_gen.py OUT N PLAYERS [PERIOD]: N small game logs among
PLAYERS players under a ladder file that rates them (docs/ladder.md,
"Ratings over a season"), for the summary's ratings at scale and under the
sanitizers: results of every kind (wins both ways, draws), rounds 1 to 60
or days of 2025-2026 (PERIOD round or month), gaps, a game in 50 with an
error, one in 40 a duplicate of the game before it, one in 60 with no
round or date, and names in several spellings. Fixed seed: the same files
every time.
"""
import os
import random
import sys

out, n, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
period = sys.argv[4] if len(sys.argv) > 4 else "round"
rng = random.Random(7)
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "adjutant-ladder.yaml"), "w") as f:
    f.write("format: adjutant-ladder/1\nname: Generated\nratings:\n  period: %s\n"
            "scenarios:\n  Gen:\n    last_turn: 1\n    sides: [A, B]\n    leaders:\n"
            "      - {id: a1, side: A}\n      - {id: b1, side: B}\n" % period)
os.chmod(os.path.join(out, "adjutant-ladder.yaml"), 0o644)
prev = None
for i in range(n):
    a, b = rng.sample(range(players), 2)
    name = lambda k: ("Player %d" % k) if rng.random() < 0.8 else ("  player   %d " % k)
    when = ("round: %d" % rng.randint(1, 60) if period == "round" else
            "played: %04d-%02d-%02d" % (rng.choice((2025, 2026)), rng.randint(1, 12),
                                        rng.randint(1, 28)))
    if i % 60 == 59:
        when = "game: no period"
    va, vb = rng.randint(0, 5), rng.randint(0, 5)
    rolls = [rng.randint(1, 6) for _ in range(3)] + [i % 6 + 1, (i // 6) % 6 + 1, (i // 36) % 6 + 1]
    if i % 40 == 39 and prev:
        text = prev
    else:
        claim = va + (1 if i % 50 == 49 else 0)
        ev = "".join("  - {activate: %s, roll: %d}\n" % ("a1" if k % 2 else "b1", r)
                     for k, r in enumerate(rolls) if r != 1)
        text = ("format: adjutant/1\nscenario: Gen\nplayers: {A: \"%s\", B: \"%s\"}\n%s\n"
                "events:\n  - {turn: 1}\n%s  - {vp: A, points: %d}\n  - {vp: B, points: %d}\n"
                "  - {end: {A: %d, B: %d}}\n" % (name(a), name(b), when, ev, va, vb, claim, vb))
    prev = text
    with open(os.path.join(out, "g%05d.yaml" % i), "w") as f:
        f.write(text)
