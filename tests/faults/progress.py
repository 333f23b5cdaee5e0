#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The progress line (shown on a terminal only): `audit` over several files
with standard error on a terminal shows `K/N files  X MB/s  S s left`, and
counts the bytes audited: X is above zero (issue 33 item 26: a mutant that
never added a file's bytes, so always showed 0.0 MB/s, passed every test).
The files are 200 copies of a 10 KB log (2 MB: even a slow machine shows
more than 0.05 MB/s), audited into /dev/null.

usage: progress.py ADJUTANT SOURCE-DIR"""
import os, pty, re, shutil, subprocess, sys, tempfile

adj, src = sys.argv[1], sys.argv[2]
log = os.path.join(src, "logs", "seven-days-1862.yaml")
d = tempfile.mkdtemp(prefix="adj-progress.")
failed = 0
try:
    for i in range(200):
        shutil.copy(log, os.path.join(d, "g%03d.yaml" % i))
    master, slave = pty.openpty()
    p = subprocess.Popen([adj, "audit", "-j", "2", d], stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the terminal's other side closed
            break
        if not chunk:
            break
        err += chunk
    st = p.wait(timeout=300)
    os.close(master)
    lines = re.findall(rb"([0-9]+)/200 files  ([0-9.]+) MB/s  [0-9]+ s left", err)
    if st != 0 or not lines or lines[-1][0] != b"200":
        failed = 1
        print("FAIL: exit %s, progress %r" % (st, err[-300:]))
    elif not all(float(mbs) > 0 for _, mbs in lines):
        failed = 1
        print("FAIL: a progress line shows 0.0 MB/s: %r" % [l for l in lines if float(l[1]) == 0][:3])
    elif not err.endswith(b"\r\x1b[K"):
        failed = 1
        print("FAIL: the last progress line is not cleared: %r" % err[-40:])
    else:
        print("ok   %d progress lines, the last %s MB/s, then cleared" % (len(lines), lines[-1][1].decode()))
finally:
    shutil.rmtree(d)
sys.exit(failed)
