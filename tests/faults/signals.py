#!/usr/bin/env python3
"""Issue 14 item 8 and a minor one: a signal (SIGINT, SIGTERM, SIGHUP) lets
the report being written finish, starts no new one, and adjutant exits with
128 + the signal's number, so standard output holds only whole lines; with
SIGPIPE ignored, a broken pipe stops the batch (exit 2, one message).

The batch is `audit -j N --format json LOG FIFO LOG` (N = 1, 2, 4): once the first report
is out and adjutant waits in open() for the FIFO's writer (/proc/PID/wchan),
the signal comes; then the FIFO gets the log, and its report must be the
last one.

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
        # adjutant is there to read it, unless the signal killed it; its open()
        # is restarted after the handler, so the reader may be gone for a moment
        fd, why = -1, None
        for _ in range(2000):  # a bound, not a measure: 20 s
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                break
            except OSError as e:
                why = e
                if p.poll() is not None:
                    break
                time.sleep(0.01)
        if fd >= 0:
            os.set_blocking(fd, True)
            os.write(fd, data)
            os.close(fd)
        else:
            print("  the FIFO has no reader:", why)
        try:
            st = p.wait(timeout=300)
        except subprocess.TimeoutExpired:
            p.kill()
            st = "hang"
        got = open(out.name, "rb").read()
        want = want_one + want_one.replace(log.encode(), fifo.encode())
        err = p.stderr.read()
        if not ok or st != 128 + sig or got != want or err:
            failed += 1
            print("FAIL %s -j %s: exit %s (want %d), %d bytes out (want %d), stderr %r"
                  % (sig.name, jobs, st, 128 + sig, len(got), len(want), err[:200]))
        else:
            print("ok   %s -j %s: the report under way finished, none after it, exit %d"
                  % (sig.name, jobs, st))

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
