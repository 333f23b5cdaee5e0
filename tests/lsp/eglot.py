#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/lsp/eglot.py ADJUTANT SRC_DIR WORK_DIR: `adjutant lsp` driven by
Emacs's eglot (batch mode), started as a user starts it: docs/editors.md's
init.el block, loaded after the packages are activated as Emacs does at
startup, with the built adjutant on PATH; once with elpa-yaml-mode, once
without it (the block's own yaml-mode, whose hook fires just the same).
Over the quick start and the disputed game: the diagnostics Flymake holds
are status --format json's (line, message), then the pending obligations
as notes; hover on an event is the state after it, in plain text (eglot
without markdown-mode asks for it); C-M-i runs completion-at-point in the
log's buffer, which offers the roster. Skipped (77) without emacs, eglot or
yaml-mode (Debian 12: emacs-nox, elpa-eglot, elpa-yaml-mode)."""
import glob
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvim_requests  # noqa: E402

exe, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
emacs = shutil.which("emacs")
elpa = "/usr/share/emacs/site-lisp/elpa"
if not emacs or not glob.glob(os.path.join(elpa, "eglot-*")) or \
        not glob.glob(os.path.join(elpa, "yaml-mode-*")):
    print("SKIPPED: emacs, eglot or yaml-mode not found "
          "(apt-get install emacs-nox elpa-eglot elpa-yaml-mode)")
    sys.exit(77)
shutil.rmtree(work, ignore_errors=True)
os.makedirs(os.path.join(work, "proj"))
subprocess.run(["git", "init", "-q", os.path.join(work, "proj")], check=True)  # eglot's project
bindir = os.path.join(work, "bin")  # `adjutant` on PATH, as the doc asks
os.makedirs(bindir)
os.symlink(exe, os.path.join(bindir, "adjutant"))


def doc_block(lang, section):
    """The first ```lang block under docs/editors.md's `## section`."""
    with open(os.path.join(src, "docs", "editors.md"), encoding="utf-8") as f:
        doc = f.read()
    part = doc.split("\n## " + section + "\n", 1)[1].split("\n## ", 1)[0]
    return part.split("```" + lang + "\n", 1)[1].split("\n```", 1)[0] + "\n"


init = os.path.join(work, "init.el")
with open(init, "w") as f:
    f.write(doc_block("elisp", "Emacs (eglot)"))

# Startup as Emacs does it (the packages of package-directory-list, Debian's
# elpa among them), yaml-mode left out when asked; then the doc's init.el.
EL = r'''
(require 'package)
(setq package-load-list '(%(yaml)s all))
(package-initialize)
(load "%(init)s" nil t)
(find-file "%(log)s")
(run-hooks 'post-command-hook)  ; eglot-ensure connects after the command that opened it
(princ (format "M\t%%s\t%%s\n" major-mode (key-binding (kbd "C-M-i"))))
(require 'flymake)
(let ((deadline (+ (float-time) 20)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (accept-process-output nil 0.1)))
(dolist (d (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
  (princ (format "D\t%%d\t%%s\t%%s\n" (line-number-at-pos (flymake-diagnostic-beg d))
                 (flymake-diagnostic-type d) (flymake-diagnostic-text d))))
(goto-char (point-min)) (forward-line %(hover_line)d) (forward-char 8)
(let ((c (plist-get (jsonrpc-request (eglot-current-server) :textDocument/hover (eglot--TextDocumentPositionParams)) :contents)))
  (require 'json)
  (princ (format "H\t%%s\t%%s\n" (plist-get c :kind) (json-encode-string (plist-get c :value)))))
(goto-char (point-min)) (forward-line %(hover_line)d) (end-of-line)
(insert "\n  - activate: ")
(let ((capf (run-hook-with-args-until-success 'completion-at-point-functions)))
  (princ (format "C\t%%s\n" (mapconcat #'identity (all-completions "" (nth 2 capf)) " "))))
(kill-emacs 0)
'''
failures = []


def plain(md):
    """The hover's Markdown with its markup dropped: the plain text."""
    return md.replace("**", "").replace("`", "").replace("\\", "")


def run(rel, hover_line, yaml):
    log = os.path.join(work, "proj", os.path.basename(rel))
    shutil.copy(os.path.join(src, rel), log)
    el = os.path.join(work, "t.el")
    with open(el, "w") as f:
        f.write(EL % {"yaml": "" if yaml else "(yaml-mode nil)", "init": init, "log": log,
                      "hover_line": hover_line})
    env = dict(os.environ, HOME=work, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    p = subprocess.run([emacs, "--batch", "-l", el], capture_output=True, timeout=120,
                       cwd=work, env=env)
    lines = [l.split("\t") for l in p.stdout.decode().splitlines()]
    what = "%s (%s)" % (rel, "yaml-mode" if yaml else "no yaml-mode")
    mode = [l[1:] for l in lines if l[0] == "M"]
    if mode != [["yaml-mode", "completion-at-point"]]:
        failures.append("%s: mode and C-M-i %r\n%s" % (what, mode, p.stderr.decode()[-1500:]))
    got = sorted((int(l[1]), l[3].split("]: ", 1)[-1]) for l in lines if l[0] == "D")
    rep = json.loads(subprocess.run([exe, "status", "--format", "json", log],
                                    capture_output=True).stdout)
    want = sorted([(d["line"], d["message"]) for d in rep["diagnostics"]] +
                  [(o["line"], o["due"]) for o in rep["pending"]])
    if got != want:
        failures.append("%s:\n  eglot %r\n  cli   %r\n%s" % (what, got, want,
                                                          p.stderr.decode()[-1500:]))
    with open(log, encoding="utf-8") as f:
        text = f.read()
    md = nvim_requests.want_hover(exe, log, text, hover_line, 8)
    hover = [[l[1], json.loads(l[2])] for l in lines if l[0] == "H"]
    if hover != [["plaintext", plain(md)]]:
        failures.append("%s: hover %r, want %r" % (what, hover, plain(md)))
    ids = [l["id"] for l in rep["leaders"]]
    comp = [l[1].split() for l in lines if l[0] == "C"]
    if [sorted(c) for c in comp] != [sorted(ids)]:
        failures.append("%s: completion %r, want %r" % (what, comp, ids))


for yaml in (True, False):
    for rel, hover_line in (("logs/quickstart.yaml", 15), ("logs/gaines-mill-disputed.yaml", 114)):
        run(rel, hover_line, yaml)
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("eglot: diagnostics, hover and completion match the CLI, with and without yaml-mode")
