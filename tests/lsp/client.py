# SPDX-License-Identifier: MIT
"""A small LSP client over pipes, for the language server's tests and bench:
frames messages, reads them back with a timeout, and keeps what the server
published per document."""
import json
import os
import select
import subprocess
import time


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Client:
    def __init__(self, exe, *args, cwd=None):
        self.p = subprocess.Popen([exe, "lsp", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        os.set_blocking(self.p.stdin.fileno(), False)
        self.buf = bytearray()  # appended to in place: a long message costs its length once
        self.next_id = 0
        self.diags = {}       # uri -> the latest publishDiagnostics params
        self.other = []       # other notifications and server requests

    def send_raw(self, data):
        """Write data, reading what the server writes meanwhile: a server
        blocked on a full pipe to us reads nothing from us (as an editor's
        client does, both go on at once)."""
        out, inp = self.p.stdout.fileno(), self.p.stdin.fileno()
        view, eof = memoryview(data), False
        while view:
            r, w, _ = select.select([] if eof else [out], [inp], [])
            if r:
                chunk = os.read(out, 1 << 20)
                eof = not chunk
                self.buf += chunk
            if w:
                try:
                    view = view[os.write(inp, view[:1 << 16]):]
                except BlockingIOError:
                    pass

    def send(self, obj):
        obj.setdefault("jsonrpc", "2.0")
        self.send_raw(frame(obj))

    def notify(self, method, params=None):
        m = {"method": method}
        if params is not None:
            m["params"] = params
        self.send(m)

    def request(self, method, params=None, timeout=10):
        self.next_id += 1
        m = {"id": self.next_id, "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)
        return self.wait_id(self.next_id, timeout)

    def read(self, timeout=10):
        """One message, or None at the end of output or after `timeout` s."""
        end = time.monotonic() + timeout
        fd = self.p.stdout.fileno()
        while True:
            h = self.buf.find(b"\r\n\r\n")
            if h >= 0:
                head = self.buf[:h].decode()
                n = int(head.split(":")[1])
                if len(self.buf) >= h + 4 + n:
                    body = bytes(self.buf[h + 4:h + 4 + n])
                    del self.buf[:h + 4 + n]
                    msg = json.loads(body)
                    if msg.get("method") == "textDocument/publishDiagnostics":
                        self.diags[msg["params"]["uri"]] = msg["params"]
                    elif "method" in msg:
                        self.other.append(msg)
                    return msg
            left = end - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None
            self.buf += chunk

    def drain(self):
        """Take every message that is already there, without waiting: a
        client that writes many messages must read as it goes, or both
        sides block on full pipes."""
        fd = self.p.stdout.fileno()
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            self.buf += chunk
        while self.read(0) is not None:
            pass

    def wait_id(self, id_, timeout=10):
        while True:
            m = self.read(timeout)
            if m is None or (m.get("id") == id_ and "method" not in m):
                return m

    def wait_diags(self, uri, version=None, timeout=10, fresh=True):
        """The next diagnostics published for uri (with `version` if given);
        with fresh=False, those published since the caller cleared self.diags."""
        if fresh:
            self.diags.pop(uri, None)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if uri in self.diags and (version is None or self.diags[uri].get("version") == version):
                return self.diags[uri]
            if self.read(end - time.monotonic()) is None:
                break
        return self.diags.get(uri)

    def initialize(self, caps=None):
        r = self.request("initialize", {"processId": None, "rootUri": None,
                                        "capabilities": caps or {}})
        self.notify("initialized", {})
        return r

    def open(self, path, text=None, version=1):
        uri = "file://" + os.path.abspath(path)
        if text is None:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": version, "text": text}})
        return uri

    def finish(self, timeout=10):
        """Close stdin, wait: (exit status, stderr)."""
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        try:
            rc = self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = "hang"
        err = self.p.stderr.read().decode(errors="replace")
        self.p.stdout.close()
        self.p.stderr.close()
        return rc, err
