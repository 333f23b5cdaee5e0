#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""web/onefile.py SITE OUT: the one-file page (SPEC 10.2) made from the built
site, never by hand: web/build.sh runs it after the site is built.

The stylesheet goes into a <style>; the page's scripts run inline at the end
of the body, in the order of their <script src> tags (an inline script
ignores `defer`, so at the end the document they work on is parsed); the
engine's .wasm and the worker's script (the engine's script, then the
worker's) sit as base64 in <script type="application/octet-stream"> blocks,
which never run: adjutant.js decodes them and starts the worker from a blob:
URL. The CSP allows each inline script by its sha256 and nothing from
anywhere (default-src 'none'); 'wasm-unsafe-eval' lets the worker, which
inherits the policy, compile the engine. The manifest and the service
worker's script are left out: neither works from file://.
"""
import base64
import hashlib
import re
import sys

LIMIT = 2_000_000
SKIP = {"offline.js"}  # registers the service worker: not from file://


def read(site, name, mode="r"):
    with open(f"{site}/{name}", mode) as f:
        return f.read()


def inline_safe(name, text):
    """A script's text must not end its <script> element early."""
    if re.search(r"</script|<!--", text, re.I):
        sys.exit(f"web/onefile.py: {name} holds '</script' or '<!--': it cannot be inlined")
    return text


def b64_block(ident, data):
    text = base64.b64encode(data).decode("ascii")
    lines = "\n".join(text[i:i + 120] for i in range(0, len(text), 120))
    return f'<script type="application/octet-stream" id="{ident}">\n{lines}\n</script>\n'


def main(site, out):
    html = read(site, "index.html")
    scripts = re.findall(r'<script src="([^"]+)"(?: defer)?></script>\n', html)
    html = re.sub(r'<script src="[^"]+"(?: defer)?></script>\n', "", html)
    html = re.sub(r'<link rel="manifest"[^>]*>\n', "", html)
    css = read(site, "style.css")
    html = html.replace('<link rel="stylesheet" href="style.css">', "<style>\n" + css + "</style>")

    worker = read(site, "adjutant-engine.js") + "\n" + read(site, "adjutant-worker.js")
    blocks = b64_block("adjutant-wasm", read(site, "adjutant-engine.wasm", "rb"))
    blocks += b64_block("adjutant-worker-src", worker.encode("utf-8"))
    hashes = []
    for name in scripts:
        if name in SKIP:
            continue
        text = inline_safe(name, read(site, name))
        hashes.append("'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'")
        blocks += f"<script>{text}</script>\n"
    if "</body>" not in html:
        sys.exit("web/onefile.py: index.html has no </body>")
    html = html.replace("</body>", blocks + "</body>")

    csp = ("default-src 'none'; script-src " + " ".join(hashes) + " 'wasm-unsafe-eval'; "
           "worker-src blob:; style-src 'unsafe-inline'; img-src data: blob:; frame-src 'none'; "
           "object-src 'none'; base-uri 'none'; form-action 'none'")
    html, n = re.subn(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">',
                      f'<meta http-equiv="Content-Security-Policy" content="{csp}">', html)
    if n != 1:
        sys.exit("web/onefile.py: index.html has no Content-Security-Policy <meta>")
    # the libraries' licences travel with the file, as a comment (a link to
    # NOTICES.txt would be a request): the footer's link is dropped
    notices = read(site, "NOTICES.txt").replace("--", "- -")
    html, n = re.subn(r'; <a href="NOTICES.txt">[^<]*</a>', " (the licences of the libraries in it are in a comment at the top of this file)", html)
    if n != 1 or not html.startswith("<!DOCTYPE html>\n"):
        sys.exit("web/onefile.py: index.html has no NOTICES.txt link in its footer, or no <!DOCTYPE html> first")
    html = html.replace("<!DOCTYPE html>\n", "<!DOCTYPE html>\n<!--\n" + notices + "\n-->\n", 1)
    data = html.encode("utf-8")
    if len(data) > LIMIT:
        sys.exit(f"web/onefile.py: {out} would be {len(data)} bytes, over {LIMIT}")
    with open(out, "wb") as f:
        f.write(data)
    print(f"web/onefile.py: wrote {out} ({len(data)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: web/onefile.py SITE OUT")
    main(sys.argv[1], sys.argv[2])
