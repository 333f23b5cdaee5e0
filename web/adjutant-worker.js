/*
 * adjutant-worker.js - the engine's thread (SPEC §10): the CLI compiled to
 * WebAssembly runs here, never on the page's thread, so a long audit leaves
 * the page responsive. adjutant.js starts it and speaks to it by messages:
 *
 *   in:  {type: "init", wasm: ArrayBuffer}       compile the engine
 *        {type: "run", id, args, files}           one command line; files map
 *                                                 a name to a Uint8Array
 *   out: {type: "ready"} or {type: "failed", message}
 *        {type: "progress", id, read, total, written}
 *                                                 the input's bytes the engine
 *                                                 has parsed so far (posted at
 *                                                 each percent), the bytes of
 *                                                 output (posted each MiB)
 *        {type: "done", id, status, stdout, stderr, memory}
 *                                                 stdout, stderr: Uint8Array
 *
 * Each run instantiates the compiled module afresh, so no state is left
 * over from one call to the next. Progress comes from web/progress.c, which
 * sits between the engine and libyaml's parser in the web build.
 */
/* global adjutantModule */
"use strict";
/* the one-file page's worker has the engine's script before this one */
if (typeof adjutantModule === "undefined") importScripts("adjutant-engine.js");

let compiled = null;

/* A file and its parent directories, in MEMFS under the working directory
 * /work (mkdirTree takes absolute paths only). A name that cannot be made
 * (a file where a directory is wanted) is left out: the CLI then finds it
 * missing, as it would. */
function writeFile(FS, name, bytes) {
    const full = name.charAt(0) === "/" ? name : "/work/" + name;
    const slash = full.lastIndexOf("/");
    try {
        if (slash > 0) FS.mkdirTree(full.slice(0, slash));
        FS.writeFile(full, bytes);
        FS.chmod(full, 0o644);  /* MEMFS makes 0666: a ladder file others can write is refused */
    } catch (e) {
        if (!(e instanceof FS.ErrnoError)) throw e;
    }
}

/* Collects a stream's bytes, handed over whole at the end (the page decodes
 * them once, so UTF-8 split across writes stays whole; bytes move to the
 * page without a copy, where a long string would be copied on its thread). */
function sink(grown) {
    let chunks = [], len = 0, cur = new Uint8Array(4096), n = 0;
    return {
        put: function (b) {
            if (b === null) return;
            if (n === cur.length) {
                chunks.push(cur); len += n; cur = new Uint8Array(Math.min(cur.length * 2, 1 << 20)); n = 0;
                if (grown) grown(len);
            }
            cur[n++] = b & 255;
        },
        bytes: function () {
            const all = new Uint8Array(len + n);
            let at = 0;
            for (const c of chunks) { all.set(c, at); at += c.length; }
            all.set(cur.subarray(0, n), at);
            return all;
        },
    };
}

/* Progress: the bytes of input libyaml has parsed, summed over the parses
 * of the run (web/progress.c reports each parse's offset; an offset lower
 * than the one before starts a new parse), at most the input's size;
 * posted each time the share passes a whole percent. */
function meter(id, total) {
    let done = 0, at = 0, shown = -1, written = 0;
    function post(read) {
        postMessage({ type: "progress", id: id, read: read, total: total, written: written });
    }
    return {
        parsed: function (offset) {
            if (offset < at) done += at;
            at = offset;
            const read = Math.min(total, done + at);
            const pct = total ? Math.floor(read * 100 / total) : 100;
            if (pct === shown) return;
            shown = pct;
            post(read);
        },
        written: function (len) {
            written = len;
            post(Math.min(total, done + at));
        },
    };
}

function run(msg) {
    const files = msg.files, args = msg.args;
    const stdin = files["-"] instanceof Uint8Array ? files["-"] : new Uint8Array(0);
    let total = stdin.length;
    for (const name of Object.keys(files))
        if (name !== "-" && name !== "") total += files[name].length;
    const progress = meter(msg.id, total);
    const out = sink(progress.written), err = sink();
    let at = 0, status = null;
    return adjutantModule({
        noInitialRun: true,
        onParsed: progress.parsed,
        print: function () {}, printErr: function () {},
        instantiateWasm: function (imports, done) {
            WebAssembly.instantiate(compiled, imports).then(function (inst) { done(inst, compiled); });
            return {};
        },
        preRun: [function (M) {
            M.FS.init(function () {
                return at < stdin.length ? stdin[at++] : null;
            }, out.put, err.put);
        }],
        onExit: function (code) { status = code; },
    }).then(function (M) {
        M.FS.mkdirTree("/work");
        M.FS.chdir("/work");
        for (const name of Object.keys(files))
            if (name !== "-" && name !== "") writeFile(M.FS, name, files[name]);
        let ret;
        try {
            ret = M.callMain(args);
        } catch (e) {
            if (!(e && e.name === "ExitStatus")) throw e;
            ret = e.status;
        }
        if (status === null) status = ret;
        return { status: status, stdout: out.bytes(), stderr: err.bytes(),
                 memory: M.HEAPU8 ? M.HEAPU8.length : 0 };
    });
}

onmessage = function (e) {
    const msg = e.data;
    if (msg.type === "init") {
        WebAssembly.compile(msg.wasm).then(function (m) {
            compiled = m;
            postMessage({ type: "ready" });
        }, function (err) {
            postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
        });
    } else if (msg.type === "run") {
        run(msg).then(function (res) {
            postMessage(Object.assign({ type: "done", id: msg.id }, res), [res.stdout.buffer, res.stderr.buffer]);
        }, function (err) {
            postMessage({ type: "done", id: msg.id, status: 2, stdout: new Uint8Array(0), memory: 0,
                          stderr: new TextEncoder().encode("adjutant: " + (err && err.message ? err.message : err) + "\n") });
        });
    }
};
