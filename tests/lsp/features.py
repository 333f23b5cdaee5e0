#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/lsp/features.py ADJUTANT SRC_DIR WORK_DIR: the answers of `adjutant
lsp` beyond the protocol (SPEC 14), over pipes, each exact: a finding's
range (a `{...}` to its `}`, a roll out of range through the roll), hover
(on each event of a flow-style `events` closing on its line; Markdown or
plain text as the client's hover.contentFormat says), the outline (an
activation ends before the next one, read or dropped), completion (leader
ids only where the catalogue says an event names one), definition into a
ladder file the editor holds under a file://localhost URI, and the
capabilities: each advertised one's method answers, each method answered
is advertised (LSP 3.17's pairs, below)."""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client import Client  # noqa: E402

exe, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
failures = []


def check(what, got, want):
    if got != want:
        failures.append("%s:\n  got  %r\n  want %r" % (what, got, want))


def rng(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}


HEAD = ("format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n"
        "  - {id: lee, side: CSA, initiative: 3}\n  - {id: meade, side: USA, initiative: 2}\n")


def at(c, method, uri, line, ch):
    return c.request(method, {"textDocument": {"uri": uri},
                              "position": {"line": line, "character": ch}})["result"]


def case_ranges():
    """A pending check at a `{...}` item runs to its `}` (the comment after
    it not underlined); `roll: 7` is underlined from its event's first key
    through the 7."""
    text = HEAD + ("optional_rules: [illness]\nevents:\n  - turn: 1\n  - activate: meade\n    roll: 7\n"
                   "  - {activate: lee, roll: 1, mp: 0}   # a raw 1\n")
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "ranges.yaml"), text)
    got = [(x["range"], x.get("code")) for x in c.wait_diags(uri)["diagnostics"]]
    check("ranges", got, [(rng(9, 4, 10, 11), "roll-out-of-range"),
                          (rng(11, 4, 11, 35), "illness-check")])
    c.request("shutdown")
    c.finish()


FLOW = HEAD + "events: [{turn: 1}, {activate: lee, roll: 2},\n  {activate: meade, roll: 3}]\n"


def case_hover():
    """Hover on each event of a flow-style `events`, the last one on the line
    where the sequence closes; in plain text where the client takes only
    that (or says nothing), in Markdown where it prefers it."""
    for fmt, want_kind in ((None, "plaintext"), (["plaintext"], "plaintext"),
                           (["markdown", "plaintext"], "markdown")):
        c = Client(exe)
        caps = {} if fmt is None else {"textDocument": {"hover": {"contentFormat": fmt}}}
        c.initialize(caps)
        uri = c.open(os.path.join(work, "flow.yaml"), FLOW)
        c.wait_diags(uri)
        got = []
        for line, ch in ((6, 11), (6, 25), (7, 5), (7, 20)):
            r = at(c, "textDocument/hover", uri, line, ch)
            got.append(r and (r["contents"]["kind"], r["contents"]["value"].split("\n")[0],
                              r["range"]))
        md = want_kind == "markdown"
        first = "After the `%s` on line %d:" if md else "After the %s on line %d:"
        check("hover, contentFormat %r" % fmt, got, [
            (want_kind, first % ("turn", 7), rng(6, 9, 6, 18)),
            (want_kind, first % ("activate", 7), rng(6, 20, 6, 44)),
            (want_kind, first % ("activate", 8), rng(7, 2, 7, 28)),
            (want_kind, first % ("activate", 8), rng(7, 2, 7, 28))])
        r = at(c, "textDocument/hover", uri, 7, 12)
        check("leader, contentFormat %r" % fmt, r["contents"]["value"].split("\n")[2],
              "**meade** (USA): fit, counter Active" if md else "meade (USA): fit, counter Active")
        c.request("shutdown")
        c.finish()


def case_hover_markdown_escapes():
    """A leader id from the log is text, not Markdown: in a Markdown hover
    its underscores are escaped (a_p_hill is not a_p_hill in italics); in
    plain text it stays as written."""
    text = ("format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n"
            "  - {id: a_p_hill, side: CSA, initiative: 3}\n  - {id: meade, side: USA, initiative: 2}\n"
            "events:\n  - turn: 1\n  - {activate: a_p_hill, roll: 2}\n")
    for fmt, want in ((["markdown"], "**a\\_p\\_hill** (CSA): fit, counter Active"),
                      (["plaintext"], "a_p_hill (CSA): fit, counter Active")):
        c = Client(exe)
        c.initialize({"textDocument": {"hover": {"contentFormat": fmt}}})
        uri = c.open(os.path.join(work, "escapes.yaml"), text)
        c.wait_diags(uri)
        r = at(c, "textDocument/hover", uri, 8, 20)
        check("hover escapes, contentFormat %r" % fmt, r and r["contents"]["value"].split("\n")[2], want)
        c.request("shutdown")
        c.finish()


def case_outline():
    """An activation ends before the next one, also when the reader dropped
    that one (no roll): the dropped one is no symbol, and swallowed by none."""
    text = HEAD + ("events:\n  - turn: 1\n  - {activate: lee, roll: 2}\n  - {move: lee, mp: 1}\n"
                   "  - {activate: meade}\n  - {move: meade, mp: 1}\n  - {activate: meade, roll: 3}\n")
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "outline.yaml"), text)
    c.wait_diags(uri)
    r = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]

    def flat(syms):
        return [(s["name"], s["range"], s["selectionRange"], flat(s["children"])) for s in syms]
    check("outline", flat(r), [("Turn 1", rng(7, 4, 12, 30), rng(7, 4, 7, 8), [
        ("lee activates, roll 2", rng(8, 4, 9, 22), rng(8, 4, 8, 13), []),
        ("meade activates, roll 3", rng(12, 4, 12, 30), rng(12, 4, 12, 13), [])])])
    c.request("shutdown")
    c.finish()


def case_completion():
    """Leader ids where the catalogue says an event names one (its kind key
    of type ID, a field of type ID of that kind: `by` in replace, `leader`
    in vp), flow and block style (the subject being typed too); nothing
    after any other key (`to`, `roll`; `by` in a move)."""
    lines = ["  - {activate: ", "  - {move: lee, to: ", "  - {activate: lee, roll: ",
             "  - {move: lee, by: ", "  - {replace: lee, by: ", "  - {vp: CSA, points: 1, leader: ",
             "  - {flip: lee, to: ", "  - replace: lee", "    by: ", "  - move: lee", "    to: "]
    text = HEAD + "events:\n  - turn: 1\n" + "\n".join(lines) + "\n"
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "complete.yaml"), text)
    c.wait_diags(uri)
    got = []
    for i, l in enumerate(lines):
        r = at(c, "textDocument/completion", uri, 8 + i, len(l))
        got.append((l.strip(), [x["label"] for x in r]))
    ids = ["lee", "meade"]
    check("completion", got, [
        ("- {activate:", ids), ("- {move: lee, to:", []), ("- {activate: lee, roll:", []),
        ("- {move: lee, by:", []), ("- {replace: lee, by:", ids),
        ("- {vp: CSA, points: 1, leader:", ids), ("- {flip: lee, to:", []),
        ("- replace: lee", ids), ("by:", ids), ("- move: lee", ids), ("to:", [])])
    c.request("shutdown")
    c.finish()


def case_completion_state_at_line():
    """A leader's detail is his state where the completion is asked, not at
    the log's end: meade is wounded two lines below the `by:` asked for."""
    text = HEAD + "events:\n  - turn: 1\n  - replace: lee\n    by: \n  - wound: meade\n    level: 2\n"
    c = Client(exe)
    c.initialize()
    uri = c.open(os.path.join(work, "complete-state.yaml"), text)
    c.wait_diags(uri)
    r = at(c, "textDocument/completion", uri, 9, 8)
    check("completion state", [(x["label"], x["detail"]) for x in r],
          [("lee", "CSA, fit"), ("meade", "USA, fit")])
    c.request("shutdown")
    c.finish()


LADDER = ("format: adjutant-ladder/1\nscenarios:\n  s1:\n    last_turn: 3\n"
          "    sides: [CSA, USA]\n    leaders:\n      - {id: lee, side: CSA, initiative: 3}\n")


def case_localhost():
    """A log at file://localhost/... finds the ladder file beside it; go to
    definition lands in the ladder the editor holds, under the URI the
    editor gave it and in the editor's text (a leader added there); a ladder
    not open is named in the log's URI form."""
    d = os.path.join(work, "localhost")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, ".git"))
    with open(os.path.join(d, "adjutant-ladder.yaml"), "w") as f:
        f.write(LADDER)
    log = "format: adjutant/1\nscenario: s1\nevents:\n  - turn: 1\n  - {activate: lee, roll: 4}\n"
    c = Client(exe)
    c.initialize()
    uri = "file://localhost" + os.path.join(d, "g.yaml")
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml",
                                                       "version": 1, "text": log}})
    check("localhost: the ladder lends the roster", c.wait_diags(uri)["diagnostics"], [])
    r = at(c, "textDocument/definition", uri, 4, 16)
    check("definition, ladder on disk", r, {"uri": "file://localhost" + os.path.join(
        d, "adjutant-ladder.yaml"), "range": rng(6, 9, 6, 43)})
    luri = "file://localhost" + os.path.join(d, "adjutant-ladder.yaml")
    edited = LADDER.replace("      - {id: lee", "      - {id: meade, side: USA}\n      - {id: lee")
    c.notify("textDocument/didOpen", {"textDocument": {"uri": luri, "languageId": "yaml",
                                                       "version": 1, "text": edited}})
    c.wait_diags(luri)
    r = at(c, "textDocument/definition", uri, 4, 16)
    check("definition, ladder in the editor", r, {"uri": luri, "range": rng(7, 9, 7, 43)})
    c.request("shutdown")
    c.finish()


# LSP 3.17: each ServerCapabilities member and the method it promises
# (textDocumentSync's members promise notifications, checked by their effect).
CAPABILITY_METHOD = {
    "hoverProvider": "textDocument/hover", "completionProvider": "textDocument/completion",
    "signatureHelpProvider": "textDocument/signatureHelp",
    "declarationProvider": "textDocument/declaration",
    "definitionProvider": "textDocument/definition",
    "typeDefinitionProvider": "textDocument/typeDefinition",
    "implementationProvider": "textDocument/implementation",
    "referencesProvider": "textDocument/references",
    "documentHighlightProvider": "textDocument/documentHighlight",
    "documentSymbolProvider": "textDocument/documentSymbol",
    "codeActionProvider": "textDocument/codeAction", "codeLensProvider": "textDocument/codeLens",
    "documentLinkProvider": "textDocument/documentLink",
    "colorProvider": "textDocument/documentColor",
    "documentFormattingProvider": "textDocument/formatting",
    "documentRangeFormattingProvider": "textDocument/rangeFormatting",
    "documentOnTypeFormattingProvider": "textDocument/onTypeFormatting",
    "renameProvider": "textDocument/rename", "foldingRangeProvider": "textDocument/foldingRange",
    "executeCommandProvider": "workspace/executeCommand",
    "selectionRangeProvider": "textDocument/selectionRange",
    "linkedEditingRangeProvider": "textDocument/linkedEditingRange",
    "callHierarchyProvider": "textDocument/prepareCallHierarchy",
    "semanticTokensProvider": "textDocument/semanticTokens/full",
    "monikerProvider": "textDocument/moniker",
    "typeHierarchyProvider": "textDocument/prepareTypeHierarchy",
    "inlineValueProvider": "textDocument/inlineValue", "inlayHintProvider": "textDocument/inlayHint",
    "diagnosticProvider": "textDocument/diagnostic", "workspaceSymbolProvider": "workspace/symbol",
}


def case_capabilities():
    """Every capability advertised is LSP's and its method answers (not
    -32601); every LSP request the server answers is advertised; the sync
    notifications advertised each do what they promise."""
    c = Client(exe)
    caps = c.initialize()["result"]["capabilities"]
    uri = c.open(os.path.join(work, "caps.yaml"), FLOW)
    c.wait_diags(uri)
    params = {"textDocument": {"uri": uri}, "position": {"line": 6, "character": 12},
              "range": rng(0, 0, 0, 0), "context": {"diagnostics": []}, "query": ""}
    known = set(CAPABILITY_METHOD) | {"positionEncoding", "textDocumentSync"}
    check("capabilities LSP knows", sorted(k for k in caps if k not in known), [])
    for cap, method in sorted(CAPABILITY_METHOD.items()):
        r = c.request(method, params)
        answered = "error" not in r or r["error"]["code"] != -32601
        if answered != (cap in caps):
            failures.append("%s: %s, but %s is %s" % (method, "answered" if answered else
                                                     "method not found", cap,
                                                     "advertised" if cap in caps else "not"))
    sync = caps["textDocumentSync"]
    check("sync advertised", sorted(sync), ["change", "openClose", "save"])
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": FLOW + "#\n"}]})
    check("didChange (change 2)", c.wait_diags(uri, 2)["version"], 2)
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    check("didSave (save): checked again", (c.wait_diags(uri, timeout=3) or {}).get("version"), 2)
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    check("didClose (openClose)", c.wait_diags(uri)["diagnostics"], [])
    c.request("shutdown")
    rc, err = c.finish()
    check("no notification refused", err, "")


os.makedirs(work, exist_ok=True)
for case in (case_capabilities, case_ranges, case_hover, case_hover_markdown_escapes, case_outline, case_completion,
             case_completion_state_at_line,
             case_localhost):
    case()
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("lsp features: all cases pass")
