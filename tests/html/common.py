# SPDX-License-Identifier: MIT
"""Shared by the HTML report's tests (SPEC 9): running adjutant, a small
DOM built with html.parser, the document rules, and contrast arithmetic."""
import json
import re
import subprocess
import sys
from html.parser import HTMLParser

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

# Every element and attribute the report may hold. A log that injects
# markup shows up as an element or attribute outside these sets.
TAGS = {"html", "head", "meta", "title", "style", "body", "header", "main", "footer",
        "section", "h1", "h2", "p", "dl", "dt", "dd", "code", "b", "span", "ol", "ul", "li",
        "a", "div", "table", "thead", "tbody", "tr", "th", "td", "details", "summary",
        "svg", "g", "rect", "path", "text"}
ATTRS = {"id", "class", "href", "lang", "charset", "http-equiv", "content", "name", "width",
         "height", "role", "aria-label", "aria-hidden", "x", "y", "d", "colspan"}
VOID = {"meta", "link", "br", "img", "input", "hr", "col", "area", "base", "embed", "source",
        "track", "wbr", "param"}

FAILURES = []

# SPEC 9 "Bounded" (src/report/report_html.h)
MAX_LINES, CONTEXT, MAX_LEADERS, MAX_COLS, MAX_PX, MAX_DIAGS = 20000, 2, 1000, 400, 60000, 10000


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what, file=sys.stderr)
    return cond


def finish(name):
    if FAILURES:
        print(f"{name}: {len(FAILURES)} failure(s)", file=sys.stderr)
        sys.exit(1)
    print(f"{name}: all checks passed")


def run(adj, *args, stdin=None):
    p = subprocess.run([adj, *args], input=stdin, capture_output=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def audit_json(adj, path, *extra):
    _, out, _ = run(adj, "audit", "--format", "json", *extra, path)
    return json.loads(out.decode())


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children = []

    def text(self):
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        """This node and every node under it, in document order (a stack, not
        nested generators: those cost a frame a level for every node)."""
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(c for c in reversed(n.children) if isinstance(c, Node))

    def find_all(self, tag=None, cls=None):
        return [n for n in self.walk() if (tag is None or n.tag == tag) and
                (cls is None or cls in n.attrs.get("class", "").split())]

    def classes(self):
        return self.attrs.get("class", "").split()


class Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.cur = self.root
        self.doctype = None

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.cur)
        self.cur.children.append(n)
        if tag not in VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, attrs, self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse(html_text):
    b = Builder()
    b.feed(html_text)
    b.close()
    return b.root


def dom_rules(root, where):
    """What SPEC 9 requires of any document, checked on a parsed tree."""
    ids = {}
    for n in root.walk():
        if n.tag == "#document":
            continue
        check(n.tag in TAGS, f"{where}: element <{n.tag}> is not one the report writes")
        for k, v in n.attrs.items():
            check(not k.startswith("on"), f"{where}: event-handler attribute {k}")
            check(k in ATTRS, f"{where}: attribute {k} on <{n.tag}>")
            v = v or ""
            if k == "href":
                check(re.fullmatch(r"#L[1-9][0-9]*", v) is not None, f"{where}: href {v!r}")
            elif k != "content" or n.attrs.get("http-equiv") is None:
                check("url(" not in v and "://" not in v and "javascript:" not in v.lower(),
                      f"{where}: a URL in {k}={v!r}")
        if "id" in n.attrs:
            check(n.attrs["id"] not in ids, f"{where}: id {n.attrs['id']} twice")
            ids[n.attrs["id"]] = n
    for n in root.find_all("a"):
        check(n.attrs.get("href", "")[1:] in ids, f"{where}: link {n.attrs.get('href')} has no target")
    for s in root.find_all("style"):
        check("url(" not in s.text() and "@import" not in s.text(), f"{where}: a URL in the style")
    metas = root.find_all("meta")
    check(sum(1 for m in metas if m.attrs.get("charset") == "utf-8") == 1, f"{where}: charset meta")
    csp = [m.attrs.get("content") for m in metas
           if (m.attrs.get("http-equiv") or "").lower() == "content-security-policy"]
    check(csp == [CSP], f"{where}: CSP meta {csp!r}")
    return ids


def lines_of(path):
    """The log's lines as libyaml counts them: LF, CR, CR LF, NEL, LS, PS."""
    data = open(path, "rb").read()
    if data[:2] == b"\xff\xfe":
        text = data[2:].decode("utf-16-le", "replace")
    elif data[:2] == b"\xfe\xff":
        text = data[2:].decode("utf-16-be", "replace")
    else:
        text = data.decode("utf-8", "replace").removeprefix("\ufeff")
    return re.split("\r\n|[\r\n\x85\u2028\u2029]", text)


def diag_rules(root, ids, report, where):
    """Every diagnostic of the JSON report is listed, linked to its line,
    and shown under that line in the log."""
    listed = root.find_all("ol", "diags")
    items = listed[0].find_all("li") if listed else []
    shown = report["diagnostics"][:MAX_DIAGS]
    check(len(items) == len(shown), f"{where}: {len(items)} listed diagnostics")
    pos = {}  # each listed line's place among its siblings
    for d, li in zip(shown, items):
        a = li.find_all("a")
        check(a and a[0].attrs["href"] == f"#L{d['line']}", f"{where}: diagnostic at {d['line']} link")
        check(f"[{d['code']}, rule {d['rule']}]" in li.text(), f"{where}: {d['code']} listed")
        check(d["message"] in li.text(), f"{where}: message of {d['code']} listed")
        line = ids.get(f"L{d['line']}")
        check(line is not None and "m" in line.classes(), f"{where}: line {d['line']} marked")
        if line is None:
            continue
        sib = line.parent.children
        if not pos:
            pos.update((id(n), k) for k, n in enumerate(sib))
        i = pos[id(line)] + 1
        shown = []
        while i < len(sib) and not (isinstance(sib[i], Node) and sib[i].tag == "div"):
            if isinstance(sib[i], Node):
                shown.append(sib[i].text())
            i += 1
        check(any(d["code"] in s and d["message"] in s for s in shown),
              f"{where}: {d['code']} shown under line {d['line']}")


def listed(nlines, report):
    """The lines the listing holds: all of them (and any end mark a
    diagnostic names) up to MAX_LINES lines, else those within CONTEXT of
    a diagnostic shown."""
    marks = [d["line"] for d in report["diagnostics"][:MAX_DIAGS]]
    last = max([nlines] + marks)
    if nlines <= MAX_LINES:
        return list(range(1, last + 1))
    near = {n for m in marks for n in range(m - CONTEXT, m + CONTEXT + 1) if 1 <= n <= last}
    return sorted(near)


def gaps(rows, last):
    """The "not shown" notes between the rows of a cut listing."""
    out, nxt = [], 1
    for n in rows + [last + 1]:
        if n > nxt:
            out.append(f"line {nxt} not shown" if n - 1 == nxt else
                       f"lines {nxt}\u2013{n - 1} not shown")
        nxt = n + 1
    return out


def log_rules(root, ids, path, report, where):
    """Every line of the file numbered and anchored, with its text (or,
    past MAX_LINES lines, the lines near a diagnostic, the others noted)."""
    lines = lines_of(path)
    if lines and lines[-1] == "":
        lines.pop()  # the end mark after a final break: anchored only when named
    want_rows = listed(len(lines), report)
    log = root.find_all("div", "log")
    rows = [n for n in log[0].children if isinstance(n, Node) and n.tag == "div"] if log else []
    check(len(rows) == len(want_rows), f"{where}: {len(rows)} log lines, expected {len(want_rows)}")
    for no, row in zip(want_rows, rows):
        if not check(row.attrs.get("id") == f"L{no}", f"{where}: line {no} anchored"):
            break
    notes = [n.text() for n in log[0].children if isinstance(n, Node) and n.tag == "p"
             and "gap" in n.classes()] if log else []
    last = max([len(lines)] + want_rows)
    check(notes == (gaps(want_rows, last) if len(lines) > MAX_LINES else []),
          f"{where}: the lines left out noted: {notes[:3]}")
    bound = [p.text() for sec in root.find_all("section") if sec.attrs.get("id") == "log"
             for p in sec.find_all("p", "bound")]
    check(bool(bound) == (len(lines) > MAX_LINES), f"{where}: the listing says it is cut {bound}")
    for no in want_rows:
        if no > len(lines):
            continue
        row = ids.get(f"L{no}")
        code = row.find_all("code") if row else []
        want = "".join(visible(c) for c in lines[no - 1])
        if not check(code and code[0].text() == want, f"{where}: text of line {no}"):
            print("   got", code[0].text() if code else None, "want", repr(want), file=sys.stderr)
            break


def visible(c):
    o = ord(c)
    if c == "\t":
        return c
    if o < 0x20:
        return chr(0x2400 + o)
    if o == 0x7F:
        return "\u2421"
    if 0x80 <= o < 0xA0 or 0xD800 <= o < 0xE000 or 0xFDD0 <= o <= 0xFDEF or (o & 0xFFFE) == 0xFFFE \
            or 0x202A <= o <= 0x202E or 0x2066 <= o <= 0x2069:
        return "\ufffd"
    return c


def timeline(root):
    """The timeline's rows: [(leader id, [(title, classes)])], and column labels."""
    svgs = [s for s in root.find_all("svg") if "img" == s.attrs.get("role")]
    if not svgs:
        return [], []
    svg = svgs[0]
    cols = [t.text() for t in svg.find_all("text", "col")]
    rows = []
    for g in svg.find_all("g", "row"):
        label = "".join(c for c in g.find_all("text", "id")[0].children if isinstance(c, str))
        cells = [(c.find_all("title")[0].text(), c.classes()) for c in g.find_all("g", "c")]
        rows.append((label, cells))
    return rows, cols


# ---- contrast (WCAG 2) ----

def luminance(hex6):
    def chan(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex6[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def palettes(style):
    """The colour variables of the light, dark and print schemes."""
    def vars_in(block):
        return dict(re.findall(r"--([a-z-]+):(#[0-9a-f]{6})", block))
    light = vars_in(style[:style.index("@media")])
    dark = dict(light, **vars_in(re.search(r"prefers-color-scheme:dark\)\{:root\{([^}]*)\}",
                                           style).group(1)))
    prnt = dict(light, **vars_in(re.search(r"@media print\{:root\{([^}]*)\}", style).group(1)))
    return {"light": light, "dark": dark, "print": prnt}


# Text colour on background colour, for every pair the stylesheet puts
# together (text on the page, in the verdict panel, in marked lines and
# diagnostic boxes, and every label in a timeline cell).
PAIRS = [("ink", "bg"), ("muted", "bg"), ("link", "bg"), ("err", "bg"), ("warn", "bg"),
         ("ink", "panel"), ("ink", "mark"), ("err", "mark"), ("warn", "mark"), ("link", "mark"),
         ("ink", "err-bg"), ("err", "err-bg"), ("muted", "err-bg"),
         ("ink", "warn-bg"), ("warn", "warn-bg"), ("muted", "warn-bg"),
         ("ink", "fit"), ("ink", "wd"), ("ink", "ill"), ("ink", "inc"), ("ink", "dead"),
         ("ink", "res")]
