#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The GitHub Actions workflow of docs/formats-and-ci.md ("Checking a ladder's games in CI").

usage: ci_workflow.py ADJUTANT SOURCE_DIR

Parses the workflow (python3-yaml), checks that it runs on every push, may
upload SARIF, builds adjutant with options that exist, and uploads the file
its SARIF step writes; then runs each of its adjutant steps with bash, in a
directory whose games/ holds the bundled logs and with ADJUTANT first on PATH:
the SARIF step must succeed (the games have errors: exit 1 is tolerated) and
write a SARIF 2.1.0 log with results, and the annotation step must fail the
job (exit 1) printing workflow commands only.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("ci-workflow: SKIPPED: python3-yaml is not installed (run.sh installs it as root)")
    sys.exit(77)

ADJ, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def check(what, ok):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def workflow():
    with open(os.path.join(SRC, "docs", "formats-and-ci.md")) as f:
        text = f.read()
    section = text.split("## Checking a ladder's games in CI", 1)[1].split("\n## ", 1)[0]
    return yaml.safe_load(re.search(r"```yaml\n(.*?)```", section, re.S).group(1))


def run_step(step, cwd):
    env = dict(os.environ, PATH=os.path.dirname(ADJ) + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    return subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=env, capture_output=True)


w = workflow()
on = w.get("on", w.get(True))  # YAML 1.1 reads the key `on` as true
check("it runs on every push", "push" in on)
check("it may upload SARIF", w["permissions"].get("security-events") == "write")
steps = w["jobs"]["audit"]["steps"]
build = next(s for s in steps if "cmake --install" in s.get("run", ""))
with open(os.path.join(SRC, "CMakeLists.txt")) as f:
    cmake = f.read()
for opt in re.findall(r"-D(\w+)=", build["run"]):
    check("the build's -D%s is an option of CMakeLists.txt" % opt, "option(%s " % opt in cmake)
sarif_step = next(s for s in steps if "--format sarif" in s.get("run", ""))
github_step = next(s for s in steps if "--format github" in s.get("run", ""))
upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
sarif_file = re.search(r">\s*(\S+)", sarif_step["run"]).group(1)
check("the upload takes the file the SARIF step writes", upload["with"]["sarif_file"] == sarif_file)
check("the upload runs whatever the steps before it gave", upload.get("if") == "always()")
check("the annotations come after the upload", steps.index(github_step) > steps.index(upload))

with tempfile.TemporaryDirectory() as tmp:
    shutil.copytree(os.path.join(SRC, "logs"), os.path.join(tmp, "games"))
    p = run_step(sarif_step, tmp)
    check("the SARIF step succeeds on games with errors (exit %d)" % p.returncode, p.returncode == 0)
    with open(os.path.join(tmp, sarif_file)) as f:
        doc = json.load(f)
    check("it writes one SARIF 2.1.0 log with results",
          doc["version"] == "2.1.0" and len(doc["runs"]) == 1 and doc["runs"][0]["results"])
    p = run_step(github_step, tmp)
    lines = p.stdout.decode().splitlines()
    check("the annotation step fails the job (exit %d)" % p.returncode, p.returncode == 1)
    check("it prints workflow commands only",
          lines and all(re.match(r"::(error|warning) file=games/", l) for l in lines))
print("ci-workflow: %s" % ("FAILED" if failures else "ok"))
sys.exit(1 if failures else 0)
