#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/lsp/editors_doc.py SRC_DIR: docs/editors.md's blocks for the
editors no test here can run (VS Code's settings.json, Helix's
languages.toml) parse as their files must, and start `adjutant lsp` for
YAML, as the doc says; the Neovim and Emacs blocks are run by nvim.py and
eglot.py, which read them from the doc the same way."""
import json
import os
import sys
import tomllib

src = os.path.abspath(sys.argv[1])
with open(os.path.join(src, "docs", "editors.md"), encoding="utf-8") as f:
    doc = f.read()
failures = []


def block(lang, section):
    """The first ```lang block under `## section`, or None."""
    parts = doc.split("\n## " + section + "\n", 1)
    if len(parts) < 2 or "```" + lang + "\n" not in parts[1].split("\n## ", 1)[0]:
        failures.append("no ```%s block under ## %s" % (lang, section))
        return None
    part = parts[1].split("\n## ", 1)[0]
    return part.split("```" + lang + "\n", 1)[1].split("\n```", 1)[0] + "\n"


vscode = block("json", "VS Code")
if vscode is not None:
    try:
        s = json.loads(vscode)
        got = (s.get("glspc.server.command"), s.get("glspc.server.commandArguments"),
               s.get("glspc.server.languageId"))
        if got != ("adjutant", ["lsp"], ["yaml"]):
            failures.append("VS Code: starts %r" % (got,))
    except ValueError as e:
        failures.append("VS Code: not JSON: %s" % e)
helix = block("toml", "Helix")
if helix is not None:
    try:
        t = tomllib.loads(helix)
        server = t.get("language-server", {}).get("adjutant", {})
        langs = [l for l in t.get("language", []) if l.get("name") == "yaml"]
        if (server.get("command"), server.get("args")) != ("adjutant", ["lsp"]) or \
                not langs or "adjutant" not in langs[0].get("language-servers", []):
            failures.append("Helix: starts %r for %r" % (server, langs))
    except tomllib.TOMLDecodeError as e:
        failures.append("Helix: not TOML: %s" % e)
for lang, section in (("lua", "Neovim"), ("elisp", "Emacs (eglot)")):
    b = block(lang, section)
    if b is not None and '"adjutant"' not in b and "'adjutant'" not in b:
        failures.append("%s: does not start adjutant" % section)
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("editors.md: the VS Code and Helix blocks parse and start adjutant lsp")
