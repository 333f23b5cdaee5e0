#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 14 item 8, issue 33 item 2: a signal (SIGINT, SIGTERM, SIGHUP) ends
the run at once with exit 2 (SPEC 13), even one blocked in open()
on a FIFO nobody writes (a flag and SA_RESTART alone left it blocked for
ever, so `timeout`, CI and systemd could not end it); standard output holds
only whole reports; with SIGPIPE ignored, a broken pipe stops the batch
(exit 2, one message).

The batch is `audit -j N --format json LOG FIFO LOG` (N = 1, 2, 4): once the
first report is out and adjutant waits in open() for the FIFO's writer
(/proc/PID/wchan), the signal comes; nobody ever writes the FIFO, and the
first report must be all there is.

usage: signals.py ADJUTANT SOURCE-DIR"""
import os, signal, subprocess, sys, tempfile, time

adj, src = sys.argv[1], sys.argv[2]
log = os.path.join(src, "logs", "second-manassas-hood.yaml")
data = open(log, "rb").read()
want_one = subprocess.run([adj, "audit", "--format", "json", log], capture_output=True).stdout
failed = 0


def wait_for(pred, what):
    for _ in range(2000):  # a bound, not a measure: 20 s
        if pred():
            return True
        time.sleep(0.01)
    print("FAIL: gave up waiting for", what)
    return False


def in_fifo_open(pid):
    for t in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/wchan" % (pid, t)) as f:
            if f.read() == "wait_for_partner":
                return True
    return False


for sig, jobs in ((signal.SIGTERM, "1"), (signal.SIGINT, "1"), (signal.SIGHUP, "1"),
                  (signal.SIGTERM, "4"), (signal.SIGINT, "2")):
    with tempfile.TemporaryDirectory() as d:
        fifo = os.path.join(d, "fifo.yaml")
        os.mkfifo(fifo)
        out = open(os.path.join(d, "out"), "wb")
        p = subprocess.Popen([adj, "audit", "-j", jobs, "--format", "json", log, fifo, log],
                             stdout=out, stderr=subprocess.PIPE)
        ok = wait_for(lambda: os.path.getsize(out.name) >= len(want_one), "the first report")
        # then until it waits in open() for the FIFO's writer (Linux)
        ok = ok and wait_for(lambda: in_fifo_open(p.pid), "adjutant to open the FIFO")
        p.send_signal(sig)
        try:
            st = p.wait(timeout=20)  # a bound, not a measure: nobody writes the FIFO
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            st = "hang"
        got = open(out.name, "rb").read()
        want = want_one
        err = p.stderr.read()
        if not ok or st != 2 or got != want or err:
            failed += 1
            print("FAIL %s -j %s: exit %s (want %d), %d bytes out (want %d), stderr %r"
                  % (sig.name, jobs, st, 2, len(got), len(want), err[:200]))
        else:
            print("ok   %s -j %s: ended while blocked in open(), whole reports only, exit %d"
                  % (sig.name, jobs, st))

# `timeout` ends a run blocked on a FIFO (its SIGTERM): exit 124, at once
with tempfile.TemporaryDirectory() as d:
    fifo = os.path.join(d, "never.yaml")
    os.mkfifo(fifo)
    try:
        p = subprocess.run(["timeout", "1", adj, "audit", fifo], capture_output=True, timeout=20)
        st = p.returncode
    except subprocess.TimeoutExpired:
        st = "hang"
    if st != 124:
        failed += 1
        print("FAIL timeout 1 adjutant audit FIFO: exit %s (want 124)" % st)
    else:
        print("ok   timeout 1 adjutant audit FIFO: ended by its SIGTERM")

# SIGPIPE ignored: the batch stops at the first failed write
with tempfile.TemporaryDirectory() as d:
    fifo = os.path.join(d, "never.yaml")
    os.mkfifo(fifo)  # nobody writes it: reaching it would hang
    p = subprocess.Popen([adj, "audit", "-j", "1"] + [log] * 400 + [fifo],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN))
    p.stdout.read(10)
    p.stdout.close()
    try:
        st = p.wait(timeout=300)
    except subprocess.TimeoutExpired:
        p.kill()
        st = "hang"
    err = p.stderr.read()
    if st != 2 or err != b"adjutant: cannot write the report: Broken pipe\n":
        failed += 1
        print("FAIL SIGPIPE ignored: exit %s, stderr %r" % (st, err[:200]))
    else:
        print("ok   SIGPIPE ignored: the batch stopped, exit 2")
sys.exit(1 if failed else 0)
