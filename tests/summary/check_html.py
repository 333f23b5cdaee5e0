# SPDX-License-Identifier: MIT
"""`audit --summary --format html` (SPEC 5.1 under SPEC 9's rules), checked
without a browser: doctype, charset, the exact CSP, no script, no event
handler, only the elements and attributes the reports write, no URL but
`#G<n>`/`#D<n>` fragments that have their targets; one row per game
anchored G1..Gn as the JSON summary lists them; the standings as the JSON
has them; each game with findings has its <details> with one item per
diagnostic; every string escaped (a hostile player name and a hostile file
name stay text).

usage: check_html.py ADJUTANT TESTS_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "html"))
from common import ATTRS, CSP, TAGS, check, finish, parse  # noqa: E402

ADJ, TESTS = sys.argv[1], sys.argv[2]


def run(cwd, *args):
    p = subprocess.run([ADJ, "audit", "--summary", *args], cwd=cwd, capture_output=True)
    return p.returncode, p.stdout


def doc_rules(root, text, where):
    check(text.startswith("<!DOCTYPE html>\n"), f"{where}: doctype first")
    check('<meta charset="utf-8">' in text[:1024], f"{where}: charset early")
    check(f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in text,
          f"{where}: the exact CSP")
    check("<script" not in text.lower(), f"{where}: no <script")
    ids = {}
    for n in root.walk():
        if n.tag == "#document":
            continue
        check(n.tag in TAGS, f"{where}: element <{n.tag}>")
        for k, v in n.attrs.items():
            check(not k.startswith("on"), f"{where}: event handler {k}")
            check(k in ATTRS, f"{where}: attribute {k} on <{n.tag}>")
            if k == "href":
                check(re.fullmatch(r"#[GD][1-9][0-9]*", v or "") is not None, f"{where}: href {v!r}")
            elif k != "content":
                check("url(" not in (v or "") and "://" not in (v or ""), f"{where}: URL {v!r}")
        if "id" in n.attrs:
            check(n.attrs["id"] not in ids, f"{where}: id twice")
            ids[n.attrs["id"]] = n
    for a in root.find_all("a"):
        check(a.attrs.get("href", "")[1:] in ids, f"{where}: {a.attrs.get('href')} has no target")
    for s in root.find_all("style"):
        check("url(" not in s.text() and "@import" not in s.text(), f"{where}: URL in style")
    return ids


def shown(n):
    """A cell's text without its label (span.l, shown only on a phone)."""
    if isinstance(n, str):
        return n
    if n.tag == "span" and "l" in n.classes():
        return ""
    return "".join(shown(c) for c in n.children)


def page(cwd, args, where):
    st, raw = run(cwd, "--format", "html", *args)
    jst, js = run(cwd, "--format", "json", *args)
    check(st == jst and st in (0, 1), f"{where}: exit {st}, JSON's {jst}")
    text = raw.decode("utf-8")
    root = parse(text)
    ids = doc_rules(root, text, where)
    objs = [json.loads(line) for line in js.decode().splitlines()]
    games = [o for o in objs if "file" in o]
    standings = [o for o in objs if "standings" in o][0]["standings"]
    for n, g in enumerate(games, 1):
        row = ids.get(f"G{n}")
        if not check(row is not None and row.tag == "tr", f"{where}: no row G{n}"):
            continue
        cells = row.find_all("td")
        check(cells[-1].find_all("code")[0].text() == g["file"], f"{where}: G{n} file")
        check(g["scenario"] is None or g["scenario"] in cells[3].text(),
              f"{where}: G{n} scenario {g['scenario']!r}")
        for side, player in g["players"].items():
            check(player in cells[4].text(), f"{where}: G{n} player {player!r} not shown as text")
        findings = g["errors"] + g["warnings"]
        d = ids.get(f"D{n}")
        check((d is not None) == (findings > 0), f"{where}: G{n} details iff findings")
        if d is not None:
            check(d.tag == "details" and len(d.find_all("li")) == findings,
                  f"{where}: D{n} holds its {findings} diagnostics")
        if g["duplicate_of"]:
            check("duplicate of" in cells[-1].text(), f"{where}: G{n} says duplicate")
    sec = ids["standings"]
    rows = sec.find_all("tbody")[0].find_all("tr") if standings else []
    check(len(rows) == len(standings), f"{where}: one standings row per player")
    for r, s in zip(rows, standings):
        c = [shown(td) for td in r.find_all("td")]
        mark = " (not in the ladder)" if s["in_ladder"] is False else ""
        want = [s["player"] + mark, str(s["games"]), str(s["wins"]), str(s["draws"]),
                str(s["losses"]), str(s["with_errors"]), str(s["unfinished"])]
        check(c[1:] == want, f"{where}: standings {c[1:]} != {want}")
    return root, text


def main():
    root, text = page(TESTS, ["-j", "2", "summary/archive"], "archive")
    check("&lt;script&gt;alert(1)&lt;/script&gt;" in text, "archive: the hostile name escaped")
    check(root.find_all("h1")[0].text() == "Ladder results", "archive: no ladder, a plain title")

    # several ladders (issue 33 item 12): each named, the title with both;
    # a player not in his game's ladder marked (item 21); the ladder files'
    # lines exact (item 26)
    root, text = page(TESTS, ["-j", "2", "summary/ladders"], "ladders")
    check(root.find_all("h1")[0].text() == "East Ladder, West Ladder", "ladders: the title")
    lines = [p.text() for p in root.find_all("p") if p.text().startswith("Ladder file: ")]
    check(lines == ["Ladder file: summary/ladders/east/adjutant-ladder.yaml (East Ladder)",
                    "Ladder file: summary/ladders/west/adjutant-ladder.yaml (West Ladder)"],
          f"ladders: {lines}")
    marks = [s.parent.text() for s in root.find_all("span") if s.attrs.get("class") == "out"]
    check(marks == ["Zed Quill (not in the ladder)", "Eli Stone (not in the ladder)"],
          f"ladders: marks {marks}")

    # two ladder files of one name: the title names it once (issue 33 item 26:
    # a mutant that compared each name with all but the first passed every test)
    same = tempfile.mkdtemp(prefix="adjsame.")
    try:
        for sub in ("a", "b"):
            shutil.copytree(os.path.join(TESTS, "summary", "ladders", "east"), os.path.join(same, sub))
        root, text = page(same, ["-j", "2", "."], "same name")
        check(root.find_all("h1")[0].text() == "East Ladder", "same name: the title names it once")
    finally:
        shutil.rmtree(same)

    tmp = tempfile.mkdtemp(prefix="adjsum.")
    try:
        hostile = os.path.join(tmp, "<b>x\"'&amp;\u202e.yaml")
        shutil.copy(os.path.join(TESTS, "summary", "archive", "g-hostile.yaml"), hostile)
        shutil.copy(os.path.join(TESTS, "summary", "archive", "c-errors.yaml"),
                    os.fsdecode(os.path.join(os.fsencode(tmp), b"bad\xfe.yaml")))
        many = os.path.join(tmp, "many.yaml")  # 250 unknown-leader errors
        with open(many, "w") as f:
            f.write("format: adjutant/1\nlast_turn: 1\nsides: [CSA, USA]\nleaders:\n"
                    "  - {id: lee, side: CSA}\nevents:\n  - turn: 1\n")
            f.write("  - {activate: nobody, roll: 3}\n" * 10050)
            f.write("  - end: ~\n")
        st, raw = run(tmp, "--format", "html", "many.yaml")
        d = [n for n in parse(raw.decode()).find_all("details") if n.attrs.get("id") == "D1"]
        check(len(d) == 1 and len(d[0].find_all("li")) == 10000, "many: 10000 diagnostics shown")
        check(b"<p>50 more: <code>adjutant audit --format html</code>" in raw, "many: 50 more")
        os.remove(many)
        root, text = page(tmp, ["."], "hostile names")
        check("<b>x" not in text, "hostile: a file name does not add markup")
        check("\\xE2\\x80\\xAE" in text, "hostile: a bidi control shown as bytes")
        check("bad\\xFE.yaml" in text, "hostile: an invalid byte shown as \\xFE")
    finally:
        shutil.rmtree(tmp)
    finish("summary html")


if __name__ == "__main__":
    main()
