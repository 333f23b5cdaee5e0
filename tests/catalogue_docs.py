#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The documents written by hand, checked against the catalogues in the code.

The catalogues are the code's own, read from `adjutant --list-catalogue`
(SPEC 11.1): the event kinds and each kind's fields, the header and roster
keys, the ladder keys, the rulings, the commands and the diagnostic codes.
Each must be in:

  * schemas/adjutant-log.schema.json: a header key among the top-level
    properties, a roster key among $defs/leader's, a kind as $defs/KIND
    (referenced by $defs/event) whose properties hold the kind key, each of
    its fields and `note`;
  * docs/log-format.md: a header key in the header table, a roster key in the
    roster table, a kind as the row `KIND: ...` of the events table with each
    of its fields named in that row;
  * man/adjutant-log.5.scd: the same, in the HEADER, ROSTER and EVENTS
    sections (a kind as `*KIND:*`, its fields as `*FIELD*` in its paragraph);
  * fuzz/adjutant.dict: every key, kind and field as a token `"KEY"`;
  * docs/diagnostics.md: every code as a row of the catalogue (tests/
    readme_codes.py checks its order, severity and rule);
  * docs/ladder.md: every ladder key, by its last name, as `KEY`, and its
    paths (`players[].aliases`) nowhere else;
  * docs/rules.md: every ruling as a row of its "Rulings" table, in the
    catalogue's order, with its question (the catalogue's `summary`) and each
    of its values; no row for a ruling the catalogue lacks;
  * README.md: the command synopsis (its ``` block of `adjutant COMMAND`
    lines) names every command, in the catalogue's order, and no other.

A new kind, field, key or code that one document lacks fails here, naming
the document and what is missing.

    usage: catalogue_docs.py ADJUTANT PROJECT_DIR
"""
import json
import os
import re
import subprocess
import sys

ADJ, ROOT = sys.argv[1], os.path.abspath(sys.argv[2])
missing = []


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def need(document, what, ok):
    if not ok:
        missing.append(f"{document}: {what}")


# ---- the catalogues, from the code: `adjutant --list-catalogue` ----

CAT = json.loads(subprocess.run([ADJ, "--list-catalogue"], check=True, capture_output=True,
                                text=True).stdout)


def catalogue():
    kinds = {k["name"]: [f["name"] for f in k["fields"] if f["name"] != "note"]
             for k in CAT["kinds"]}
    header = [k["path"] for k in CAT["header_keys"] if "." not in k["path"]]
    roster = [k["path"].split(".", 1)[1] for k in CAT["header_keys"]
              if k["path"].startswith("leaders[].")]
    return kinds, header, roster, [c["code"] for c in CAT["codes"]]


KINDS, HEADER, ROSTER, CODES = catalogue()
FIELDS = sorted({f for fields in KINDS.values() for f in fields} | {"note"})
if len(KINDS) < 12 or len(HEADER) < 10 or len(ROSTER) < 7 or len(CODES) < 30:
    sys.exit(f"catalogue_docs: the catalogues read short: {len(KINDS)} kinds, {len(HEADER)} "
             f"header keys, {len(ROSTER)} roster keys, {len(CODES)} codes")

# ---- the schema ----
doc = "schemas/adjutant-log.schema.json"
schema = json.loads(read("schemas", "adjutant-log.schema.json"))
defs = schema.get("$defs", {})
for key in HEADER:
    need(doc, f"header key `{key}`", key in schema.get("properties", {}))
for key in ROSTER:
    need(doc, f"roster key `{key}`", key in defs.get("leader", {}).get("properties", {}))
refs = json.dumps(defs.get("event", {}))
for kind, fields in KINDS.items():
    props = defs.get(kind, {}).get("properties", {})
    need(doc, f"kind `{kind}` ($defs/{kind})", kind in props)
    need(doc, f"kind `{kind}` among $defs/event's choices", f'"#/$defs/{kind}"' in refs)
    for field in fields + ["note"]:
        need(doc, f"field `{field}` of `{kind}`", field in props)

# ---- docs/log-format.md ----
doc = "docs/log-format.md"
text = read("docs", "log-format.md")
tables = re.findall(r"((?:^\|[^\n]*\n)+)", text, re.M)
rows = [row for table in tables for row in table.splitlines()]


def first_cell_names(table):
    return {n for row in table.splitlines()[2:] for n in re.findall(r"`(\w+)`", row.split("|")[1])}


header_table = next((t for t in tables if "`format`" in t), "")
roster_table = next((t for t in tables if "`initiative`" in t), "")
for key in HEADER:
    need(doc, f"header key `{key}` in the header table", key in first_cell_names(header_table))
for key in ROSTER:
    need(doc, f"roster key `{key}` in the roster table", key in first_cell_names(roster_table))
for kind, fields in KINDS.items():
    row = next((r for r in rows if r.startswith(f"| `{kind}: ")), None)
    need(doc, f"kind `{kind}` (a row `{kind}: ...` of the events table)", row is not None)
    for field in fields:
        need(doc, f"field `{field}` in the row of `{kind}`", row is not None and f"`{field}`" in row)
need(doc, "`note` (any event may carry it)", "`note`" in text)

# ---- man/adjutant-log.5.scd ----
doc = "man/adjutant-log.5.scd"
man = read("man", "adjutant-log.5.scd").replace("\\_", "_")
sections = dict(re.findall(r"^# (\w+)\n(.*?)(?=^# |\Z)", man, re.S | re.M))
for name, keys in (("HEADER", HEADER), ("ROSTER", ROSTER)):
    starts = {n for line in sections.get(name, "").splitlines() if line.startswith("*")
              for n in re.findall(r"\*(\w+)\*", line)}
    for key in keys:
        need(doc, f"{name.lower()} key `{key}` (*{key}* in {name})", key in starts)
events = sections.get("EVENTS", "")
for kind, fields in KINDS.items():
    m = re.search(r"^\*" + kind + r":\*[^\n]*\n((?:\t[^\n]*\n)*)", events, re.M)
    need(doc, f"kind `{kind}` (*{kind}:* in EVENTS)", m is not None)
    for field in fields:
        need(doc, f"field `{field}` in the paragraph of `{kind}`",
             m is not None and f"*{field}*" in m.group(1))
need(doc, "`note` in EVENTS", "*note*" in events)

# ---- fuzz/adjutant.dict ----
doc = "fuzz/adjutant.dict"
tokens = set(re.findall(r'^"([^"]*)"$', read("fuzz", "adjutant.dict"), re.M))
for what, names in (("header key", HEADER), ("roster key", ROSTER), ("kind", list(KINDS)),
                    ("field", FIELDS)):
    for name in names:
        need(doc, f'{what} "{name}"', name in tokens)

# ---- docs/diagnostics.md ----
doc = "docs/diagnostics.md"
listed = set(re.findall(r"^\| `([a-z0-9-]+)` \|", read("docs", "diagnostics.md"), re.M))
for code in CODES:
    need(doc, f"code `{code}` (a row of the catalogue)", code in listed)

# ---- docs/ladder.md ----
doc = "docs/ladder.md"
text = read("docs", "ladder.md")
for key in CAT["ladder_keys"]:
    last = re.split(r"[.\]\[*]+", key["path"])[-1]
    need(doc, f"ladder key `{key['path']}` (as `{last}`)", f"`{last}`" in text or
         re.search(r"^\s*" + re.escape(last) + ":", text, re.M) is not None)

# ---- docs/rules.md ----
doc = "docs/rules.md"
text = read("docs", "rules.md")
rulings = text[text.find("## Rulings"):]
rows = [r for r in rulings.splitlines() if re.match(r"^\| `[a-z-]+` \|", r)]
named = [re.match(r"^\| `([a-z-]+)`", r).group(1) for r in rows]
need(doc, f"the Rulings table's rows in the catalogue's order {[r['name'] for r in CAT['rulings']]}"
          f" (it has {named})", named == [r["name"] for r in CAT["rulings"]])
for r in CAT["rulings"]:
    row = next((x for x in rows if x.startswith(f"| `{r['name']}` |")), "")
    need(doc, f"ruling `{r['name']}` asks its question: {r['summary']}", r["summary"] in row)
    for v in r["values"]:
        need(doc, f"value `{v}` in the row of `{r['name']}`", f"`{v}`" in row)

# ---- README.md ----
doc = "README.md"
text = read("README.md")
block = re.search(r"^## The commands\n+```\n(.*?)^```", text, re.S | re.M)
synopsis = []
for m in re.finditer(r"^adjutant ([a-z]+) ", block.group(1) if block else "", re.M):
    if m.group(1) not in synopsis:
        synopsis.append(m.group(1))
globals_line = re.search(r"^adjutant (--.*)$", block.group(1) if block else "", re.M)
for o in CAT["global_options"]:
    if o["name"] != "--list-options":  # for the tests, not in --help
        need(doc, f"the synopsis's last line names {o['name']}",
             globals_line is not None and o["name"] in globals_line.group(1).split(" | "))
need(doc, f"the synopsis lists {[c['name'] for c in CAT['commands']]} (it lists {synopsis})",
     synopsis == [c["name"] for c in CAT["commands"]])

for m in missing:
    print("MISSING", m)
print(f"catalogue_docs: {len(KINDS)} kinds, {len(FIELDS)} fields, {len(HEADER)} header keys, "
      f"{len(ROSTER)} roster keys, {len(CODES)} codes; {len(missing)} missing")
sys.exit(1 if missing else 0)
