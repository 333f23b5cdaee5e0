#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Mutation testing of adjutant's rules and value checks.

usage: mutate.py [N] [--seed S] [--timeout SECONDS] [--list] [--only ID]
                 [--file PATTERN]... [--sanitize] [--work DIR]

Enumerates single mutants of the functions named in TARGETS below, samples
N of them with a fixed seed (with --file: N of each file it names), and for
each one: writes the mutated file into a private copy of the tree
(build-mutate/tree), rebuilds it incrementally (build-mutate/build, -j2) and
runs the file's tests, stopping at the first failure. The rules and the
reader's value checks run the core tests (ctest label `core`: unit, expect,
golden, fix). A file listed in WIDE (the commands, the runner, the ladder,
names, the summary, dice, fix) runs in two stages: its own tests first (a
ctest -R regex: quick), and only when they all pass the whole fast tier but
the tests that cannot reach it (WIDE_EXCLUDE). A mutant is `killed` when a
test fails or times out, `survived` when every test passes, `no-build` when
it does not compile. With --sanitize the copy is built with ASan+UBSan
(build-mutate/build-san), so leaks and bad reads also kill. Mutants listed in tests/mutate/equivalent.txt (same
behaviour as the original, with the reason) are left out of the score.

A mutant's id is FILE:FUNCTION+LINE:OPERATOR:COLUMN, LINE counted from the
line that opens the function, so an id stays valid when code elsewhere in
the file moves. The working tree is never modified.
"""
import argparse
import fnmatch
import os
import random
import re
import shutil
import subprocess
import sys
import time

# ---- what to mutate: file -> function names (fnmatch patterns) ----------
# Retarget here when a file is split or a function renamed.
TARGETS = {
    "src/engine/engine.c": ["*"],
    "src/engine/engine_activation.c": ["*"],
    "src/engine/engine_illness.c": ["*"],
    "src/engine/engine_events.c": ["*"],
    "src/engine/rulings.c": ["*"],
    # the reader's value checks, in the files of its stages
    "src/reader/reader_text.h": ["text_is_null"],
    "src/reader/reader_text.c": ["reader_text_int", "reader_text_bool", "reader_id_ok"],
    "src/reader/reader_header_keep.c": ["reader_side_index"],
    "src/reader/reader_event.c": ["read_claim", "check_value"],
    # the newer modules (issue 33 item 26), each with its WIDE tests below
    "src/cmd/runner.c": ["*"],
    "src/engine/replay.c": ["*"],
    "src/cmd/cmd_audit.c": ["*"],
    "src/cmd/cmd_audit_html.c": ["*"],
    "src/cmd/cmd_compare.c": ["*"],
    "src/cmd/cmd_dice.c": ["*"],
    "src/cmd/cmd_explain.c": ["*"],
    "src/cmd/cmd_ladder.c": ["*"],
    "src/cmd/cmd_status.c": ["*"],
    "src/reader/reader_ladder.c": ["*"],
    "src/engine/ladder.c": ["*"],
    "src/base/names.c": ["*"],
    "src/report/summary.c": ["*"],
    "src/report/report_summary_json.c": ["*"],
    "src/report/report_summary_text.c": ["*"],
    "src/report/report_summary_html.c": ["*"],
    "src/report/report_csv.c": ["*"],
    "src/dice/dice_order.c": ["*"],
    "src/base/mathfn.c": ["*"],
    # fix's parts since the runner: collection claims, long side keys, the
    # ladder, refusals, output and the command's arguments
    "src/fix/fix.c": ["put_side", "fix_end", "fix_place", "fix_before_take", "fix_differs",
                  "fix_refused", "fix_diff", "fix_output", "fix_write", "adj_cmd_fix"],
    # the comments inside a value replaced whole (issue 44 item 1)
    "src/fix/fix_comments.c": ["*"],
    # the code new since the last run (issue 40): the language server, the
    # catalogue, fix's text, compare, the reader's key loop, dice's even rows
    "src/lsp/lsp_yaml.c": ["*"],
    "src/lsp/lsp_edit.c": ["*"],
    "src/lsp/lsp_hover.c": ["*"],
    "src/lsp/lsp_feature.c": ["*"],
    "src/lsp/lsp_server.c": ["*"],
    "src/lsp/lsp_dispatch.c": ["*"],
    "src/cmd/catalogue.c": ["*"],
    "src/fix/fix_text.c": ["*"],
    "src/report/compare.c": ["*"],
    "src/reader/reader_header_ladder.c": ["reader_read_map"],
    "src/dice/dice_even.c": ["*"],
    "src/base/stats_even.c": ["*"],
}
# A file here runs the fast tier (less WIDE_EXCLUDE) instead of `core`, its
# quick first stage being the tests that name it (a ctest -R regex).
_CLI = r"^(golden/|faults/|status-pipe|formats|cli-lists|quickstart)"
_LSP = r"^lsp-(protocol|features|bounds|nvim|editors-doc)$"
WIDE = {
    "src/cmd/runner.c": _CLI + r"|^(fix|ladder|dice)$",
    "src/engine/replay.c": r"^(golden/|fix$|dice$|faults/)",
    "src/cmd/cmd_audit.c": _CLI,
    "src/cmd/cmd_audit_html.c": _CLI + r"|^html$|^summary-html$",
    "src/cmd/cmd_compare.c": _CLI,
    "src/cmd/cmd_dice.c": _CLI + r"|^dice$",
    "src/cmd/cmd_explain.c": _CLI,
    "src/cmd/cmd_ladder.c": _CLI + r"|^ladder$",
    "src/cmd/cmd_status.c": _CLI,
    "src/reader/reader_ladder.c": r"^(golden/|ladder$|faults/|summary-)",
    "src/engine/ladder.c": r"^(golden/|ladder$|faults/|summary-|dice$)",
    "src/base/names.c": r"^(golden/|unit/test_names$|faults/names$|dice$|summary-|ladder$)",
    "src/report/summary.c": r"^(golden/|unit/test_summary$|summary-)",
    "src/report/report_summary_json.c": r"^(golden/|summary-)",
    "src/report/report_summary_text.c": r"^(golden/|summary-)",
    "src/report/report_summary_html.c": r"^(golden/|summary-)",
    "src/report/report_csv.c": r"^(golden/|summary-)",
    "src/dice/dice_order.c": r"^(golden/|dice$|unit/test_stats$)",
    "src/base/mathfn.c": r"^(golden/|dice$|unit/test_stats$)",
    "src/fix/fix.c": r"^(fix$|golden/fix|faults/)",
    "src/fix/fix_comments.c": r"^(fix|fix-comments)$",
    "src/lsp/lsp_yaml.c": _LSP,
    "src/lsp/lsp_edit.c": _LSP + r"|^unit/test_lsp_edit$",
    "src/lsp/lsp_hover.c": _LSP,
    "src/lsp/lsp_feature.c": _LSP,
    "src/lsp/lsp_server.c": _LSP,
    "src/lsp/lsp_dispatch.c": _LSP,
    "src/cmd/catalogue.c": r"^(catalogue-|golden/list-catalogue$|cli-lists$|rulings-replay$)",
    "src/fix/fix_text.c": r"^(fix|fix-comments)$|^golden/fix",
    "src/report/compare.c": r"^(unit/test_compare$|golden/.*compare)",
    "src/reader/reader_header_ladder.c": r"^(unit/test_reader|golden/|expect/|ladder$|fix$)",
    "src/dice/dice_even.c": r"^(golden/|dice$|dice-rows$|unit/test_stats_even$)",
    "src/base/stats_even.c": r"^(golden/|dice$|dice-rows$|unit/test_stats_even$)",
}
# the slow ones of the fast tier that run none of these files' code (licence
# reads LICENSE and packaging/, which the copy leaves out), and
# expect (297 audits, 80 s: the engine's, which the goldens also drive); html
# (the audit's HTML report, 25 s) runs for cmd_audit_html.c only
WIDE_EXCLUDE = r"^(generated|install|bench-floor|size-limits|layers|licence|schema|expect/.*)$"
SEED = 12
N_DEFAULT = 140
TIMEOUT = 120          # seconds per mutant, build excluded
CTEST_LABEL = "core"
# -------------------------------------------------------------------------

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, "build-mutate")
TREE = os.path.join(WORK, "tree")
BUILD = os.path.join(WORK, "build")  # build-san with --sanitize
EQUIV = os.path.join(ROOT, "tests", "mutate", "equivalent.txt")
# everything CMakeLists.txt reads at configure or build time (the man pages are built by `all`)
COPY = ["CMakeLists.txt", "README.md", "docs", "include", "src", "tests", "bench", "logs", "schemas",
        "fuzz", "man", "completion"]

FUNC_HEAD = re.compile(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(")
DECL = re.compile(r"^(?:const\s+)?(?:struct\s+|enum\s+)?\w+(?:\s*\*)*\s+\**\w+\s*(?:=|\[|;)")
KEYWORDS = {"return", "if", "while", "for", "switch", "case", "else", "do", "break",
            "continue", "goto", "default", "sizeof"}


def blank(line, in_comment):
    """The line with comments, strings and chars replaced by spaces (so
    offsets match), and whether a block comment is still open."""
    out, i, n = [], 0, len(line)
    while i < n:
        if in_comment:
            j = line.find("*/", i)
            if j < 0:
                out.append(" " * (n - i))
                return "".join(out), True
            out.append(" " * (j + 2 - i))
            i, in_comment = j + 2, False
        elif line.startswith("/*", i):
            in_comment = True
        elif line.startswith("//", i):
            out.append(" " * (n - i))
            break
        elif line[i] in "\"'":
            q, j = line[i], i + 1
            while j < n and line[j] != q:
                j += 2 if line[j] == "\\" else 1
            out.append(q + " " * (min(j, n) - i - 1) + (q if j < n else ""))
            i = j + 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out), in_comment


def functions(lines):
    """(name, first line index, last line index) of each function."""
    found, i, in_comment = [], 0, False
    code = []
    for line in lines:
        c, in_comment = blank(line, in_comment)
        code.append(c)
    while i < len(lines):
        m = FUNC_HEAD.match(code[i])
        if m and not code[i].rstrip().endswith(";") and m.group(1) not in KEYWORDS:
            j = i
            while j < len(lines) and "{" not in code[j] and not code[j].rstrip().endswith(";"):
                j += 1
            if j < len(lines) and "{" in code[j]:
                if code[j].rstrip().endswith("}") and code[j].count("{") == code[j].count("}"):
                    found.append((m.group(1), i, j))
                    i = j + 1
                    continue
                k = j + 1
                while k < len(lines) and code[k].rstrip() != "}":
                    k += 1
                found.append((m.group(1), i, k))
                i = k + 1
                continue
        i += 1
    return found, code


def matching_paren(code, start):
    depth = 0
    for k in range(start, len(code)):
        if code[k] == "(":
            depth += 1
        elif code[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return -1


SWAPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==",
         "&&": "||", "||": "&&"}
OP = re.compile(r"<<=?|>>=?|->|<=|>=|==|!=|&&|\|\||<|>")
NUM = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
COND = re.compile(r"\b(if|while)\s*\(")


def line_mutants(code, text):
    """(operator, column, new text) for one line."""
    out = []
    stripped = code.strip()
    if stripped.startswith("#"):
        return out
    for m in OP.finditer(code):
        op = m.group(0)
        if op in SWAPS:
            kind = "logical" if op in ("&&", "||") else "relational"
            new = text[:m.start()] + SWAPS[op] + text[m.end():]
            out.append((f"{kind}[{op}->{SWAPS[op]}]", m.start() + 1, new))
    for m in COND.finditer(code):
        open_ = m.end() - 1
        close = matching_paren(code, open_)
        if close > 0:
            new = text[:open_ + 1] + "!(" + text[open_ + 1:close] + ")" + text[close:]
            out.append(("negate", m.start() + 1, new))
    if not re.match(r"\s*case\b", code):  # a case label moved: a duplicate or dead case
        for m in NUM.finditer(code):
            if DECL.match(stripped) and code[m.start() - 1:m.start()] == "[":
                continue  # a buffer's size: the tests cannot see one more byte
            v = int(m.group(1))
            for d, name in ((1, "+1"), (-1, "-1")):
                if v + d < 0:
                    continue
                new = text[:m.start()] + str(v + d) + text[m.end():]
                out.append((f"const[{v}{name}]", m.start() + 1, new))
    if (stripped.endswith(";") and not DECL.match(stripped)
            and not re.fullmatch(r"\(void\)\s*\w+;", stripped)  # "unused": nothing to delete
            and re.match(r"[\w*(]+", stripped)
            and re.match(r"[\w*(]+", stripped).group(0).strip("*(") not in KEYWORDS
            and stripped.count("(") == stripped.count(")")
            and ("(" in stripped or "=" in stripped or "++" in stripped or "--" in stripped)):
        indent = text[:len(text) - len(text.lstrip())]
        out.append(("delete", len(indent) + 1, indent + ";  /* mutant: deleted */"))
    return out


def enumerate_mutants(files):
    mutants = []
    for path in files:
        patterns = TARGETS[path]
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        funcs, code = functions(lines)
        for name, first, last in funcs:
            if not any(fnmatch.fnmatchcase(name, p) for p in patterns):
                continue
            body_from = first
            while "{" not in code[body_from]:
                body_from += 1
            for i in range(body_from, last + 1):
                c = code[i]
                if i == body_from:  # the opening line: only what follows '{'
                    cut = c.index("{") + 1
                    c = " " * cut + c[cut:]
                for op, col, new in line_mutants(c, lines[i]):
                    mid = f"{path}:{name}+{i - first}:{op}:{col}"
                    mutants.append({"id": mid, "path": path, "line": i + 1, "index": i,
                                    "new": new, "old": lines[i]})
    return mutants


def load_equivalents():
    eq = {}
    if os.path.exists(EQUIV):
        with open(EQUIV, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    mid, _, reason = line.partition(" ")
                    eq[mid] = reason.strip()
    return eq


def run(cmd, timeout=None, **kw):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, **kw)
        return r.returncode, r.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "timeout"


def prepare(sanitize, suites):
    """A fresh copy of the tree, configured and built unmutated; the fast
    tests must pass on it."""
    if os.path.exists(TREE):
        shutil.rmtree(TREE)
    os.makedirs(TREE)
    for name in COPY:
        src = os.path.join(ROOT, name)
        if os.path.isdir(src):
            # fresh mtimes: objects of an earlier run's mutants are rebuilt
            shutil.copytree(src, os.path.join(TREE, name), symlinks=True,
                            copy_function=shutil.copy)
        elif os.path.exists(src):
            shutil.copy(src, os.path.join(TREE, name))
    # -O1 without -g: quick to compile, still an optimised build
    rc, out = run(["cmake", "-S", TREE, "-B", BUILD, "-DCMAKE_BUILD_TYPE=None",
                   "-DCMAKE_C_FLAGS=-O1", f"-DADJ_SANITIZE={'ON' if sanitize else 'OFF'}"])
    if rc != 0:
        sys.exit("mutate: cmake failed:\n" + out)
    rc, out = run(["cmake", "--build", BUILD, "-j2"])
    if rc != 0:
        sys.exit("mutate: the unmutated tree does not build:\n" + out)
    for suite in suites:
        rc, out = run(["ctest", "--test-dir", BUILD, "-j2"] + suite)
        if rc != 0:
            sys.exit(f"mutate: the tests ({' '.join(suite)}) fail on the unmutated tree:\n"
                     + out[-3000:])


def stages(path):
    """The ctest selections a mutant of PATH runs, one after the other: the
    next only when every test of the one before passed."""
    if path not in WIDE:
        return [["-L", CTEST_LABEL]]
    exclude = WIDE_EXCLUDE if path == "src/cmd/cmd_audit_html.c" else WIDE_EXCLUDE[:-2] + "|html)$"
    return [["-L", "fast", "-R", WIDE[path]], ["-L", "fast", "-E", exclude]]


def try_mutant(m, timeout):
    path = os.path.join(TREE, m["path"])
    with open(path, encoding="utf-8") as f:
        original = f.read()
    lines = original.split("\n")
    assert lines[m["index"]] == m["old"], m["id"]
    lines[m["index"]] = m["new"]
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        rc, out = run(["cmake", "--build", BUILD, "-j2"], timeout=600)
        if rc != 0:
            return "no-build"
        # a wide file's tests include slower ones (a pool, signals, a 25 s html check)
        per_test = "60" if m["path"] in WIDE else "10"
        for suite in stages(m["path"]):
            rc, out = run(["ctest", "--test-dir", BUILD, "-j2", "--stop-on-failure",
                           "--timeout", per_test] + suite, timeout=timeout)
            if rc != 0:
                return "killed"
        return "survived"
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
        # the restored file must be rebuilt even if its mtime is unchanged
        os.utime(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=N_DEFAULT)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--timeout", type=int, default=TIMEOUT)
    ap.add_argument("--list", action="store_true", help="print the sampled mutants only")
    ap.add_argument("--only", action="append", default=[], help="run this mutant id")
    ap.add_argument("--file", action="append", default=[],
                    help="only this target file (an fnmatch pattern: 'src/cmd/cmd_*.c'); N of each")
    ap.add_argument("--work", help="the private copy's folder (default build-mutate): two runs at once")
    ap.add_argument("--sanitize", action="store_true", help="build the mutants with ASan+UBSan")
    args = ap.parse_args()
    global WORK, TREE, BUILD
    if args.work:
        WORK = os.path.abspath(args.work)
        TREE, BUILD = os.path.join(WORK, "tree"), os.path.join(WORK, "build")
    if args.sanitize:
        BUILD = os.path.join(WORK, "build-san")
        os.environ["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=1"
        os.environ["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

    files = [p for p in TARGETS if not args.file or any(fnmatch.fnmatchcase(p, f) for f in args.file)]
    if not files:
        sys.exit(f"mutate: no target matches {' '.join(args.file)} (TARGETS: {', '.join(TARGETS)})")
    everything = sorted(enumerate_mutants(files), key=lambda m: m["id"])
    if args.only:
        sample = [m for m in everything if m["id"] in args.only]
        missing = set(args.only) - {m["id"] for m in sample}
        if missing:
            sys.exit(f"mutate: no such mutant: {' '.join(sorted(missing))}")
    elif args.file:  # N of each file, each drawn with the seed
        sample = []
        for path in files:
            mine = [m for m in everything if m["path"] == path]
            sample += random.Random(args.seed).sample(mine, min(args.n, len(mine)))
    else:
        sample = random.Random(args.seed).sample(everything, min(args.n, len(everything)))
    sample.sort(key=lambda m: (m["path"], m["line"], m["id"]))
    print(f"mutate: {len(everything)} mutants in {', '.join(files)}; "
          f"{len(sample)} sampled with seed {args.seed}"
          + (f" ({args.n} of each file)" if args.file and not args.only else ""))
    if args.list:
        for m in sample:
            print(f"{m['id']}  ({m['path']}:{m['line']})  {m['new'].strip()}")
        return 0
    equivalents = load_equivalents()
    os.makedirs(WORK, exist_ok=True)
    suites = []
    for m in sample:
        for suite in stages(m["path"]):
            if suite not in suites:
                suites.append(suite)
    prepare(args.sanitize, suites)
    counts = {"killed": 0, "survived": 0, "no-build": 0, "equivalent": 0}
    per_file = {}
    survivors = []
    started = time.time()
    for k, m in enumerate(sample, 1):
        if m["id"] in equivalents:
            counts["equivalent"] += 1
            per_file.setdefault(m["path"], {}).setdefault("equivalent", 0)
            per_file[m["path"]]["equivalent"] += 1
            print(f"[{k}/{len(sample)}] equivalent {m['id']}", flush=True)
            continue
        t = time.time()
        result = try_mutant(m, args.timeout)
        counts[result] += 1
        per_file.setdefault(m["path"], {}).setdefault(result, 0)
        per_file[m["path"]][result] += 1
        if result == "survived":
            survivors.append(m)
        print(f"[{k}/{len(sample)}] {result:8} {m['id']} ({time.time() - t:.0f} s)", flush=True)
    scored = counts["killed"] + counts["survived"]
    score = 100.0 * counts["killed"] / scored if scored else 100.0
    report = [f"seed {args.seed}, {len(sample)} mutants, {time.time() - started:.0f} s",
              f"killed {counts['killed']}, survived {counts['survived']}, "
              f"no-build {counts['no-build']}, equivalent {counts['equivalent']} (not scored)",
              f"score: {score:.1f}% killed of {scored} that built"]
    if len(per_file) > 1:
        report.append("by file (killed/survived/no-build/equivalent, score):")
        for path in sorted(per_file):
            c = per_file[path]
            k, s_, nb, eq = (c.get(x, 0) for x in ("killed", "survived", "no-build", "equivalent"))
            report.append(f"  {path}: {k}/{s_}/{nb}/{eq}, "
                          f"{100.0 * k / (k + s_) if k + s_ else 100.0:.1f}%")
    if survivors:
        report.append("survivors (file:line: mutation  id):")
        report += [f"  {m['path']}:{m['line']}: {m['new'].strip()}  [{m['id']}]" for m in survivors]
    print("\n".join(report))
    with open(os.path.join(WORK, "report.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(report) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
