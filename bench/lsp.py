#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/lsp.py BUILD_DIR [ROUNDS]: the language server's speed and memory
(SPEC 14 "Speed"). A 500-event log (adjgen, faults 0.01) is opened and
changed ROUNDS times (a comment line toggled, the whole text sent, as
Neovim's full sync does; then one incremental change a round): the time
from writing the change to reading its published diagnostics, and that
less the debounce (the check itself: SPEC asks for at most 20 ms after the
debounce on a laptop). Then 50 such logs (different seeds) are opened at
once: the server's resident memory (VmRSS) and its peak (VmHWM)."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tests", "lsp"))
from client import Client  # noqa: E402

build = os.path.abspath(sys.argv[1])
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
exe, gen = os.path.join(build, "adjutant"), os.path.join(build, "bench", "adjgen")
DEBOUNCE_MS = 20  # src/lsp/lsp.h LSP_DEBOUNCE_MS
work = tempfile.mkdtemp(prefix="adj-lsp-bench-")
os.makedirs(os.path.join(work, ".git"))  # no ladder search above it


def log(seed):
    path = os.path.join(work, "g%d.yaml" % seed)
    subprocess.run([gen, "--seed", str(seed), "--events", "500", "--faults", "0.01", "-o", path],
                   check=True)
    with open(path) as f:
        return path, f.read()


def status(pid, key):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def latency():
    path, text = log(1)
    c = Client(exe)
    c.initialize()
    uri = c.open(path, text)
    n = len(c.wait_diags(uri)["diagnostics"])
    full, inc = [], []
    for v in range(2, 2 + 2 * rounds, 2):
        body = text if v % 4 else "# changed\n" + text
        t0 = time.perf_counter()
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                            "contentChanges": [{"text": body}]})
        c.wait_diags(uri, v)
        full.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v + 1},
                 "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                               "end": {"line": 0, "character": 0}},
                                     "text": " " if v % 4 else ""}]})
        c.wait_diags(uri, v + 1)
        inc.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.01)
    c.request("shutdown")
    c.finish()
    for name, xs in (("full text", full), ("incremental", inc)):
        xs.sort()
        med, p95 = statistics.median(xs), xs[int(len(xs) * 0.95) - 1]
        print("lsp: %s change -> diagnostics, 500 events (%d lines, %d diagnostics), %d rounds: "
              "median %.1f ms, p95 %.1f ms; less the %d ms debounce: median %.1f ms, p95 %.1f ms"
              % (name, text.count("\n"), n, len(xs), med, p95, DEBOUNCE_MS, med - DEBOUNCE_MS,
                 p95 - DEBOUNCE_MS))


def memory():
    c = Client(exe)
    c.initialize()
    base = status(c.p.pid, "VmRSS")
    for i in range(50):  # each read as it comes: the server blocks on a full pipe
        c.wait_diags(c.open(*log(100 + i)))
    rss, hwm = status(c.p.pid, "VmRSS"), status(c.p.pid, "VmHWM")
    total = sum(os.path.getsize(os.path.join(work, "g%d.yaml" % (100 + i))) for i in range(50))
    c.request("shutdown")
    c.finish()
    print("lsp: 50 open logs of 500 events (%.1f MiB of text): resident %.1f MiB (%.1f MiB "
          "before any), peak %.1f MiB" % (total / 2**20, rss / 1024, base / 1024, hwm / 1024))


latency()
memory()
