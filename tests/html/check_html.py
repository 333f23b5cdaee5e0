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
from common import (CSP, PAIRS, audit_json, check, contrast, diag_rules, dom_rules, finish,
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
        check(len(rows) == len(report["leaders"]), f"{where}: one timeline row per leader")
        check(all(len(c) == len(cols) for _, c in rows), f"{where}: a cell per column")
        check(len(root.find_all("details")) == len(report["leaders"]), f"{where}: stories")
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


for test in (bundled, gaines_cells, leap, back, nasty, encodings, verdict_names_options,
             command_line, colours):
    test()
shutil.rmtree(TMP)
finish("check_html")
