#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`fix` keeps every comment (SPEC 12; issue 44 item 1), as a property: for
every log under logs/ and tests/ that fix accepts, and for each shape of
claim fix replaces whole (below, in UTF-8, CRLF and UTF-16), a comment is
put at the end of each line inside `events` (where a comment can stand:
not inside a scalar) and on a line of its own before each event that
starts a line; `fix` of that log must keep every comment's text, once, in
the same order, and `fix` of its output must change nothing.

Where comments can stand is read from PyYAML's tokens (its scanner is
libyaml's, in Python); a log PyYAML cannot read is counted and skipped.

Usage: comments.py ADJUTANT PROJECT_DIR (ADJ_SHOW_SKIPPED=1: list the logs skipped)"""
import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("SKIPPED: the Python module yaml is missing (apt-get install python3-yaml)")
    sys.exit(77)

ADJ, PROJECT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
TMP = tempfile.mkdtemp(prefix="adj-fix-comments-")
MARK = re.compile(r"<<(\d+)>>")
BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
failures, checked, skipped = [], [], []

# ---- the shapes of a value fix replaces whole, each drawing a correction ----
HEADER = ("format: adjutant/1\nlast_turn: 3\noptional_rules: [illness]\nsides: [CSA, USA]\n"
          "leaders:\n  - {id: lee, side: CSA, initiative: 4, vp: 4}\n"
          "  - {id: sykes, side: USA, vp: 1}\nimc:\n  4: [1, 2, 3, 4, 5, 6]\nevents:\n"
          "  - turn: 1\n  - wound: sykes\n    level: 6\n")
SHAPES = {
    "flow-list": "  - end: [\n      CSA 3,\n      USA 0\n    ]\n",
    "block-list": "  - end:\n      - CSA 3\n      - USA 0\n  - turn: 2\n",
    "flow-map": "  - end: {\n      CSA: 3,\n    }\n",
    "block-map-twice": "  - end:\n      CSA: 0\n      CSA: 1\n",
    "flow-event": "  - {note: x, end: [\n      CSA 3,\n      USA 0\n    ]}\n",
    "side-flow": "  - end: {CSA: [1,\n      2], USA: [\n      3]}\n",
    "side-block": "  - end:\n      CSA:\n        - 2\n        - 3\n      USA: 0\n",
    "side-block-scalar": "  - end:\n      CSA: >+\n          7\n\n      USA: 0\n",
    "claim-block-scalar": "  - end:\n      - |\n        # text, not a comment\n        x\n      - 0\n",
    "quoted": "  - end: ['CSA # 3',\n      \"USA # 0\"\n    ]\n",
    "plain-lines": "  - end: CSA 3\n      and USA 0\n",
    "result-block": "  - activate: lee\n    roll: 1\n    mp: 1\n  - illness: lee\n    roll: 5\n"
                    "    result: |-\n      none\n  - end: {CSA: 1, USA: 0}\n",
}


def run(args, stdin=None):
    p = subprocess.run([ADJ] + args, input=stdin, capture_output=True, cwd=TMP,
                       env=dict(os.environ, NO_COLOR="1"))
    return p.returncode, p.stdout, p.stderr


def decode(data):
    """(text, encoding, BOM) of a log's bytes, or None."""
    for bom, enc in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"),
                     (b"\xef\xbb\xbf", "utf-8")):
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(enc), enc, bom
            except UnicodeDecodeError:
                return None
    try:
        return data.decode("utf-8"), "utf-8", b""
    except UnicodeDecodeError:
        return None


def lines_of(text):
    """[(content, break)] of each line, as libyaml breaks them."""
    out, at = [], 0
    for m in BREAK.finditer(text):
        out.append([text[at:m.start()], m.group()])
        at = m.end()
    out.append([text[at:], ""])
    return out


def events_node(text):
    doc = next(yaml.compose_all(text), None)
    if not isinstance(doc, yaml.MappingNode):
        return None
    for k, v in doc.value:
        if isinstance(k, yaml.ScalarNode) and k.value == "events":
            return v
    return None


def inside_scalar(text):
    """Lines whose end lies inside a scalar (a block scalar's header line
    excepted): no comment can follow them."""
    inside = set()
    for tok in yaml.scan(text):
        if isinstance(tok, yaml.ScalarToken):
            first = tok.start_mark.line + (tok.style in ("|", ">"))
            inside.update(range(first, tok.end_mark.line))
    return inside


def commented(text):
    """The log with the comments put in, and how many; None when PyYAML
    cannot read it or its events hold no line."""
    try:
        ev = events_node(text)
        inside = inside_scalar(text)
    except yaml.YAMLError:
        return None
    if ev is None or MARK.search(text):
        return None
    lines = lines_of(text)
    last = ev.end_mark.line - (ev.end_mark.column == 0)
    own = set()  # lines an event starts, alone from the start of the line
    items = ev.value if isinstance(ev, yaml.SequenceNode) else []
    for prev, item in zip(items, items[1:]):
        end = prev.end_mark.line - (prev.end_mark.column == 0)
        lead = lines[item.start_mark.line][0][:item.start_mark.column]
        if item.start_mark.line > end and lead.strip(" -") == "" and item.start_mark.line - 1 not in inside:
            own.add(item.start_mark.line)
    out, n = [], 0
    for i, (content, brk) in enumerate(lines):
        if i in own:
            indent = content[:len(content) - len(content.lstrip(" "))]
            out.append(f"{indent}# <<{n}>> own line{brk or chr(10)}")
            n += 1
        if ev.start_mark.line <= i <= last and i not in inside:
            content += f" # <<{n}>>"
            n += 1
        out.append(content + brk)
    return "".join(out), n


def ladder_for(path):
    d = os.path.dirname(os.path.abspath(path))
    while True:
        lad = os.path.join(d, "adjutant-ladder.yaml")
        if os.path.isfile(lad):
            return ["--ladder", lad]
        if os.path.dirname(d) == d:
            return []
        d = os.path.dirname(d)


def check(name, data, args):
    dec = decode(data)
    made = commented(dec[0]) if dec else None
    if not made or not made[1]:
        skipped.append(name)
        return
    text, n = made
    src = os.path.join(TMP, "c.yaml")
    with open(src, "wb") as f:
        f.write(dec[2] + text.encode(dec[1]))
    st, out, err = run(["fix", *args, src])
    if st == 2:
        with open(src, "wb") as f:
            f.write(data)
        if run(["fix", *args, src])[0] == 2:  # fix does not accept the log itself
            skipped.append(name)
        else:
            failures.append(f"{name}: fix refuses it once commented: {err.decode(errors='replace')}")
        return
    checked.append(name)
    got = decode(out)
    found = [int(m) for m in MARK.findall(got[0])] if got else []
    if found != list(range(n)):
        lost = sorted(set(range(n)) - set(found))
        failures.append(f"{name}: {n} comments put in, fix gives {len(found)}; lost {lost[:5]}, "
                        f"order {'kept' if found == sorted(found) else 'changed'}")
    if out == dec[2] + text.encode(dec[1]):
        return  # nothing corrected: fix of it is this run again
    again = os.path.join(TMP, "again.yaml")
    with open(again, "wb") as f:
        f.write(out)
    st2, out2, err2 = run(["fix", *args, again])
    if out2 != out:
        failures.append(f"{name}: fix of fix's output changes it: {err2.decode(errors='replace')}")


# ---- every log of the project ----
paths = []
for top in ("logs", "tests"):
    for d, _, names in os.walk(os.path.join(PROJECT, top)):
        paths += [os.path.join(d, n) for n in names if n.endswith((".yaml", ".yml"))
                  and n != "adjutant-ladder.yaml"]
for path in sorted(paths):
    with open(path, "rb") as f:
        check(os.path.relpath(path, PROJECT), f.read(), ladder_for(path))

# ---- each shape, in three encodings: none may be skipped ----
for name, tail in SHAPES.items():
    log = HEADER + tail
    for variant, data in (("", log.encode()), (" crlf", log.replace("\n", "\r\n").encode()),
                          (" utf-16", b"\xff\xfe" + log.encode("utf-16-le"))):
        check(f"shape {name}{variant}", data, ["--no-ladder"])
missed = [s for s in skipped if s.startswith("shape ")]
if missed:
    failures.append(f"shapes not checked (fix refused them or PyYAML could not read them): {missed}")
if len(checked) < 300:
    failures.append(f"only {len(checked)} logs checked: the property holds of too few")

for f in failures:
    print("FAIL", f)
print(f"fix keeps comments: {len(checked)} logs checked, {len(skipped)} skipped "
      f"(fix refuses them, or no line of their events can take a comment), "
      f"{len(failures)} failure(s)")
if os.environ.get("ADJ_SHOW_SKIPPED"):
    print("\n".join(skipped))
sys.exit(1 if failures else 0)
