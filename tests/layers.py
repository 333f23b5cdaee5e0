#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The source's structure, which no output shows (issue 25 items 2 and 3,
issue 41 item 1):

- src/ is one folder per stage, each with a README.md saying what it owns,
  and the stages depend one way (ALLOWED below): a file calls functions
  and includes headers (its own folder's, a lower stage's, or include/'s,
  each public header owned by a stage: PUBLIC) of its own stage or of one
  it may use, never of one above:
      base <- reader <- engine <- dice <- report
                        engine <- fix
      report, fix <- lsp;  all of them, and lsp <- cmd (the program)
  The language server is started with the command line's config (it
  includes adj_cli.h for its types) but calls nothing cmd defines. No
  header's name is in two folders.
- No two files of src/ define a macro or a static function of the same
  name (the X-macro expanders a file #undefs after use are its own): a
  reader of one file is never misled by the other's. KNOWN_SHARED names the
  few left to files under others' edits, and fails once they are renamed.
- The reader is layered one way. reader_text.c sees no reader; the stream
  (reader_input.c, reader_pull.c, reader_stream.h) sees only rd_stream_t,
  never adj_reader_t or reader_private.h; no other file calls a function
  that reader.c (the top) defines; the header stage calls nothing of the
  event stage.
- Obligations are declared once: every array sized ADJ_OB_COUNT is derived
  from ADJ_OBLIGATION_LIST (the list appears in its initialiser).
- No cycle between modules: a file of src/ depends on another when it calls
  a function the other defines (with external linkage); no chain of such
  calls comes back to where it started (the cycle is named, file by file).

    usage: layers.py SRC_DIR
"""
import os
import re
import sys

SRC = sys.argv[1]
INCLUDE = os.path.join(os.path.dirname(os.path.abspath(SRC)), "include")
READER_DIR = "reader"
failures = []

# stage -> the stages it may call and include (its own is always allowed)
ALLOWED = {
    "base": set(),
    "reader": {"base"},
    "engine": {"base", "reader"},
    "dice": {"base", "reader", "engine"},
    "report": {"base", "reader", "engine", "dice"},
    "fix": {"base", "reader", "engine"},
    "lsp": {"base", "reader", "engine", "dice", "report", "fix"},
    "cmd": {"base", "reader", "engine", "dice", "report", "fix", "lsp"},
}
# include/'s headers, each the public face of one stage
PUBLIC = {
    "base": {"adj_common.h", "adj_diag.h", "adj_log.h", "adj_json.h", "adj_mathfn.h",
             "adj_names.h", "adj_sha256.h", "adj_stats.h"},
    "reader": {"adj_reader.h"},
    "engine": {"adj_engine.h", "adj_rulings.h", "adj_audit.h", "adj_ladder.h"},
    "dice": {"adj_dice.h"},
    "report": {"adj_chronicle.h", "adj_models.h", "adj_report.h"},
}
# the language server reads the command line's config (types only)
LSP_FROM_CMD = {"adj_cli.h"}
# static helpers of one name in two files, both files under others' edits
# (the dispute tools' compare parts; fix's diff and the language server):
# renamed when that work has landed
KNOWN_SHARED = {"compare_leaders", "compare_only", "line_of", "line_start"}


def text(name):
    path = os.path.join(SRC, name)
    if not os.path.exists(path):
        return ""  # (the check that it exists fails)
    with open(path, encoding="utf-8") as f:
        return f.read()


def check(what, ok):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def includes(src):
    return set(re.findall(r'^#include "([^"]+)"', src, re.M))


def code(src):
    """The text without comments and string literals."""
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    src = re.sub(r"//[^\n]*", " ", src)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', src)


def defined(src):
    """Functions a file defines with external linkage (the name line at column 0)."""
    return set(re.findall(r"^(?!static)[A-Za-z_][^;=(]*?\b([a-z_]\w*)\s*\([^;]*$\n\{", src, re.M))


def in_reader(name):
    return os.path.join(READER_DIR, name)


for f in ("reader_text.h", "reader_stream.h", "reader_pull.c", "reader_private.h", "reader.c"):
    check("src/reader/%s exists" % f, os.path.exists(os.path.join(SRC, in_reader(f))))
READER = sorted(f for f in os.listdir(os.path.join(SRC, READER_DIR))
                if f.startswith("reader") and f.endswith((".c", ".h")))
for f in ("reader_text.c", "reader_text.h"):
    check("%s includes no reader layer above it" % f,
          not includes(text(in_reader(f))) & {"reader_stream.h", "reader_private.h"})
    check("%s never names adj_reader_t" % f, "adj_reader_t" not in code(text(in_reader(f))))
for f in ("reader_input.c", "reader_pull.c", "reader_stream.h"):
    check("%s does not include reader_private.h" % f,
          "reader_private.h" not in includes(text(in_reader(f))))
    check("%s never names adj_reader_t (the stream sees only rd_stream_t)" % f,
          not re.search(r"\badj_reader_t\b|\badj_reader_s\b", code(text(in_reader(f)))))
top = defined(text(in_reader("reader.c")))
check("reader.c defines functions (the parse found %d)" % len(top), len(top) >= 5)
for f in READER:
    if f == "reader.c":
        continue
    called = set(re.findall(r"\b([a-z_]\w*)\s*\(", code(text(in_reader(f)))))
    back = sorted((top & called) - defined(text(in_reader(f))))
    check("%s calls nothing reader.c defines (it calls %s)" % (f, back), not back)
event = defined(text(in_reader("reader_event.c")))
called = set(re.findall(r"\b([a-z_]\w*)\s*\(", code(text(in_reader("reader_header.c")))))
check("reader_header.c calls nothing of reader_event.c (%s)" % sorted(event & called),
      not event & called)
shared = re.findall(r"^[a-z].*\(", text(in_reader("reader_private.h")), re.M)
check("reader_private.h declares few functions (%d)" % len(shared), len(shared) <= 12)

SOURCES = sorted(os.path.relpath(os.path.join(d, f), SRC)
                 for d, _, files in os.walk(SRC) for f in files if f.endswith(".c"))
for f in SOURCES:
    src = text(f)
    for m in re.finditer(r"\[ADJ_OB_COUNT\]\s*=\s*\{", src):
        init = src[m.end():src.index("};", m.end())]
        check("%s: the table at offset %d is derived from ADJ_OBLIGATION_LIST" % (f, m.start()),
              "ADJ_OBLIGATION_LIST(" in init)

# ---- the stages: folders, their READMEs, calls and includes one way ----
def stage_of(path):
    return path.split(os.sep)[0] if os.sep in path else None


FILES = sorted(os.path.relpath(os.path.join(d, f), SRC)
               for d, _, files in os.walk(SRC) for f in files if f.endswith((".c", ".h")))
for f in FILES:
    check("src/%s is in a stage's folder (one of %s)" % (f, ", ".join(ALLOWED)),
          stage_of(f) in ALLOWED)
for st in ALLOWED:
    check("src/%s/README.md says what the stage owns" % st,
          os.path.exists(os.path.join(SRC, st, "README.md")))
on_disk = set(os.listdir(INCLUDE)) if os.path.isdir(INCLUDE) else set()
public_owner = {h: st for st, hs in PUBLIC.items() for h in hs}
for h in sorted(on_disk - set(public_owner)):
    if h.endswith(".h"):
        check("include/%s is given its stage in layers.py's PUBLIC" % h, False)
private_owner = {}
for f in FILES:
    if f.endswith(".h"):
        name = os.path.basename(f)
        check("%s: one header of its name in src/ (also src/%s)"
              % (f, private_owner.get(name, "")), name not in private_owner)
        private_owner.setdefault(name, stage_of(f))
        check("%s: no header of its name in include/" % f, name not in on_disk)
for h in sorted(on_disk):
    if h.endswith(".h"):  # a public header's includes follow its stage
        FILES.append(os.path.join("..", "include", h))


def header_stage(name):
    return private_owner.get(name) or public_owner.get(name)


def file_stage(f):
    return public_owner.get(os.path.basename(f)) if f.startswith("..") else stage_of(f)


for f in FILES:
    st = file_stage(f)
    if st not in ALLOWED:
        continue
    for h in sorted(includes(text(f))):
        hs = header_stage(h)
        ok = hs is not None and (hs == st or hs in ALLOWED[st]
                                 or (st == "lsp" and h in LSP_FROM_CMD))
        check("%s (stage %s) includes %s (stage %s): only its own stage's or one below"
              % (f, st, h, hs or "none: no such header"), ok)

# ---- no two files define a macro or a static function of one name ----
def local_macros(src):
    """#define'd names a file #undefs again: its own X-macro expanders."""
    return set(re.findall(r"^\s*#\s*undef\s+(\w+)", src, re.M))


def static_functions(src):
    """Names of the static functions a file defines (a body follows its
    parameters, on the same line or below)."""
    found = set()
    for m in re.finditer(r"^static\b[^;=(]*?\b([A-Za-z_]\w*)\s*\(", src, re.M):
        depth, i = 0, m.end() - 1
        while i < len(src):
            depth += {"(": 1, ")": -1}.get(src[i], 0)
            i += 1
            if depth == 0:
                break
        rest = src[i:i + 200].lstrip()
        rest = re.sub(r"^(__attribute__\s*\(\(.*?\)\)\s*)+", "", rest)
        if rest.startswith("{"):
            found.add(m.group(1))
    return found


defs = {}
for f in FILES:
    if f.startswith(".."):
        continue
    src = text(f)
    local = local_macros(src)
    names = {m for m in re.findall(r"^\s*#\s*define\s+(\w+)", src, re.M) if m not in local}
    names |= static_functions(code(src))
    for n in names:
        defs.setdefault(n, set()).add(f)
shared = {n: sorted(fs) for n, fs in defs.items() if len(fs) > 1}
for n in sorted(set(shared) - KNOWN_SHARED):
    check("%s is defined in two files (%s): give one its module's prefix"
          % (n, ", ".join("src/" + f for f in shared[n])), False)
for n in sorted(KNOWN_SHARED - set(shared)):
    check("%s is in KNOWN_SHARED but no longer in two files: take it out" % n, False)

# ---- no cycle between modules ----
owner = {}
for f in SOURCES:
    for name in defined(text(f)):
        owner.setdefault(name, f)
calls = {f: sorted({owner[n] for n in re.findall(r"\b([a-z_]\w*)\s*\(", code(text(f)))
                    if n in owner and owner[n] != f}) for f in SOURCES}
for f in SOURCES:
    st = stage_of(f)
    for g in calls[f]:
        check("%s (stage %s) calls %s (stage %s): only its own stage or one below"
              % (f, st, g, stage_of(g)), stage_of(g) == st or stage_of(g) in ALLOWED.get(st, ()))


def find_cycle():
    """One cycle of the call graph as a list of files, or None (depth-first)."""
    state = {}
    path = []

    def visit(f):
        state[f] = 1
        path.append(f)
        for g in calls[f]:
            if state.get(g) == 1:
                return path[path.index(g):] + [g]
            if g not in state:
                found = visit(g)
                if found:
                    return found
        state[f] = 2
        path.pop()
        return None
    for f in SOURCES:
        if f not in state:
            found = visit(f)
            if found:
                return found
    return None


check("the call graph of src/ read (%d files, %d with calls)" % (len(SOURCES),
      sum(1 for f in SOURCES if calls[f])), len(SOURCES) > 40 and sum(map(bool, calls.values())) > 30)
cycle = find_cycle()
check("no cycle between modules (%s)" % (" -> ".join(cycle) if cycle else ""), cycle is None)

print("layers: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
