#!/usr/bin/env python3
"""`adjutant dice` end to end (SPEC 7), on logs written here.

Every expected number is derived here, independently of adjutant: the
counts by hand from the rolls written, chi2 as an exact fraction
(fractions.Fraction) rounded once, p from Python's own erfc, and
Benjamini-Hochberg by the textbook formula; the worked example's values
are also spelled out in comments. Each check prints what differs.

    usage: dice.py ADJUTANT [ADJGEN GUIDE]

With ADJGEN and GUIDE (docs/guide.md), the guide's worked example ("Are the dice fair?")
is run as written and must print what the guide shows.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction

ADJ = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="adjdice.")
failures = []


def check(what, got, want):
    if got != want:
        failures.append(f"{what}:\n  got  {got!r}\n  want {want!r}")


def run(*args, stdin=None):
    p = subprocess.run([ADJ, "dice", *args], capture_output=True, text=True, input=stdin,
                       env={**os.environ, "NO_COLOR": "1"})
    return p.returncode, p.stdout, p.stderr


def run_json(*args):
    rc, out, err = run("--format", "json", *args)
    lines = out.splitlines()
    check(f"dice {args}: one JSON line", len(lines), 1)
    return rc, json.loads(lines[0]) if lines else None, out, err


def write(name, text):
    path = os.path.join(TMP, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


def log(events, players=None, tail=""):
    """A log with leaders a, a2 (CSA) and b (USA); `events` are YAML lines."""
    head = ["format: adjutant/1", "last_turn: 9", "optional_rules: [illness]",
            "sides: [CSA, USA]"]
    if players:
        head.append("players:")
        head += [f"  {side}: {name}" for side, name in players.items()]
    head += ["leaders:", "  - {id: a, side: CSA}", "  - {id: a2, side: CSA}",
             "  - {id: b, side: USA}", "events:", "  - turn: 1"]
    return "\n".join(head + [f"  - {e}" for e in events]) + "\n" + tail


def rolls(leader, faces, kind="activate"):
    return [f"{{{kind}: {leader}, roll: {r}}}" for r in faces]


def face_counts(faces):
    return [faces.count(f) for f in range(1, 7)]


def chi2(counts):
    n = sum(counts)
    return float(Fraction(sum((6 * c - n) ** 2 for c in counts), 6 * n))


def q5(x):
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def bh(ps):
    m = len(ps)
    order = sorted(range(m), key=lambda i: (ps[i], i))
    adj = [0.0] * m
    for rank, i in enumerate(order, 1):
        adj[i] = min(1.0, min(m * ps[j] / r for r, j in enumerate(order, 1) if r >= rank))
    return adj


def close(a, b):
    if a is None or b is None:
        return a == b
    return a == b or abs(a - b) <= 1e-12 * max(abs(a), abs(b))


def row_want(counts, player=None, side=None, file=None, kind="all"):
    n = sum(counts)
    want = {"player": player, "side": side, "file": file, "kind": kind, "n": n,
            "counts": counts, "mean": sum((f + 1) * c for f, c in enumerate(counts)) / n}
    if n >= 30:
        want["chi2"] = chi2(counts)
        want["p"] = q5(want["chi2"])
    else:
        want.update(chi2=None, p=None, p_adjusted=None, improbable=False)
    return want


def check_rows(what, got, wants, alpha=0.001):
    """`wants` without p_adjusted: BH is applied here over the tested ones."""
    tested = [w for w in wants if w["chi2"] is not None]
    for w, a in zip(tested, bh([w["p"] for w in tested])):
        w["p_adjusted"] = a
        w["improbable"] = a < alpha
    check(f"{what}: row count", len(got), len(wants))
    for i, (g, w) in enumerate(zip(got, wants)):
        for k, v in w.items():
            ok = close(g[k], v) if isinstance(v, float) and k in ("p", "p_adjusted") else g[k] == v
            if not ok:
                failures.append(f"{what}: row {i} {k}: got {g[k]!r}, want {v!r}")


# ---- n = 29 has no p; n = 30 has one ----
faces29 = [1, 2, 3, 4, 5, 6] * 4 + [1, 1, 1, 2, 2]
f29 = write("n29.yaml", log(rolls("a", faces29)))
rc, d, _, _ = run_json(f29)
check("n=29 exit", rc, 0)
check_rows("n=29", d["groups"], [row_want(face_counts(faces29), side="CSA", file=f29),
                                  row_want(face_counts(faces29), side="CSA", file=f29, kind="imc")])
f30 = write("n30.yaml", log(rolls("a", faces29 + [3])))
rc, d, out, _ = run_json(f30)
check("n=30 exit", rc, 0)
c30 = face_counts(faces29 + [3])  # [7, 6, 5, 4, 4, 4]: sum (6c-30)^2 = 144+36+0+36*3 = 288
check("n=30 counts by hand", c30, [7, 6, 5, 4, 4, 4])
check("n=30 chi2 = 288/180", d["groups"][0]["chi2"], 1.6)
check_rows("n=30", d["groups"], [row_want(c30, side="CSA", file=f30),
                                  row_want(c30, side="CSA", file=f30, kind="imc")])
check("n=30 doubles printed shortest", '"chi2": 1.6, ' in out, True)
check("n=30 mean: 17 digits where needed", '"mean": 3.1333333333333333, ' in out, True)  # 94/30

# ---- a hand-worked Benjamini-Hochberg over one run, with ties ----
# Ann: 30 rolls, 5 of each face: chi2 0, p 1 (rows all and imc: a tie).
# Ben: 10 ones and 4 of each other face: chi2 (20^2... ) = (30^2 + 5 * 6^2) / 180 = 1080/180 = 6,
#      p = Q(6) = 0.30622 (rows all and imc: a tie).
# Cy:  15 ones and 3 of each other face: chi2 = (60^2 + 5 * 12^2) / 180 = 4320/180 = 24,
#      p = Q(24) = 2.1711e-4 (rows all and imc: a tie).
# Dee: 12 rolls: no p (n < 30), so m = 6.
# Sorted: Cy, Cy, Ben, Ben, Ann, Ann. Adjusted = min over j >= i of 6 p_j / j:
#   Cy:  min(6p/1, 6p/2, 6*0.306/3, ...) = 3 * 2.1711e-4 = 6.5134e-4 < 0.001: IMPROBABLE
#   Ben: min(6*0.30622/3, 6*0.30622/4, 6/5, 6/6) = 1.5 * 0.30622 = 0.45933
#   Ann: min(6/5, 6/6) = 1
ann = [1, 2, 3, 4, 5, 6] * 5
ben = [1] * 10 + [2, 3, 4, 5, 6] * 4
cy = [1] * 15 + [2, 3, 4, 5, 6] * 3
dee = [6] * 12
bh_file = write("bh/game1.yaml", log(rolls("a", ann) + rolls("b", ben),
                                     {"CSA": "Ann", "USA": "Ben"}))
bh_file2 = write("bh/game2.yaml", log(rolls("a", cy) + rolls("b", dee),
                                      {"CSA": "Cy", "USA": "Dee"}))
rc, d, _, _ = run_json(os.path.join(TMP, "bh"))
check("BH exit (one row improbable)", rc, 1)
check("chi2 of Ben by hand", d["groups"][2]["chi2"], 6.0)
check("chi2 of Cy by hand", d["groups"][4]["chi2"], 24.0)
got_adj = [g["p_adjusted"] for g in d["groups"]]
want_adj = [1.0, 1.0, 1.5 * q5(6), 1.5 * q5(6), 3 * q5(24), 3 * q5(24), None, None]
check("BH by hand", [round(x, 12) if x is not None else None for x in got_adj],
      [round(x, 12) if x is not None else None for x in want_adj])
check("BH 4 digits", [f"{x:.4g}" for x in got_adj[2:6]], ["0.4593", "0.4593", "0.0006513", "0.0006513"])
check("BH flags", [g["improbable"] for g in d["groups"]], [False] * 4 + [True, True, False, False])
check_rows("BH rows", d["groups"],
           [row_want(face_counts(x), player=p, kind=k) for p, x in
            (("Ann", ann), ("Ben", ben), ("Cy", cy), ("Dee", dee)) for k in ("all", "imc")])
rc, d, _, _ = run_json("--alpha", "0.0005", os.path.join(TMP, "bh"))
check("BH at alpha 0.0005: nothing improbable, exit 0", (rc, d["alpha"],
      [g["improbable"] for g in d["groups"]]), (0, 0.0005, [False] * 8))
rc, d, _, _ = run_json("--alpha", "0.5", "--alpha", "7e-4", os.path.join(TMP, "bh"))
check("the last --alpha counts", (rc, d["alpha"]), (1, 0.0007))
rc, text, err = run(os.path.join(TMP, "bh"))
check("text exit", rc, 1)
check("text flags Cy", [ln.split()[0] for ln in text.splitlines() if ln.endswith("IMPROBABLE")],
      ["Cy", "Cy"])
check("text says a flag is not proof", "never proof" in text, True)

# ---- one player pooled across files and sides; an unnamed side ----
p1 = write("pool/1.yaml", log(rolls("a", [1, 2]) + rolls("b", [3], "sustain"), {"CSA": "Ann"}))
p2 = write("pool/2.yaml", log(rolls("b", [6, 6], "illness") + rolls("a", [5], "duration"),
                              {"USA": "Ann", "CSA": "Zed"}))
p3 = write("pool/3.yaml", log(rolls("a", [4]) + rolls("b", [2]), {"CSA": "Ann", "USA": "Ann"}))
rc, d, _, _ = run_json(os.path.join(TMP, "pool"))
check("pool exit", rc, 0)
# Ann: CSA of 1 (imc 1, 2), USA of 2 (illness 6, 6), both sides of 3 (imc 4, 2)
# Zed: CSA of 2 (duration 5); USA of 1 is unnamed (sustain 3)
check_rows("pool", d["groups"], [
    row_want([1, 2, 0, 1, 0, 2], player="Ann"),
    row_want([1, 2, 0, 1, 0, 0], player="Ann", kind="imc"),
    row_want([0, 0, 0, 0, 0, 2], player="Ann", kind="illness"),
    row_want([0, 0, 0, 0, 1, 0], player="Zed"),
    row_want([0, 0, 0, 0, 1, 0], player="Zed", kind="duration"),
    row_want([0, 0, 1, 0, 0, 0], side="USA", file=p1),
    row_want([0, 0, 1, 0, 0, 0], side="USA", file=p1, kind="sustain"),
])
# the same file given twice is read twice: Ann's rolls double, the unnamed
# side is two groups
rc, d, _, _ = run_json(p1, p1)
check("a file given twice", [(g["player"], g["side"], g["kind"], g["n"]) for g in d["groups"]],
      [("Ann", None, "all", 4), ("Ann", None, "imc", 4), (None, "USA", "all", 1),
       (None, "USA", "sustain", 1), (None, "USA", "all", 1), (None, "USA", "sustain", 1)])
check("a file given twice: listed twice", [f["file"] for f in d["files"]], [p1, p1])

# ---- names: trimmed of spaces, then compared byte for byte, in byte order ----
n1 = write("names/1.yaml", log(rolls("a", [1]) + rolls("b", [2]), {"CSA": "ann", "USA": "'  Ann '"}))
n2 = write("names/2.yaml", log(rolls("a", [3]) + rolls("b", [4]), {"CSA": "Ann", "USA": "Ann  Lee"}))
rc, d, _, _ = run_json(os.path.join(TMP, "names"))
check("names: groups", [(g["player"], g["counts"]) for g in d["groups"] if g["kind"] == "all"],
      [("Ann", [0, 1, 1, 0, 0, 0]), ("Ann  Lee", [0, 0, 0, 1, 0, 0]), ("ann", [1, 0, 0, 0, 0, 0])])

# ---- files not counted: bad-document (even after the events), yaml-syntax ----
bad_after = write("bad/after.yaml", log(rolls("a", [6] * 40), {"CSA": "Ann"}, "extra: 1\n"))
bad_syntax = write("bad/syntax.yaml", log(rolls("a", [6] * 3)) + "  - {activate: a, roll: [\n")
bad_alias = write("bad/alias.yaml", log(rolls("a", [6]) + ["&x {activate: a, roll: 2}"]))
good = write("bad/good.yaml", log(rolls("a", [2, 3])))
rc, d, _, _ = run_json(bad_after, bad_syntax, bad_alias, good)
check("not counted: files", d["files"], [
    {"file": bad_after, "counted": False, "reason": "bad-document", "rolls": 0, "out_of_range": 0},
    {"file": bad_syntax, "counted": False, "reason": "yaml-syntax", "rolls": 0, "out_of_range": 0},
    {"file": bad_alias, "counted": False, "reason": "yaml-alias", "rolls": 0, "out_of_range": 0},
    {"file": good, "counted": True, "reason": None, "rolls": 2, "out_of_range": 0}])
check("not counted: no rolls of theirs", [(g["side"], g["file"], g["n"]) for g in d["groups"]],
      [("CSA", good, 2), ("CSA", good, 2)])
rc, text, _ = run(bad_after, good)
check("text lists the file not counted",
      f"files not counted (not one valid log: none of their rolls count):\n  {bad_after}: bad-document\n"
      in text, True)

# ---- which rolls count ----
which = write("which.yaml", "\n".join([
    "format: adjutant/1", "last_turn: 9", "sides: [CSA, USA]", "players: {CSA: Ann}",
    "leaders:", "  - {id: a, side: CSA}", "  - {id: b, side: USA}", "events:",
    "  - {sustain: a, roll: 1}",            # before the first turn: counted
    "  - turn: 1",
    "  - {activate: a, roll: 7}",           # out of range
    "  - {activate: a, roll: 0}",           # out of range
    "  - {activate: a, roll: \"3\"}",       # bad-field: nowhere
    "  - {activate: ghost, roll: 3}",       # unknown-leader: nowhere
    "  - {activate: a, roll: 3, mp: -1}",   # bad-field on another field: nowhere
    "  - {illness: a, roll: 4}",            # illness-rule-off, unwarranted: counted
    "  - {activate: b, roll: 2, colour: red}",  # unknown-field (a warning): counted
    "  - end: {CSA: 0, USA: 0}",
    "  - {duration: a, roll: 5}",           # after end: counted
    "  - {sustain: b, roll: 6}",            # after end: counted
    ""]))
rc, d, _, _ = run_json(which)
check("which: file", d["files"], [{"file": which, "counted": True, "reason": None, "rolls": 5,
                                   "out_of_range": 2}])
check_rows("which", d["groups"], [
    row_want([1, 0, 0, 1, 1, 0], player="Ann"),
    row_want([0, 0, 0, 1, 0, 0], player="Ann", kind="illness"),
    row_want([0, 0, 0, 0, 1, 0], player="Ann", kind="duration"),
    row_want([1, 0, 0, 0, 0, 0], player="Ann", kind="sustain"),
    row_want([0, 1, 0, 0, 0, 1], side="USA", file=which),
    row_want([0, 1, 0, 0, 0, 0], side="USA", file=which, kind="imc"),
    row_want([0, 0, 0, 0, 0, 1], side="USA", file=which, kind="sustain"),
])

# ---- usage errors, I/O failures ----
for bad in ["0", "1", "1.0", "1.5", "-0.1", "+0.1", " 0.1", "0.1 ", "abc", "0x0.1", "1e", "1e+",
            "inf", "nan", "0.1x", "..1", "", "1e-400", "0.01.", "e-3"]:
    rc, out, err = run("--alpha", bad, good)
    check(f"--alpha '{bad}': usage error", (rc, out, err.splitlines()[0] if err else ""),
          (2, "", f"adjutant: --alpha takes a number between 0 and 1, both excluded "
                  f"(such as 0.001 or 1e-4), not '{bad}'"))
for ok, want in [("0.05", 0.05), ("5e-2", 0.05), (".5", 0.5), ("5.E-1", 0.5), ("0.999", 0.999),
                 ("1E-300", 1e-300)]:
    rc, d, _, _ = run_json("--alpha", ok, good)
    check(f"--alpha {ok}", (rc, d["alpha"]), (0, want))
for args, msg in [((), "dice needs at least one FILE or DIR (- for standard input)"),
                  (("--ruling", "recovery=full-turns", good),
                   "dice takes no --ruling: a roll logged counts whatever the rules decide"),
                  (("-", "-"), "- (standard input) may be given only once"),
                  (("--at", "turn:2", good), "dice takes no --at"),
                  (("--summary", good), "--summary is an option of audit")]:
    rc, out, err = run(*args)
    check(f"dice {args}", (rc, out, err.splitlines()[0]), (2, "", f"adjutant: {msg}"))
p = subprocess.run([ADJ, "audit", "--alpha", "0.1", good], capture_output=True, text=True)
check("--alpha is dice's", (p.returncode, p.stderr.splitlines()[0]),
      (2, "adjutant: --alpha is an option of dice"))
missing = os.path.join(TMP, "no-such.yaml")
rc, d, out, err = run_json(missing, good)
check("unreadable: exit 2, on stderr, not listed",
      (rc, err, [f["file"] for f in d["files"]]),
      (2, f"adjutant: {missing}: No such file or directory\n", [good]))
p = subprocess.run([ADJ, "dice", "--format", "json", "-"], capture_output=True, text=True,
                   input=open(good).read())
check("standard input", json.loads(p.stdout)["files"][0]["file"], "-")

# ---- -j 1 and -j 2 print the same bytes ----
for i in range(24):
    faces = [(i * 7 + k * k) % 6 + 1 for k in range(40 + i)]
    write(f"many/g{i:02}.yaml", log(rolls("a", faces) + rolls("b", faces[::2], "sustain"),
                                    {"CSA": f"P{i % 5}"} if i % 3 else None))
write("many/broken.yaml", "format: [\n")
outs = [run("--format", fmt, "-j", j, os.path.join(TMP, "many"))
        for fmt in ("json", "text") for j in ("1", "2", "7")]
check("-j 1, 2, 7: same json", outs[0] == outs[1] == outs[2], True)
check("-j 1, 2, 7: same text", outs[3] == outs[4] == outs[5], True)
check("-j: the run tested rows", '"p_adjusted": 0' in outs[0][1] or '"p_adjusted": 1' in outs[0][1],
      True)

# ---- the guide's worked example runs as written ----
if len(sys.argv) == 4:
    text = open(sys.argv[3]).read()
    section = text[text.index("## Are the dice fair?"):]
    section = section[:section.index("\n## ", 5)]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, re.S)
    cwd = os.path.join(TMP, "readme")
    os.makedirs(os.path.join(cwd, "build", "bench"))
    os.symlink(os.path.abspath(ADJ), os.path.join(cwd, "build", "adjutant"))
    os.symlink(os.path.abspath(sys.argv[2]), os.path.join(cwd, "build", "bench", "adjgen"))
    p = subprocess.run(["bash", "-c", blocks[0][1]], cwd=cwd, capture_output=True, text=True,
                       env={**os.environ, "NO_COLOR": "1"})
    check("guide example: exit status", p.returncode, 1)
    check("guide example: output", p.stdout, blocks[1][1])
    p = subprocess.run([ADJ, "dice", "ladder/game-2.yaml"], cwd=cwd, capture_output=True,
                       text=True)
    check("guide example: one game", "Player 3  imc        50    2   12    8    7    5   16"
          "   3.98   15.04     0.0102      0.0408\n" in p.stdout, True)

for f in failures:
    print("FAIL:", f)
print(f"dice.py: {len(failures)} failure(s)")
subprocess.run(["rm", "-rf", TMP])
sys.exit(1 if failures else 0)
