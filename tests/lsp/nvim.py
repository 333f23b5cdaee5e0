#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/lsp/nvim.py ADJUTANT SRC_DIR WORK_DIR: the language server driven by a
real client, Neovim's built-in LSP client (headless), started as a user starts
it: docs/editors.md's init.lua block, loaded as Neovim's init.lua, with the
built adjutant on PATH. Over the bundled logs and logs/ladder, with edits:
after every step the diagnostics Neovim holds must be exactly those
`adjutant status --format json` gives for the buffer's text under the same
file name: line, column, severity, code and message, in order. The doc's
mappings as a user types them: K shows the hover, gd jumps to the roster
entry, the omnifunc offers the roster, findings update in Insert mode.
Skipped (77) when nvim is not installed."""
import json
import re
import os
import shutil
import subprocess
import sys

exe, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
nvim = shutil.which("nvim")
if not nvim:
    print("SKIPPED: nvim not found (apt-get install neovim)")
    sys.exit(77)

shutil.rmtree(work, ignore_errors=True)
tree_a, tree_b = os.path.join(work, "a"), os.path.join(work, "b")
for t in (tree_a, tree_b):
    shutil.copytree(os.path.join(src, "logs"), os.path.join(t, "logs"))
    os.makedirs(os.path.join(t, ".git"))  # the ladder search stops here, as in a repository

def log(rel):
    return os.path.join(tree_a, "logs", rel)

EDITS = {
    # a typo'd kind inserted, a line deleted, a roll changed in place
    "gaines-mill-disputed.yaml": [
        {"set_lines": [95, 95], "lines": ["  - bogus: jackson"]},
        {"set_lines": [100, 101], "lines": []},
        {"set_text": [30, 0, 30, 0], "lines": ["# a comment "]},
    ],
    "ladder/r1-antietam.yaml": [
        {"set_lines": [0, 0], "lines": ["# edited"]},
        {"set_lines": [16, 18], "lines": []},
    ],
    "beaver-dam-in-progress.yaml": [
        {"set_lines": [-1, -1], "lines": ["  - illness: {leader: jackson, roll: 3, result: none}"]},
    ],
}
files = sorted(os.path.relpath(os.path.join(d, f), os.path.join(tree_a, "logs"))
               for d, _, fs in os.walk(os.path.join(tree_a, "logs")) for f in fs
               if f.endswith(".yaml") and f != "adjutant-ladder.yaml")
# requests after the edits: position (0-based line, UTF-16 character)
GAINES_REQ = [
    {"method": "textDocument/hover", "position": [114, 10]},
    {"method": "textDocument/hover", "position": [24, 10]},
    {"method": "textDocument/hover", "position": [27, 6]},
    {"method": "textDocument/definition", "position": [114, 16]},
    {"method": "textDocument/completion", "position": [114, 16]},
    {"method": "textDocument/completion", "position": [114, 4]},
    # the values of fields that name a leader (replace's by, vp's leader)
    {"method": "textDocument/completion", "position": [175, 8]},
    {"method": "textDocument/completion", "position": [179, 12]},
    {"method": "textDocument/documentSymbol"},
    {"method": "textDocument/codeAction"},
]
REQUESTS = {
    "gaines-mill-disputed.yaml": GAINES_REQ,
    "ladder/r1-antietam.yaml": [{"method": "textDocument/definition", "position": [13, 17]},
                                {"method": "textDocument/codeAction"}],
    "ladder/spotsylvania.yaml": [{"method": "textDocument/codeAction"},
                                 {"method": "textDocument/documentSymbol"}],
    "seven-days-1862.yaml": [{"method": "textDocument/documentSymbol"},
                             {"method": "textDocument/codeAction"}],
}
# the gaines-mill requests see the log as opened: its edits are elsewhere
EDITS["gaines-mill-disputed.yaml"] = [
    {"set_lines": [205, 205], "lines": ["  - bogus: jackson"]},
    {"set_lines": [206, 207], "lines": []},
    {"set_text": [202, 14, 202, 14], "lines": ["(hot) "]},
]
# the doc's mappings, on the disputed game: K on jackson's raw 1, gd on his
# id there, the omnifunc after `activate: ` (0-based line, byte column)
KEYS = {"gaines-mill-disputed.yaml": {"hover": [114, 10], "definition": [114, 16],
                                      "complete": [114, 14]}}
plan = {"exe": exe, "root": tree_a, "files": [
    {"path": log(rel), "edits": EDITS.get(rel, []), "requests": REQUESTS.get(rel, []),
     "keys": KEYS.get(rel)} for rel in files]}
plan_path, out_path = os.path.join(work, "plan.json"), os.path.join(work, "out.json")
with open(plan_path, "w") as f:
    json.dump(plan, f)


def doc_block(lang, section):
    """The first ```lang block under docs/editors.md's `## section`."""
    with open(os.path.join(src, "docs", "editors.md"), encoding="utf-8") as f:
        doc = f.read()
    part = doc.split("\n## " + section + "\n", 1)[1].split("\n## ", 1)[0]
    return part.split("```" + lang + "\n", 1)[1].split("\n```", 1)[0] + "\n"


init = os.path.join(work, "init.lua")
with open(init, "w") as f:
    f.write(doc_block("lua", "Neovim"))
bindir = os.path.join(work, "bin")  # `adjutant` on PATH, as the doc asks
os.makedirs(bindir)
os.symlink(exe, os.path.join(bindir, "adjutant"))
env = dict(os.environ, ADJ_LSP_PLAN=plan_path, ADJ_LSP_OUT=out_path, HOME=work,
           XDG_CONFIG_HOME=work, XDG_DATA_HOME=work, XDG_STATE_HOME=work,
           PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
p = subprocess.run([nvim, "--headless", "-n", "-u", init, "-i", "NONE", "-c",
                    "luafile " + os.path.join(src, "tests", "lsp", "nvim.lua")],
                   env=env, cwd=work, capture_output=True, timeout=300)
if not os.path.exists(out_path):
    print("nvim wrote no result:", p.returncode, p.stdout.decode()[-2000:], p.stderr.decode()[-2000:])
    sys.exit(1)
with open(out_path) as f:
    out = json.load(f)

SEV = {"error": 1, "warning": 2}

def expected(path, text):
    """The CLI's diagnostics, then its pending obligations, for `text` at `path`."""
    b = path.replace(tree_a, tree_b)
    with open(b, "w", encoding="utf-8") as f:
        f.write(text)
    r = subprocess.run([exe, "status", "--format", "json", b], capture_output=True)
    if r.returncode == 2:  # not audited (its ladder file): one error at 1:1
        return [(0, 0, 1, None, r.stderr.decode().split(": ", 2)[2].strip())]
    rep = json.loads(r.stdout)
    want = [(d["line"] - 1, d["column"] - 1, SEV[d["severity"]], d["code"], d["message"])
            for d in rep["diagnostics"]]
    for p_ in rep["pending"]:
        line = text.split("\n")[p_["line"] - 1]
        col = len(line) - len(line.lstrip(" \t-"))
        want.append((p_["line"] - 1, col, 3, p_["obligation"], p_["due"]))
    return want

sys.path.insert(0, os.path.join(src, "tests", "lsp"))
import nvim_requests  # noqa: E402

failures = list(out["errors"])
failures += nvim_requests.check(exe, out["steps"], tree_a, tree_b)
failures += nvim_requests.check_keys(exe, out["steps"], tree_a, tree_b)
checked = edits = 0
for step in out["steps"]:
    if "diags" not in step:
        continue
    got = [(d["lnum"], d["col"], d["severity"], d["code"], d["message"]) for d in step["diags"]]
    want = expected(step["file"], step["text"])
    checked += 1
    edits += step["label"] != "open"
    if sorted(got, key=repr) != sorted(want, key=repr):
        failures.append("%s (%s):\n  neovim %s\n  cli    %s" % (
            os.path.relpath(step["file"], tree_a), step["label"], got, want))
    for d in step["diags"]:  # relatedInformation: each earlier line the message names
        named = sorted({int(n) for n in re.findall(r"(?:^|[ (])line (\d+)", d["message"])
                        if 0 < int(n) <= d["lnum"]})
        rel = sorted(r["location"]["range"]["start"]["line"] + 1 for r in d.get("related") or [])
        if rel != named:
            failures.append("%s: related %r, want lines %r: %s" % (step["file"], rel, named,
                                                                  d["message"]))
        if d["source"] != "adjutant":
            failures.append("%s: source %r" % (step["file"], d["source"]))
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("nvim: %d checks of diagnostics (%d after edits), %d requests (%d quick fixes "
      "applied) and the doc's keys (%d) match the CLI" % (
          checked, edits, nvim_requests.stats["requests"], nvim_requests.stats["fix"],
          nvim_requests.stats["keys"]))
