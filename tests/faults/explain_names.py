#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 14 item 13: explain checks the leaders named against the roster as
soon as the roster is read, before the replay: an unknown name is a usage
error even while the rest of the log has not arrived (here it never does:
the pipe stays open). And many names cost no more per event than one: the
stories of every leader named three times are exactly the one-name stories
put together (each step goes straight to the stories of its leader).

usage: explain_names.py ADJUTANT SOURCE-DIR"""
import json, os, subprocess, sys

adj, src = sys.argv[1], sys.argv[2]
failed = 0
head = (b"format: adjutant/1\nlast_turn: 6\noptional_rules: [illness]\nsides: [CSA, USA]\n"
        b"leaders:\n  - {id: lee, side: CSA, vp: 2}\n  - {id: grant, side: USA, vp: 3}\n"
        b"events:\n  - turn: 1\n")
p = subprocess.Popen([adj, "explain", "-", "lee", "nobody", "\x1b[1mx"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
p.stdin.write(head + b"  - {activate: lee, roll: 3}\n" * 2000)
p.stdin.flush()
try:
    st = p.wait(timeout=300)  # a bound, not a measure: the pipe is never closed
except subprocess.TimeoutExpired:
    p.kill()
    st = "hang"
err = p.stderr.read()
want = (b"adjutant: -: leader 'nobody' is not in the roster\n"
        b"adjutant: -: leader '\\x1B[1mx' is not in the roster\n")
if st != 2 or err != want or p.stdout.read():
    failed += 1
    print("FAIL unknown names before the replay: exit %s, stderr %r" % (st, err[:300]))
else:
    print("ok   unknown names are refused as soon as the roster is read")
p.stdin.close()

# the same leader named twice, and many leaders at once
log = os.path.join(src, "logs", "second-manassas-hood.yaml")
one = subprocess.run([adj, "explain", "--format", "json", log, "hood"], capture_output=True)
two = subprocess.run([adj, "explain", "--format", "json", log, "hood", "hood"], capture_output=True)
if two.returncode != one.returncode or two.stdout != one.stdout * 2:
    failed += 1
    print("FAIL a leader named twice: his story twice")
else:
    print("ok   a leader named twice gets his story twice")
ids = [l["id"] for l in json.loads(subprocess.run([adj, "audit", "--format", "json", log],
                                                  capture_output=True).stdout)["leaders"]]
every = subprocess.run([adj, "explain", "--format", "json", log] + ids * 3, capture_output=True)
parts = b"".join(subprocess.run([adj, "explain", "--format", "json", log, i],
                                capture_output=True).stdout for i in ids)
if every.stdout != parts * 3:
    failed += 1
    print("FAIL every leader three times: not the one-name stories put together")
else:
    print("ok   %d names: the one-name stories put together" % (len(ids) * 3))
sys.exit(1 if failed else 0)
