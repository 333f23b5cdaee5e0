#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fuzz/lsp_seeds.py OUT_DIR LOG...: seeds for fuzz_lsp, one per log: its
NUL-separated form (fuzz_lsp.c) of a session that opens the log, changes it
in place and whole, asks every request the server answers, opens a ladder
file, closes, shuts down and exits; plus one raw-stream seed (0xFF) of the
same session framed, with a bad header and a cut body among it."""
import json
import os
import sys

out, logs = sys.argv[1], sys.argv[2:]
os.makedirs(out, exist_ok=True)


def session(text, uri):
    td = {"uri": uri}
    pos = {"line": 12, "character": 14}
    rng = {"start": {"line": 3, "character": 2}, "end": {"line": 3, "character": 9}}
    return [
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen", "params": {"textDocument": dict(
            td, languageId="yaml", version=1, text=text)}},
        {"method": "textDocument/didChange", "params": {"textDocument": dict(td, version=2),
                                                        "contentChanges": [{"range": rng, "text": "é🎲\n  - "}]}},
        {"id": 1, "method": "textDocument/hover", "params": {"textDocument": td, "position": pos}},
        {"id": 2, "method": "textDocument/definition", "params": {"textDocument": td, "position": pos}},
        {"id": 3, "method": "textDocument/completion", "params": {"textDocument": td, "position": pos}},
        {"id": 4, "method": "textDocument/documentSymbol", "params": {"textDocument": td}},
        {"id": 5, "method": "textDocument/codeAction", "params": {"textDocument": td, "range": rng,
                                                                 "context": {"diagnostics": []}}},
        {"method": "textDocument/didChange", "params": {"textDocument": dict(td, version=3),
                                                        "contentChanges": [{"text": text}]}},
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///l/adjutant-ladder.yaml", "languageId": "yaml", "version": 1,
            "text": "format: adjutant-ladder/1\nscenarios:\n  s: {sides: [A, B]}\n"}}},
        {"method": "workspace/didChangeWatchedFiles", "params": {"changes": [
            {"uri": "file:///l/adjutant-ladder.yaml", "type": 2}]}},
        {"method": "textDocument/didClose", "params": {"textDocument": td}},
        {"id": 6, "method": "shutdown"},
        {"method": "exit"},
    ]


for i, path in enumerate(logs):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if len(text) > 30000:
        continue
    msgs = [dict(m, jsonrpc="2.0") for m in session(text, "file:///g/%d.yaml" % i)]
    bodies = [json.dumps(m, ensure_ascii=False).encode() for m in msgs]
    with open(os.path.join(out, "lsp-%03d" % i), "wb") as f:
        f.write(b"\0".join(bodies))
    if i < 3:
        raw = b"".join(b"Content-Length: %d\r\n\r\n" % len(b) + b for b in bodies[:4])
        raw += b"Content-Length: x\r\n\r\n{}" + b"Content-Length: 9\r\n\r\n{\"id\":"
        with open(os.path.join(out, "lsp-raw-%03d" % i), "wb") as f:
            f.write(b"\xff" + raw)
