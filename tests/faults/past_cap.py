#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 44 item 2: past the cap of 100,000 diagnostics a file keeps, compare
and explain hide nothing that differs. The logs are made here: 100,001
harmless warnings (an unknown key on a flip of porter's) and one error that
depends on a ruling (jackson's wound while his illness check is owed:
roll-out-of-order, which wound-roll=ignored drops), after the warnings or
before them.

- compare says how many each reading left out and compares, code by code,
  the diagnostics it cannot list: the error past the cap shows as a count;
  an error before the cap is listed, and the warning that the shorter
  reading keeps in its place is not taken for a difference;
- explain keeps every diagnostic about the leaders it tells of, past the
  cap too, says how many of the log's were not kept, and names no "line"
  without its number.

usage: past_cap.py ADJUTANT SOURCE-DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

ADJ = sys.argv[1]
failures = []
HEADER = """format: adjutant/1
last_turn: 3
optional_rules: [illness]
sides: [CSA, USA]
leaders:
  - {id: jackson, side: CSA, initiative: 3, vp: 2}
  - {id: porter, side: USA, initiative: 3, vp: 2}
imc: {3: [1, 1, 2, 3, 4, 5]}
events:
  - turn: 1
"""
WALL = "  - {flip: porter, to: active, x: 1}\n" * 100001   # lines 11 to 100011
ERROR = ("  - {activate: jackson, roll: 1, mp: 1}\n  - {wound: jackson, level: 1}\n"
         "  - {illness: jackson, roll: 3, result: none}\n")
END = "  - end: {CSA: 0, USA: 0}\n"
RULING = ["--ruling", "wound-roll=ignored"]
ROO = ("error: a wound (a casualty roll) while the illness check for jackson (line {act}) is "
       "still owed; 8.13 makes it come first")


def run(*args):
    p = subprocess.run([ADJ, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail):
    if not cond:
        failures.append(f"{name}: {detail}")
        print("FAIL", name, detail[:2000])
    else:
        print("ok  ", name)


with tempfile.TemporaryDirectory() as d:
    late, early = os.path.join(d, "late.yaml"), os.path.join(d, "early.yaml")
    with open(late, "w") as f:
        f.write(HEADER + WALL + ERROR + END)   # the error on line 100013
    with open(early, "w") as f:
        f.write(HEADER + ERROR + WALL + END)   # the error on line 12

    # ---- compare: the error past the cap shows as a count ----
    st, out, err = run("compare", late, *RULING)
    want = ("\npast the cap of 100000 diagnostics kept: 2 not kept under the default reading, 1 "
            "under wound-roll=ignored;\nnot listed above, by code, where they differ:\n"
            "  roll-out-of-order: 1 under the default reading, 0 under wound-roll=ignored\n\n"
            "The readings agree on every leader and the tally.\n")
    check("compare text, the error past the cap", (st, err) == (0, "") and out.endswith(want)
          and "found only" not in out, f"exit {st}, {err}\n{out}")
    st, out, err = run("compare", "--format", "json", late, *RULING)
    got = json.loads(out) if st == 0 else {}
    check("compare json, the error past the cap",
          got.get("diagnostics") == {"only_default": [], "only_alternative": [], "not_listed": [
              {"code": "roll-out-of-order", "default": 1, "alternative": 0}]}
          and got.get("diagnostics_omitted") == {"default": 2, "alternative": 1}, out[:1000])

    # ---- compare: an error before the cap is listed, and nothing else ----
    st, out, err = run("compare", "--format", "json", early, *RULING)
    got = json.loads(out) if st == 0 else {}
    diags = got.get("diagnostics", {})
    check("compare json, the error before the cap",
          [(g["line"], g["code"]) for g in diags.get("only_default", [])] == [(12, "roll-out-of-order")]
          and diags.get("only_alternative") == [] and diags.get("not_listed") == []
          and got.get("diagnostics_omitted") == {"default": 2, "alternative": 1}, out[:1000])
    st, out, err = run("compare", early, *RULING)
    check("compare text, the error before the cap", st == 0 and
          "\nfound only under the default reading:\n  12:6: " + ROO.format(act=11) +
          " [roll-out-of-order]\n\npast the cap of 100000 diagnostics kept: 2 not kept under the "
          "default reading, 1 under wound-roll=ignored; those not listed above agree in number, "
          "code by code\n" in out and "found only under wound-roll" not in out, out[-1500:])

    # ---- explain: his diagnostics kept past the cap; the others counted ----
    st, out, err = run("explain", late, "jackson")
    want = ("  diagnostics about him:\n    100013:6: " + ROO.format(act=100012) +
            " [roll-out-of-order, rule 8.13]\n  past the cap of 100000 diagnostics kept: 1 of the "
            "log's not kept (0 errors, 1 warning), none of them about him\n  final: wounded 1, "
            "Active\n")
    check("explain jackson text", st == 1 and out.endswith(want + "\n"), out[-1500:])
    st, out, err = run("explain", "--format", "json", late, "jackson")
    got = json.loads(out) if out else {}
    check("explain jackson json",
          [(g["line"], g["code"]) for g in got.get("diagnostics", [])] == [(100013, "roll-out-of-order")]
          and got.get("diagnostics_omitted") == 1
          and got.get("diagnostics_omitted_codes") == {"unknown-field": 1}
          and got.get("diagnostics_complete") is True, out[-1500:])
    st, out, err = run("explain", late, "porter")
    tail = out[out.rfind("  diagnostics about him:"):]
    want = ("  1 error elsewhere in the log, past the cap of 100000 diagnostics kept, not listed\n"
            "  past the cap of 100000 diagnostics kept: 1 of the log's not kept (1 error, 0 "
            "warnings), none of them about him\n  final: fit, Active\n\n")
    check("explain porter text", st == 1 and tail.count("warning: unknown key") == 100001
          and tail.endswith(want), tail[-1500:])
    check("explain names no line without its number",
          not re.search(r"\blines?\b(?! \d)", "\n".join(l for l in out.splitlines()
                                                     if "warning: unknown key" not in l)),
          "a 'line' with no number")
    st, out, err = run("explain", "--format", "json", late, "porter")
    got = json.loads(out) if out else {}
    check("explain porter json", len(got.get("diagnostics", [])) == 100001
          and got.get("diagnostics_omitted") == 1
          and got.get("diagnostics_omitted_codes") == {"roll-out-of-order": 1}, out[-800:])
    # audit counts both exactly, as before
    st, out, err = run("audit", "--format", "json", late)
    got = json.loads(out)
    check("audit", (st, len(got["diagnostics"]), got["diagnostics_omitted"]) == (1, 100000, 2),
          f"{st} {got.get('diagnostics_omitted')}")
sys.exit(1 if failures else 0)
