#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 26 item 5: a closed pipe on standard output is a failed write, not
a silent death: adjutant ignores SIGPIPE, says `cannot write the report:
Broken pipe` on standard error and exits 2, as it does on a full disk. The
pipe's reading end is closed before adjutant starts, so every write fails
(no race with a reader). Fails on a build that leaves SIGPIPE to kill it
(exit -13 here).

usage: sigpipe.py ADJUTANT SOURCE_DIR
"""
import os
import subprocess
import sys

ADJ, SRC = sys.argv[1], sys.argv[2]
LOG = os.path.join(SRC, "logs/second-manassas-hood.yaml")
FIXABLE = os.path.join(SRC, "tests/logs/diag/imc-mismatch.yaml")
WANT = "adjutant: cannot write the report: Broken pipe"
CASES = [
    ["audit", LOG], ["audit", "--format", "json", LOG], ["audit", "--format", "html", LOG],
    ["audit", "--format", "sarif", LOG], ["audit", "--summary", LOG],
    ["explain", LOG, "hood"], ["compare", LOG, "--ruling", "repeat-illness=as-wound"],
    ["status", LOG], ["dice", LOG], ["fix", LOG], ["fix", "--diff", FIXABLE], ["--help"],
    ["--version"], ["--list-codes"], ["--list-options"], ["help"], ["ladder", "--format", "json",
    os.path.join(SRC, "logs/ladder")],  # issue 33 item 14: the actions too
]
failures = 0
for args in CASES:
    r, w = os.pipe()
    os.close(r)  # nobody reads: every write to w is EPIPE (or SIGPIPE)
    p = subprocess.run([ADJ] + args, stdout=w, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                       text=True, restore_signals=True)
    os.close(w)
    last = p.stderr.rstrip("\n").split("\n")[-1]
    if p.returncode == 2 and last == WANT:
        print("ok   %s to a closed pipe" % " ".join(args[:-1] if args[-1] == LOG else args))
    else:
        print("FAIL %s to a closed pipe: exit %d, stderr %r" % (args, p.returncode, p.stderr[-300:]))
        failures += 1
sys.exit(1 if failures else 0)
