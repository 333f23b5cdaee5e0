# SPDX-License-Identifier: MIT
"""`audit --format html` (SPEC 9), checked without a browser: the document
rules (doctype, charset, the exact CSP, no script, no event handler, no URL
but #L<n>), escaping of a hostile log and file name, every line anchored as
libyaml counts lines (LF, CR, CR LF, NEL, LS, PS; UTF-16 decoded; invalid
UTF-8 as U+FFFD), every diagnostic linked and shown under its line, the
timeline's rows and columns (a skipped run is one column), the verdict
naming --ruling, --at and the claim, contrast of every colour pair in the
light, dark and print schemes, and the command line's rules (one FILE, no
directory, standard input read once, nothing on stdout on exit status 2).

usage: check_html.py ADJUTANT ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (CSP, MAX_DIAGS, MAX_LEADERS, MAX_PX, PAIRS, Node, audit_json, check, contrast, diag_rules, dom_rules, finish,
                    log_rules, palettes, parse, run, timeline)

ADJ, ROOT = sys.argv[1], sys.argv[2]
HERE = os.path.join(ROOT, "tests", "html")
TMP = tempfile.mkdtemp(prefix="adjhtml.")


def html_of(path, *extra):
    st, out, err = run(ADJ, "audit", "--format", "html", *extra, path)
    check(st in (0, 1), f"{path}: exit {st} ({err.decode(errors='replace')})")
    return st, out


def full_check(path, *extra, name=None):
    """Everything SPEC 9 asks of one log's page; returns the tree."""
    st, out = html_of(path, *extra)
    where = name or os.path.basename(path)
    text = out.decode("utf-8")  # must be UTF-8
    check(text.startswith("<!DOCTYPE html>\n"), f"{where}: doctype first")
    check(b'<meta charset="utf-8">' in out[:1024], f"{where}: charset in the first 1024 bytes")
    check(f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in text,
          f"{where}: the exact CSP")
    check("<script" not in text.lower(), f"{where}: no <script")
    root = parse(text)
    ids = dom_rules(root, where)
    report = audit_json(ADJ, path, *extra)
    check(st == (0 if report["ok"] else 1), f"{where}: exit status as audit")
    diag_rules(root, ids, report, where)
    log_rules(root, ids, path, report, where)
    rows, cols = timeline(root)
    if report["leaders"]:
        drawn = min(len(report["leaders"]), MAX_LEADERS)
        check(len(rows) == min(drawn, 60000 // max(len(cols), 1)), f"{where}: timeline rows")
        check(all(len(c) == len(cols) for _, c in rows), f"{where}: a cell per column")
        check(len(root.find_all("details")) == drawn, f"{where}: stories")
        check(len(rows) * len(cols) <= 60000, f"{where}: {len(rows)} x {len(cols)} cells")
    check(len(out) < 32 * 2 ** 20, f"{where}: the page is {len(out)} bytes")
    for svg in root.find_all("svg"):
        check(int(svg.attrs["width"]) <= MAX_PX and int(svg.attrs["height"]) <= MAX_PX,
              f"{where}: an SVG {svg.attrs['width']} x {svg.attrs['height']} px")
    return root, text, report


def bundled():
    for f in sorted(n for n in os.listdir(os.path.join(ROOT, "logs")) if n.endswith(".yaml")):
        root, text, report = full_check(os.path.join(ROOT, "logs", f))
        rows, cols = timeline(root)
        check(cols == [str(t) for t in range(int(cols[0]), report["turn"] + 1)] if cols else
              report["turn"] is None, f"{f}: a column per turn {cols}")


def cells(root):
    rows, cols = timeline(root)
    return {r[0]: dict(zip(cols, (t for t, _ in r[1]))) for r in rows}, cols


def gaines_cells():
    """Cells worked out by hand from the log."""
    root, text, _ = full_check(os.path.join(ROOT, "logs", "gaines-mill-disputed.yaml"))
    c, cols = cells(root)
    check(cols == ["3", "4"], f"gaines: columns {cols}")
    want = {("dhhill", "3"): "dhhill, turn 3: fit, Inactive",  # illness roll 5, line 137
            ("dhhill", "4"): "dhhill, turn 4: fit",            # Active again at turn 4
            ("whiting", "3"): "whiting, turn 3: wounded 2",    # wound level 2, line 170
            ("whiting", "4"): "whiting, turn 4: wounded 1",    # mends one level
            ("morell", "3"): "morell, turn 3: incapacitated",  # duration 6, line 175
            ("sykes", "3"): "sykes, turn 3: dead",             # wound level 6, line 194
            ("trimble", "4"): "trimble, turn 4: reserve",
            ("mccall", "4"): "mccall, turn 4: wounded 1"}
    for (who, turn), title in want.items():
        check(c.get(who, {}).get(turn) == title, f"gaines: {who} turn {turn}: {c.get(who)}")
    check("the claimed tally is wrong" in text and "Gaines&#39; Mill" in text, "gaines: verdict")


def leap():
    """A run of skipped turns is one column, repeating the state before it."""
    root, text, _ = full_check(os.path.join(HERE, "logs", "leap.yaml"))
    c, cols = cells(root)
    check(cols == ["1", "2", "3\u20132000000", "2000001"], f"leap: columns {cols}")
    check(c["jackson"] == {"1": "jackson, turn 1: wounded 3", "2": "jackson, turn 2: wounded 2",
                           "3\u20132000000": "jackson, turns 3\u20132000000 (not played): "
                                             "wounded 2",
                           "2000001": "jackson, turn 2000001: fit"}, f"leap: jackson {c}")
    check(c["lee"]["3\u20132000000"].endswith("(not played): fit, Inactive"), "leap: lee")
    check(c["porter"]["2"] == "porter, turn 2: reserve", "leap: porter")
    check("no claim" in text, "leap: the verdict says the log claims no tally")
    check(len(root.find_all("text", "col")) == 4, "leap: four columns, not two million")


def back():
    """A turn's cell is its state at the last moment it was current."""
    root, _, _ = full_check(os.path.join(HERE, "logs", "back.yaml"))
    c, cols = cells(root)
    check(cols == ["1", "2", "3"], f"back: columns {cols}")
    check(c["lee"] == {"1": "lee, turn 1: wounded 4", "2": "lee, turn 2: fit",
                       "3": "lee, turn 3: wounded 2"}, f"back: lee {c['lee']}")


def nasty():
    """A log (and a file name) made of markup yields no element of its own."""
    src = os.path.join(HERE, "logs", "nasty.yaml")
    path = os.path.join(TMP, "<b>x<i>'\"&.yaml")
    shutil.copy(src, path)
    root, text, _ = full_check(path, name="nasty")
    for bad in ("<script", "<iframe", "<img", "<object", "<form", "<link", "<svg onload",
                "<b onmouseover", "</style><"):
        check(bad not in text, f"nasty: {bad} in the page")
    body = root.find_all("body")[0].text()
    for shown in ("<script>alert('name')</script>", "<b onmouseover=alert(1)>CSA</b>",
                  "<iframe src=\"javascript:alert('scenario')\"></iframe>&amp;</title>",
                  "<b>x<i>'\"&.yaml"):
        check(shown in body, f"nasty: {shown!r} shown as text")
    check("\u2400" in body, "nasty: the NUL in a side name shown as a symbol")


def encodings():
    """Lines break where libyaml breaks them; UTF-16 decoded; bad UTF-8."""
    base = open(os.path.join(HERE, "logs", "back.yaml"), "rb").read().decode()
    body = base.replace("# current turn.", "# current\u0085# turn \u2028# with\u2029# breaks.\r#")
    for name, data in (("crlf", base.replace("\n", "\r\n").encode()),
                       ("cr", base.replace("\n", "\r").encode()),
                       ("breaks", body.encode()),
                       ("utf16le", b"\xff\xfe" + body.encode("utf-16-le")),
                       ("utf16be", b"\xfe\xff" + body.encode("utf-16-be")),
                       ("bom", b"\xef\xbb\xbf" + body.encode())):
        p = os.path.join(TMP, name + ".yaml")
        open(p, "wb").write(data)
        root, _, report = full_check(p, name=name)
        d = report["diagnostics"][0]
        check(d["code"] == "turn-sequence", f"{name}: replayed")
        row = [n for n in root.walk() if n.attrs.get("id") == f"L{d['line']}"]
        check(row and row[0].find_all("code")[0].text() == "  - turn: 1",
              f"{name}: line {d['line']} is the one libyaml names")
    for name, data in (("noend", base.encode()[:base.encode().rindex(b"- end")]),
                       ("noend-nobreak", base.encode()[:base.encode().rindex(b"\n  - end")])):
        p = os.path.join(TMP, name + ".yaml")
        open(p, "wb").write(data)
        root, _, report = full_check(p, name=name)  # missing-end's line is anchored
        check(report["diagnostics"][-1]["code"] == "missing-end", f"{name}: missing-end")
    p = os.path.join(TMP, "badutf8.yaml")
    open(p, "wb").write(base.encode().replace(b"# SPEC 9", b"# \xff\xc3(\xe2\x82 SPEC 9"))
    root, text, report = full_check(p, name="badutf8")
    check("# \ufffd\ufffd(\ufffd SPEC 9" in root.text(), "badutf8: U+FFFD for each bad run")
    check(report["diagnostics"][0]["code"] == "yaml-syntax", "badutf8: the audit stops")


def verdict_names_options():
    p = os.path.join(ROOT, "logs", "second-manassas-hood.yaml")
    root, text, _ = full_check(p, "--ruling", "repeat-illness=as-wound", "--at", "turn:3")
    facts = root.find_all("dl", "facts")[0].text()
    check("repeat-illness=as-wound" in facts, "verdict names the ruling")
    check("--at turn:3" in facts, "verdict names --at")
    root, text, _ = full_check(os.path.join(ROOT, "logs", "seven-days-1862.yaml"))
    check(root.find_all("p", "verdict")[0].text().startswith("Clean"), "clean verdict")


def command_line():
    log = os.path.join(ROOT, "logs", "seven-days-1862.yaml")
    for args, what in (([log, log], "two files"), ([os.path.join(ROOT, "logs")], "a directory"),
                       ([os.path.join(TMP, "missing.yaml")], "a missing file")):
        st, out, err = run(ADJ, "audit", "--format", "html", *args)
        check(st == 2 and out == b"" and err.startswith(b"adjutant: "),
              f"{what}: exit 2, nothing on stdout ({st}, {len(out)} bytes, {err[:80]!r})")
    for cmd in (["explain", log, "lee"], ["compare", log, "--ruling", "recovery=full-turns"]):
        st, out, err = run(ADJ, cmd[0], "--format", "html", *cmd[1:])
        check(st == 2 and out == b"" and b"has no --format html" in err, f"{cmd[0]}: usage error")
    data = open(log, "rb").read()
    st, out, _ = run(ADJ, "audit", "--format", "html", "-", stdin=data)
    _, ref, _ = run(ADJ, "audit", "--format", "html", log)
    check(st == 0 and out == ref.replace(log.encode(), b"-"), "standard input: the same page")
    fifo = os.path.join(TMP, "fifo")
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat '{log}' > '{fifo}'"])
    st, out, _ = run(ADJ, "audit", "--format", "html", fifo)
    writer.wait()
    check(st == 0 and out == ref.replace(log.encode(), fifo.encode()), "a FIFO is read once")


def colours():
    _, out = html_of(os.path.join(ROOT, "logs", "seven-days-1862.yaml"))
    text = out.decode()
    style = text[text.index("<style>") + 7:text.index("</style>")]
    for scheme, pal in palettes(style).items():
        for fg, bg in PAIRS:
            r = contrast(pal[fg], pal[bg])
            check(r >= 4.5, f"contrast {scheme}: {fg} on {bg} is {r:.2f}")


# ---- SPEC 9 "Bounded" ----

HEAD = b"format: adjutant/1\nfirst_turn: 1\nlast_turn: %d\nsides: [CSA, USA]\nleaders:\n"


def write(name, data):
    path = os.path.join(TMP, name)
    open(path, "wb").write(data)
    return path


def long_log(total):
    """A log of exactly `total` lines: lee wounded on line 10, porter's
    activation without a roll (bad-field) on line total - 2."""
    head = (HEAD % 3) + (b"  - {id: lee, side: CSA}\n  - {id: porter, side: USA}\n"
                         b"events:\n  - turn: 1\n  - wound: lee\n    level: 2\n")
    tail = b"  - activate: porter\n  - turn: 2\n  - end: ~\n"
    pad = total - head.count(b"\n") - tail.count(b"\n")
    return head + b"# filler\n" * pad + tail


def bounded_listing():
    """Up to 20,000 lines the listing is whole; past it, only the lines near
    a diagnostic, the others noted, and links only to lines listed."""
    for total in (20000, 20001):
        path = write(f"long{total}.yaml", long_log(total))
        root, text, report = full_check(path, name=f"long{total}")
        check([d["line"] for d in report["diagnostics"]] == [total - 2], f"long{total}: diag")
        rows = [n.attrs["id"] for n in root.find_all("div", "log")[0].children
                if isinstance(n, Node) and n.tag == "div"]
        story = root.find_all("details")[0].find_all("li")[0]
        if total == 20000:
            check(len(rows) == 20000, f"long{total}: every line listed")
            check(story.find_all("a")[0].attrs["href"] == "#L10", "long20000: step linked")
            continue
        check(rows == [f"L{n}" for n in range(total - 4, total + 1)], f"long{total}: {rows}")
        notice = root.find_all("section")[1].find_all("p", "bound")
        check([p.text() for p in notice] ==
              ["The log has 20001 lines, more than 20000, so only the 1 line that carries a "
               "diagnostic shown here is listed, each with two lines of context either side."],
              f"long{total}: notice {[p.text() for p in notice]}")
        gap = [p.text() for p in root.find_all("p", "gap")]
        check(gap == ["lines 1\u201319996 not shown"], f"long{total}: gaps {gap}")
        check(not story.find_all("a") and story.text().startswith("line 10, turn 1, "),
              f"long{total}: a step on a line not listed is not a link: {story.text()!r}")


def big_roster():
    """100,000 leaders: 1,000 drawn and told, chosen by diagnostic, then by a
    change of state, then roster order; shown in roster order."""
    n = 100000
    changed = list(range(1000, 3000)) + [60000, 99998]
    ev = [b"  - turn: 1\n"] + [b"  - {wound: l%d, level: 1}\n" % i for i in changed]
    ev += [b"  - activate: l70000\n", b"  - activate: l99999\n", b"  - turn: 2\n",
           b"  - end: ~\n"]
    roster = b"".join(b"  - {id: l%d, side: CSA}\n" % i for i in range(n))
    path = write("roster.yaml", (HEAD % 2) + roster + b"events:\n" + b"".join(ev))
    root, text, report = full_check(path, name="roster")
    want = [f"l{i}" for i in range(1000, 1998)] + ["l70000", "l99999"]
    rows, cols = timeline(root)
    check([r[0] for r in rows] == want, f"roster: rows {[r[0] for r in rows][:3]}...")
    told = [d.find_all("code")[0].text() for d in root.find_all("details")]
    check(told == want, "roster: the stories of the same leaders")
    table = [tr.find_all("code")[0].text() for tr in root.find_all("table", "leaders")[0]
             .find_all("tr")[1:]]
    check(table == want, "roster: the final state of the same leaders")
    notices = [p.text() for p in root.find_all("p", "bound")]
    left = ("1000 of the 100000 leaders (at most 1000: first those a diagnostic is about, "
            "then those whose state changes, then the others in roster order; shown in "
            "roster order). Left out: 99000 leaders (0 with a diagnostic, 1004 whose state "
            "changes).")
    check(notices[1:] == ["The table shows " + left, "The timeline draws " + left,
                          "The stories are told of " + left], f"roster: notices {notices}")


def skipped_turns():
    """100,000 turns that each skip one: 400 columns, the rest folded into
    the last; 10,000 of the 99,999 diagnostics shown."""
    ev = b"".join(b"  - turn: %d\n" % (2 * i + 1) for i in range(100000))
    path = write("skips.yaml", (HEAD % 300000) + b"  - {id: lee, side: CSA}\n"
                 b"  - {id: porter, side: USA}\nevents:\n" + ev + b"  - end: ~\n")
    root, text, report = full_check(path, name="skips")
    c, cols = cells(root)
    check(cols == [str(t) for t in range(1, 400)] + ["400\u2013199999"], f"skips: {cols[-3:]}")
    check(c["lee"]["400\u2013199999"] == "lee, turns 400\u2013199999 (folded: as at turn "
          "199999): fit", f"skips: folded cell {c['lee'].get('400–199999')}")
    notices = [p.text() for p in root.find_all("p", "bound")]
    check(notices[0] == f"... and {99999 - MAX_DIAGS} more, not shown on this page (it shows "
          "the first 10000, by line; the other formats list them all).", f"skips: {notices[0]}")
    check(notices[2] == "Turns 400\u2013199999 (199600 columns) are folded into the last "
          "column, which shows each leader's state as at turn 199999 (at most 400 columns, "
          "and no drawing wider than 60000 px).", f"skips: {notices[2]}")
    # turns so large that 400 columns would be wider than 60,000 px
    big = 10 ** 16
    ev = b"".join(b"  - turn: %d\n" % (1 + big * i) for i in range(500))
    path = write("wide.yaml", (HEAD % (1 + big * 499)) + b"  - {id: lee, side: CSA}\n"
                 b"  - {id: porter, side: USA}\nevents:\n" + ev + b"  - end: ~\n")
    root, text, report = full_check(path, name="wide")
    c, cols = cells(root)
    k = len(cols) - 1  # even: turn 1 + big * k / 2 played; odd: the run after it
    check(len(cols) < 400 and cols[-1] == f"{1 + big * (k // 2) + k % 2}\u2013{1 + big * 499}",
          f"wide: {len(cols)} columns, the last {cols[-1]}")


def cell_cap():
    """At most 60,000 cells: 400 columns leave room for 150 of 300 leaders,
    the 50 whose state changes first, then roster order."""
    roster = b"".join(b"  - {id: l%d, side: CSA}\n" % i for i in range(300))
    ev = [b"  - turn: 1\n"] + [b"  - {wound: l%d, level: 1}\n" % i for i in range(250, 300)]
    ev += [b"  - turn: %d\n" % t for t in range(2, 501)]
    path = write("cells.yaml", (HEAD % 500) + roster + b"events:\n" + b"".join(ev) +
                 b"  - end: ~\n")
    root, text, report = full_check(path, name="cells")
    rows, cols = timeline(root)
    want = [f"l{i}" for i in range(100)] + [f"l{i}" for i in range(250, 300)]
    check([r[0] for r in rows] == want and len(cols) == 400, f"cells: {len(rows)} rows")
    check(len(root.find_all("details")) == 300, "cells: every story told")
    notices = [p.text() for p in root.find_all("p", "bound")]
    check(notices == ["The timeline draws 150 of the 300 leaders (at most 1000, and at most "
                      "60000 cells, so 150 rows of 400 columns: first those a diagnostic is "
                      "about, then those whose state changes, then the others in roster order; "
                      "shown in roster order). Left out: 150 leaders (0 with a diagnostic, 0 "
                      "whose state changes).", "Turns 400\u2013500 (101 columns) are folded "
                      "into the last column, which shows each leader's state as at turn 500 (at "
                      "most 400 columns, and no drawing wider than 60000 px)."],
          f"cells: notices {notices}")


def long_story():
    """At most 50,000 steps in all: of 2 leaders' stories, lee's 30,000 show
    their first and last 12,500, the ones between noted."""
    ev = b"  - turn: 1\n" + b"  - {activate: lee, roll: 3}\n" * 30000
    path = write("steps.yaml", (HEAD % 2) + b"  - {id: lee, side: CSA}\n  - {id: porter, side: "
                 b"USA}\nevents:\n" + ev + b"  - end: ~\n")
    root, text, report = full_check(path, name="steps")
    lee = root.find_all("details")[0]
    steps = [li.text() for li in lee.find_all("li")]
    check(len(steps) == 25000 and steps[12499].startswith("line 12509, ") and
          steps[12500].startswith("line 17510, ") and steps[-1].startswith("line 30009, "),
          f"steps: {len(steps)} steps shown")
    check([p.text() for p in lee.find_all("p", "gap")] ==
          ["steps 12501\u201317500 of his 30000 not shown (a page tells at most 50000 steps "
           "in all)"], "steps: the steps left out noted")


def bidi():
    """Bidirectional controls in a scenario, a name, a note and the file name
    are shown as U+FFFD, as C1 controls are, so none can reorder the page;
    the file name, a name from the command line, as SPEC 5 shows names
    (its bytes as \\xHH)."""
    rlo, lri, lre, pdi = "\u202e", "\u2066", "\u202a", "\u2069"
    log = (f"format: adjutant/1\nscenario: a{rlo}b\nfirst_turn: 1\nlast_turn: 2\n"
           f"sides: [CSA, USA]\nleaders:\n  - id: lee\n    name: R{lri}E{pdi}L\n    side: CSA\n"
           f"  - id: porter\n    side: USA\nevents:\n  - turn: 1\n  - wound: lee\n    level: 1\n"
           f"    note: x{lre}y\n  - turn: 2\n  - end: ~\n").encode()
    path = write(f"bidi{rlo}.yaml", log)
    st, out = html_of(path)
    for cp in list(range(0x202A, 0x202F)) + list(range(0x2066, 0x206A)):
        check(chr(cp).encode() not in out, f"bidi: U+{cp:04X} in the page")
    rep = "\ufffd".encode()
    for shown in (b"<dd>a" + rep + b"b</dd>", b"<td>R" + rep + b"E" + rep + b"L</td>",
                  b"<code>    note: x" + rep + b"y</code>",
                  b"<h1>Audit of <code>" + os.path.join(TMP, "bidi").encode() +
                  b"\\xE2\\x80\\xAE.yaml</code></h1>", b"<code>scenario: a" + rep + b"b</code>"):
        check(shown in out, f"bidi: {shown!r} in the page")


for test in (bounded_listing, big_roster, skipped_turns, cell_cap, long_story, bidi, bundled, gaines_cells, leap, back, nasty, encodings, verdict_names_options,
             command_line, colours):
    test()
shutil.rmtree(TMP)
finish("check_html")
