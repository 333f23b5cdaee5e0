#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Which ladder file applies, and a ladder file that is not valid (SPEC 13).

Each case builds a small tree in a temporary directory and checks adjutant's
exit status, standard output and standard error exactly:

- discovery: the nearest adjutant-ladder.yaml in the log's directory or
  above; the search ends at a directory holding .git or the home directory
  (both still searched); a log reached through a symbolic link looks beside
  the link; `-` looks from the working directory;
- refused: a file others can write, a directory of that name (never skipped
  for one further up);
- a ladder file that is not valid: every problem at FILE:LINE:COL, its logs
  not audited (exit 2), the other logs audited;
- --ladder / --no-ladder: usage errors; --ladder names one file for all;
- the directory walk never reads the ladder file as a log;
- several ladder files in one run, each read once;
- hostile files (issue 33 items 2, 11): a FIFO of that name refused without
  blocking, found or named; another account's file found by the search
  refused, naming --ladder, and used when named (run as root and as nobody);
- messages (issue 33 item 15) and behaviours a mutation run found untested
  (item 26), each line exact.

    usage: ladder.py ADJUTANT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ADJ = os.path.abspath(sys.argv[1])
failures = []

LOG = """format: adjutant/1
scenario: Mini
events:
  - turn: 1
  - end: {CSA: 0, USA: 0}
"""
OWN = """format: adjutant/1
last_turn: 1
sides: [CSA, USA]
leaders: [{id: lee, side: CSA}]
events:
  - turn: 1
  - end: {CSA: 0, USA: 0}
"""
LADDER = """format: adjutant-ladder/1
name: %s
scenarios:
  Mini:
    last_turn: 1
    sides: [CSA, USA]
    leaders: [{id: lee, side: CSA}]
"""


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + str(detail)))
    if not ok:
        failures.append(name)


def tree(root, files):
    """files: {relative path: text, or None for a directory}; mode 644."""
    for rel, text in files.items():
        path = os.path.join(root, rel)
        if text is None:
            os.makedirs(path, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(path, 0o644)


def run(args, cwd, home=None, stdin=None, user=None):
    """user: run as that uid (setpriv), for the owner checks."""
    env = dict(os.environ, NO_COLOR="1", HOME=home or "/nonexistent-home")
    pre = []
    if user is not None:
        pre = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"]
    try:
        p = subprocess.run(pre + [ADJ] + args, cwd=cwd, env=env, input=stdin,
                           capture_output=True, timeout=60)  # a bound on a hang, not a measure
    except subprocess.TimeoutExpired:
        return "hang", "", ""
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def ladder_of(cwd, args, home=None, stdin=None, user=None):
    """The `ladder` member of each JSON audit object, exit status, stderr."""
    st, out, err = run(["audit", "--format", "json"] + args, cwd, home, stdin, user)
    return [json.loads(l).get("ladder") for l in out.splitlines()], st, err


def fresh():
    d = tempfile.mkdtemp(prefix="adj-ladder-")
    os.makedirs(os.path.join(d, "repo", ".git"))  # the search ends here at the latest
    return d, os.path.join(d, "repo")


def case_upward():
    d, r = fresh()
    tree(r, {"adjutant-ladder.yaml": LADDER % "top", "a/b/g.yaml": LOG})
    got = ladder_of(r, ["a/b/g.yaml"])
    check("upward: the nearest above the log", got == (["adjutant-ladder.yaml"], 0, ""), got)
    got = ladder_of(os.path.join(r, "a"), ["b/g.yaml"])
    check("upward: a path formed from the log's", got == (["../adjutant-ladder.yaml"], 0, ""),
          got)
    tree(r, {"a/adjutant-ladder.yaml": LADDER % "nearer"})
    got = ladder_of(r, ["a/b/g.yaml"])
    check("upward: the nearest wins", got == (["a/adjutant-ladder.yaml"], 0, ""), got)
    got = ladder_of(os.path.join(r, "a"), ["-"], stdin=LOG.encode())
    check("upward: - looks from the working directory",
          got == (["adjutant-ladder.yaml"], 0, ""), got)
    shutil.rmtree(d)


def case_stops():
    d, r = fresh()
    tree(d, {"adjutant-ladder.yaml": LADDER % "outside", "home/g.yaml": OWN,
             "home/sub/g.yaml": OWN})
    tree(r, {"g.yaml": OWN})
    got = ladder_of(r, ["g.yaml"])
    check(".git: the search ends at the repository's root", got == ([None], 0, ""), got)
    home = os.path.join(d, "home")
    got = ladder_of(home, ["sub/g.yaml", "g.yaml"], home=home)
    check("home: the search ends at the home directory", got == ([None, None], 0, ""), got)
    tree(home, {"adjutant-ladder.yaml": LADDER % "home"})
    got = ladder_of(home, ["sub/g.yaml"], home=home)
    check("home: the home directory is still searched",
          got == (["adjutant-ladder.yaml"], 0, ""), got)
    shutil.rmtree(d)


def case_refused():
    d, r = fresh()
    tree(r, {"adjutant-ladder.yaml": LADDER % "top", "a/g.yaml": LOG, "a/adjutant-ladder.yaml":
             LADDER % "shared", "b/g.yaml": OWN})
    os.chmod(os.path.join(r, "a/adjutant-ladder.yaml"), 0o666)
    st, out, err = run(["audit", "a/g.yaml", "b/g.yaml"], r)
    want = ("adjutant: a/adjutant-ladder.yaml: can be written by others than its owner; it is refused\n"
            "adjutant: a/g.yaml: not audited: its ladder file is not valid\n")
    check("others can write it: refused, not skipped", (st, err) == (2, want), (st, err))
    check("others can write it: the other logs are audited",
          "b/g.yaml: clean" in out and "a/g.yaml" not in out, out)
    os.remove(os.path.join(r, "a/adjutant-ladder.yaml"))
    tree(r, {"a/adjutant-ladder.yaml/x": "x"})
    st, out, err = run(["audit", "a/g.yaml"], r)
    want = ("adjutant: a/adjutant-ladder.yaml: is a directory, not a ladder file; it is refused\n"
            "adjutant: a/g.yaml: not audited: its ladder file is not valid\n")
    check("a directory of that name: refused", (st, out, err) == (2, "", want), (st, out, err))
    shutil.rmtree(d)


def case_symlink():
    d, r = fresh()
    tree(r, {"real/g.yaml": LOG, "real/adjutant-ladder.yaml": LADDER % "real",
             "links/adjutant-ladder.yaml": LADDER % "links"})
    os.symlink("../real/g.yaml", os.path.join(r, "links/g.yaml"))
    got = ladder_of(r, ["links/g.yaml"])
    check("a symbolic link: beside the link", got == (["links/adjutant-ladder.yaml"], 0, ""), got)
    shutil.rmtree(d)


BAD = """format: adjutant-ladder/2
nam: X
rulings:
  recovery: half
  speed: fast
players:
  - name: Gus Berg
  - name: gus  BERG
  - aliases: [x]
scenarios:
  A:
    first_turn: 3
    last_turn: 2
    sides: [CSA, USA]
    leaders:
      - {id: lee, side: Union}
      - {id: "bad id", side: CSA}
      - {id: jo, side: CSA}
      - {id: jo, side: USA}
      - 7
    optional_rules: [illnes]
    imc: {1: [0, 1]}
    victory:
      - {margin: 0, level: x}
      - {margin: 3, level: a}
      - {margin: 3, level: b}
  B:
    leaders: [{id: a, side: X}]
    game: x
"""
BAD_ERR = """\
L:1:9: error: `format` must be exactly adjutant-ladder/1 [bad-field, ladder]
L:2:1: warning: unknown key "nam" in the ladder file (did you mean `name`?) [unknown-field, ladder]
L:4:13: error: ruling `recovery` has no value `half` (its values: counts-first-turn or full-turns) [bad-field, ladder]
L:5:3: error: unknown ruling `speed` (see `adjutant --help`) [bad-field, ladder]
L:8:11: error: this name is the same player's as `Gus Berg`'s (line 7): two players cannot share a name [bad-field, ladder]
L:9:5: error: a player lacks `name` [bad-field, ladder]
L:13:16: error: `last_turn` is before `first_turn` [bad-field, ladder]
L:16:25: error: side "Union" is not one of the scenario's `sides` (CSA, USA) [bad-field, ladder]
L:17:14: error: leader id "bad id" must match [A-Za-z0-9_.-]+ [bad-field, ladder]
L:19:10: error: leader "jo" is already in the roster [duplicate-leader, ladder]
L:20:9: error: a roster entry must be a mapping with `id` and `side` [bad-field, ladder]
L:21:22: error: unknown optional rule "illnes" (adjutant knows `illness`, rule 8.13) [unknown-optional-rule, ladder]
L:22:14: error: `imc` row must be a list of six integers >= 0 [bad-field, ladder]
L:24:18: error: `margin` must be an integer >= 1 [bad-field, ladder]
L:26:9: error: another victory row has this margin [bad-field, ladder]
L:28:14: error: a scenario holding `leaders` must hold `sides` [bad-field, ladder]
L:29:5: warning: unknown key "game" in a scenario; it is ignored [unknown-field, ladder]
"""


def case_invalid():
    d, r = fresh()
    tree(r, {"bad/adjutant-ladder.yaml": BAD, "bad/g.yaml": LOG, "bad/h.yaml": LOG,
             "good/adjutant-ladder.yaml": LADDER % "good", "good/g.yaml": LOG})
    st, out, err = run(["audit", "--summary", "-j", "2", "bad", "good"], r)
    want = BAD_ERR.replace("L:", "bad/adjutant-ladder.yaml:") + (
        "adjutant: bad/g.yaml: not audited: its ladder file is not valid\n"
        "adjutant: bad/h.yaml: not audited: its ladder file is not valid\n")
    check("not valid: every problem at FILE:LINE:COL, once per run", (st, err) == (2, want),
          (st, err))
    check("not valid: the other ladder's logs are audited",
          "good/g.yaml" in out and "bad/g.yaml" not in out, out)
    st, out, err = run(["ladder", "bad"], r)
    check("ladder: not valid is exit 2", (st, out, err) ==
          (2, "", BAD_ERR.replace("L:", "bad/adjutant-ladder.yaml:")), (st, out, err))
    tree(r, {"alias/adjutant-ladder.yaml": "format: adjutant-ladder/1\nname: &a x\n",
             "syntax/adjutant-ladder.yaml": "format: adjutant-ladder/1\nname: [x\n",
             "empty/adjutant-ladder.yaml": "# nothing\n"})
    for sub, want in (("alias", "alias/adjutant-ladder.yaml:2:7: error: anchor &a: anchors and "
                                "aliases are not allowed in a ladder file [yaml-alias, ladder]\n"),
                      ("syntax", "syntax/adjutant-ladder.yaml:2:7: error: `name` must be a "
                                 "string [bad-field, ladder]\nsyntax/adjutant-ladder.yaml:3:1: "
                                 "error: the `[` opened on line 2 is not closed"),
                      ("empty", "empty/adjutant-ladder.yaml:1:1: error: the ladder file holds "
                                "no YAML document [bad-document, ladder]")):
        st, out, err = run(["ladder", sub], r)
        check("ladder: " + sub, st == 2 and err.startswith(want), (st, err))
    shutil.rmtree(d)


def case_options():
    d, r = fresh()
    tree(r, {"adjutant-ladder.yaml": LADDER % "top", "x/adjutant-ladder.yaml": LADDER % "x",
             "g.yaml": LOG, "o.yaml": OWN})
    usage = "Try 'adjutant --help' for more information.\n"
    for args, msg in (
            (["--ladder", "x/adjutant-ladder.yaml", "--ladder", "x/adjutant-ladder.yaml"],
             "--ladder may be given once"),
            (["--ladder", "x/adjutant-ladder.yaml", "--no-ladder"],
             "--ladder and --no-ladder cannot both be given"),
            (["--no-ladder", "--ladder", "x/adjutant-ladder.yaml"],
             "--ladder and --no-ladder cannot both be given"),
            (["--ladder", "-"], "--ladder names a file, not standard input ('-')"),
            (["--ladder", "x"], "--ladder names a file: 'x' is a directory")):
        st, out, err = run(["audit"] + args + ["g.yaml"], r)
        check("usage: " + " ".join(args), (st, out) == (2, "") and
              err.startswith("adjutant: " + msg + "\n"), (st, err))
    got = ladder_of(r, ["--ladder", "x/adjutant-ladder.yaml", "g.yaml"])
    check("--ladder FILE for every log", got == (["x/adjutant-ladder.yaml"], 0, ""), got)
    got = ladder_of(r, ["--no-ladder", "o.yaml"])
    check("--no-ladder", got == ([None], 0, ""), got)
    st, out, err = run(["audit", "--ladder", "none.yaml", "g.yaml", "o.yaml"], r)
    check("--ladder: a file that is not there", (st, err) == (
        2, "adjutant: none.yaml: No such file or directory\n"
           "adjutant: g.yaml: not audited: its ladder file is not valid\n"
           "adjutant: o.yaml: not audited: its ladder file is not valid\n"), (st, err))
    for cmd in (["explain", "g.yaml", "lee"], ["status", "g.yaml"], ["fix", "g.yaml"],
                ["compare", "g.yaml", "--ruling", "recovery=full-turns"], ["dice", "g.yaml"]):
        st, out, err = run(cmd + ["--ladder", "x/adjutant-ladder.yaml"], r)
        check(cmd[0] + " takes --ladder", st in (0, 1) and "usage" not in err.lower(), (st, err))
    shutil.rmtree(d)


def case_walk_and_several():
    d, r = fresh()
    tree(r, {"one/adjutant-ladder.yaml": LADDER % "one", "one/g.yaml": LOG,
             "two/adjutant-ladder.yaml": LADDER % "two", "two/g.yaml": LOG})
    got = ladder_of(r, ["one", "two"])
    check("the walk skips the ladder file; several ladders in one run",
          got == (["one/adjutant-ladder.yaml", "two/adjutant-ladder.yaml"], 0, ""), got)
    tree(r, {"only/adjutant-ladder.yaml": LADDER % "only"})
    st, out, err = run(["audit", "only"], r)
    check("a folder holding only a ladder file holds no log", st == 2 and
          err == "adjutant: only: no log (*.yaml, *.yml) in this directory\n", (st, err))
    shutil.rmtree(d)


def case_fifo():
    """A FIFO named adjutant-ladder.yaml blocked every run below it (issue 33
    item 2): refused at once, found or named."""
    d, r = fresh()
    tree(r, {"a/g.yaml": LOG, "b/g.yaml": OWN})
    os.mkfifo(os.path.join(r, "a/adjutant-ladder.yaml"))
    st, out, err = run(["audit", "a/g.yaml", "b/g.yaml"], r)
    want = ("adjutant: a/adjutant-ladder.yaml: is not a regular file (a FIFO, a socket or a "
            "device); it is refused\n"
            "adjutant: a/g.yaml: not audited: its ladder file is not valid\n")
    check("a FIFO found by the search: refused, not opened", (st, err) == (2, want), (st, err))
    check("a FIFO found by the search: the other logs are audited",
          out.endswith("b/g.yaml: clean, 0 warnings; the claimed tally agrees.\n"), out)
    st, out, err = run(["audit", "--ladder", "a/adjutant-ladder.yaml", "b/g.yaml"], r)
    check("--ladder FIFO: a usage error", (st, out, err) == (
        2, "", "adjutant: --ladder names a regular file: 'a/adjutant-ladder.yaml' is a FIFO, a "
               "socket or a device\nTry 'adjutant --help'\n"),
          (st, out, err))
    st, out, err = run(["ladder", "a"], r)
    check("ladder: a FIFO is not valid", (st, out, err) == (
        2, "", "adjutant: a/adjutant-ladder.yaml: is not a regular file (a FIFO, a socket or a "
               "device); it is refused\n"), (st, out, err))
    shutil.rmtree(d)


NOBODY = 65534
OWNED = ("adjutant: adjutant-ladder.yaml: is owned by another user, neither you nor root; it "
         "is refused (name it with --ladder to use it)\n"
         "adjutant: g.yaml: not audited: its ladder file is not valid\n")


def case_owner():
    """Another account's ladder file in a shared folder lent its rulings to
    every log below it (issue 33 item 11). Checked as root (a file owned by
    nobody) and as nobody (files owned by root, by nobody, by a third uid)."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        print("skip owner: needs root and setpriv (to own files as another user)")
        return
    d, r = fresh()
    tree(r, {"adjutant-ladder.yaml": LADDER % "theirs", "g.yaml": LOG})
    for dirpath, _, _ in os.walk(d):
        os.chmod(dirpath, 0o755)  # nobody may look
    lad = os.path.join(r, "adjutant-ladder.yaml")
    os.chown(lad, NOBODY, NOBODY)
    st, out, err = run(["audit", "g.yaml"], r)
    check("owner: another user's file, found: refused naming --ladder", (st, out, err) ==
          (2, "", OWNED), (st, out, err))
    got = ladder_of(r, ["--ladder", "adjutant-ladder.yaml", "g.yaml"])
    check("owner: another user's file, named by --ladder: used",
          got == (["adjutant-ladder.yaml"], 0, ""), got)
    got = ladder_of(r, ["g.yaml"], user=NOBODY)
    check("owner: the user's own file: used", got == (["adjutant-ladder.yaml"], 0, ""), got)
    os.chown(lad, 0, 0)
    got = ladder_of(r, ["g.yaml"], user=NOBODY)
    check("owner: root's file: used by anyone", got == (["adjutant-ladder.yaml"], 0, ""), got)
    os.chown(lad, 4242, 4242)
    st, out, err = run(["audit", "g.yaml"], r, user=NOBODY)
    check("owner: a third user's file, found by nobody: refused", (st, out, err) ==
          (2, "", OWNED), (st, out, err))
    shutil.rmtree(d)


def case_messages():
    """Issue 33 item 15: each message says what is wrong where."""
    d, r = fresh()
    tree(r, {"rul/adjutant-ladder.yaml": "format: adjutant-ladder/1\nrulings:\n"
             "  recovery: full-turn\n  repeat-wound:\n  wound-roll: [counts]\n"
             "  recovry: full-turns\n  illness-left: xyz\n",
             "ros/adjutant-ladder.yaml": LADDER % "ros",
             "ros/g.yaml": "format: adjutant/1\nscenario: Mini\nsides: [A, B]\nevents:\n"
                           "  - turn: 1\n",
             "ros/h.yaml": "format: adjutant/1\nscenario: Mini\nleaders: [{id: a, side: X}]\n"
                           "events:\n  - turn: 1\n",
             "doc/adjutant-ladder.yaml": "format: adjutant-ladder/1\nname: x\n...\nmore\n",
             "g.yaml": OWN})
    st, out, err = run(["ladder", "rul"], r)
    L = "rul/adjutant-ladder.yaml:"
    check("rulings: a known ruling is not unknown; a value gets a did-you-mean",
          (st, out, err) == (2, "", (
              L + "3:13: error: ruling `recovery` has no value `full-turn` (did you mean "
              "`full-turns`?) [bad-field, ladder]\n" +
              L + "4:16: error: ruling `repeat-wound` needs one of its values: add or longer "
              "[bad-field, ladder]\n" +
              L + "5:15: error: ruling `wound-roll` needs one of its values: counts or ignored "
              "[bad-field, ladder]\n" +
              L + "6:3: error: unknown ruling `recovry` (did you mean `recovery`?) "
              "[bad-field, ladder]\n" +
              L + "7:17: error: ruling `illness-left` has no value `xyz` (its values: remaining "
              "or rolled) [bad-field, ladder]\n")), (st, out, err))
    st, out, err = run(["audit", "ros/g.yaml"], r)
    check("a lent roster with no entry kept: at the log's scenario, with the ladder's line",
          st == 1 and out.startswith(
              "ladder: ros/adjutant-ladder.yaml\n"
              "ros/g.yaml:2:11: error: side \"lee\" of leader lee is not one of `sides` (A, B)"
              .replace('"lee" of', '"CSA" of') + "; the entry is dropped (the ladder's roster, "
              "ros/adjutant-ladder.yaml:7) [bad-field, rule format]\n"
              "ros/g.yaml:2:11: error: no entry of `leaders` is kept (each of its 1 is dropped, "
              "with its own diagnostic): the roster needs at least one leader (the ladder's "
              "roster, ros/adjutant-ladder.yaml:7) [bad-document, rule format]\n"), (st, out))
    st, out, err = run(["audit", "ros/h.yaml"], r)
    check("a side not in the ladder's sides: the message says where they come from",
          st == 1 and "ros/h.yaml:3:25: error: side \"X\" of leader a is not one of `sides` "
          "(CSA, USA); the entry is dropped (`sides` from the ladder's scenario, "
          "ros/adjutant-ladder.yaml:4) [bad-field, rule format]\n" in out, (st, out))
    st, out, err = run(["ladder", "doc"], r)
    check("text after the document: a ladder file, not a log", (st, out, err) == (
        2, "", "doc/adjutant-ladder.yaml:4:1: error: text after the end of the document: a "
               "ladder file is one YAML document; libyaml: did not find expected <document "
               "start> [yaml-syntax, ladder]\n"), (st, out, err))
    st, out, err = run(["audit", "--ladder", "", "g.yaml"], r)
    check("--ladder '': an empty name", (st, out, err) == (
        2, "", "adjutant: --ladder names a file: its name is empty\nTry 'adjutant --help'\n"),
          (st, out, err))
    st, out, err = run(["ladder", ""], r)
    check("ladder '': an empty PATH", (st, out, err) == (
        2, "", "adjutant: ladder: PATH is empty (a log or a directory; default .)\n"),
          (st, out, err))
    st, out, err = run(["ladder", "--no-ladder", "ros"], r)
    check("ladder --no-ladder: none is used, not 'none here'", (st, out, err) == (
        1, "", "adjutant: no ladder file is used (--no-ladder)\n"), (st, out, err))
    shutil.rmtree(d)


def case_reader_gaps():
    """Issue 33 item 26: what mutants of the ladder reader got past."""
    d, r = fresh()
    tree(r, {"dup/adjutant-ladder.yaml": "format: adjutant-ladder/1\nscenarios:\n  S:\n"
             "    sides: [CSA, USA]\n    sides: [A, B]\n    last_turn: 2\n",
             "key/adjutant-ladder.yaml": "format: adjutant-ladder/1\nplayers:\n"
             "  - name: Ann\n    nick: An\n",
             "fmt/adjutant-ladder.yaml": "# a ladder\n\nname: x\n",
             "two/adjutant-ladder.yaml": "format: adjutant-ladder/1\n---\n"
             "format: adjutant-ladder/1\n",
             "plist/adjutant-ladder.yaml": "format: adjutant-ladder/1\nplayers: Ann\nname: x\n"})
    st, out, err = run(["ladder", "dup"], r)
    check("a key given twice in a scenario, with a list value", (st, out, err) == (
        2, "", "dup/adjutant-ladder.yaml:5:5: error: key \"sides\" repeated in a scenario; the "
               "first value counts [duplicate-key, ladder]\n"), (st, out, err))
    st, out, err = run(["ladder", "key"], r)
    check("an unknown key in a player: a warning, the ladder valid", (st, err) == (
        0, "key/adjutant-ladder.yaml:4:5: warning: unknown key \"nick\" in a player; it is "
           "ignored [unknown-field, ladder]\n") and "Ann" in out, (st, out, err))
    st, out, err = run(["ladder", "fmt"], r)
    check("no `format`: at the document's start", (st, out, err) == (
        2, "", "fmt/adjutant-ladder.yaml:3:1: error: `format` is missing: a ladder file starts "
               "with `format: adjutant-ladder/1` [bad-document, ladder]\n"), (st, out, err))
    st, out, err = run(["ladder", "two"], r)
    check("a second document: not valid", (st, out, err) == (
        2, "", "two/adjutant-ladder.yaml:2:1: error: a ladder file holds one YAML document; a "
               "second one starts here [bad-document, ladder]\n"), (st, out, err))
    st, out, err = run(["ladder", "plist"], r)
    check("`players` not a list: not valid, said", (st, out, err) == (
        2, "", "plist/adjutant-ladder.yaml:2:10: error: `players` must be a list of {name, "
               "aliases} [bad-field, ladder]\n"), (st, out, err))
    shutil.rmtree(d)


case_upward()
case_stops()
case_refused()
case_symlink()
case_invalid()
case_options()
case_walk_and_several()
case_fifo()
case_owner()
case_messages()
case_reader_gaps()
print("ladder: %d failure(s)" % len(failures) if failures else "ladder: ok")
sys.exit(1 if failures else 0)
