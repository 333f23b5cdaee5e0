# SPDX-License-Identifier: MIT
"""The answers Neovim's client got to buf_request_sync (tests/lsp/nvim.lua),
held to the CLI: hover to `audit --at line:L`'s states and pending,
definition to the roster entry (in the log or its ladder file), completion
to the roster and the event kinds, the outline to the log's turns and
activations, the quick fix to what `adjutant fix` writes (applied, byte for
byte, touching only the lines fix changes)."""
import json
import os
import subprocess

import yaml


def cli(exe, *args):
    r = subprocess.run([exe, *args], capture_output=True)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def kinds(exe):
    """The event kinds in the catalogue's order (what completion offers)."""
    return [k["name"] for k in json.loads(cli(exe, "--list-catalogue")[1])["kinds"]]


def leader_md(rep, lid):
    sides = {l["id"]: l["side"] for l in rep["leaders"]}
    for l in rep["leaders"]:
        if l["id"] == lid:
            s = "**%s** (%s): %s" % (lid, sides[lid], l["status"])
            if l["level"]:
                s += ", level %d" % l["level"]
            s += ", counter %s" % ("Inactive" if l["inactive"] else "Active")
            if l["replaced_by"]:
                s += ", replaced by **%s**" % l["replaced_by"]
            return s
    return None


def want_hover(exe, path, text, line0, char):
    """What hover must say at (line0, char), from the CLI's JSON."""
    lines = text.split("\n")
    doc = yaml.safe_load(text)
    ln = line0 + 1
    # a roster entry of the log: the nearest `id:` at or above, below `leaders:`
    top = [i for i, l in enumerate(lines) if l and l[0] not in " #"]
    start = lines.index("leaders:") if "leaders:" in lines else -1
    end = min([i for i in top if i > start] + [len(lines)])
    above = [i for i in range(start + 1, line0 + 1) if "id:" in lines[i]]
    for l in doc.get("leaders") or []:
        if start < line0 < end and above and \
                lines[above[-1]].lstrip(" -{").startswith("id: %s" % l["id"]):
            _, out, _ = cli(exe, "status", "--format", "json", path)
            return leader_md(json.loads(out), l["id"]) + "; worth %d VP" % l.get("vp", 0)
    # an event: the first key at or above the line
    while not lines[ln - 1].lstrip().startswith("- "):
        ln -= 1
    item = lines[ln - 1].lstrip()[2:].lstrip("{ ")
    kind, _, rest = item.partition(":")
    subject = rest.split(",")[0].strip().strip("}")
    _, out, _ = cli(exe, "audit", "--format", "json", "--at", "line:%d" % ln, path)
    rep = json.loads(out)
    md = "After the `%s` on line %d:\n\n%s" % (kind, ln, leader_md(rep, subject))
    if rep["pending"]:
        md += "\n\nPending:" + "".join("\n- " + p["due"] for p in rep["pending"])
    else:
        md += "\n\nNothing is pending."
    return md


def want_symbols(text):
    names, turn = [], None
    for ev in yaml.safe_load(text)["events"]:
        if "turn" in ev:
            turn = ["Turn %d" % ev["turn"], []]
            names.append(turn)
        elif "activate" in ev:
            a = ["%s activates, roll %d" % (ev["activate"], ev["roll"]), []]
            (turn[1] if turn else names).append(a)
    return names


def got_symbols(syms):
    return [[s["name"], got_symbols(s.get("children") or [])] for s in syms]


def apply_edits(text, edits):
    """TextEdits applied (UTF-16 positions; the logs here are ASCII)."""
    lines = text.split("\n")
    starts = [0]
    for l in lines:
        starts.append(starts[-1] + len(l) + 1)
    out, at = [], 0
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"])):
        a = starts[e["range"]["start"]["line"]] + e["range"]["start"]["character"]
        b = starts[e["range"]["end"]["line"]] + e["range"]["end"]["character"]
        out.append(text[at:a] + e["newText"])
        at = b
    return "".join(out) + text[at:]


def check_fix(exe, path, text, result, failures):
    rc, fixed, _ = cli(exe, "fix", path)
    changes = fixed != text and rc != 2
    actions = result if isinstance(result, list) else []
    if not changes:
        if actions:
            failures.append("%s: a quick fix where fix changes nothing" % path)
        return
    if len(actions) != 1 or actions[0]["kind"] != "quickfix" or \
            actions[0]["title"] != "Correct the claims the replay settles (adjutant fix)":
        failures.append("%s: want one quickfix, got %r" % (path, actions))
        return
    edits = list(actions[0]["edit"]["changes"].values())[0]
    made = apply_edits(text, edits)
    if made != fixed:
        failures.append("%s: the quick fix's text is not fix's" % path)
    old = text.split("\n")
    for e in edits:  # each edit covers whole lines, and only lines fix changes
        a, b = e["range"]["start"], e["range"]["end"]
        if a["character"] != 0 or b["character"] != len(old[b["line"]]):
            failures.append("%s: edit %r is not whole lines" % (path, e["range"]))
        touched, made_lines = old[a["line"]:b["line"] + 1], e["newText"].split("\n")
        kept = [l for l, m in zip(touched, made_lines) if l == m and len(touched) == len(made_lines)]
        if kept:
            failures.append("%s: edit %r touches lines fix keeps: %r" % (path, e["range"], kept))
    stats["fix"] += 1
    if not actions[0]["diagnostics"]:
        failures.append("%s: the quick fix is attached to no diagnostic" % path)


stats = {"fix": 0, "requests": 0, "keys": 0}


def check(exe, steps, tree_a, tree_b):
    failures = []
    texts = {}
    for st in steps:
        if "text" in st:
            texts[st["file"]] = st["text"]
    for st in steps:
        if "request" not in st:
            continue
        path = st["file"]
        text = texts[path]
        b = path.replace(tree_a, tree_b)
        with open(b, "w", encoding="utf-8") as f:
            f.write(text)
        q, res = st["request"], st["result"]
        stats["requests"] += 1
        name = "%s %s %s" % (os.path.relpath(path, tree_a), q["method"], q.get("position", ""))
        if q["method"] == "textDocument/hover":
            want = want_hover(exe, b, text, *q["position"])
            got = res["contents"]["value"] if isinstance(res, dict) else None
            if got != want:
                failures.append("%s:\n  got  %r\n  want %r" % (name, got, want))
        elif q["method"] == "textDocument/definition":
            line = text.split("\n")[q["position"][0]]
            lid = line.split(":")[1].split(",")[0].strip()
            if isinstance(res, list):
                res = res[0] if res else None
            target = res and res["uri"][len("file://"):]
            tl = open(target).read().split("\n") if target else []
            ok = target and ("id: %s" % lid) in tl[res["range"]["start"]["line"]] and \
                res["range"]["start"]["character"] == len(tl[res["range"]["start"]["line"]]) - \
                len(tl[res["range"]["start"]["line"]].lstrip(" -{"))
            if not ok:
                failures.append("%s: definition of %s at %r" % (name, lid, res))
        elif q["method"] == "textDocument/completion":
            items = res if isinstance(res, list) else (res or {}).get("items", [])
            labels = [i["label"] for i in items]
            line = text.split("\n")[q["position"][0]][:q["position"][1]]
            if line.strip() == "-":
                want = kinds(exe)
            else:
                _, out, _ = cli(exe, "status", "--format", "json", b)
                want = [l["id"] for l in json.loads(out)["leaders"]]
            if labels != want:
                failures.append("%s:\n  got  %r\n  want %r" % (name, labels, want))
        elif q["method"] == "textDocument/documentSymbol":
            if got_symbols(res or []) != want_symbols(text):
                failures.append("%s:\n  got  %r\n  want %r" % (name, got_symbols(res or []),
                                                               want_symbols(text)))
        elif q["method"] == "textDocument/codeAction":
            check_fix(exe, b, text, res, failures)
    return failures


def check_keys(exe, steps, tree_a, tree_b):
    """The doc's mappings (nvim.lua's keys()): K's window holds the hover's
    text, gd put the cursor on the roster entry, the omnifunc offered the
    roster, and findings update in Insert mode."""
    failures, texts = [], {}
    for st in steps:
        if "text" in st:
            texts[st["file"]] = st["text"]
    for st in steps:
        if "keys" not in st:
            continue
        k, path = st["keys"], st["file"]
        text, b = texts[path], path.replace(tree_a, tree_b)
        with open(b, "w", encoding="utf-8") as f:
            f.write(text)
        name = os.path.relpath(path, tree_a)
        for key, want in (("update_in_insert", True), ("omnifunc", "v:lua.vim.lsp.omnifunc"),
                          ("map_K", True), ("map_gd", True)):
            if k.get(key) != want:
                failures.append("%s: the doc's %s is %r, want %r" % (name, key, k.get(key), want))
        md = want_hover(exe, b, text, 114, 10)
        shown = [l for l in (k.get("hover") or []) if l.strip()]
        want = [l for l in md.split("\n") if l.strip()]
        if [l.replace("\\", "") for l in shown] != [l.replace("\\", "") for l in want]:
            failures.append("%s: K showed %r, want %r" % (name, shown, want))
        lines = text.split("\n")  # the roster entry's `id` (a text search stops at `jackson`)
        roster = [i for i, l in enumerate(lines) if "id: jackson" in l][0]
        want_at = [roster + 1, lines[roster].index("id: jackson")]
        if k.get("gd") != want_at:
            failures.append("%s: gd went to %r, want %r" % (name, k.get("gd"), want_at))
        _, out, _ = cli(exe, "status", "--format", "json", b)
        ids = [l["id"] for l in json.loads(out)["leaders"]]
        if k.get("omni") != ids:
            failures.append("%s: <C-x><C-o> offered %r, want %r" % (name, k.get("omni"), ids))
        stats["keys"] += 1
    return failures
