#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Hostile input: adjutant must stay bounded in time and memory and say
something clear about whatever it is fed.

usage: run.py ADJUTANT [CASE-NAME-SUBSTRING...]

Every input is generated at test time into a temporary directory (nothing
big is committed). Each case runs

    ADJUTANT audit --format json FILE     and     ADJUTANT audit FILE

under a 512 MB address-space limit (RLIMIT_AS, set in preexec_fn), and
checks:

  * the exit status SPEC 5 gives: 0 when the log holds no error (warnings
    allowed), 1 when it holds one; a reading-limit violation is an error
    (yaml-syntax, "exceeds a reading limit");
  * standard output of the JSON run is JSON Lines (one object, SPEC 5) and
    valid UTF-8, with no raw control character;
  * the text report is valid UTF-8 and holds no byte below 0x20 except
    \\n, no DEL, no ESC and no C1 control (U+0080..U+009F): text from a log
    never drives the terminal;
  * where it matters, the first diagnostic's code and line, and what the
    replay reached.

It prints one line per case, a table of wall time and peak RSS (of each
child, from wait4), and `N passed, M failed`. Exit status 0 only when all
passed. The wall times are shown, never judged: how fast adjutant is
belongs to `./run.sh bench`. A run that has not finished after HANG seconds
is a hang (the streams are linear; on a loaded machine the slowest case
takes a few seconds) and is killed and failed.

A sanitizer build (ASan reserves terabytes of address space) cannot run
under RLIMIT_AS: for it the limit is not set, and the peak RSS is checked
against 1.5 GB instead.
"""

import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HANG = 300.0                    # seconds: a run still going then is a hang
AS_LIMIT = 512 * 1024 * 1024    # bytes of address space per run
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


# ---------------------------------------------------------------------------
# Running adjutant
# ---------------------------------------------------------------------------

class Result:
    def __init__(self):
        self.status = None      # exit status, or -signal
        self.timed_out = False
        self.wall = 0.0         # seconds
        self.rss_kb = 0         # peak resident set of the child
        self.stdout = b""
        self.stderr = b""


def is_sanitized(binary):
    with open(binary, "rb") as f:
        return b"__asan_init" in f.read()


# A parent's peak RSS survives fork and exec on Linux: a child forked from
# this (large, input-generating) interpreter would report the interpreter's
# RSS as its own. So each run goes through a small launcher (a fresh
# `python3 -S`) that forks adjutant, waits for it with wait4 and writes its
# exit status, peak RSS (KB) and wall time to a file. The floor that leaves
# in the RSS figures is the launcher's own, about 5 MB.
LAUNCHER = r"""
import os, sys, time
out, argv = sys.argv[1], sys.argv[2:]
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        os.execv(argv[0], argv)
    finally:
        os._exit(127)
_, st, ru = os.wait4(pid, 0)
wall = time.monotonic() - t0
code = os.WEXITSTATUS(st) if os.WIFEXITED(st) else -os.WTERMSIG(st)
with open(out, "w") as f:
    f.write("%d %d %.6f\n" % (code, ru.ru_maxrss, wall))
"""


def run(binary, args, sanitized):
    """Run BINARY ARGS under the limits; stdout/stderr go to files so a
    large report cannot block the child on a full pipe."""
    res = Result()
    timeout = HANG

    def limits():
        # inherited by the launcher and by adjutant, which it forks
        if not sanitized:
            resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    env = dict(os.environ)
    env["NO_COLOR"] = "1"       # belt and braces: the output is a file anyway
    if sanitized:
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    fd, stats = tempfile.mkstemp(prefix="adj-stats-")
    os.close(fd)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen([sys.executable, "-S", "-c", LAUNCHER, stats, binary] + args,
                             stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                             preexec_fn=limits, start_new_session=True, env=env)
        try:
            p.wait(timeout=timeout + 1.0)
        except subprocess.TimeoutExpired:
            res.timed_out = True
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        res.wall = time.monotonic() - t0
        with open(stats) as f:
            line = f.read().split()
        os.unlink(stats)
        if len(line) == 3:
            res.status, res.rss_kb, res.wall = int(line[0]), int(line[1]), float(line[2])
        else:
            res.timed_out = True if res.timed_out else res.timed_out
            res.status = None
        out.seek(0)
        err.seek(0)
        res.stdout = out.read()
        res.stderr = err.read()
    return res


# ---------------------------------------------------------------------------
# Output checks
# ---------------------------------------------------------------------------

def c1_or_control(data, allow_del=False):
    """The first offending byte position in DATA (bytes), or None: a byte
    < 0x20 other than \\n, DEL, or a C1 control encoded as C2 80..C2 9F."""
    for i, b in enumerate(data):
        if b < 0x20 and b != 0x0A:
            return i
        if b == 0x7F and not allow_del:
            return i
        if b == 0xC2 and i + 1 < len(data) and 0x80 <= data[i + 1] < 0xA0:
            return i
    return None


def show(data, i):
    lo = max(0, i - 30)
    return repr(data[lo:i + 30])


def check_json(res, problems):
    """Parse the JSON run's stdout; return the one object or None."""
    try:
        text = res.stdout.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append("JSON output is not valid UTF-8: %s" % e)
        return None
    bad = c1_or_control(res.stdout, allow_del=True)
    if bad is not None:
        problems.append("raw control character in JSON output at byte %d: %s"
                        % (bad, show(res.stdout, bad)))
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        problems.append("JSON output does not end with a newline")
    objs = []
    for n, line in enumerate(lines, 1):
        try:
            objs.append(json.loads(line))
        except ValueError as e:
            problems.append("JSON line %d is not valid JSON: %s (%r...)" % (n, e, line[:120]))
            return None
    if len(objs) != 1:
        problems.append("expected one JSON object, got %d" % len(objs))
        return objs[0] if objs else None
    obj = objs[0]
    for key in ("file", "ok", "turn", "ended", "diagnostics", "leaders", "vp", "claimed_vp"):
        if key not in obj:
            problems.append("JSON object lacks %r" % key)
    return obj


def check_text(res, problems):
    try:
        res.stdout.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append("text output is not valid UTF-8: %s" % e)
    bad = c1_or_control(res.stdout)
    if bad is not None:
        problems.append("raw control character in the text report at byte %d: %s"
                        % (bad, show(res.stdout, bad)))


# ---------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------

class Case:
    """One hostile input.

    make(dir) -> path of the file to audit (or (path, display_name))
    exit: the expected exit status
    first: (code, line or None) of the first diagnostic, or None
    codes: the exact list of codes, in output order, or None
    extra(obj, text_bytes, problems): further checks, or None
    why: the reasoning for the expected status (from SPEC)
    """

    def __init__(self, name, make, exit, why, first=None, codes=None, extra=None, alt=None):
        self.name, self.make, self.exit, self.why = name, make, exit, why
        self.first, self.codes, self.extra = first, codes, extra
        self.alt = alt          # (exit, codes): another acceptable outcome


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return path


CLEAN_HEADER = (b"format: adjutant/1\n"
                b"last_turn: 3\n"
                b"sides: [CSA, USA]\n"
                b"leaders:\n"
                b"  - id: lee\n"
                b"    side: CSA\n"
                b"  - id: grant\n"
                b"    side: USA\n"
                b"events:\n")               # 9 lines; events from line 10
CLEAN_END = b"  - end: {CSA: 0, USA: 0}\n"
# clean_game(): turn 1 on line 10, `activate: lee` on 11-12, extra events
# from line 13 (their second line is 14, their third 15)


def clean_game(extra_events=b""):
    return (CLEAN_HEADER + b"  - turn: 1\n" + b"  - activate: lee\n    roll: 3\n"
            + extra_events + CLEAN_END)


def line_of(data, needle):
    return data[:data.index(needle)].count(b"\n") + 1


# ---- empty, comments, junk ----

def make_empty(d):
    return write(os.path.join(d, "empty.yaml"), b"")


def make_comments(d):
    return write(os.path.join(d, "comments.yaml"),
                 b"# a game log\n#\n   # nothing but comments\n\n" * 1000)


def make_junk(d):
    rng = random.Random(18620627)
    return write(os.path.join(d, "junk.yaml"), bytes(rng.getrandbits(8) for _ in range(1 << 20)))


def make_junk_after_header(d):
    # turn 1 is closed by the `- turn: 2` after it; whether turn 2 counts as
    # closed before the junk (its mapping ends only at the next token) is
    # left open: turn 1 or 2
    rng = random.Random(18620701)
    junk = bytes(rng.getrandbits(8) for _ in range(1 << 16))
    return write(os.path.join(d, "junk2.yaml"), CLEAN_HEADER + b"  - turn: 1\n  - turn: 2\n" + junk)


def make_invalid_utf8(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: caf\xe9 \xff\xfe ok\n")
    return write(os.path.join(d, "utf8.yaml"), data)


def make_nul(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: a\x00b\n")
    return write(os.path.join(d, "nul.yaml"), data)


def make_all_nul(d):
    return write(os.path.join(d, "zeros.yaml"), b"\x00" * (1 << 20))


# ---- nesting ----

def make_flow_nest_root(d):
    n = 200000
    return write(os.path.join(d, "nest_root.yaml"), b"[" * n + b"]" * n + b"\n")


def make_flow_nest_game(d):
    n = 200000
    return write(os.path.join(d, "nest_game.yaml"),
                 b"format: adjutant/1\ngame: " + b"[" * n + b"]" * n + b"\n" + CLEAN_HEADER[19:])


def make_flow_nest_unclosed(d):
    n = 200000
    return write(os.path.join(d, "nest_open.yaml"), CLEAN_HEADER + b"  - turn: 1\n    note: " + b"[" * n)


def make_block_nest(d):
    n = 5000
    parts = [b"format: adjutant/1\ngame:\n"]
    for i in range(1, n + 1):
        parts.append(b" " * i + b"a:\n")
    parts.append(b" " * (n + 1) + b"x\n")
    parts.append(CLEAN_HEADER[19:])
    return write(os.path.join(d, "block_nest.yaml"), b"".join(parts))


# ---- aliases ----

def make_billion_laughs(d):
    lines = [b"format: adjutant/1", b'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = b"a"
    for name in b"bcdefghi":
        nm = bytes([name])
        lines.append(nm + b": &" + nm + b" [" + b",".join([b"*" + prev] * 9) + b"]")
        prev = nm
    lines.append(b"last_turn: 3")
    return write(os.path.join(d, "laughs.yaml"), b"\n".join(lines) + b"\n")


def make_alias_in_events(d):
    ev = b"  - activate: grant\n    roll: &r 4\n"
    ev += b"".join(b"  - activate: grant\n    roll: *r\n" for _ in range(100000))
    return write(os.path.join(d, "alias_events.yaml"), clean_game(ev))


# ---- size ----

def make_big_note(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: " + b"x" * (10 * 1000 * 1000) + b"\n")
    return write(os.path.join(d, "big_note.yaml"), data)


def make_big_quoted_note(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: \"" +
                      b"\\e[2J" * (2 * 1000 * 1000) + b"\"\n")
    return write(os.path.join(d, "big_qnote.yaml"), data)


def make_note_under_limit(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: " + b"y" * 1000000 + b"\n")
    return write(os.path.join(d, "note_1mb.yaml"), data)


def make_many_keys(d):
    keys = b"".join(b"    k%d: %d\n" % (i, i) for i in range(100000))
    return write(os.path.join(d, "many_keys.yaml"), clean_game(b"  - activate: grant\n    roll: 4\n" + keys))


def make_repeated_key(d):
    keys = b"    roll: 4\n" * 100000
    return write(os.path.join(d, "repeated_key.yaml"), clean_game(b"  - activate: grant\n" + keys))


def make_many_header_keys(d):
    keys = b"".join(b"x%d: %d\n" % (i, i) for i in range(100000))
    return write(os.path.join(d, "header_keys.yaml"), keys + clean_game())


def make_many_docs(d):
    doc = clean_game()
    return write(os.path.join(d, "docs.yaml"), doc + b"".join(b"---\n" + doc for _ in range(4999)))


def make_huge_ints(d):
    big = b"9" * 1000
    huge = b"1" + b"0" * 100000
    ev = (b"  - activate: grant\n    roll: " + big + b"\n"
          b"  - activate: grant\n    roll: -" + big + b"\n"
          b"  - activate: grant\n    roll: 4\n    modifier: " + huge + b"\n"
          b"  - vp: CSA\n    points: 18446744073709551616\n"
          b"  - wound: lee\n    level: 340282366920938463463374607431768211456\n")
    return write(os.path.join(d, "huge_ints.yaml"), clean_game(ev))


def make_huge_turn_header(d):
    return write(os.path.join(d, "huge_turn.yaml"),
                 CLEAN_HEADER.replace(b"last_turn: 3", b"last_turn: 1" + b"0" * 5000) + b"  - turn: 1\n")


# ---- turns at the limits ----

def roster(n, extra=b""):
    return b"".join(b"  - {id: l%d, side: %s%s}\n" % (i, b"CSA" if i % 2 == 0 else b"USA", extra)
                    for i in range(n))


def make_turn_leap(d):
    data = (b"format: adjutant/1\n"
            b"first_turn: %d\n"
            b"last_turn: %d\n"
            b"sides: [CSA, USA]\n"
            b"leaders:\n" % (INT64_MIN, INT64_MAX)
            + roster(50000, b", wound: 5")
            + b"events:\n"
            b"  - turn: %d\n"             # first_turn
            b"  - turn: %d\n"             # a leap of two billion turns
            b"  - turn: %d\n"             # a leap of 2^64 - 2e9 - 1: N - previous overflows
            b"  - turn: %d\n"             # after INT64_MAX: previous + 1 overflows
            b"  - end: {CSA: 0, USA: 0}\n"
            % (INT64_MIN, INT64_MIN + 2000000000, INT64_MAX, INT64_MIN))
    return write(os.path.join(d, "turn_leap.yaml"), data)


def make_turn_max(d):
    data = (b"format: adjutant/1\n"
            b"first_turn: %d\n"
            b"last_turn: %d\n"
            b"sides: [CSA, USA]\n"
            b"leaders:\n" % (INT64_MAX - 1, INT64_MAX)
            + roster(50000, b", wound: 5")
            + b"events:\n"
            b"  - turn: %d\n"
            b"  - turn: %d\n"
            b"  - end: {CSA: 0, USA: 0}\n" % (INT64_MAX - 1, INT64_MAX))
    return write(os.path.join(d, "turn_max.yaml"), data)


def make_big_roster(d):
    n = 100000
    ev = [b"  - turn: 1\n"]
    ev += [b"  - wound: l%d\n    level: 1\n" % i for i in range(n)]
    ev.append(b"  - turn: 2\n")
    ev += [b"  - activate: l%d\n    roll: 3\n" % i for i in range(n)]
    ev.append(b"  - end: {CSA: 0, USA: 0}\n")
    data = (b"format: adjutant/1\nlast_turn: 2\nsides: [CSA, USA]\nleaders:\n"
            + roster(n) + b"events:\n" + b"".join(ev))
    return write(os.path.join(d, "big_roster.yaml"), data)


def make_million_events(d):
    ev = b"  - {activate: lee, roll: 3}\n" * 1000000
    return write(os.path.join(d, "million.yaml"), clean_game(ev))


# ---- CRLF + BOM ----

BOM = b"\xef\xbb\xbf"


def make_crlf_clean(d):
    return write(os.path.join(d, "crlf.yaml"), BOM + clean_game().replace(b"\n", b"\r\n"))


def make_crlf_flaw(d):
    data = clean_game(b"  - activate: ghost\n    roll: 4\n")
    return write(os.path.join(d, "crlf_flaw.yaml"), BOM + data.replace(b"\n", b"\r\n"))


def make_crlf_first_line(d):
    data = b"scenaro: Seven Days\n" + clean_game()
    return write(os.path.join(d, "crlf_line1.yaml"), BOM + data.replace(b"\n", b"\r\n"))


def make_cr_only(d):
    # old Mac line ends: YAML counts a lone CR as a line break too
    data = clean_game(b"  - activate: ghost\n    roll: 4\n")
    return write(os.path.join(d, "cr.yaml"), data.replace(b"\n", b"\r"))


# ---- terminal escape sequences ----

ESCAPES = (b"format: adjutant/1\n"
           b"game: \"\\e[2J\\e]0;game\\a\"\n"
           b"last_turn: 3\n"
           b"optional_rules: [illness, \"\\e[31mfog\\x9b1m\"]\n"
           b"sides: [\"\\e[2J\", \"\\e]0;title\\a\"]\n"
           b"leaders:\n"
           b"  - id: lee\n"
           b"    name: \"\\e[2J\\e]0;pwned\\a\\x9b31m\"\n"
           b"    side: \"\\e[2J\"\n"
           b"  - id: \"\\e[2Jbad\"\n"
           b"    side: \"\\e[2J\"\n"
           b"  - id: grant\n"
           b"    side: \"\\e]0;title\\a\"\n"
           b"    \"\\e]0;key\\a\": 1\n"
           b"events:\n"
           b"  - turn: 1\n"
           b"    note: \"\\e[2J\\x9b2J\"\n"
           b"  - activate: \"\\e]0;title\\a\"\n"
           b"    roll: 3\n"
           b"  - activate: lee\n"
           b"    roll: 3\n"
           b"    \"\\e[1mmodifer\": 1\n"
           b"  - move: lee\n"
           b"    to: \"\\x9b2J\"\n"
           b"    mp: \"\\e[5m\"\n"
           b"  - vp: \"\\x9b2J\"\n"
           b"    points: 1\n"
           b"  - end: {\"\\e[2J\": 0, \"\\e]0;title\\a\": 0, \"\\x9bx\": 1}\n")


def make_escapes(d):
    return write(os.path.join(d, "escapes.yaml"), ESCAPES)


def make_raw_escapes(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: \x1b[2J\x1b]0;title\x07\n")
    return write(os.path.join(d, "raw_esc.yaml"), data)


def make_raw_c1(d):
    data = clean_game(b"  - activate: grant\n    roll: 4\n    note: \xc2\x9b2J\n")
    return write(os.path.join(d, "raw_c1.yaml"), data)


def make_evil_name(d):
    return write(os.path.join(d, "evil\x1b[2J\x1b]0;title\x07\xc2\x9b.yaml"), clean_game())


def make_bad_utf8_name(d):
    return write(os.path.join(os.fsencode(d), b"bad\xff\xfename.yaml"), clean_game())


# ---- encodings ----

def utf16_game(events):
    return (CLEAN_HEADER + b"  - turn: 1\n" + events + CLEAN_END).decode("ascii")


def make_utf16_flaw(d):
    text = utf16_game(b"  - activate: ghost\n    roll: 4\n")
    return write(os.path.join(d, "utf16.yaml"), text.encode("utf-16"))  # with a BOM


def make_utf16_bad_surrogate(d):
    # Gurmukhi letters (U+0A05..) hold 0x0A bytes in UTF-16LE; the lone low
    # surrogate is on line 14
    text = (CLEAN_HEADER.decode() + "  - turn: 1\n    note: \u0a05\u0a06\u0a07\n"
            "  - turn: 2\n  - turn: 3\n    note: X\n" + CLEAN_END.decode())
    raw = bytearray(text.encode("utf-16-le"))
    i = raw.index("X".encode("utf-16-le"))
    raw[i:i + 2] = b"\x00\xdc"
    return write(os.path.join(d, "utf16_bad.yaml"), b"\xff\xfe" + bytes(raw))


def make_line_separators(d):
    # NEL, LS and PS inside quoted notes: YAML 1.1 line breaks, not lines of
    # the file; the flaw is on line 19 by every editor's count
    ev = (b"  - turn: 2\n    note: \"a\xc2\x85b\"\n"
          b"  - turn: 3\n    note: \"a\xe2\x80\xa8b\"\n"
          b"  - activate: lee\n    roll: 4\n    note: \"a\xe2\x80\xa9b\"\n"
          b"  - activate: ghost\n    roll: 4\n")
    return write(os.path.join(d, "separators.yaml"), clean_game(ev))


def make_yaml_version(d):
    return write(os.path.join(d, "yaml2.yaml"), b"%YAML 2.0\n---\n" + clean_game())


# ---- libyaml's directive tables ----

def make_tag_directives(d):
    dirs = b"".join(b"%%TAG !t%d! tag:example.com,2000:\n" % i for i in range(100000))
    return write(os.path.join(d, "tags.yaml"), dirs + b"---\n" + clean_game())


def make_tag_lookups(d):
    dirs = b"".join(b"%%TAG !t%d! tag:e,2000:\n" % i for i in range(10000))
    ev = b"  - {activate: !t9999!a lee, roll: !t9999!b 3, mp: !t9999!c 1}\n" * 200000
    return write(os.path.join(d, "tag_lookups.yaml"), dirs + b"---\n" + clean_game(ev))


# ---- other shapes ----

def make_big_claim(d):
    claim = b"".join(b"      k%d: 1\n" % i for i in range(100000))
    return write(os.path.join(d, "claim.yaml"),
                 CLEAN_HEADER + b"  - turn: 1\n  - end:\n      CSA: 0\n      USA: 0\n" + claim)


def make_big_comment(d):
    return write(os.path.join(d, "comment.yaml"),
                 b"# " + b"c" * (20 * 1000 * 1000) + b"\n" + clean_game())


def make_long_flow_note(d):
    return write(os.path.join(d, "flow_note.yaml"),
                 clean_game(b"  - turn: 2\n    note: [" + b"1," * 3000000 + b"1]\n"))


def make_flow_events(d):
    return write(os.path.join(d, "flow_events.yaml"),
                 CLEAN_HEADER[:-len(b"events:\n")] + b"events: [{turn: 1}, "
                 + b"{activate: lee, roll: 3}, " * 300000 + b"{end: {CSA: 0, USA: 0}}]\n")


def make_vp_extremes(d):
    n = 1000
    data = (b"format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n"
            + b"".join(b"  - {id: l%d, side: CSA, vp: %d}\n" % (i, INT64_MAX) for i in range(n))
            + b"events:\n  - turn: 1\n"
            + b"".join(b"  - wound: l%d\n    level: %d\n" % (i, INT64_MAX) for i in range(n))
            + b"  - vp: CSA\n    points: %d\n" % INT64_MIN * 3
            + b"  - vp: CSA\n    points: %d\n" % INT64_MAX * 3
            + b"  - vp: USA\n    points: %d\n    leader: l0\n" % INT64_MAX
            + b"  - end: {CSA: %d, USA: %d}\n" % (INT64_MIN, INT64_MIN))
    return write(os.path.join(d, "vp_extremes.yaml"), data)


# ---- extra checks ----

def expect_escaped_text(obj, text, problems):
    """The text report shows the hostile strings, escaped."""
    low = text.lower()
    for want in (b"\\x1b[2j", b"\\x1b]0;title\\x07", b"\\x9b"):
        if want not in low:
            problems.append("the text report does not show %r escaped" % want.decode())


def expect_leaders(status, level, count, turn=None):
    def check(obj, text, problems):
        ls = obj.get("leaders") or []
        if len(ls) != count:
            problems.append("expected %d leaders in the JSON, got %d" % (count, len(ls)))
        wrong = [l for l in ls if l.get("status") != status or l.get("level") != level]
        if wrong:
            problems.append("%d leaders not %s at level %d, e.g. %r" % (len(wrong), status, level, wrong[0]))
        if turn is not None and obj.get("turn") != turn:
            problems.append("turn is %r, expected %r" % (obj.get("turn"), turn))
    return check


def expect_turn(turn, leaders):
    """SPEC 4: a stop leaves the state the replay reached ("what was
    replayed before stands"). TURN: the turn reached, or a tuple of them."""
    turns = turn if isinstance(turn, tuple) else (turn,)

    def check(obj, text, problems):
        if obj.get("turn") not in turns or len(obj.get("leaders") or []) != leaders:
            problems.append("the replay before the stop was lost: turn %r, %d leaders "
                            "(expected turn %r, %d leaders)"
                            % (obj.get("turn"), len(obj.get("leaders") or []), turn, leaders))
    return check


def expect_ints(obj, text, problems):
    for side, v in (obj.get("vp") or {}).items():
        if not isinstance(v, int) or not INT64_MIN <= v <= INT64_MAX:
            problems.append("vp %s = %r is not a 64-bit integer" % (side, v))


def expect_replay_whole(obj, text, problems):
    if obj.get("ended") is not True or obj.get("turn") != 1 or not obj.get("leaders"):
        problems.append("the first document's finished replay is not whole: turn %r ended %r"
                        % (obj.get("turn"), obj.get("ended")))


def expect_no_replay(obj, text, problems):
    if obj.get("leaders") != [] or obj.get("vp") is not None:
        problems.append("a stop before events: leaders should be [] and vp null (SPEC 4)")


def expect_count(code, n):
    def check(obj, text, problems):
        got = sum(1 for d in obj.get("diagnostics", []) if d.get("code") == code)
        if got != n:
            problems.append("expected %d %s diagnostics, got %d" % (n, code, got))
    return check


def both(*checks):
    def check(obj, text, problems):
        for c in checks:
            c(obj, text, problems)
    return check


def crlf_flaw_line():
    return line_of(clean_game(b"  - activate: ghost\n    roll: 4\n"), b"activate: ghost")


CASES = [
    Case("empty file", make_empty, 1,
         "SPEC 1.2: no document is bad-document at 1:1; the audit stops",
         first=("bad-document", 1), codes=["bad-document"], extra=expect_no_replay),
    Case("only comments", make_comments, 1,
         "SPEC 1.2: a file of comments holds no document: bad-document at 1:1",
         first=("bad-document", 1), codes=["bad-document"], extra=expect_no_replay),
    Case("binary junk (1 MiB, seeded)", make_junk, 1,
         "not UTF-8 YAML: yaml-syntax (libyaml's reader error), stop",
         first=("yaml-syntax", None), codes=["yaml-syntax"], extra=expect_no_replay),
    Case("binary junk after a header", make_junk_after_header, 1,
         "yaml-syntax where the junk starts; the header and turn 1 (closed before it) "
         "stay replayed (SPEC 4)",
         first=("yaml-syntax", 12), codes=["yaml-syntax"], extra=expect_turn((1, 2), 2)),
    Case("invalid UTF-8", make_invalid_utf8, 1,
         "yaml-syntax on the line holding the bad byte (SPEC 4: at libyaml's mark)",
         first=("yaml-syntax", 15), codes=["yaml-syntax"], extra=expect_turn(1, 2)),
    Case("NUL byte in a note", make_nul, 1,
         "a NUL is a control character YAML forbids: yaml-syntax on its line",
         first=("yaml-syntax", 15), codes=["yaml-syntax"], extra=expect_turn(1, 2)),
    Case("1 MiB of NUL bytes", make_all_nul, 1,
         "yaml-syntax at 1:1", first=("yaml-syntax", 1), codes=["yaml-syntax"]),
    Case("200,000 nested flow sequences at the root", make_flow_nest_root, 1,
         "the document is not a mapping: bad-document at 1:1 (found before the depth)",
         first=("bad-document", 1), codes=["bad-document"]),
    Case("200,000 nested flow sequences in game:", make_flow_nest_game, 1,
         "a reading limit (nesting depth) is yaml-syntax on line 2; the audit stops",
         first=("yaml-syntax", 2), codes=["yaml-syntax"]),
    Case("200,000 unclosed [ in a note", make_flow_nest_unclosed, 1,
         "yaml-syntax (depth limit or unclosed flow) on the note's line",
         first=("yaml-syntax", 11), codes=["yaml-syntax"]),
    Case("5,000 nested block mappings", make_block_nest, 1,
         "a reading limit (nesting depth) inside game: is yaml-syntax; stop",
         first=("yaml-syntax", None), codes=["yaml-syntax"]),
    Case("alias bomb (billion laughs)", make_billion_laughs, 1,
         "SPEC 1.1: an anchor is yaml-alias at the anchor, and the audit stops at once "
         "(the key `a` before it is an unknown-field warning)",
         first=("unknown-field", 2), codes=["unknown-field", "yaml-alias"]),
    Case("100,000 aliases in events", make_alias_in_events, 1,
         "yaml-alias at the first anchor; nothing after it is reported",
         first=("yaml-alias", 14), codes=["yaml-alias"]),
    Case("10 MB scalar in a note", make_big_note, 1,
         "a scalar past the 1 MiB reading limit: yaml-syntax on its line; stop",
         first=("yaml-syntax", 15), codes=["yaml-syntax"]),
    Case("10 MB double-quoted note of escapes", make_big_quoted_note, 1,
         "a scalar past the 1 MiB reading limit: yaml-syntax on its line; stop",
         first=("yaml-syntax", 15), codes=["yaml-syntax"]),
    Case("1,000,000-byte note (under the limit)", make_note_under_limit, 0,
         "a note may be any scalar; below the reading limit the game is clean",
         codes=[]),
    Case("100,000 keys in one event", make_many_keys, 0,
         "each unknown key is an unknown-field warning; warnings allow exit 0",
         first=("unknown-field", 15), extra=expect_count("unknown-field", 100000)),
    Case("one key repeated 100,000 times", make_repeated_key, 1,
         "each repeat is duplicate-key (an error); the first value counts",
         first=("duplicate-key", 15), extra=expect_count("duplicate-key", 99999)),
    Case("100,000 unknown header keys", make_many_header_keys, 0,
         "unknown-field warnings only: exit 0",
         first=("unknown-field", 1), extra=expect_count("unknown-field", 100000)),
    Case("5,000 YAML documents", make_many_docs, 1,
         "SPEC 1: a second document is bad-document at its start; the first one's "
         "finished replay stands",
         first=("bad-document", line_of(clean_game() + b"---", b"---")), codes=["bad-document"],
         extra=expect_replay_whole),
    Case("integers far beyond 64 bits", make_huge_ints, 1,
         "SPEC 1.1: not an integer -> bad-field, one per event",
         first=("bad-field", 14), codes=["bad-field"] * 5),
    Case("last_turn of 5,000 digits", make_huge_turn_header, 1,
         "SPEC 1.2: last_turn not an integer -> bad-document at its value (line 2)",
         first=("bad-document", 2), codes=["bad-document"], extra=expect_no_replay),
    Case("turns at INT64_MIN/INT64_MAX, a leap of 2e9 turns, 50,000 wounded", make_turn_leap, 1,
         "SPEC 3.2: three turn-sequence errors (each number accepted); every wound "
         "mends in the leap; no overflow; turn ends at INT64_MIN",
         first=("turn-sequence", None), codes=["turn-sequence"] * 3,
         extra=expect_leaders("fit", 0, 50000, INT64_MIN)),
    Case("turns INT64_MAX-1 -> INT64_MAX, 50,000 wounded", make_turn_max, 0,
         "a clean game at the top of the range: one boundary, wound 5 -> 4",
         codes=[], extra=expect_leaders("wounded", 4, 50000, INT64_MAX)),
    Case("100,000 leaders, 200,000 events naming them", make_big_roster, 0,
         "a clean game: wound 1 each on turn 1, fit at turn 2, all activated",
         codes=[], extra=expect_leaders("fit", 0, 100000, 2)),
    Case("1,000,000 events (streaming)", make_million_events, 0,
         "a clean game; memory must not grow with the log's length",
         codes=[]),
    Case("CRLF line ends with a BOM (clean)", make_crlf_clean, 0,
         "CRLF and a byte-order mark are plain YAML: a clean game", codes=[]),
    Case("CRLF + BOM with one flaw", make_crlf_flaw, 1,
         "unknown-leader at the event's first key, the same line as with LF",
         first=("unknown-leader", crlf_flaw_line()), codes=["unknown-leader"]),
    Case("CRLF + BOM, typo on line 1", make_crlf_first_line, 0,
         "unknown-field warning at 1:1 (the BOM takes no column); exit 0",
         first=("unknown-field", 1), codes=["unknown-field"]),
    Case("CR-only line ends with one flaw", make_cr_only, 1,
         "YAML reads a lone CR as a line break: unknown-leader on the same line",
         first=("unknown-leader", crlf_flaw_line()), codes=["unknown-leader"]),
    Case("terminal escapes in names, ids, keys, notes, sides", make_escapes, 1,
         "flawed on purpose (bad id, unknown leader, side not in sides, bad mp, ...): "
         "exit 1; every hostile string shown escaped",
         extra=expect_escaped_text),
    Case("raw ESC bytes in a note", make_raw_escapes, 1,
         "YAML forbids raw C0 controls: yaml-syntax on the note's line",
         first=("yaml-syntax", 15), codes=["yaml-syntax"]),
    Case("raw C1 control (U+009B) in a note", make_raw_c1, 1,
         "YAML forbids raw C1 controls: yaml-syntax on the note's line",
         first=("yaml-syntax", 15), codes=["yaml-syntax"]),
    Case("UTF-16 log with one flaw", make_utf16_flaw, 1,
         "YAML may be UTF-16: the same unknown-leader on the same line as in UTF-8",
         first=("unknown-leader", 11), codes=["unknown-leader"]),
    Case("UTF-16 log with a lone surrogate on line 14", make_utf16_bad_surrogate, 1,
         "yaml-syntax on line 14, where the bad code unit is; turns 1 and 2, "
         "closed before it, stay replayed (SPEC 4)",
         first=("yaml-syntax", 14), codes=["yaml-syntax"], extra=expect_turn(2, 2)),
    Case("NEL/LS/PS inside quoted notes, one flaw after them", make_line_separators, 1,
         "a valid log; unknown-leader on line 23: lines are libyaml's, and YAML 1.1 "
         "counts NEL, LS and PS as line breaks (3 more than the file's line feeds)",
         first=("unknown-leader", 23), codes=["unknown-leader"]),
    Case("%YAML 2.0 directive", make_yaml_version, 1,
         "libyaml refuses the version: yaml-syntax at 1:1",
         first=("yaml-syntax", 1), codes=["yaml-syntax"]),
    Case("100,000 %TAG directives (3.6 MB)", make_tag_directives, 0,
         "directives are plain YAML and tags are ignored (SPEC 1.1): a clean game, "
         "in bounded time (a reading limit, yaml-syntax and exit 1, would do too)",
         codes=[], alt=(1, ["yaml-syntax"])),
    Case("10,000 %TAG directives, 600,000 tagged scalars", make_tag_lookups, 0,
         "a clean game in bounded time (or a reading limit: yaml-syntax, exit 1)",
         codes=[], alt=(1, ["yaml-syntax"])),
    Case("end claim of 100,000 entries", make_big_claim, 1,
         "SPEC 3.8: each entry whose key is not a side is bad-field",
         first=("bad-field", 14), extra=expect_count("bad-field", 100000)),
    Case("a 20 MB comment", make_big_comment, 0,
         "comments are nothing: a clean game, in little memory", codes=[]),
    Case("3,000,001-item flow list in a note", make_long_flow_note, 1,
         "a note that is not a scalar is bad-field; skipped in bounded memory",
         first=("bad-field", 14), codes=["bad-field"]),
    Case("events as one 7.8 MB flow list", make_flow_events, 0,
         "flow style is plain YAML: a clean game", codes=[]),
    Case("VPs and deaths at INT64_MIN/INT64_MAX", make_vp_extremes, 1,
         "1,000 deaths worth INT64_MAX and awards at both limits: no overflow, the "
         "tally stays a 64-bit integer; vp-mismatch/tally errors",
         extra=expect_ints),
    Case("file name holding terminal escapes", make_evil_name, 0,
         "a clean game; the name is shown escaped in text and JSON",
         codes=[], extra=expect_escaped_text),
    Case("file name with invalid UTF-8", make_bad_utf8_name, 0,
         "a clean game; the JSON stays valid UTF-8", codes=[]),
]


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def run_case(binary, case, tmp, sanitized):
    problems = []
    made = case.make(tmp)
    path = made
    arg = os.fsdecode(path) if isinstance(path, bytes) else path
    size = os.path.getsize(path)
    rj = run(binary, ["audit", "--format", "json", arg], sanitized)
    rt = run(binary, ["audit", arg], sanitized)
    os.unlink(path)
    rss_cap = (1536 if sanitized else 512) * 1024
    codes_ok = case.codes
    exit_ok = case.exit
    if case.alt and rj.status == case.alt[0] and not rj.timed_out:
        exit_ok, codes_ok = case.alt
    for label, r in (("json", rj), ("text", rt)):
        if r.timed_out:
            problems.append("%s run did not finish in %.0f s: a hang" % (label, r.wall))
        elif r.status != exit_ok:
            problems.append("%s run exited %s, expected %d (stderr: %r)"
                            % (label, r.status, exit_ok, r.stderr[-300:]))
        if r.rss_kb > rss_cap:
            problems.append("%s run peak RSS %.0f MB over %d MB" % (label, r.rss_kb / 1024, rss_cap // 1024))
        if b"AddressSanitizer" in r.stderr or b"runtime error" in r.stderr or b"LeakSanitizer" in r.stderr:
            problems.append("%s run: sanitizer report: %r" % (label, r.stderr[:600]))
    obj = None
    if not rj.timed_out and rj.status in (0, 1):
        obj = check_json(rj, problems)
    if not rt.timed_out and rt.status in (0, 1):
        check_text(rt, problems)
    if obj is not None:
        diags = obj.get("diagnostics") or []
        codes = [d.get("code") for d in diags]
        if case.first and exit_ok == case.exit:
            code, line = case.first
            if not diags:
                problems.append("no diagnostic; expected %s first" % code)
            elif diags[0].get("code") != code or (line is not None and diags[0].get("line") != line):
                problems.append("first diagnostic is %s at line %s, expected %s at line %s"
                                % (diags[0].get("code"), diags[0].get("line"), code,
                                   line if line is not None else "any"))
        if codes_ok is not None and codes != codes_ok:
            shown = codes[:8] + (["..."] if len(codes) > 8 else [])
            problems.append("diagnostic codes %s (%d), expected %s" % (shown, len(codes), codes_ok))
        if (obj.get("ok") is not (exit_ok == 0)):
            problems.append('"ok" is %r with exit %d' % (obj.get("ok"), exit_ok))
        if case.extra and exit_ok == case.exit:
            case.extra(obj, rt.stdout, problems)
    return problems, size, rj, rt


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    binary = os.path.abspath(argv[1])
    only = argv[2:]
    sanitized = is_sanitized(binary)
    if sanitized:
        print("note: sanitizer build: RLIMIT_AS not set; peak RSS checked against 1.5 GB")
    tmp = tempfile.mkdtemp(prefix="adj-hostile-")
    passed = failed = 0
    table = []
    try:
        for case in CASES:
            if only and not any(o in case.name for o in only):
                continue
            try:
                problems, size, rj, rt = run_case(binary, case, tmp, sanitized)
            except Exception as e:     # a broken generator is a failure, not a crash
                problems, size, rj, rt = ["the case could not run: %r" % e], 0, Result(), Result()
            table.append((case.name, size, rj, rt))
            if problems:
                failed += 1
                print("FAIL  %s" % case.name)
                print("      expected: exit %d — %s" % (case.exit, case.why))
                for p in problems:
                    print("      - %s" % p)
            else:
                passed += 1
                print("ok    %s  (json %.2f s, %.1f MB; text %.2f s, %.1f MB)"
                      % (case.name, rj.wall, rj.rss_kb / 1024, rt.wall, rt.rss_kb / 1024))
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print()
    print("%-66s %10s %9s %9s %9s %9s" % ("case", "input", "json s", "json MB", "text s", "text MB"))
    def cell(r):
        if r.timed_out:
            return "%9s %9s" % (">%.0f" % r.wall, "-")
        return "%9.2f %9.1f" % (r.wall, r.rss_kb / 1024)
    for name, size, rj, rt in table:
        print("%-66s %9.1fM %s %s" % (name[:66], size / 1e6, cell(rj), cell(rt)))
    print()
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
