"""`audit --summary --format html` (SPEC 5.1) the way people see it: the
results page rendered by headless Chromium (Debian's `chromium`) and the
DOM it builds checked against the JSON summary (check_html.py's rules: the
CSP, fragments only, one row per game, the standings, the details), a
hostile player name giving no element of its own; then screenshots in the
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


dom()
shots()
shutil.rmtree(TMP, ignore_errors=True)
finish("summary browser")
