#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/lsp/protocol.py ADJUTANT SRC_DIR WORK_DIR: `adjutant lsp` at the
protocol level (SPEC 14), over pipes: the errors for bad input (a request
before initialize, unknown methods, unparseable bodies and headers, bad
params, a 70 MiB message in bounded memory, ids that are no ids, a header
line `Content-Length:` with no value), exit statuses (exit with and without
shutdown, end of input), UTF-8 and UTF-16 positions, incremental changes and
the debounce, URIs that differ after a NUL, didClose, and a ladder file
changed on disk, in the editor, through workspace/didChangeWatchedFiles and
seen at a didSave or by its size. Each case checks exact codes, ids and
positions. The bound on bytes held and the hostile inputs are bounds.py's,
the requests' answers features.py's."""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client, frame  # noqa: E402

exe, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
failures = []


def check(what, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (what, got, want))


def err_of(m):
    return None if m is None else (m.get("id"), m.get("error", {}).get("code"))


def case_before_initialize():
    c = Client(exe)
    check("request before initialize", err_of(c.request("textDocument/hover", {})), (1, -32002))
    c.notify("textDocument/didOpen", {})  # a notification before it: dropped, no answer
    check("initialize after", "capabilities" in c.initialize()["result"], True)
    c.notify("exit")
    check("exit without shutdown", c.finish()[0], 1)
    c = Client(exe)
    c.notify("exit")
    check("exit before initialize: it exits, 1", c.p.wait(10), 1)
    c.finish()


def case_errors():
    c = Client(exe)
    c.initialize()
    check("unknown method", err_of(c.request("adjutant/nothing", {})), (2, -32601))
    c.notify("adjutant/nothing", {})  # an unknown notification: ignored
    c.send_raw(b"Content-Length: 9\r\n\r\n{not json")
    check("unparseable body", err_of(c.read()), (None, -32700))
    c.send_raw(b"Content-Type: x\r\n\r\n")
    check("header without Content-Length", err_of(c.read()), (None, -32700))
    c.send_raw(b"Content-Length: 12x\r\n\r\n")
    check("malformed Content-Length", err_of(c.read()), (None, -32700))
    c.send_raw(frame([1, 2]))
    check("not an object", err_of(c.read()), (None, -32600))
    check("bad params", err_of(c.request("textDocument/hover", {"textDocument": 3})), (3, -32602))
    c.notify("textDocument/didOpen", {"textDocument": 3})  # logged, ignored
    c.send({"id": 9, "method": "initialized", "params": {}})
    check("a notification sent as a request", err_of(c.read()), (9, -32600))
    check("still reading", c.request("shutdown"), {"jsonrpc": "2.0", "id": 4, "result": None})
    check("after shutdown", err_of(c.request("textDocument/hover", {})), (5, -32600))
    rc, err = c.finish()
    check("end of input after shutdown", rc, 0)
    check("bad notification logged", "invalid params" in err, True)


def case_exit_statuses():
    c = Client(exe)
    c.initialize()
    c.request("shutdown")
    c.notify("exit")
    check("shutdown then exit", c.finish()[0], 0)
    c = Client(exe)
    c.initialize()
    check("end of input without shutdown", c.finish()[0], 1)
    c = Client(exe)
    check("end of input before anything", c.finish()[0], 1)
    c = Client(exe)
    c.send_raw(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")  # cut in its body
    check("end of input in a body", c.finish()[0], 1)


def vm_hwm(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])  # KiB
    return 0


def case_huge():
    """A 70 MiB didChange: -32600 with id null, skipped as it passes (the
    server's peak memory stays far below the message), the document closed
    (an empty list); the next message is read."""
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(src, "logs", "quickstart.yaml"))
    check("quickstart diagnostics", len(c.wait_diags(uri)["diagnostics"]), 3)
    head = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": ""}]}})
    cut = head.index('""') + 1
    body = head[:cut].encode() + b"x" * (70 << 20) + head[cut:].encode()
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body))
    for i in range(0, len(body), 1 << 20):
        c.send_raw(body[i:i + (1 << 20)])
    m = c.read()
    check("70 MiB message", err_of(m), (None, -32600))
    got = [c.read(), c.read()]
    closed = [m for m in got if m and m.get("method") == "textDocument/publishDiagnostics"]
    check("its document closed", [x["params"] for x in closed], [{"uri": uri, "diagnostics": []}])
    kib = vm_hwm(c.p.pid)
    print("peak memory after a 70 MiB message: %d KiB" % kib)
    if kib > 64 * 1024:
        failures.append("peak memory %d KiB reading a 70 MiB message (bounded: < 64 MiB)" % kib)
    check("next message read", c.request("shutdown")["result"], None)
    check("exit 0", c.finish()[0], 0)


def utf_case(encs, want_enc):
    """A diagnostic after non-ASCII text on its line: its character in the
    negotiated units. The roll `x` is a bad field at the key after `é🎲`."""
    text = ("format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n"
            "  - {id: lee, side: CSA, initiative: 3}\nevents:\n  - turn: 1\n"
            "  - {activate: lee, roll: 3, note: \"é🎲\", bogus: 1}\n")
    d = os.path.join(work, "utf")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "utf.yaml")
    c = Client(exe)
    caps = {"general": {"positionEncodings": encs}} if encs is not None else {}
    r = c.initialize(caps)["result"]
    check("positionEncoding offered %r" % encs, r["capabilities"]["positionEncoding"], want_enc)
    uri = c.open(path, text)
    ds = c.wait_diags(uri)["diagnostics"]
    line = text.split("\n")[7]
    before = line[:line.index("bogus")]
    units = len(before.encode("utf-8")) if want_enc == "utf-8" else \
        len(before.encode("utf-16-le")) // 2
    got = [(x["code"], x["range"]["start"]) for x in ds if x.get("code") == "unknown-field"]
    check("unknown-field position in %s" % want_enc, got,
          [("unknown-field", {"line": 7, "character": units})])
    # an incremental change in those units: `bogus` renamed `bogux` in place
    at = units + 4
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
             "contentChanges": [{"range": {"start": {"line": 7, "character": at},
                                           "end": {"line": 7, "character": at + 1}},
                                 "text": "x"}]})
    ds = c.wait_diags(uri, 2)["diagnostics"]
    check("after an incremental change in %s" % want_enc,
          [x["message"] for x in ds if x.get("code") == "unknown-field"][:1],
          ["unknown key \"bogux\" in an `activate` event; it is ignored"])
    c.request("shutdown")
    c.finish()


def case_debounce():
    """Ten changes 2 ms apart: one check, of the last text (its version)."""
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(src, "logs", "quickstart.yaml"))
    first = c.wait_diags(uri)["diagnostics"][0]["range"]["start"]["line"]
    for v in range(2, 12):
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                 "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                               "end": {"line": 0, "character": 0}},
                                     "text": "#\n"}]})
        time.sleep(0.002)
    seen = []
    while True:
        m = c.read(1)
        if m is None:
            break
        seen.append(m["params"]["version"])
    check("debounced publishes", seen, [11])
    check("lines moved by ten", c.diags[uri]["diagnostics"][0]["range"]["start"]["line"], first + 10)
    c.request("shutdown")
    c.finish()


LOG = ("format: adjutant/1\nscenario: s1\nevents:\n  - turn: 1\n"
       "  - {activate: lee, roll: 4}\n")
LADDER_OK = ("format: adjutant-ladder/1\nscenarios:\n  s1:\n    last_turn: 3\n"
             "    sides: [CSA, USA]\n    leaders:\n"
             "      - {id: lee, side: CSA, initiative: 3}\n"
             "      - {id: meade, side: USA, initiative: 2}\n")
LADDER_BAD = LADDER_OK.replace("initiative: 3", "initiative: many")


def case_ladder():
    d = os.path.join(work, "ladder")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, ".git"))
    lad = os.path.join(d, "adjutant-ladder.yaml")
    with open(lad, "w") as f:
        f.write(LADDER_OK)
    c = Client(exe)
    c.initialize({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}})
    uri = c.open(os.path.join(d, "g.yaml"), LOG)
    ok = c.wait_diags(uri)["diagnostics"]
    reg = [m for m in c.other if m.get("method") == "client/registerCapability"]
    check("watched files registered", len(reg), 1)
    # on disk, then told: the log now refused for its ladder file
    with open(lad, "w") as f:
        f.write(LADDER_BAD)
    os.utime(lad, (time.time() + 5, time.time() + 5))
    c.notify("workspace/didChangeWatchedFiles",
             {"changes": [{"uri": "file://" + lad, "type": 2}]})
    bad = c.wait_diags(uri)["diagnostics"]
    check("ladder not valid", [(x["range"]["start"], x["severity"], x.get("code"), x["message"])
                               for x in bad],
          [({"line": 0, "character": 0}, 1, None, "not audited: its ladder file is not valid")])
    # in the editor: its text wins over the disk's, and its own problems are published
    c.diags.clear()
    luri = c.open(lad, LADDER_OK)
    check("log again with the editor's ladder", c.wait_diags(uri, fresh=False)["diagnostics"], ok)
    c.diags.clear()
    c.notify("textDocument/didChange", {"textDocument": {"uri": luri, "version": 2},
                                        "contentChanges": [{"text": LADDER_BAD}]})
    got = c.wait_diags(luri, 2, fresh=False)["diagnostics"]
    check("the ladder file's own problem", [(x["range"]["start"], x.get("code")) for x in got],
          [({"line": 6, "character": 41}, "bad-field")])
    check("the log follows the editor's ladder", len(c.wait_diags(uri, fresh=False)["diagnostics"]), 1)
    c.notify("textDocument/didClose", {"textDocument": {"uri": luri}})
    check("closed: the disk's (bad) again", c.wait_diags(uri)["diagnostics"], bad)
    # changed on disk, not told: seen at the next check (its modification time)
    with open(lad, "w") as f:
        f.write(LADDER_OK)
    os.utime(lad, (time.time() + 10, time.time() + 10))
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                        "contentChanges": [{"text": LOG}]})
    check("modification time seen", c.wait_diags(uri, 3)["diagnostics"], ok)
    c.request("shutdown")
    c.finish()


def case_other_documents():
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "notes.yaml"), "a: 1\nformat: other\n")
    check("not a log: an empty list", c.wait_diags(uri)["diagnostics"], [])
    c.request("shutdown")
    c.finish()


def case_line_breaks():
    """U+2028 and NEL in a quoted value: libyaml (the CLI) counts a line there, the
    editor does not; the diagnostic lands on the editor's line of `bogus`."""
    text = ("format: adjutant/1\ngame: \"a\u2028b\u0085c\"\nlast_turn: 3\nsides: [CSA, USA]\n"
            "leaders:\n  - {id: lee, side: CSA, initiative: 3}\nevents:\n  - turn: 1\n"
            "  - {activate: lee, roll: 3, bogus: 1}\n")
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "breaks.yaml"), text)
    got = [x["range"] for x in c.wait_diags(uri)["diagnostics"] if x.get("code") == "unknown-field"]
    line = text.split("\n").index("  - {activate: lee, roll: 3, bogus: 1}")
    col = text.split("\n")[line].index("bogus")
    check("U+2028 and NEL: the editor's line", got, [
        {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 5}}])
    c.request("shutdown")
    c.finish()


def case_clamp():
    """A change past a line's end lands at its end; one inside a character
    (half of a UTF-16 pair) at the character's start."""
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "clamp.yaml"), "ab\n\U0001F3B2z\n")
    def change(v, line, ch, text):
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                 "contentChanges": [{"range": {"start": {"line": line, "character": ch},
                                               "end": {"line": line, "character": ch}},
                                     "text": text}]})
    change(2, 0, 1000, "X")   # past the end of "ab"
    change(3, 1, 1, "Y")      # inside the die (2 UTF-16 units): before it
    change(4, 9, 0, "Z")      # past the last line: at the end
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    check("hover on a document that is no log", r["result"], None)
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5},
             "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                           "end": {"line": 0, "character": 0}},
                                 "text": "format: adjutant/1\n"}]})
    d = c.wait_diags(uri, 5)["diagnostics"]
    want_text = "format: adjutant/1\nabX\nY\U0001F3B2z\nZ"
    with open(os.path.join(work, "clamp.yaml"), "w") as f:
        f.write(want_text)
    rep = json.loads(subprocess.run([exe, "status", "--format", "json",
                                     os.path.join(work, "clamp.yaml")], capture_output=True).stdout)
    check("clamped changes make the expected text", [(x["range"]["start"], x["message"]) for x in d],
          [({"line": g["line"] - 1, "character": g["column"] - 1}, g["message"])
           for g in rep["diagnostics"]])
    r = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    check("outline of a log that does not replay", r["result"], [])
    c.request("shutdown")
    rc, err = c.finish()
    check("clamp: exit", rc, 0)


def case_ids():
    """JSON-RPC 2.0: an id that is neither a string nor an integer (1.5, {},
    [], true, null) gets Invalid Request (-32600) with id null, and the
    method is not run (a shutdown so sent leaves the server running)."""
    c = Client(exe)
    c.initialize()
    for raw in ("1.5", "{}", "[]", "true", "null"):
        c.send_raw(frame({"jsonrpc": "2.0", "id": json.loads(raw), "method": "shutdown"}))
        check("id %s" % raw, err_of(c.read()), (None, -32600))
    check("still running, not shut down", c.request("textDocument/documentSymbol", {
        "textDocument": {"uri": "file:///none.yaml"}})["result"], [])
    c.request("shutdown")
    c.finish()


def case_nul_uris():
    """Two URIs that differ only after an escaped NUL are two documents,
    each published under its own URI with its own findings."""
    c = Client(exe)
    c.initialize()
    base = "file://" + os.path.join(work, "nul")
    uris = [base + "\u0000a.yaml", base + "\u0000b.yaml"]
    texts = [LOG_ROLL % 7, LOG_ROLL % 0]
    for u, t in zip(uris, texts):
        c.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "yaml",
                                                           "version": 1, "text": t}})
    for u, roll in zip(uris, (7, 0)):
        got = [(x["code"], x["message"])
               for x in (c.wait_diags(u, fresh=False) or {}).get("diagnostics", [])]
        check("NUL URI %r" % u, got,
              [("roll-out-of-range", "IMC roll %d is not a die roll (1-6)" % roll)])
    c.request("shutdown")
    c.finish()


LOG_ROLL = ("format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n"
            "  - {id: lee, side: CSA, initiative: 3}\nevents:\n  - turn: 1\n"
            "  - {activate: lee, roll: %d}\n")


def case_did_close():
    """A well-formed didClose (with the version some clients add) closes the
    document, publishes an empty list and logs nothing; one for a document
    not open publishes an empty list too (a refused one's diagnostic goes)."""
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "close.yaml"), LOG_ROLL % 7)
    check("open", len(c.wait_diags(uri)["diagnostics"]), 1)
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri, "version": 1}})
    check("closed", c.wait_diags(uri)["diagnostics"], [])
    never = "file://" + os.path.join(work, "never.yaml")
    c.notify("textDocument/didClose", {"textDocument": {"uri": never}})
    check("closed, never open", (c.wait_diags(never, timeout=2) or {}).get("diagnostics"), [])
    c.request("shutdown")
    rc, err = c.finish()
    check("didClose logs nothing", err, "")


def case_content_length_empty():
    """A header line `Content-Length:` with no value says nothing: the
    message is read by its other Content-Length line; alone, it is -32700."""
    c = Client(exe)
    c.initialize()
    body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "shutdown"}).encode()
    c.send_raw(b"Content-Length: %d\r\nContent-Length:\r\n\r\n" % len(body) + body)
    got = [c.read(2), c.read(2)]
    check("the other line's length", [m for m in got if m],
          [{"jsonrpc": "2.0", "id": 7, "result": None}])
    c.send_raw(b"Content-Length:\r\n\r\n")
    check("alone: no length", err_of(c.read(2)), (None, -32700))
    c.finish()


def case_did_save():
    """A client that registers no file watch (Neovim 0.7): a ladder file
    changed on disk is seen when any document is saved (didSave), and at the
    next check by its size even when its time is the same."""
    d = os.path.join(work, "save")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, ".git"))
    lad = os.path.join(d, "adjutant-ladder.yaml")
    with open(lad, "w") as f:
        f.write(LADDER_OK)
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(d, "g.yaml"), LOG)
    ok = c.wait_diags(uri)["diagnostics"]
    other = c.open(os.path.join(d, "notes.yaml"), "a: 1\n")
    c.wait_diags(other)
    with open(lad, "w") as f:
        f.write(LADDER_BAD)
    os.utime(lad, (time.time() + 5, time.time() + 5))
    st = os.stat(lad)
    c.notify("textDocument/didSave", {"textDocument": {"uri": other}})
    got = (c.wait_diags(uri, timeout=3) or {}).get("diagnostics", [])
    check("didSave: the log checked again", [x["message"] for x in got],
          ["not audited: its ladder file is not valid"])
    with open(lad, "w") as f:
        f.write(LADDER_OK + "# longer, the same time\n")
    os.utime(lad, ns=(st.st_atime_ns, st.st_mtime_ns))
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": LOG}]})
    check("its size seen at the next check", c.wait_diags(uri, 2)["diagnostics"], ok)
    c.request("shutdown")
    c.finish()


def case_options():
    """--no-ladder, --ladder FILE and --ruling apply to every document, as on
    the command line: the diagnostics are status's with the same options."""
    for opts, rel in ((["--no-ladder"], "logs/ladder/r1-antietam.yaml"),
                      (["--ladder", os.path.join(src, "logs/ladder/adjutant-ladder.yaml")],
                       "logs/ladder/r1-antietam.yaml"),
                      (["--ruling", "recovery=full-turns"], "logs/gaines-mill-disputed.yaml")):
        path = os.path.join(src, rel)
        c = Client(exe, *opts)
        c.initialize()
        got = [(x["range"]["start"]["line"] + 1, x.get("code"), x["message"])
               for x in c.wait_diags(c.open(path))["diagnostics"] if x["severity"] < 3]
        c.request("shutdown")
        c.finish()
        rep = json.loads(subprocess.run([exe, "status", "--format", "json", *opts, path],
                                        capture_output=True).stdout)
        check("lsp %s" % " ".join(opts), got,
              [(g["line"], g["code"], g["message"]) for g in rep["diagnostics"]])


os.makedirs(work, exist_ok=True)
for case in (case_options, case_line_breaks, case_clamp, case_ids, case_nul_uris, case_did_close,
             case_content_length_empty, case_did_save, case_before_initialize, case_errors,
             case_exit_statuses, case_huge,
             lambda: utf_case(["utf-8", "utf-16"], "utf-8"),
             lambda: utf_case(["utf-16"], "utf-16"), lambda: utf_case(None, "utf-16"),
             case_debounce, case_ladder, case_other_documents):
    case()
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("lsp protocol: all cases pass")
