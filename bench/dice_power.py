#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/dice_power.py BUILD_DIR [TRIALS] [PART]: how many rolls `adjutant
dice` needs to flag a cheater, and how often it flags fair players. PART is
`cheats`, `deck`, `fair` or `all` (the default).

Archives are written by BUILD_DIR/bench/adjgen: games of 300 events among
four players, "Player 3" in every game (the others take turns against
him), his die as `adjgen --die` makes it: six at 0.20, 0.25, 0.30 (the other
faces even), a cycler (1, 2, ..., 6 again and again), a replayer (one
recorded sequence from the start of every game). For G games (G on a
doubling grid, then halfway back), TRIALS archives (default 25, each with
its own seeds) are run through `adjutant dice --format json`; the archive
counts as caught when any row of Player 3 is IMPROBABLE. It prints, per
cheater, the smallest G caught in at least 80% of the trials and his mean
number of rolls there. Then the false-flag rate: 100 archives of 40 fair
games, the share with any row IMPROBABLE (alpha 0.001).

Dice too even (`deck`): Player 3 deals his rolls from a deck of 36 cards,
each face six times (`adjgen --die deck`: shuffled at every game's start
and whenever it runs out; `--die season:S:K`: one deck kept through the
season, K of its cards dealt in his earlier games). For each budget R of his
rolls, 100 archives (fixed seeds: trial t's games are those of the fair
archives above it, in order) take his games in order while his rolls stay
at most R (and, written =R, up to his R-th roll exactly: the game it falls
in cut after it, a log saved at that moment); the share of archives with any row of his IMPROBABLE, which rows
flag him, his mean rolls and games; then the same games with his dice fair
(the share with any row of anyone IMPROBABLE), and the deck archives' rows
of the three fair players flagged (false flags too).
"""
import json
import os
import subprocess
import sys
import tempfile

BUILD = sys.argv[1]
TRIALS = int(sys.argv[2]) if len(sys.argv) > 2 else 25
PART = sys.argv[3] if len(sys.argv) > 3 else "all"
ADJ = os.path.join(BUILD, "adjutant")
GEN = os.path.join(BUILD, "bench", "adjgen")
TMP = tempfile.mkdtemp(prefix="adjpower.")


def game(path, seed, die):
    opp = 1 + seed % 3
    opp = opp + 1 if opp >= 3 else opp  # 1, 2 or 4
    players = f"Player 3,Player {opp}" if seed % 2 else f"Player {opp},Player 3"
    args = [GEN, "--seed", str(seed), "--events", "300", "--players", players, "-o", path]
    if die:
        args += ["--loaded", "Player 3", "--die", die]
    subprocess.run(args, check=True)


def archive(die, trial, g):
    """Trial `trial`'s first g games (written once, reused by larger g)."""
    d = os.path.join(TMP, f"{die or 'fair'}-{trial}")
    os.makedirs(d, exist_ok=True)
    paths = []
    for i in range(g):
        p = os.path.join(d, f"g{i:04}.yaml")
        if not os.path.exists(p):
            game(p, 100000 * trial + i + 1, die)
        paths.append(p)
    return paths


def run(paths):
    p = subprocess.run([ADJ, "dice", "--format", "json", *paths], capture_output=True, text=True)
    return json.loads(p.stdout)


def caught(die, g):
    hits, rolls = 0, 0
    for t in range(TRIALS):
        d = run(archive(die, t, g))
        rows = [r for r in d["groups"] if r["player"] == "Player 3"]
        hits += any(r["improbable"] for r in rows)
        rolls += next(r["n"] for r in rows if r["kind"] == "all")
    return hits / TRIALS, rolls / TRIALS


def needed(die):
    lo, g = 0, 1
    while True:
        rate, rolls = caught(die, g)
        if rate >= 0.8:
            break
        lo, g = g, g * 2
    while g - lo > max(1, g // 8):  # bisect the last doubling, to 1/8 of it
        mid = (lo + g) // 2
        r2, n2 = caught(die, mid)
        if r2 >= 0.8:
            g, rate, rolls = mid, r2, n2
        else:
            lo = mid
    return g, rate, rolls




def cheats():
    print(f"| cheater (adjgen --die) | games | caught in {TRIALS} trials | his rolls (mean) |")
    print("|---|---:|---:|---:|")
    for die in ["six:0.2", "six:0.25", "six:0.3", "cycle", "replay"]:
        g, rate, rolls = needed(die)
        print(f"| {die} | {g} | {rate:.0%} | {rolls:.0f} |", flush=True)


def deck_game(path, seed, mode, dealt):
    """One game of the deck archives; returns the cards Player 3 dealt."""
    opp = 1 + seed % 3
    opp = opp + 1 if opp >= 3 else opp
    players = f"Player 3,Player {opp}" if seed % 2 else f"Player {opp},Player 3"
    args = [GEN, "--seed", str(seed), "--events", "300", "--players", players, "-o", path,
            "--stats"]
    if mode != "fair":
        die = "deck" if mode == "deck" else f"season:{seed // 100000}:{dealt}"
        args += ["--loaded", "Player 3", "--die", die]
    p = subprocess.run(args, check=True, capture_output=True, text=True)
    for line in p.stderr.splitlines():
        if "deck:" in line:
            return int(line.split()[1])
    return 0


def deck_archive(mode, trial, budget):
    """Trial `trial`'s games while Player 3's rolls stay at most `budget`
    (`fair`: the same count of games as the deck archive of the same trial)."""
    d = os.path.join(TMP, f"deck-{mode}-{trial}")
    os.makedirs(d, exist_ok=True)
    games = DECK_GAMES.setdefault((mode, trial), [])
    while sum(n for _, n in games) <= budget:
        i = len(games)
        path = os.path.join(d, f"g{i:04}.yaml")
        games.append((path, deck_game(path, 100000 * trial + i + 1, mode,
                                      sum(n for _, n in games))))
    paths, total = [], 0
    for path, n in games:
        if total + n > budget:
            break
        paths.append(path)
        total += n
    return paths


DECK_GAMES = {}


def his_rolls(paths):
    rows = run(paths)["groups"]
    return next((r["n"] for r in rows if r["player"] == "Player 3" and r["kind"] == "all"), 0)


def cut(path, out, want):
    """`path` cut after the event that holds Player 3's `want`-th roll of the
    game (bisected over its event lines), written to `out`."""
    lines = open(path).read().split("\n")
    starts = [i for i, l in enumerate(lines) if l.startswith("  - ")]
    lo, hi = 0, len(starts)  # events kept: his rolls(lo) < want <= his rolls(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        with open(out, "w") as f:
            f.write("\n".join(lines[:starts[mid]]) + "\n")
        if his_rolls([out]) >= want:
            hi = mid
        else:
            lo = mid
    end = starts[hi] if hi < len(starts) else len(lines)
    with open(out, "w") as f:
        f.write("\n".join(lines[:end]) + "\n")


def deck_archive_exact(mode, trial, budget):
    """Trial `trial`'s games up to Player 3's `budget`-th roll exactly: the
    games before it whole, the game it falls in cut after it (a log saved
    the moment he made that roll: `dice` counts an unfinished game)."""
    paths = deck_archive(mode, trial, budget)
    games = DECK_GAMES[(mode, trial)]
    have = sum(n for _, n in games[:len(paths)])
    if have == budget:
        return paths
    last = games[len(paths)][0]
    out = last.replace(".yaml", f"-cut{budget}.yaml")
    if not os.path.exists(out):
        cut(last, out, budget - his_rolls(paths))
    return paths + [out]


EXACT = [300, 330, 360]  # "=R": exactly R of his rolls, the last game cut after the R-th


def deck():
    budgets = [120, 240, 360, 420, 540, 720]
    print("\n| deck of 36 (adjgen --die) | his rolls at most | caught (of 100) | by row "
          "| his rolls (mean) | games (mean) | fair players flagged |")
    print("|---|---:|---:|---|---:|---:|---:|")
    for mode, name in [("season", "one deck all season (season:S:K)"),
                       ("deck", "reshuffled every game (deck)")]:
        for budget in budgets + [f"={b}" for b in EXACT]:
            hits, rolls, games, others, by = 0, 0, 0, 0, {}
            for t in range(100):
                paths = (deck_archive_exact(mode, t, int(budget[1:])) if str(budget)[0] == "="
                         else deck_archive(mode, t, budget))
                rows = run(paths)["groups"]
                his = [r for r in rows if r["player"] == "Player 3"]
                flagged = [r["kind"] for r in his if r["improbable"]]
                hits += bool(flagged)
                for k in flagged:
                    by[k] = by.get(k, 0) + 1
                others += sum(r["improbable"] for r in rows if r["player"] != "Player 3")
                rolls += next(r["n"] for r in his if r["kind"] == "all")
                games += len(paths)
            rows_by = ", ".join(f"{k} {v}" for k, v in sorted(by.items(), key=lambda x: -x[1]))
            print(f"| {name} | {budget} | {hits} | {rows_by} | {rolls / 100:.0f} | "
                  f"{games / 100:.1f} | {others} |", flush=True)
    for budget in budgets:
        flagged = 0
        for t in range(100):
            n = len(deck_archive("deck", t, budget))
            fair = DECK_GAMES.setdefault(("fair", t), [])
            d = os.path.join(TMP, f"deck-fair-{t}")
            os.makedirs(d, exist_ok=True)
            while len(fair) < n:
                i = len(fair)
                path = os.path.join(d, f"g{i:04}.yaml")
                deck_game(path, 100000 * t + i + 1, "fair", 0)
                fair.append((path, 0))
            flagged += any(r["improbable"] for r in run([p for p, _ in fair[:n]])["groups"])
        print(f"| the same games, his dice fair | {budget} | {flagged} (false flags) | | | | |",
              flush=True)


def fair():
    flagged = 0
    for t in range(100):
        paths = []
        d = os.path.join(TMP, f"fairarch-{t}")
        os.makedirs(d)
        for i in range(40):
            p = os.path.join(d, f"g{i:03}.yaml")
            subprocess.run([GEN, "--seed", str(7000000 + 1000 * t + i), "--events", "300",
                            "--players", f"Player {1 + i % 4},Player {1 + (i + 1 + t % 3) % 4}",
                            "-o", p], check=True)
            paths.append(p)
        p = subprocess.run([ADJ, "dice", *paths], capture_output=True)
        flagged += p.returncode == 1
    print(f"\nfalse flags: {flagged} of 100 fair archives (40 games, four players) have a row "
          "IMPROBABLE")


if PART == "none":
    pass
if PART in ("cheats", "all"):
    cheats()
if PART in ("deck", "all"):
    deck()
if PART in ("fair", "all"):
    fair()
subprocess.run(["rm", "-rf", TMP])
