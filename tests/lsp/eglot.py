#!/usr/bin/env python3
"""tests/lsp/eglot.py ADJUTANT SRC_DIR WORK_DIR: `adjutant lsp` driven by
Emacs's eglot (batch mode) over the quick start and the disputed game:
the diagnostics Flymake holds are status --format json's (line, message),
then the pending obligations as notes; hover answers on an event, in plain
text (eglot without markdown-mode asks for it). Skipped
(77) without emacs or eglot (Debian 12: emacs-nox, elpa-eglot)."""
import glob
import json
import os
import shutil
import subprocess
import sys

exe, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
emacs = shutil.which("emacs")
elpa = "/usr/share/emacs/site-lisp/elpa"
if not emacs or not glob.glob(os.path.join(elpa, "eglot-*")):
    print("SKIPPED: emacs or eglot not found (apt-get install emacs-nox elpa-eglot)")
    sys.exit(77)
shutil.rmtree(work, ignore_errors=True)
os.makedirs(os.path.join(work, "proj"))
subprocess.run(["git", "init", "-q", os.path.join(work, "proj")], check=True)  # eglot's project
EL = r'''
(dolist (d (directory-files "%(elpa)s" t "^[a-z]")) (add-to-list 'load-path d))
(require 'eglot)
(require 'flymake)
(find-file "%(log)s")
(fundamental-mode)
(eglot '(fundamental-mode) (project-current nil "%(dir)s") 'eglot-lsp-server '("%(exe)s" "lsp") "yaml")
(flymake-mode 1)
(flymake-start)
(let ((deadline (+ (float-time) 20)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (accept-process-output nil 0.1)))
(dolist (d (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
  (princ (format "D\t%%d\t%%s\t%%s\n" (line-number-at-pos (flymake-diagnostic-beg d))
                 (flymake-diagnostic-type d) (flymake-diagnostic-text d))))
(goto-char (point-min)) (forward-line %(hover_line)d) (forward-char 8)
(princ (format "H\t%%s\n" (plist-get (plist-get (jsonrpc-request (eglot-current-server) :textDocument/hover (eglot--TextDocumentPositionParams)) :contents) :value)))
(kill-emacs 0)
'''
failures = []
for rel, hover_line in (("logs/quickstart.yaml", 15), ("logs/gaines-mill-disputed.yaml", 114)):
    log = os.path.join(work, "proj", os.path.basename(rel))
    shutil.copy(os.path.join(src, rel), log)
    el = os.path.join(work, "t.el")
    with open(el, "w") as f:
        f.write(EL % {"elpa": elpa, "log": log, "dir": os.path.dirname(log) + "/", "exe": exe,
                      "hover_line": hover_line})
    p = subprocess.run([emacs, "--batch", "-Q", "-l", el], capture_output=True, timeout=120,
                       cwd=work)
    lines = [l.split("\t") for l in p.stdout.decode().splitlines()]
    got = sorted((int(l[1]), l[3].split("]: ", 1)[-1]) for l in lines if l[0] == "D")
    rep = json.loads(subprocess.run([exe, "status", "--format", "json", log],
                                    capture_output=True).stdout)
    want = sorted([(d["line"], d["message"]) for d in rep["diagnostics"]] +
                  [(o["line"], o["due"]) for o in rep["pending"]])
    if got != want:
        failures.append("%s:\n  eglot %r\n  cli   %r\n%s" % (rel, got, want,
                                                          p.stderr.decode()[-1500:]))
    if not [l for l in lines if l[0] == "H" and l[1].startswith("After the activate on line")]:
        failures.append("%s: no hover: %r" % (rel, p.stdout.decode()[-500:]))
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("eglot: diagnostics and hover match the CLI")
