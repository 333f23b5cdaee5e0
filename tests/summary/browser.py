# SPDX-License-Identifier: MIT
"""`audit --summary --format html` (SPEC 5.1) the way people see it: the
results page rendered by headless Chromium (Debian's `chromium`) and the
DOM it builds checked against the JSON summary (check_html.py's rules: the
CSP, fragments only, one row per game, the standings, the details), a
hostile player name giving no element of its own; the layout at 360 px
(nothing scrolls sideways, inside a box or not) and 1280 px (the games table
wider than 900 px), measured by a script added to a copy of the page, with
screenshots at both widths; then screenshots in the
light and dark schemes and a printed page, checked for their background and
kept in OUTDIR for a person to look at.

usage: browser.py ADJUTANT TESTS_DIR OUTDIR      (run with Debian's python3: PIL)
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "html"))
sys.path.insert(0, HERE)

ADJ, TESTS, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
TMP = tempfile.mkdtemp(prefix="adjsumbrowser.")
MISSING = [t for t in ("chromium", "pdftoppm") if not shutil.which(t)]
try:
    import PIL  # noqa: F401
except ImportError:
    MISSING.append("python3-pil")
if MISSING:
    print("summary-browser: SKIPPED: %s not installed" % ", ".join(MISSING))
    sys.exit(77)

import check_html as rules  # noqa: E402  (its module-level checks run on import)
from common import check, finish, parse  # noqa: E402

CHROME = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--no-first-run", f"--user-data-dir={TMP}/profile"]
os.makedirs(OUT, exist_ok=True)


def chrome(*args):
    p = subprocess.run(CHROME + list(args), capture_output=True, timeout=120)
    check(p.returncode == 0, f"chromium {args[0]} failed: {p.stderr[-300:]!r}")
    return p.stdout


def write_page(args, name):
    st, raw = rules.run(TESTS, "--format", "html", *args)
    check(st in (0, 1), f"{name}: exit {st}")
    path = os.path.join(TMP, name + ".html")
    open(path, "wb").write(raw)
    return path


def dom():
    """The DOM Chromium builds holds what the page's text holds."""
    path = write_page(["-j", "2", "summary/archive"], "archive")
    text = chrome("--dump-dom", "file://" + path).decode("utf-8")
    root = parse(text)
    st, js = rules.run(TESTS, "--format", "json", "-j", "2", "summary/archive")
    games = [l for l in js.decode().splitlines() if l.startswith('{"file"')]
    rows = [r for r in root.find_all("tr") if r.attrs.get("id", "").startswith("G")]
    check(len(rows) == len(games), f"dom: {len(rows)} game rows for {len(games)} games")
    check(not any(n.tag == "script" for n in root.walk()), "dom: no script element")
    body = root.find_all("body")[0].text()
    check("<script>alert(1)</script>" in body, "dom: the hostile name shown as text")
    check(len(root.find_all("details")) == 3, "dom: three games with findings")


def shots():
    from PIL import Image
    path = write_page(["-j", "2", "summary/archive"], "shot")
    url = "file://" + path
    for scheme, flags, bg in (("light", [], (255, 255, 255)),
                              ("dark", ["--blink-settings=preferredColorScheme=0"], (18, 18, 18))):
        png = os.path.join(OUT, f"summary-{scheme}.png")
        chrome("--window-size=1300,1100", *flags, f"--screenshot={png}", url)
        im = Image.open(png).convert("RGB")
        check(im.getpixel((3, 3)) == bg, f"{scheme}: background {im.getpixel((3, 3))}")
        check(len(set(im.crop((0, 0, 1300, 600)).getdata())) > 50, f"{scheme}: content drawn")
    pdf = os.path.join(TMP, "print.pdf")
    chrome("--blink-settings=preferredColorScheme=0", "--no-pdf-header-footer",
           f"--print-to-pdf={pdf}", url)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf,
                    os.path.join(OUT, "summary-print")], check=True)
    printed = [f for f in os.listdir(OUT) if f.startswith("summary-print")]
    check(len(printed) == 1, f"print: one page image {printed}")
    if printed:
        im = Image.open(os.path.join(OUT, printed[0])).convert("RGB")
        check(im.getpixel((3, 3)) == (255, 255, 255), "print: white paper, even in dark mode")


MEASURE = """<script>
(function () {
  var W = window.innerWidth, wide = [], out = [];
  document.querySelectorAll("body *").forEach(function (el) {
    var cs = getComputedStyle(el);
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && el.scrollWidth > el.clientWidth)
      wide.push(el.tagName + "." + el.className + " " + el.scrollWidth + ">" + el.clientWidth);
    var r = el.getBoundingClientRect();
    if (r.width && r.right > W + 0.5)
      out.push(el.tagName + "." + el.className + " right " + Math.round(r.right));
  });
  var t = document.querySelector("table.games");
  var pre = document.createElement("pre");
  pre.id = "measure";
  pre.textContent = JSON.stringify({inner: W, doc: document.documentElement.scrollWidth,
    boxes: wide.slice(0, 5), out: out.slice(0, 5), games: t ? t.getBoundingClientRect().width : 0});
  if (window.parent !== window) parent.postMessage(pre.textContent, "*");
  else document.body.appendChild(pre);
})();
</script>"""

# Headless Chromium's window is at least 500 px wide: a narrower viewport is
# an iframe of that width, which posts its measures to this page.
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="%s" style="width:%dpx;height:2000px;border:0;display:block"></iframe>
<script>window.addEventListener("message", function (e) {
  var pre = document.createElement("pre"); pre.id = "measure"; pre.textContent = e.data;
  document.body.appendChild(pre); });</script></body></html>"""


def measure(path, width):
    """The page at `width` px, measured by a script added to a copy (the page
    itself has none, and its CSP would refuse one)."""
    import json
    text = open(path, encoding="utf-8").read()
    text = text.replace('<meta http-equiv="Content-Security-Policy"', '<meta name="x"', 1)
    probe = path + f".{width}.html"
    open(probe, "w", encoding="utf-8").write(text.replace("</body>", MEASURE + "</body>"))
    frame = path + f".{width}.frame.html"
    open(frame, "w").write(FRAME % (os.path.basename(probe), width))
    dumped = chrome("--window-size=1300,2000", "--virtual-time-budget=5000", "--dump-dom",
                    "file://" + frame).decode()
    root = parse(dumped)
    pre = [n for n in root.find_all("pre") if n.attrs.get("id") == "measure"]
    return json.loads(pre[0].text()) if check(pre, f"{width}px: measured") else {}


def layout():
    """Issue 33 item 23: at 360 px nothing scrolls sideways, inside a box or
    not (each game's cells stacked); at 1280 px the page uses more than 900
    px. Screenshots at both widths kept for a person to look at."""
    for args, name in ((["-j", "2", "summary/archive"], "archive"),
                       (["-j", "2", "summary/ladders", "../logs"], "ladders")):
        path = write_page(args, "layout-" + name)
        m = measure(path, 360)
        check(m.get("doc", 9999) <= m.get("inner", 0), f"{name} 360px: the page scrolls "
              f"sideways: {m.get('doc')} > {m.get('inner')} {m.get('out')}")
        check(m.get("boxes") == [], f"{name} 360px: a box scrolls sideways: {m.get('boxes')}")
        check(m.get("out") == [], f"{name} 360px: past the right edge: {m.get('out')}")
        m = measure(path, 1280)
        check(m.get("games", 0) > 900, f"{name} 1280px: the games table {m.get('games')} px")
        check(m.get("doc", 9999) <= m.get("inner", 0), f"{name} 1280px: scrolls sideways")
        shot(path, name)


def shot(path, name):
    """Screenshots at 1280 px and (in a 360 px frame, cropped) 360 px."""
    from PIL import Image
    chrome("--window-size=1280,1400", f"--screenshot={OUT}/summary-{name}-1280.png",
           "file://" + path)
    frame = path + ".shot.html"
    open(frame, "w").write('<!DOCTYPE html><html><body style="margin:0"><iframe src="%s" '
                           'style="width:360px;height:2400px;border:0;display:block">'
                           '</iframe></body></html>' % os.path.basename(path))
    png = f"{OUT}/summary-{name}-360.png"
    chrome("--window-size=600,2400", f"--screenshot={png}", "file://" + frame)
    Image.open(png).crop((0, 0, 360, 2400)).save(png)


dom()
layout()
shots()
shutil.rmtree(TMP, ignore_errors=True)
finish("summary browser")
