#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 14 item 9: what a diagnostic keeps is bounded. 120 roster entries
with the same 1 MiB id (126 MB of input) audit in under 64 MiB peak RSS
(was 614 MB): each duplicate shares the first one's text while the roster
is read, and a diagnostic keeps at most 256 bytes of an id ("..." ends a
longer one). explain still finds the diagnostics about such a leader.

usage: diag_memory.py ADJUTANT SOURCE-DIR"""
import json, os, resource, subprocess, sys, tempfile

adj = sys.argv[1]
sanitized = b"__asan_init" in open(adj, "rb").read()
failed = 0
big = "a" * (1 << 20)
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "dup.yaml")
    with open(path, "w") as f:
        f.write("format: adjutant/1\nlast_turn: 6\noptional_rules: [illness]\n"
                "sides: [CSA, USA]\nleaders:\n")
        for _ in range(120):
            f.write("  - {id: %s, side: CSA, vp: 2}\n" % big)
        f.write("events:\n  - turn: 1\n  - {activate: %s, roll: 9}\n" % big)
    # a fresh launcher, so the peak RSS is adjutant's own (see hostile/run.py)
    launcher = ("import os,sys,resource;pid=os.fork()\n"
                "if pid==0:\n os.dup2(os.open(sys.argv[2],os.O_WRONLY|os.O_CREAT),1);"
                "os.execv(sys.argv[1],[sys.argv[1],'audit','--format','json',sys.argv[3]])\n"
                "_,st,ru=os.wait4(pid,0);print(os.waitstatus_to_exitcode(st),ru.ru_maxrss)")
    out = os.path.join(d, "out.json")
    st, kb = subprocess.run([sys.executable, "-S", "-c", launcher, adj, out, path],
                            capture_output=True, text=True).stdout.split()
    rep = json.loads(open(out).read())
    diags = rep["diagnostics"]
    dups = [g for g in diags if g["code"] == "duplicate-leader"]
    short = "a" * 253 + "..."
    if st != "1" or len(dups) != 119 or any(g["leader"] != short for g in dups):
        failed += 1
        print("FAIL exit %s, %d duplicate-leader, leaders %r" % (st, len(dups),
              sorted({len(g["leader"] or "") for g in dups})))
    elif dups[0]["line"] != 7 or "leader %s is already in the roster (line 6)" % short \
            not in dups[0]["message"]:
        failed += 1
        print("FAIL the first duplicate: %r" % (dups[0]["line"], dups[0]["message"][:300]))
    else:
        print("ok   119 duplicate-leader, each keeping a 256-byte id")
    if sanitized:
        print("ok   (a sanitizer build: peak RSS %d KB not checked)" % int(kb))
    elif int(kb) >= 64 * 1024:
        failed += 1
        print("FAIL peak RSS %d KB, not under 64 MiB" % int(kb))
    else:
        print("ok   peak RSS %d KB, under 64 MiB (126 MB of input)" % int(kb))
    mid = "b" * 100000  # long, yet an argument may hold it
    with open(path, "w") as f:
        f.write("format: adjutant/1\nlast_turn: 6\noptional_rules: [illness]\n"
                "sides: [CSA, USA]\nleaders:\n  - {id: %s, side: CSA}\n  - {id: %s, side: CSA}\n"
                "  - {id: %s, side: USA}\nevents:\n  - turn: 1\n  - {activate: %s, roll: 9}\n"
                % (mid, mid, mid + "c", mid))
    ex = subprocess.run([adj, "explain", "--format", "json", path, mid], capture_output=True)
    story = json.loads(ex.stdout) if ex.stdout else {}
    codes = [g["code"] for g in story.get("diagnostics", [])]
    if codes != ["duplicate-leader", "roll-out-of-range"]:
        failed += 1
        print("FAIL explain of the long id: exit %d, codes %r" % (ex.returncode, codes[:5]))
    else:
        print("ok   explain finds the 2 diagnostics about a 100,000-byte id, not its neighbour's")
sys.exit(1 if failed else 0)
