# SPDX-License-Identifier: MIT
"""`audit --format html` (SPEC 9) the way people see it: each page rendered
by headless Chromium (Debian's `chromium`), and the DOM it builds checked:
every diagnostic present and linked, one timeline row per leader and one
column per turn, cells worked out by hand, and a log made of markup giving
no element of its own. Then screenshots in the light and dark schemes and a
printed page (PDF through pdftoppm), checked for their background and kept
in OUTDIR for a person to look at.

usage: browser.py ADJUTANT ROOT OUTDIR      (run with Debian's python3: PIL)
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (MAX_LEADERS, MAX_PX, audit_json, check, diag_rules, dom_rules, finish, parse,
                    run, timeline)

ADJ, ROOT, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
HERE = os.path.join(ROOT, "tests", "html")
TMP = tempfile.mkdtemp(prefix="adjbrowser.")
MISSING = [t for t in ("chromium", "pdftoppm") if not shutil.which(t)]
try:
    import PIL  # noqa: F401  (python3-pil: the screenshots are looked at)
except ImportError:
    MISSING.append("python3-pil")
if MISSING:
    print("html-browser: SKIPPED: %s not installed (run.sh installs them as root)"
          % ", ".join(MISSING))
    sys.exit(77)

CHROME = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--no-first-run", f"--user-data-dir={TMP}/profile"]
os.makedirs(OUT, exist_ok=True)


def page(log, name, *extra):
    st, out, err = run(ADJ, "audit", "--format", "html", *extra, log)
    check(st in (0, 1), f"{name}: exit {st}: {err[:200]!r}")
    path = os.path.join(TMP, name + ".html")
    open(path, "wb").write(out)
    return path


def chrome(*args):
    p = subprocess.run(CHROME + list(args), capture_output=True, timeout=120)
    check(p.returncode == 0, f"chromium {args[0]} failed: {p.stderr[-300:]!r}")
    return p.stdout


def rendered(log, name, *extra):
    """The DOM Chromium builds from the page, and the JSON audit of the log."""
    path = page(log, name, *extra)
    root = parse(chrome("--dump-dom", "file://" + path).decode("utf-8"))
    report = audit_json(ADJ, log, *extra)
    ids = dom_rules(root, name)
    diag_rules(root, ids, report, name)
    rows, cols = timeline(root)
    check(len(rows) == min(len(report["leaders"]), MAX_LEADERS, 60000 // max(len(cols), 1)),
          f"{name}: {len(rows)} rows")
    check(all(len(cells) == len(cols) for _, cells in rows), f"{name}: a cell per column")
    return root, report, rows, cols


def titles(rows, cols):
    return {who: dict(zip(cols, (t for t, _ in cells))) for who, cells in rows}


def bundled():
    for f in sorted(n for n in os.listdir(os.path.join(ROOT, "logs")) if n.endswith(".yaml")):
        root, report, rows, cols = rendered(os.path.join(ROOT, "logs", f), f[:-5])
        first = int(cols[0]) if cols else None
        check(cols == [str(t) for t in range(first, report["turn"] + 1)] if cols else True,
              f"{f}: one column per turn: {cols}")
        check([r[0] for r in rows] == [l["id"] for l in report["leaders"]], f"{f}: rows")


def by_hand():
    _, _, rows, cols = rendered(os.path.join(ROOT, "logs", "gaines-mill-disputed.yaml"), "g")
    t = titles(rows, cols)
    check(t["dhhill"]["3"] == "dhhill, turn 3: fit, Inactive", "gaines: dhhill, turn 3")
    check(t["whiting"]["4"] == "whiting, turn 4: wounded 1", "gaines: whiting, turn 4")
    check(t["sykes"]["3"] == "sykes, turn 3: dead", "gaines: sykes, turn 3")
    check(t["morell"]["4"] == "morell, turn 4: incapacitated", "gaines: morell, turn 4")
    _, _, rows, cols = rendered(os.path.join(HERE, "logs", "leap.yaml"), "leap")
    check(cols == ["1", "2", "3\u20132000000", "2000001"], f"leap: columns {cols}")
    t = titles(rows, cols)
    check(t["jackson"]["3\u20132000000"] == "jackson, turns 3\u20132000000 (not played): "
          "wounded 2", "leap: the skipped run repeats turn 2")
    check(t["jackson"]["2000001"] == "jackson, turn 2000001: fit", "leap: mended by the leap")
    check("np" in dict(rows)["lee"][2][1], "leap: the skipped run is marked not played")


def nasty():
    log = os.path.join(TMP, "<b>x<i>'\"&.yaml")
    shutil.copy(os.path.join(HERE, "logs", "nasty.yaml"), log)
    root, report, rows, cols = rendered(log, "nasty")
    body = root.find_all("body")[0].text()
    check("<script>alert('name')</script>" in body, "nasty: a name shown as text")
    check("<b>x<i>'\"&.yaml" in body, "nasty: the file name shown as text")
    check(len(root.find_all("details")) == 2, "nasty: two stories")


def bounded():
    """SPEC 9 "Bounded": 100,000 leaders over 1,000 turns that each skip
    one, 50 of them wounded late in the roster: Chromium builds the page
    (150 rows of 400 columns: 60,000 cells; the notices), and a screenshot
    of its timeline is kept in OUTDIR."""
    n = 100000
    roster = b"".join(b"  - {id: l%d, side: CSA}\n" % i for i in range(n))
    ev = [b"  - turn: 1\n"] + [b"  - {wound: l%d, level: 2}\n" % i for i in range(99950, n)]
    ev += [b"  - turn: %d\n" % (2 * i + 1) for i in range(1, 1000)]
    log = os.path.join(TMP, "bounded.yaml")
    open(log, "wb").write(b"format: adjutant/1\nfirst_turn: 1\nlast_turn: 3000\nsides: [CSA, "
                          b"USA]\nleaders:\n" + roster + b"events:\n" + b"".join(ev) +
                          b"  - end: ~\n")
    root, report, rows, cols = rendered(log, "bounded")
    size = os.path.getsize(os.path.join(TMP, "bounded.html"))
    check(size < 32 * 2 ** 20, f"bounded: the page is {size} bytes")
    check([r[0] for r in rows] == [f"l{i}" for i in range(100)] +
          [f"l{i}" for i in range(99950, n)], "bounded: the wounded first, then roster order")
    check(len(cols) == 400 and cols[-1] == "400\u20131999", f"bounded: columns {cols[-2:]}")
    svg = [s for s in root.find_all("svg") if s.attrs.get("role") == "img"][0]
    check(int(svg.attrs["width"]) <= MAX_PX and int(svg.attrs["height"]) <= MAX_PX,
          f"bounded: svg {svg.attrs['width']} x {svg.attrs['height']}")
    notes = " ".join(p.text() for p in root.find_all("p", "bound"))
    for said in ("The timeline draws 150 of the 100000 leaders", "Turns 400\u20131999",
                 "Left out: 99850 leaders (0 with a diagnostic, 0 whose state changes)"):
        check(said in notes, f"bounded: the page says {said!r}")
    # the page cut to its header and timeline (a screenshot of #timeline is
    # blank in headless Chromium)
    page = open(os.path.join(TMP, "bounded.html"), encoding="utf-8").read()
    start, end = page.index('<section id="timeline">'), page.index("</main>")
    cut = os.path.join(TMP, "bounded-timeline.html")
    open(cut, "w", encoding="utf-8").write(page[:page.index("<main>") + 6] +
                                           page[start:page.index("</section>", start) + 10] +
                                           page[end:])
    png = os.path.join(OUT, "report-bounded.png")
    chrome("--window-size=1200,1400", f"--screenshot={png}", "file://" + cut)


def shots():
    """Light, dark and print renderings of the disputed game's page."""
    from PIL import Image
    path = page(os.path.join(ROOT, "logs", "gaines-mill-disputed.yaml"), "shot")
    url = "file://" + path
    size = "--window-size=1200,4000"
    for scheme, flags, bg in (("light", [], (255, 255, 255)),
                              ("dark", ["--blink-settings=preferredColorScheme=0"], (18, 18, 18))):
        png = os.path.join(OUT, f"report-{scheme}.png")
        chrome(size, *flags, f"--screenshot={png}", url)
        im = Image.open(png).convert("RGB")
        check(im.getpixel((3, 3)) == bg, f"{scheme}: background {im.getpixel((3, 3))}")
        check(len(set(im.crop((0, 0, 1200, 600)).getdata())) > 50, f"{scheme}: content drawn")
    pdf = os.path.join(TMP, "print.pdf")
    chrome("--blink-settings=preferredColorScheme=0", "--no-pdf-header-footer",
           f"--print-to-pdf={pdf}", url)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf,
                    os.path.join(OUT, "report-print")], check=True)
    printed = [f for f in os.listdir(OUT) if f.startswith("report-print")]
    check(len(printed) == 1, f"print: one page image {printed}")
    if printed:
        im = Image.open(os.path.join(OUT, printed[0])).convert("RGB")
        check(im.getpixel((3, 3)) == (255, 255, 255), "print: white paper, even in dark mode")


for test in (bundled, by_hand, nasty, bounded, shots):
    test()
shutil.rmtree(TMP, ignore_errors=True)
finish("browser")
