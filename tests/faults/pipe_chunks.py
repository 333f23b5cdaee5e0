#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 14 item 2: `audit -` gives the same report however the pipe cuts
the bytes. The log goes into the pipe in two writes, cut inside a character;
the second is written only once adjutant has taken the first (the pipe is
empty, FIONREAD), so its first read ends exactly at the cut.

usage: pipe_chunks.py ADJUTANT SOURCE-DIR"""
import fcntl, os, subprocess, sys, termios, time

adj, src = sys.argv[1], sys.argv[2]


def run_cut(data, cut):
    p = subprocess.Popen([adj, "audit", "--format", "json", "-"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    fd = p.stdin.fileno()
    if cut:
        os.write(fd, data[:cut])
        buf = bytearray(4)
        while True:  # wait until adjutant has read the first piece
            fcntl.ioctl(fd, termios.FIONREAD, buf)
            if int.from_bytes(buf, sys.byteorder) == 0:
                break
            time.sleep(0.001)
        time.sleep(0.01)
        data = data[cut:]
    while data:
        n = os.write(fd, data)
        data = data[n:]
    p.stdin.close()
    out, err = p.stdout.read(), p.stderr.read()
    return p.wait(), out, err


def log_with_e_across(pos):
    head = (b"format: adjutant/1\nlast_turn: 6\noptional_rules: [illness]\n"
            b"sides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA, vp: 2}\n"
            b"  - {id: grant, side: USA, vp: 3}\nevents:\n  - turn: 1\n    note: ")
    head += b"x" * (pos - 1 - len(head))
    return (head + "é".encode() + b"\n" + b"  - {activate: lee, roll: 9}\n" * 5
            + b"  - {activate: grant, roll: 4, note: a\x00b}\n")


failed = 0
cases = []
data = log_with_e_across(100)
cases.append(("é cut after its first byte", data, 100))
with open(os.path.join(src, "tests", "logs", "rules", "check-before-other-rolls.yaml"), "rb") as f:
    g = f.read() + b"\n# \x01\n"
i = g.index("§".encode())
cases.append(("a test log, its § cut in two", g, i + 1))
u16 = b"\xff\xfe" + g.decode("utf-8").encode("utf-16-le")
cases.append(("UTF-16LE, one byte first", u16, 1))

for name, data, cut in cases:
    want = run_cut(data, 0)
    got = run_cut(data, cut)
    if got != want or want[0] != 1:
        failed += 1
        print("FAIL %s: exit %s, want %s\n  got  %r\n  want %r" % (name, got[0], want[0],
              got[1][:300], want[1][:300]))
    else:
        print("ok   %s (%d diagnostics)" % (name, want[1].count(b'"code"')))
# the first case holds 5 rolls out of range and the NUL: 6 diagnostics
if run_cut(cases[0][1], 100)[1].count(b'"code"') != 6:
    failed += 1
    print("FAIL: the cut log does not give its 6 diagnostics")
sys.exit(1 if failed else 0)
