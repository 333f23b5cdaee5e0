#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""web/swstamp.py SITE VERSION: SITE/sw.js from web/sw.js, with the site's
files (every file of SITE but sw.js, sorted, and "./") and a cache name of
VERSION and a hash of those files' bytes, so that a new build's service
worker replaces the old one and drops its cache. web/build.sh runs it last
but one (before web/onefile.py); tests/web/offline.js runs it on a copy of
the site it changes, as a new build would.
"""
import hashlib
import os
import sys


def main(site, version):
    names = sorted(n for n in os.listdir(site) if n != "sw.js" and os.path.isfile(os.path.join(site, n)))
    digest = hashlib.sha256()
    for n in names:
        with open(os.path.join(site, n), "rb") as f:
            digest.update(f.read())
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "sw.js"), encoding="utf-8") as f:
        text = f.read()
    files = "[" + ", ".join('"' + n + '"' for n in ["./"] + names) + "]"
    if "@BUILD@" not in text or "@FILES@" not in text:
        sys.exit("web/swstamp.py: web/sw.js has no @BUILD@ or @FILES@")
    text = text.replace("@BUILD@", version + "-" + digest.hexdigest()[:16]).replace("@FILES@", files)
    with open(os.path.join(site, "sw.js"), "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: web/swstamp.py SITE VERSION")
    main(sys.argv[1], sys.argv[2])
