# SPDX-License-Identifier: MIT
"""`audit --summary --format csv` (SPEC 5.1), read back with Python's csv
module: the header, one row per game, CRLF after every line (the last
included), RFC 4180 quoting, numbers as numbers, every text field that
starts with = + - @ TAB or CR prefixed with ' (formula-safe), and each
row agreeing with the JSON summary of the same file.

usage: check_csv.py ADJUTANT TESTS_DIR
"""
import csv
import io
import json
import os
import subprocess
import sys

ADJ, TESTS = sys.argv[1], sys.argv[2]
HEADER = ["file", "scenario", "side1", "player1", "vp1", "claimed1", "side2", "player2",
          "vp2", "claimed2", "verdict", "errors", "warnings", "claim", "winner", "winner_player",
          "level", "margin", "round", "played", "rated"]
TEXT = {"file", "scenario", "side1", "player1", "side2", "player2", "winner", "winner_player",
        "level"}
NUMBERS = {"vp1", "claimed1", "vp2", "claimed2", "errors", "warnings", "margin", "round"}
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(cwd, *args):
    p = subprocess.run([ADJ, "audit", "--summary", *args], cwd=cwd, capture_output=True)
    return p.returncode, p.stdout


def safe(s):
    """What the CSV must hold for a text value (JSON's) from the log: a NUL
    as U+FFFD."""
    s = s.replace("\0", "\ufffd")
    return "'" + s if s and s[0] in "=+-@\t\r" else s


def lines_end_in_crlf(raw):
    """Outside quotes, every LF follows a CR; the output ends in CRLF."""
    quoted = False
    for i, b in enumerate(raw):
        if b == 0x22:
            quoted = not quoted
        elif b == 0x0A and not quoted and (i == 0 or raw[i - 1] != 0x0D):
            return False
    return raw.endswith(b"\r\n") and not quoted


def compare(row, obj, where):
    sides = list(obj["vp"] or {})
    players = obj["players"]
    res = obj["result"]
    for k, side in enumerate(sides[:2], 1):
        check(row[f"side{k}"] == safe(side), f"{where}: side{k} {row[f'side{k}']!r}")
        check(row[f"player{k}"] == safe(players.get(side) or ""), f"{where}: player{k}")
        check(row[f"vp{k}"] == str(obj["vp"][side]), f"{where}: vp{k}")
        claimed = (obj["claimed_vp"] or {}).get(side)
        check(row[f"claimed{k}"] == ("" if claimed is None else str(claimed)),
              f"{where}: claimed{k}")
    verdict = "unfinished" if obj["unfinished"] else "errors" if obj["errors"] else "clean"
    check(row["verdict"] == verdict, f"{where}: verdict {row['verdict']}")
    check(row["errors"] == str(obj["errors"]), f"{where}: errors")
    check(row["warnings"] == str(obj["warnings"]), f"{where}: warnings")
    claim = {None: "none", True: "stands", False: "wrong"}[obj["claim_stands"]]
    check(row["claim"] == claim, f"{where}: claim")
    check(row["winner"] == safe((res or {}).get("winner") or ""), f"{where}: winner")
    check(row["winner_player"] == safe((res or {}).get("winner_player") or ""),
          f"{where}: winner_player")
    check(row["scenario"] == safe(obj["scenario"] or ""),
          f"{where}: scenario")
    check(row["level"] == safe((res or {}).get("level") or ""), f"{where}: level")
    check(row["margin"] == ("" if res is None else str(res["margin"])), f"{where}: margin")
    check(row["round"] == ("" if obj["round"] is None else str(obj["round"])), f"{where}: round")
    check(row["played"] == (obj["played"] or ""), f"{where}: played")
    check(row["rated"] == {None: "", True: "yes", False: "no"}[obj["rated"]], f"{where}: rated")


def one(cwd, args, where):
    st, raw = run(cwd, "--format", "csv", *args)
    check(st in (0, 1), f"{where}: exit {st}")
    check(lines_end_in_crlf(raw), f"{where}: every line ends in CRLF")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
    check(rows[0] == HEADER, f"{where}: header {rows[0]}")
    _, js = run(cwd, "--format", "json", *args)
    objs = [json.loads(l) for l in js.decode().splitlines()]
    files = [o for o in objs if "file" in o]
    check(len(rows) - 1 == len(files), f"{where}: one row per game")
    for r, obj in zip(rows[1:], files):
        check(len(r) == len(HEADER), f"{where}: {len(r)} fields")
        row = dict(zip(HEADER, r))
        for k in TEXT:
            check(not row[k] or row[k][0] not in "=+-@\t\r", f"{where}: {k} {row[k]!r} unsafe")
        for k in NUMBERS:
            check(row[k] == "" or row[k].isdigit(), f"{where}: {k} {row[k]!r} not a number")
        check(row["file"] == safe(obj["file"]), f"{where}: file {row['file']!r}")
        compare(row, obj, f"{where} {obj['file']}")
    return raw, rows


raw, rows = one(TESTS, ["-j", "2", "summary/archive"], "archive")
hostile = [r for r in rows if r[0].endswith("g-hostile.yaml")][0]
check(hostile[1:4] == ["'=1+2", "'-CSA", "'=HYPERLINK(\"http://x.invalid\",\"y\")"],
      f"hostile: {hostile[1:4]}")
check(b'"\'=HYPERLINK(""http://x.invalid"",""y"")"' in raw, "hostile: quotes doubled")
raw, rows = one(TESTS, ["-j", "2", "summary/ratings"], "ratings")  # round and rated filled
check([r[-1] for r in rows[1:]].count("yes") == 5, "ratings: five games rated")
raw, rows = one(os.path.join(TESTS, "summary", "csv"), ["=cmd.yaml", "@b.yaml"], "csv")
check(rows[1][:4] == ["'=cmd.yaml", "'+SUM(1;2)", "'\tTAB", "'\tHT player"], f"{rows[1][:4]}")
check(rows[1][5:8] == ["0", "'\rCR", "line\r\nbreak, \"quoted\""], f"{rows[1][5:8]}")
check(rows[2][:4] == ["'@b.yaml", "'-2+3", "CSA", "'@admin"], f"{rows[2][:4]}")
check(rows[2][7] == "'-1" and rows[2][9] == "", f"{rows[2]}")
# the bytes of a field: characters of 2 (with C2, the least lead byte), 3 and
# 4 bytes kept whole (not a U+FFFD for each byte), a NUL given as one U+FFFD
# (issue 33 item 26: mutants that took a 4-byte character, then a 2-byte one,
# for invalid passed every test)
raw, rows = one(os.path.join(TESTS, "summary", "csv"), ["bytes.yaml"], "bytes")
check(b"bytes.yaml,Hill\xef\xbf\xbd \xf0\x9d\x94\x84,C\xef\xbf\xbdSA,"
      b"\xf0\x9d\x94\x84nn Carter,3,3,USA,B\xc3\xa9n \xc2\xa3\xe2\x98\xba \xf0\x9f\x98\x80,"
      b"0,,errors,1,0,wrong,"
      b"C\xef\xbf\xbdSA,\xf0\x9d\x94\x84nn Carter,,3,,,\r\n" in raw, f"bytes: {raw!r}")
# without --summary csv is refused; a format no other command has
p = subprocess.run([ADJ, "audit", "--format", "csv", "summary/archive"], cwd=TESTS,
                   capture_output=True)
check(p.returncode == 2 and not p.stdout, "audit --format csv without --summary: usage error")
for f in failures:
    print("FAIL:", f)
print(f"check_csv: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
