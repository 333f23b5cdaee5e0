#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The README's quick start, run as written: the log it shows is
logs/quickstart.yaml byte for byte, and each `$ adjutant ...` block prints
exactly the output the README shows under it (standard output, run from the
project's folder, no colour), with the exit status the quick start states (1).

    usage: quickstart.py ADJUTANT PROJECT_DIR
"""
import os
import re
import shlex
import subprocess
import sys

ADJ, PROJECT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(what)
        print("FAIL:", what, detail)


with open(os.path.join(PROJECT, "README.md"), encoding="utf-8") as f:
    readme = f.read()
section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]

logs = re.findall(r"```yaml\n(.*?)```", section, re.S)
with open(os.path.join(PROJECT, "logs", "quickstart.yaml"), encoding="utf-8") as f:
    check("the log shown is logs/quickstart.yaml", logs == [f.read()])

commands = re.findall(r"```\n\$ adjutant ([^\n]*)\n(.*?)```", section, re.S)
check("the three commands are shown", [c.split()[0] for c, _ in commands]
      == ["audit", "status", "explain"], str([c for c, _ in commands]))
for command, shown in commands:
    p = subprocess.run([ADJ] + shlex.split(command), cwd=PROJECT, capture_output=True,
                       text=True, env=dict(os.environ, NO_COLOR="1"))
    check(f"adjutant {command}: exit status 1", p.returncode == 1, str(p.returncode))
    check(f"adjutant {command}: output as shown", p.stdout == shown,
          "\n--- README\n" + shown + "--- printed\n" + p.stdout)

print(f"quickstart.py: {len(commands)} commands, {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
