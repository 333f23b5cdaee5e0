# SPDX-License-Identifier: MIT
"""The hostile-input corpus (tests/hostile/run.py) through `audit --format
html`: every case under the same memory limit and hang guard (no time limit:
timings belong to `./run.sh bench`), with the exit status
the case expects, and a page that is whole, valid UTF-8 and holds no script.

usage: hostile_html.py ADJUTANT ROOT [CASE-NAME-SUBSTRING...]
"""
import os
import shutil
import sys
import tempfile

ROOT = sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "tests", "hostile"))
import run as hostile  # noqa: E402  (tests/hostile/run.py: its cases and limits)


def main(argv):
    binary, only = os.path.abspath(argv[1]), argv[3:]
    sanitized = hostile.is_sanitized(binary)
    rss_cap = (1536 if sanitized else 512) * 1024
    tmp = tempfile.mkdtemp(prefix="adj-hostile-html-")
    failed = 0
    try:
        for case in hostile.CASES:
            if only and not any(o in case.name for o in only):
                continue
            path = case.make(tmp)
            arg = os.fsdecode(path) if isinstance(path, bytes) else path
            r = hostile.run(binary, ["audit", "--format", "html", arg], sanitized)
            os.unlink(path)
            problems = []
            want = {case.exit} | ({case.alt[0]} if case.alt else set())
            if r.timed_out:
                problems.append("did not finish in %.0f s: a hang" % r.wall)
            elif r.status not in want:
                problems.append("exit %s, expected %s (%r)" % (r.status, want, r.stderr[-300:]))
            if r.rss_kb > rss_cap:
                problems.append("peak RSS %.0f MB" % (r.rss_kb / 1024))
            if r.status in (0, 1):
                try:
                    page = r.stdout.decode("utf-8")
                except UnicodeDecodeError as e:
                    page = ""
                    problems.append("not UTF-8: %s" % e)
                if not (page.startswith("<!DOCTYPE html>\n") and page.endswith("</html>\n")):
                    problems.append("not a whole page")
                if "<script" in page.lower():
                    problems.append("a <script in the page")
            elif r.stdout:
                problems.append("exit %s with %d bytes on stdout" % (r.status, len(r.stdout)))
            print("%s  %s  (%.2f s, %.1f MB)" % ("FAIL" if problems else "ok  ", case.name,
                                                 r.wall, r.rss_kb / 1024))
            for p in problems:
                print("      - " + p)
            failed += bool(problems)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("hostile_html: %d failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
