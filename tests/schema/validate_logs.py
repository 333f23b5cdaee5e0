#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Check schemas/adjutant-log.schema.json against the logs the project ships.

Usage: validate_logs.py SOURCE_DIR

Run with Debian's interpreter and its packages python3-yaml and
python3-jsonschema (no pip). Under SOURCE_DIR it

  1. checks the schema itself against the draft 2020-12 metaschema;
  2. validates every logs/**/*.yaml: a log must draw exactly the shape problems its
     expectations in tests/examples/logs/ (`LINE: CODE, ...`) announce (codes of SHAPE_CODES), each on its
     line, and none elsewhere; a clean log therefore has none;
  3. asserts that every tests/schema/invalid/*.yaml is rejected (and, where its
     lines carry "# expect:" comments, rejected with those codes on those lines);
  4. asserts that every tests/schema/valid/*.yaml is accepted.

It prints one line per check and ends with "N passed, M failed"; the exit
status is 0 only when nothing failed.

YAML is read the way adjutant reads it (SPEC 1.1), not the way PyYAML does by
default: only plain `true`/`false` are booleans, only plain `[-+]?[0-9]+` are
integers (so `yes`, `0x10`, `1:30` and `010` are text or decimal), a plain `~`,
`null` or empty scalar is null, explicit tags are ignored and everything else,
quoted scalars included, is a string. Mapping keys are taken by their text, so
the imc rows `3:` become the property "3". What JSON Schema cannot express is
checked while loading, as adjutant does: anchors and aliases (yaml-alias), a
second document or a key after `events` (bad-document), a key repeated in one
mapping (duplicate-key, the first value counts) and a key that is not a scalar
or is a plain null (unknown-field, dropped).
"""

import json
import pathlib
import re
import sys

try:
    import yaml
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode
    from jsonschema import Draft202012Validator
except ImportError as missing:
    print(f"schema: SKIPPED: {missing.name} is not installed (python3-yaml, python3-jsonschema; "
          "run.sh installs them as root)")
    sys.exit(77)

SCHEMA_PATH = "schemas/adjutant-log.schema.json"

# Diagnostic codes of SPEC 4 that a shape check (loader + schema) can see. An
# "# expect:" comment naming one of them must be matched by a shape problem on
# its line; other codes belong to the replay and are not this test's business.
SHAPE_CODES = {"yaml-syntax", "yaml-alias", "bad-document", "duplicate-key",
               "unknown-field", "unknown-event", "bad-field"}

# Header keys whose problems SPEC 1.2 step 1 (and step 3, for an empty roster)
# calls bad-document rather than bad-field.
DOCUMENT_KEYS = {"format", "first_turn", "last_turn", "sides", "leaders", "events"}

EXPECT_RE = re.compile(r"#\s*expect:\s*([a-z-]+(?:\s*,\s*[a-z-]+)*)")

STR_TAG = "tag:yaml.org,2002:str"
INT_TAG = "tag:yaml.org,2002:int"
BOOL_TAG = "tag:yaml.org,2002:bool"
NULL_TAG = "tag:yaml.org,2002:null"


class Fatal(Exception):
    """A problem that stops adjutant's audit: yaml-syntax, yaml-alias, bad-document."""

    def __init__(self, code, line, message):
        super().__init__(message)
        self.code, self.line, self.message = code, line, message


# --------------------------------------------------------------------------
# The loader: SPEC 1.1 scalars on top of PyYAML's parser.

class AdjutantLoader(yaml.SafeLoader):
    """SafeLoader whose plain scalars resolve as SPEC 1.1 says, tags ignored."""

    yaml_implicit_resolvers = {}            # drop every YAML 1.1 resolver
    yaml_constructors = dict(yaml.SafeLoader.yaml_constructors)

    def compose_node(self, parent, index):
        """Build a node from its text and style alone; refuse anchors and aliases."""
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
            raise Fatal("yaml-alias", event.start_mark.line + 1,
                        "anchors and aliases are not allowed in a game log")
        if isinstance(event, yaml.ScalarEvent):
            self.get_event()
            plain = event.style is None     # PyYAML gives plain scalars no style
            tag = self.resolve(ScalarNode, event.value, (plain, False))
            return ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                              style=event.style)
        if isinstance(event, yaml.SequenceStartEvent):
            self.get_event()
            node = SequenceNode("tag:yaml.org,2002:seq", [], event.start_mark, None,
                                flow_style=event.flow_style)
            index = 0
            while not self.check_event(yaml.SequenceEndEvent):
                node.value.append(self.compose_node(node, index))
                index += 1
            node.end_mark = self.get_event().end_mark
            return node
        self.get_event()                    # MappingStartEvent
        node = MappingNode("tag:yaml.org,2002:map", [], event.start_mark, None,
                           flow_style=event.flow_style)
        while not self.check_event(yaml.MappingEndEvent):
            key = self.compose_node(node, None)
            value = self.compose_node(node, key)
            node.value.append((key, value))
        node.end_mark = self.get_event().end_mark
        return node

    def construct_decimal_int(self, node):
        digits = node.value.lstrip("+-").lstrip("0") or "0"
        sign = -1 if node.value.startswith("-") else 1
        if len(digits) > 40:                # far beyond 64 bits: keep it too big
            return sign * 2 ** 130
        return sign * int(digits, 10)

    def construct_exact_bool(self, node):
        return node.value == "true"


AdjutantLoader.add_implicit_resolver(BOOL_TAG, re.compile(r"^(?:true|false)\Z"),
                                     list("tf"))
AdjutantLoader.add_implicit_resolver(INT_TAG, re.compile(r"^[-+]?[0-9]+\Z"),
                                     list("-+0123456789"))
AdjutantLoader.add_implicit_resolver(NULL_TAG, re.compile(r"^(?:~|null|)\Z"),
                                     ["~", "n", ""])
AdjutantLoader.add_constructor(INT_TAG, AdjutantLoader.construct_decimal_int)
AdjutantLoader.add_constructor(BOOL_TAG, AdjutantLoader.construct_exact_bool)


class Loaded:
    """A log as JSON-like data, with the line of every value and key."""

    def __init__(self):
        self.data = None
        self.lines = {}       # path tuple -> line of the value (1-based)
        self.key_lines = {}   # path tuple -> line of the key naming it
        self.problems = []    # (line, code, message) found while loading


def build(loader, node, path, out):
    """Turn a node into data, recording lines and the key problems of SPEC 1.1."""
    out.lines[path] = node.start_mark.line + 1
    if isinstance(node, ScalarNode):
        return loader.construct_object(node)
    if isinstance(node, SequenceNode):
        return [build(loader, item, path + (i,), out) for i, item in enumerate(node.value)]
    mapping = {}
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, ScalarNode) or key_node.tag == NULL_TAG:
            out.problems.append((line, "unknown-field",
                                 "a key that is not a scalar, or is a plain null"))
            continue
        key = key_node.value            # keys are compared by their text
        if key in mapping:
            out.problems.append((line, "duplicate-key",
                                 f"key {key!r} repeated; the first value counts"))
            continue
        out.key_lines[path + (key,)] = line
        mapping[key] = build(loader, value_node, path + (key,), out)
    return mapping


def load_log(text):
    """Read one adjutant log; raise Fatal for what stops an audit."""
    out = Loaded()
    loader = AdjutantLoader(text)
    try:
        if not loader.check_node():
            raise Fatal("bad-document", 1, "the file holds no document")
        root = loader.get_node()
        if loader.check_node():
            raise Fatal("bad-document", loader.peek_event().start_mark.line + 1,
                        "a second document in the same file")
        if isinstance(root, MappingNode):
            keys = [k.value if isinstance(k, ScalarNode) else None for k, _ in root.value]
            if "events" in keys:
                after = root.value[keys.index("events") + 1:]
                if after:
                    raise Fatal("bad-document", after[0][0].start_mark.line + 1,
                                "a key after events (events must be the last key)")
        out.data = build(loader, root, (), out)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        raise Fatal("yaml-syntax", mark.line + 1 if mark else 1, str(err).splitlines()[0])
    except yaml.YAMLError as err:
        raise Fatal("yaml-syntax", 1, str(err).splitlines()[0])
    finally:
        loader.dispose()
    return out


# --------------------------------------------------------------------------
# Schema errors, each pinned to the line adjutant would report.

class Checker:
    def __init__(self, schema):
        self.schema = schema
        self.validator = Draft202012Validator(schema)
        self.kinds = [ref["$ref"].rsplit("/", 1)[1]
                      for ref in schema["$defs"]["event"]["oneOf"]]
        self.kind_validators = {
            kind: Draft202012Validator({"$defs": schema["$defs"],
                                        "$ref": f"#/$defs/{kind}"})
            for kind in self.kinds}

    def problems(self, loaded):
        found = []
        for error in self.validator.iter_errors(loaded.data):
            path = tuple(error.absolute_path)
            if (error.validator == "oneOf" and len(path) == 2 and path[0] == "events"
                    and isinstance(error.instance, dict)):
                found.extend(self.event_problems(loaded, path, error.instance))
            else:
                found.extend(self.pin(loaded, path, error))
        return found

    def event_problems(self, loaded, path, event):
        """An event matched no kind: say why against the kind it names."""
        kinds = [k for k in event if k in self.kind_validators]
        line = loaded.lines[path]
        if len(kinds) != 1:
            what = "no kind key" if not kinds else "two kind keys (" + ", ".join(kinds) + ")"
            return [(line, "unknown-event", f"event with {what}")]
        found = []
        for error in self.kind_validators[kinds[0]].iter_errors(event):
            found.extend(self.pin(loaded, path + tuple(error.absolute_path), error))
        return found

    @staticmethod
    def pin(loaded, path, error):
        if error.context:                   # oneOf/anyOf: the fitting branch says why
            top = len(error.absolute_path)
            error = branch_error(error)
            path += tuple(error.absolute_path)[top:]
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = error.schema.get("properties", {})
            extra = [k for k in error.instance if k not in known]
            if extra:
                return [(loaded.key_lines[path + (k,)], "unknown-field",
                         f"unknown key {k!r}") for k in extra]
        where = "/".join(str(p) for p in path) or "(document)"
        if path == () or (len(path) == 1 and path[0] in DOCUMENT_KEYS):
            # SPEC 4: a bad-document of the header is reported at the document's start
            return [(loaded.lines[()], "bad-document", f"{where}: {error.message}")]
        if error.validator == "required":   # at the start of the mapping lacking it
            return [(loaded.lines.get(path, 1), "bad-field", error.message)]
        return [(loaded.lines.get(path, 1), "bad-field", f"{where}: {error.message}")]


def branch_error(error):
    """The deepest error under a oneOf/anyOf, skipping branches of another type."""
    best = error
    for sub in error.context or ():
        if sub.validator == "type" and len(sub.absolute_path) == len(error.absolute_path):
            continue                        # that branch wants another kind of value
        candidate = branch_error(sub)
        if best is error or len(candidate.absolute_path) > len(best.absolute_path):
            best = candidate
    return best


def expected_codes(text):
    """{line: shape codes} announced by the file's '# expect: CODE, ...' comments."""
    expected = {}
    for number, line in enumerate(text.splitlines(), 1):
        match = EXPECT_RE.search(line)
        if match:
            codes = SHAPE_CODES & {c.strip() for c in match.group(1).split(",")}
            if codes:
                expected[number] = codes
    return expected


def sidecar_text(root, label):
    """The expectations of an example log (logs/X.yaml), which reads as a real
    game: tests/examples/logs/X.expect, each `LINE: CODE, ...`, written as the
    comments expected_codes reads on those lines ('' when there is none)."""
    sidecar = root / "tests" / "examples" / label.with_suffix(".expect")
    if not sidecar.exists():
        return ""
    lines = {}
    for line in sidecar.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^(\d+):(.*)$", line)
        if match:
            lines[int(match.group(1))] = "# expect:" + match.group(2)
    return "\n".join(lines.get(n, "") for n in range(1, max(lines, default=0) + 1))


def compare(expected, problems):
    """Lines where the problems found differ from the codes expected, as text."""
    got = {}
    for line, code, _ in problems:
        got.setdefault(line, set()).add(code)
    detail = []
    for line in sorted(set(expected) | set(got)):
        want, have = expected.get(line, set()), got.get(line, set())
        if want != have:
            found = [f"{c}: {m}" for l, c, m in problems if l == line] or ["nothing"]
            detail.append(f"line {line}: expected {', '.join(sorted(want)) or 'nothing'};"
                          f" found {'; '.join(found)}")
    return detail


def audit_file(checker, path):
    """Shape problems of one file, as (line, code, message), sorted."""
    text = path.read_bytes()
    try:
        loaded = load_log(text)
    except Fatal as fatal:
        return [(fatal.line, fatal.code, fatal.message)]
    return sorted(set(loaded.problems + checker.problems(loaded)))


# --------------------------------------------------------------------------

def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1])
    passed, failed = 0, 0

    def report(ok, label, detail=()):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok      {label}")
        else:
            failed += 1
            print(f"FAILED  {label}")
            for line in detail:
                print(f"        {line}")

    schema_file = root / SCHEMA_PATH
    try:
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
    except Exception as err:  # the schema is unreadable or not a valid schema
        report(False, f"{SCHEMA_PATH} is a valid draft 2020-12 schema",
               [str(err).splitlines()[0]])
        print(f"{passed} passed, {failed} failed")
        return 1
    report(True, f"{SCHEMA_PATH} is a valid draft 2020-12 schema")
    checker = Checker(schema)

    def show(problems):
        return [f"line {line}: {code}: {message}" for line, code, message in problems]

    logs = sorted(p for p in (root / "logs").glob("**/*.yaml")
                  if p.name != "adjutant-ladder.yaml")  # a ladder file is not a log
    report(bool(logs), "logs/ holds example logs")
    for path in logs:
        label = path.relative_to(root)
        problems = audit_file(checker, path)
        expected = expected_codes(sidecar_text(root, label))
        detail = compare(expected, problems)
        what = "accepted" if not expected else \
            "shape problems exactly as expected on lines " + ", ".join(map(str, sorted(expected)))
        report(not detail, f"{label}: {what}", detail)

    invalid = sorted((root / "tests/schema/invalid").glob("*.yaml"))
    report(bool(invalid), "tests/schema/invalid/ holds examples")
    for path in invalid:
        problems = audit_file(checker, path)
        expected = expected_codes(path.read_text(encoding="utf-8"))
        if not problems:
            detail = ["accepted, but it should be rejected"]
        else:
            detail = compare(expected, problems) if expected else []
        report(not detail, f"{path.relative_to(root)}: rejected", detail)

    valid = sorted((root / "tests/schema/valid").glob("*.yaml"))
    report(bool(valid), "tests/schema/valid/ holds examples")
    for path in valid:
        problems = audit_file(checker, path)
        report(not problems, f"{path.relative_to(root)}: accepted", show(problems))

    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
