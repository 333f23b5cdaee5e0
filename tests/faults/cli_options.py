#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 26 item 10 and issue 25: each command takes exactly the options its
row in the command table names (anything else is a usage error, exit 2, with
nothing on standard output: whose option it is when it is one command's, else
the options the command takes), and a slip of a command's name is answered with
did-you-mean for every command in the table. A usage error ends with
`Try 'adjutant --help'`, in at most three lines.

usage: cli_options.py ADJUTANT SOURCE_DIR
"""
import os
import subprocess
import sys

ADJ, SRC = sys.argv[1], sys.argv[2]
LOG = os.path.join(SRC, "logs/second-manassas-hood.yaml")
TRY = "Try 'adjutant --help'\n"
CASES = [
    (["fix", "--strict", LOG], "fix takes no --strict\nadjutant: fix takes --ruling, --diff"),
    (["fix", "-j", "2", LOG], "fix takes no -j\nadjutant: fix takes --ruling, --diff"),
    (["fix", "-j2", LOG], "fix takes no -j\nadjutant: fix takes --ruling, --diff"),
    (["fix", "--format", "text", LOG], "fix takes no --format\nadjutant: fix takes --ruling, --diff"),
    (["status", "--summary", LOG],
     "--summary is an option of audit"),
    (["status", "-j", "1", LOG],
     "status takes no -j\nadjutant: status takes --format, --ruling, --strict, --color, --no-color"),
    (["dice", "--strict", LOG],
     "dice takes no --strict\nadjutant: dice takes --format, --alpha, --jobs, --color, --no-color"),
    (["explain", "--summary", LOG, "hood"],
     "--summary is an option of audit"),
    (["compare", "--summary", LOG, "--ruling", "repeat-illness=as-wound"],
     "--summary is an option of audit"),
    (["audit", "--alpha", "0.1", LOG],
     "--alpha is an option of dice"),
    (["audit", "--diff", LOG],
     "--diff is an option of fix"),
    (["dice", "--at", "turn:2", LOG], "dice takes no --at\nadjutant: dice takes --format, --alpha, --jobs, --color, --no-color"),
    (["dice", "--ruling", "recovery=full-turns", LOG],
     "dice takes no --ruling: a roll logged counts whatever the rules decide"),
    (["status", "--at", "turn:1", LOG],
     "status takes no --at: it reports the log as it stands (audit --at shows an earlier moment)"),
    (["statu", LOG], "unknown command 'statu' (did you mean `status`?)"),
    (["dcie", LOG], "unknown command 'dcie' (did you mean `dice`?)"),
    (["fxi", LOG], "unknown command 'fxi' (did you mean `fix`?)"),
    (["explian", LOG], "unknown command 'explian' (did you mean `explain`?)"),
    (["hlep"], "unknown command 'hlep' (did you mean `help`?)"),
    (["fix", "--dif", LOG], "unknown option '--dif' (did you mean `--diff`?)"),
    (["dice", "--apha", "0.1", LOG], "unknown option '--apha' (did you mean `--alpha`?)"),
    (["\x1b[2J"], "unknown command '\\x1B[2J'"),
    (["audit", "--\x1b[2J", LOG], "unknown option '--\\x1B[2J'"),
]
failures = 0
for args, want in CASES:
    p = subprocess.run([ADJ] + args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    expected = "adjutant: " + want + "\n" + TRY
    if (p.returncode, p.stdout, p.stderr) == (2, "", expected):
        print("ok   %r" % args[:2])
    else:
        print("FAIL %r: exit %d\n  want %r\n  got  %r" % (args, p.returncode, expected, p.stderr))
        failures += 1
# the options each command takes still work
for args in (["status", "--strict", "--no-color", LOG], ["dice", "-j", "2", "--alpha", "0.01", LOG],
             ["fix", "--ruling", "recovery=full-turns", "--diff", LOG],
             ["explain", "--at", "turn:3", "--format", "json", LOG, "hood"]):
    p = subprocess.run([ADJ] + args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if p.returncode in (0, 1) and p.stdout:
        print("ok   %r runs" % args[:3])
    else:
        print("FAIL %r: exit %d %r" % (args, p.returncode, p.stderr[-200:]))
        failures += 1
sys.exit(1 if failures else 0)
