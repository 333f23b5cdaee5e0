#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The man page and the bash completion against the CLI's own tables.

usage: cli_lists.py ADJUTANT SOURCE_DIR

`adjutant --list-options` (not in --help) prints the command table, the option
table, each command's options (`takes`), the reporters' table and the rulings'
table, one item a line. The completion (run in bash under `set -u`, as bash
calls it) must offer exactly those commands, each command's options, --format values and ruling names and values, fail on no unknown
ruling name, and man/adjutant.1.scd
must describe exactly those in its COMMANDS, OPTIONS, FORMATS and RULINGS
sections and name each command in its SYNOPSIS; the README's and the guide's
usage blocks must have a line for each command, and the README's list of
commands an item naming each. A command, option or format
added to a table fails this test, which says what to add where.
"""
import os
import re
import subprocess
import sys

ADJ, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
COMPLETION = os.path.join(SRC, "completion/adjutant.bash")
MANPAGE = os.path.join(SRC, "man/adjutant.1.scd")
failures = []


def same(what, where, got, want):
    """got and want as sets: say what `where` lacks and has too many of."""
    missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
    for m in missing:
        failures.append("%s lacks %s %s" % (where, what, m))
    for e in extra:
        failures.append("%s has %s %s, which the program does not" % (where, what, e))


def tables():
    out = subprocess.run([ADJ, "--list-options"], capture_output=True, text=True, check=True).stdout
    t = {"command": [], "action": [], "option": [], "format": [], "ruling": {}, "takes": {}}
    for line in out.splitlines():
        kind, name, *rest = line.split()
        if kind in ("ruling", "takes"):
            t[kind][name] = rest
        else:
            t[kind].append(name)
    return t


def complete(*words):
    """What the completion offers after `adjutant WORDS...` (the last one being typed)."""
    script = 'set -u; source "$1"; shift; COMP_WORDS=(adjutant "$@"); COMP_CWORD=$#; ' \
             '_adjutant; printf "%s\\n" "${COMPREPLY[@]}"'
    out = subprocess.run(["bash", "-c", script, "bash", COMPLETION] + list(words),
                         capture_output=True, text=True, check=True).stdout
    return [w for w in out.splitlines() if w]


def completion(t):
    where = "completion/adjutant.bash"
    same("first word", where, complete(""), t["command"] + t["action"] + ["--help"])
    for c in t["command"]:
        same("option of " + c, where, complete(c, "-"), t["takes"][c])
    offered = {o for c in t["command"] for o in complete(c, "-")}
    same("option", where, offered, t["option"])
    same("--format value", where, complete("audit", "--format", ""), t["format"])
    same("ruling", where, complete("audit", "--ruling", ""), [r + "=" for r in t["ruling"]])
    for name, values in t["ruling"].items():
        same("value of ruling " + name, where, complete("audit", "--ruling", name, "=", ""), values)
    same("value of an unknown ruling", where, complete("audit", "--ruling", "nosuch", "=", ""), [])
    same("value of an unknown ruling", where, complete("audit", "--ruling", "nosuch="), [])


def sections(text):
    """The .scd file's sections: name -> its lines."""
    out, name = {}, None
    for line in text.splitlines():
        m = re.match(r"# (.+)", line)
        if m:
            name = m.group(1)
            out[name] = []
        elif name:
            out[name].append(line)
    return out


def terms(lines):
    """The bold words of each definition's term line (a line starting with '*')."""
    return [re.findall(r"\*([^*\s]+)\*", l.split("\t")[0]) for l in lines if l.startswith("*")]


def manpage(t):
    where = "man/adjutant.1.scd"
    with open(MANPAGE) as f:
        s = sections(f.read())
    words = t["command"] + [a for a in t["action"] if not a.startswith("-")]
    same("command", where + " COMMANDS", [ts[0] for ts in terms(s["COMMANDS"])], words)
    same("option", where + " OPTIONS",
         [w.replace("\\_", "_") for ts in terms(s["OPTIONS"]) for w in ts],
         t["option"] + [a for a in t["action"] if a.startswith("-")])
    same("format", where + " FORMATS", [ts[0] for ts in terms(s["FORMATS"])], t["format"])
    rulings = {ts[0]: ts[1:] for ts in terms(s["RULINGS"])}
    same("ruling", where + " RULINGS", rulings, t["ruling"])
    for name, values in t["ruling"].items():
        if rulings.get(name, values) != values:
            failures.append("%s RULINGS gives %s the values %s, not %s"
                            % (where, name, rulings[name], values))
    takes, command = {}, None  # each command's "Options:" line under COMMANDS
    for line in s["COMMANDS"]:
        if line.startswith("*"):
            command = re.findall(r"\*([^*\s]+)\*", line)[0]
        elif line.strip().startswith("Options:"):
            takes[command] = re.findall(r"\*([^*\s]+)\*", line)
    for c in t["command"]:
        same("option of " + c, where + " COMMANDS " + c, takes.get(c, []),
             [o for o in t["takes"][c] if o not in ("-h", "--help")])  # everyone's: said once
    synopsis = "\n".join(s["SYNOPSIS"])
    for c in t["command"]:
        if "*adjutant %s*" % c not in synopsis:
            failures.append("%s SYNOPSIS lacks *adjutant %s*" % (where, c))


def readme(t):
    """The README's "The commands" block (issue 33 item 25): a line for each
    command, and every option a command takes (its long or short name; -h and
    --help aside, which the last line gives)."""
    where = "README.md"
    with open(os.path.join(os.path.dirname(MANPAGE), "..", "README.md")) as f:
        text = f.read()
    part = text.split("## The commands", 1)[-1]
    block = part.split("```", 2)[1] if part.count("```") >= 2 else ""
    lines = block.splitlines()
    for c in t["command"]:
        if not any(l.startswith("adjutant %s " % c) for l in lines):
            failures.append("%s's commands block lacks a line for adjutant %s" % (where, c))
    words = set(re.findall(r"--?[a-z][a-z-]*", block))
    for c in t["command"]:
        for o in t["takes"][c]:
            if o not in ("-h", "--help") and o not in words and not (
                    o == "--jobs" and "-j" in words):
                failures.append("%s's commands block lacks %s (an option of %s)" % (where, o, c))


def usage_blocks(t):
    """The README's and the guide's usage blocks name every command (one
    `adjutant NAME` line each), and the README's list of commands says
    what each does (`- `NAME``)."""
    for rel in ("README.md", "docs/guide.md"):
        with open(os.path.join(SRC, rel)) as f:
            text = f.read()
        blocks = re.findall(r"```\n(adjutant [^`]*?)```", text)
        named = set(re.findall(r"^adjutant (\w+)", blocks[0], re.M)) if blocks else set()
        same("usage line of command", rel, named, t["command"])
    with open(os.path.join(SRC, "README.md")) as f:
        listed = [w for item in re.findall(r"^- `\w+`.*$", f.read(), re.M)
                  for w in re.findall(r"`(\w+)`", item)]
    same("command in the list of commands", "README.md", [c for c in listed if c in
                                                          t["command"]], t["command"])


t = tables()
completion(t)
manpage(t)
readme(t)


usage_blocks(t)
for f in failures:
    print("FAIL:", f)
print("cli-lists: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
