#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/lsp/bounds.py ADJUTANT SRC_DIR WORK_DIR [--bound]: what bounds `adjutant lsp`
(SPEC 14 "Protocol and bad input"), over pipes. The bytes it holds, not a
count of documents: 2,000 open logs each get their own diagnostics; past
256 MiB a document gets one diagnostic saying it is not checked (and the
editor one message), a didChange that would pass it closes its document so;
room again, a document opens. And the inputs that were quadratic give their
exact results: nested `[` and 100,000 %TAG lines (the reader's limits, the
range finder's too), a one-line flow log of many findings (each range), one
didChange of thousands of edits (the text they make, checked through the
diagnostics `adjutant status` gives for it). With --bound, the 256 MiB bound
alone (some 300 MiB of JSON to send and parse: the slow tier). How fast is
bench/lsp.py's."""
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client  # noqa: E402

exe, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
bound = sys.argv[4:] == ["--bound"]
failures = []
MiB = 1 << 20


def check(what, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (what, got, want))


def status(text, name):
    """status --format json's diagnostics for text under `name`, as (0-based
    line, 0-based column, code, message)."""
    path = os.path.join(work, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    rep = json.loads(subprocess.run([exe, "status", "--format", "json", path],
                                    capture_output=True).stdout)
    return [(g["line"] - 1, g["column"] - 1, g["code"], g["message"]) for g in rep["diagnostics"]]


def got_of(diags):
    return [(x["range"]["start"]["line"], x["range"]["start"]["character"], x.get("code"),
             x["message"]) for x in diags if x["severity"] < 3]


HEAD = ("format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n"
        "  - {id: lee, side: CSA, initiative: 3}\n")


def case_many():
    """2,000 open logs: each gets its own diagnostics (its roll, its line)."""
    c = Client(exe)
    c.initialize()
    uris = []
    for i in range(2000):
        text = HEAD + "events:\n  - turn: 1\n" + "  # a note\n" * (i % 7) + \
            "  - {activate: lee, roll: %d}\n" % (7 + i)
        uris.append((c.open(os.path.join(work, "many", "m%04d.yaml" % i), text), i))
        c.drain()  # the server blocks on a full pipe: read what is there
    for uri, i in uris:
        d = c.wait_diags(uri, fresh=False, timeout=60)
        got = [(x["range"]["start"]["line"], x["code"], x["message"])
               for x in (d or {}).get("diagnostics", [])]
        want = [(7 + i % 7, "roll-out-of-range", "IMC roll %d is not a die roll (1-6)"
                 % (7 + i))]
        if got != want:
            failures.append("log %d of 2,000: got %r, want %r" % (i, got, want))
            break
    c.request("shutdown", timeout=60)
    c.finish(60)


def open_big(c, name, n):
    """A document of n bytes (no log: an empty list when it is held), its
    message framed here (its text needs no escaping)."""
    uri = "file://" + os.path.join(work, name)
    body = b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": ' \
        b'{"uri": "%s", "languageId": "yaml", "version": 1, "text": "a: 1\\n%s\\n"}}}' % (
            uri.encode(), b"#" * (n - 6))
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    return uri


NOT_CHECKED = ("not checked: the open documents would hold more than 256 MiB; close some, "
               "then close and open this one again")


def refused(c, uri):
    d = c.wait_diags(uri, fresh=False, timeout=60)
    return [(x["range"], x["severity"], x.get("code"), x["message"])
            for x in (d or {}).get("diagnostics", [])]


def case_bound():
    """Four documents of 60 MiB are held (240 MiB); a fifth of 20 MiB is
    not (one diagnostic, one window/showMessage); a small one still is (it
    is bytes, not a count); a change that grows it past the bound closes it
    with the same diagnostic, and no second message; once one of 60 MiB is
    closed, the 20 MiB one opens."""
    c = Client(exe)
    c.initialize()
    big = [open_big(c, "big%d.yaml" % i, 60 * MiB) for i in range(4)]
    for u in big:
        check("60 MiB held", (c.wait_diags(u, fresh=False, timeout=60) or {}).get("diagnostics"),
              [])
    over = open_big(c, "over.yaml", 20 * MiB)
    zero = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
    check("past 256 MiB: one diagnostic", refused(c, over), [(zero, 1, None, NOT_CHECKED)])
    small = c.open(os.path.join(work, "small.yaml"), "a: 1\n")
    check("a small one is held", (c.wait_diags(small, timeout=60) or {}).get("diagnostics"), [])
    c.diags.pop(small, None)
    c.notify("textDocument/didChange", {"textDocument": {"uri": small, "version": 2},
             "contentChanges": [{"range": {"start": {"line": 1, "character": 0},
                                           "end": {"line": 1, "character": 0}},
                                 "text": "#" * (20 * MiB)}]})
    check("grown past the bound: closed, one diagnostic", refused(c, small),
          [(zero, 1, None, NOT_CHECKED)])
    msgs = [m["params"]["message"] for m in c.other if m["method"] == "window/showMessage"]
    check("the editor told once", msgs, ["adjutant: %s is not checked: the open documents "
                                         "would hold more than 256 MiB" % over])
    c.notify("textDocument/didClose", {"textDocument": {"uri": big[0]}})
    c.diags.pop(over, None)
    c.notify("textDocument/didClose", {"textDocument": {"uri": over}})
    check("its diagnostic cleared", (c.wait_diags(over, timeout=60) or {}).get("diagnostics"), [])
    over = open_big(c, "over.yaml", 20 * MiB)
    check("room again: held", (c.wait_diags(over, timeout=60) or {}).get("diagnostics"), [])
    c.request("shutdown", timeout=60)
    c.finish(60)


def case_hostile():
    """Nested `[` past the reader's depth: the range finder reads no deeper
    either (a finding there runs to its line's end, not to a `]` the reader
    never reached); 100,000 %TAG lines: the reader's finding at the 65th;
    a one-line flow log of 2,000 findings: each range is its `{...}`."""
    c = Client(exe)
    c.initialize()
    nested = HEAD + "events: " + "[" * 20000 + "]" * 20000 + "\n"
    uri = c.open(os.path.join(work, "nested.yaml"), nested)
    got = [(x["range"], x.get("code")) for x in c.wait_diags(uri, timeout=120)["diagnostics"]]
    end = len(nested.split("\n")[5])
    check("nested [: ranges as far as the reader reads", got, [
        ({"start": {"line": 5, "character": 9}, "end": {"line": 5, "character": end}},
         "unknown-event"),
        ({"start": {"line": 5, "character": 71}, "end": {"line": 5, "character": end}},
         "yaml-syntax")])
    tags = "".join("%%TAG !t%d! tag:x,2000:\n" % i for i in range(100000)) + "---\n" + HEAD + \
        "events: []\n"
    uri = c.open(os.path.join(work, "tags.yaml"), tags)
    check("100,000 %TAG lines", got_of(c.wait_diags(uri, timeout=120)["diagnostics"]),
          status(tags, "tags.yaml"))
    flow = HEAD + "events: [{turn: 1}" + ", {activate: nobody, roll: 3}" * 2000 + "]\n"
    uri = c.open(os.path.join(work, "flow.yaml"), flow)
    ds = c.wait_diags(uri, timeout=120)["diagnostics"]
    line = flow.split("\n")[5]
    starts = [i for i in range(len(line)) if line.startswith("{activate", i)]
    check("one line of 2,000 findings: each its {...}",
          [(x["range"]["start"]["character"], x["range"]["end"]["character"]) for x in ds],
          [(i + 1, i + 1 + len("activate")) for i in starts])
    c.request("shutdown", timeout=60)
    c.finish(60)


def split(text):
    """The editor's lines (LF, CRLF, CR), each with its break; a last empty
    line after a final break."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[-1].endswith(("\n", "\r")):
        lines.append("")
    return lines


def apply_edit(lines, e):
    """One LSP edit (UTF-16 positions) applied to lines, in place: only the
    lines it touches (and one each side, for a CR and LF that meet) are
    joined and split again."""
    def offset(pos, first):
        if pos["line"] >= len(lines):
            return sum(len(l) for l in lines[first:])
        start = sum(len(l) for l in lines[first:pos["line"]])
        body = lines[pos["line"]].rstrip("\r\n")
        units = 0
        for k, ch in enumerate(body):
            u = 2 if ord(ch) > 0xFFFF else 1
            if units + u > pos["character"]:
                return start + k
            units += u
        return start + len(body)
    first = max(0, min(e["range"]["start"]["line"], len(lines) - 1) - 1)
    last = min(len(lines), max(e["range"]["start"]["line"], e["range"]["end"]["line"]) + 2)
    seg = "".join(lines[first:last])
    a = offset(e["range"]["start"], first)
    b = max(a, offset(e["range"]["end"], first))
    a, b = min(a, len(seg)), min(b, len(seg))
    new = split(seg[:a] + e["text"] + seg[b:]) if last == len(lines) else \
        (seg[:a] + e["text"] + seg[b:]).splitlines(keepends=True)
    lines[first:last] = new


def case_edits():
    """One didChange of 3,000 edits (seeded: inserts and deletes anywhere,
    CRLF, characters past U+FFFF, positions past a line's end) on a log of
    about 1 MB: the diagnostics are status's for the text the edits make."""
    rng = random.Random(40)
    text = HEAD + "events:\n  - turn: 1\n" + "".join(
        "  - {activate: lee, roll: %d}  # \U0001F3B2 é\r\n" % (1 + i % 8) for i in range(20000))
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "edits.yaml"), text)
    c.wait_diags(uri, timeout=120)
    edits, lines = [], split(text)
    for k in range(3000):
        line = 6 + rng.randrange(max(1, len(lines) - 7))
        a = {"line": line, "character": rng.randrange(50)}
        b = dict(a) if rng.random() < 0.6 else {"line": line + rng.randrange(3),
                                                 "character": rng.randrange(50)}
        ins = rng.choice(["", "# note\n", "\r\n", "\U0001F3B2", "  - {activate: lee, roll: 9}\n"])
        e = {"range": {"start": a, "end": b}, "text": ins}
        edits.append(e)
        apply_edit(lines, e)
    cur = "".join(lines)
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": edits})
    got = got_of(c.wait_diags(uri, 2, timeout=120)["diagnostics"])
    want = status(cur, "edits-want.yaml")
    check("3,000 edits: the text they make (%d findings)" % len(want), got, want)
    c.request("shutdown", timeout=60)
    c.finish(60)


os.makedirs(os.path.join(work, "many"), exist_ok=True)
for case in (case_bound,) if bound else (case_many, case_hostile, case_edits):
    case()
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("lsp bounds: all cases pass")
