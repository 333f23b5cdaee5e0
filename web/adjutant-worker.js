/*
 * adjutant-worker.js - the engine's thread (SPEC §10): the CLI compiled to
 * WebAssembly runs here, never on the page's thread, so a long audit leaves
 * the page responsive. adjutant.js starts it and speaks to it by messages:
 *
 *   in:  {type: "init", wasm: ArrayBuffer}       compile the engine
 *        {type: "run", id, args, files}           one command line; files map
 *                                                 a name to a Uint8Array
 *   out: {type: "ready"} or {type: "failed", message}
 *        {type: "progress", id, read, total}      the input files' bytes the
 *                                                 engine has read so far
 *        {type: "done", id, status, stdout, stderr, memory}
 *
 * Each run instantiates the compiled module afresh, so no state is left
 * over from one call to the next. Progress costs no C: the engine reads its
 * inputs through the in-memory file system's FS.read (and standard input
 * through FS.init's reader), which are counted here.
 */
/* global adjutantModule */
"use strict";
importScripts("adjutant-engine.js");

const decoder = new TextDecoder("utf-8");
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
        return FS.lookupPath(full).path;
    } catch (e) {
        if (!(e instanceof FS.ErrnoError)) throw e;
        return null;
    }
}

/* Collects a stream's bytes, decoded once at the end (UTF-8 split across
 * writes stays whole). */
function sink() {
    let chunks = [], len = 0, cur = new Uint8Array(4096), n = 0;
    return {
        put: function (b) {
            if (b === null) return;
            if (n === cur.length) { chunks.push(cur); len += n; cur = new Uint8Array(cur.length * 2); n = 0; }
            cur[n++] = b & 255;
        },
        text: function () {
            const all = new Uint8Array(len + n);
            let at = 0;
            for (const c of chunks) { all.set(c, at); at += c.length; }
            all.set(cur.subarray(0, n), at);
            return decoder.decode(all);
        },
    };
}

/* Progress: the furthest byte read of each input file (a file read twice
 * counts once), reported each time the share read passes a whole percent. */
function meter(id, total) {
    const furthest = new Map();
    let read = 0, shown = -1;
    function report() {
        const pct = total ? Math.floor(read * 100 / total) : 100;
        if (pct === shown) return;
        shown = pct;
        postMessage({ type: "progress", id: id, read: read, total: total });
    }
    return {
        at: function (key, pos) {
            const was = furthest.get(key);
            if (was === undefined || pos <= was) return;
            furthest.set(key, pos);
            read += pos - was;
            report();
        },
        watch: function (key) { if (!furthest.has(key)) furthest.set(key, 0); },
    };
}

/* Counts the reads of the input files (paths in `inputs`). */
function countReads(FS, inputs, progress) {
    const read = FS.read;
    FS.read = function (stream, buffer, offset, length, position) {
        const got = read.apply(this, arguments);
        if (got > 0 && inputs.has(stream.path))
            progress.at(stream.path, position === undefined ? stream.position : position + got);
        return got;
    };
}

function run(msg) {
    const out = sink(), err = sink();
    const files = msg.files, args = msg.args;
    const stdin = files["-"] instanceof Uint8Array ? files["-"] : new Uint8Array(0);
    let total = stdin.length;
    for (const name of Object.keys(files))
        if (name !== "-" && name !== "") total += files[name].length;
    const progress = meter(msg.id, total);
    if (stdin.length) progress.watch("-");
    let at = 0, status = null;
    return adjutantModule({
        noInitialRun: true,
        print: function () {}, printErr: function () {},
        instantiateWasm: function (imports, done) {
            WebAssembly.instantiate(compiled, imports).then(function (inst) { done(inst, compiled); });
            return {};
        },
        preRun: [function (M) {
            M.FS.init(function () {
                if (at >= stdin.length) return null;
                if ((at & 4095) === 0) progress.at("-", at);
                return stdin[at++];
            }, out.put, err.put);
        }],
        onExit: function (code) { status = code; },
    }).then(function (M) {
        M.FS.mkdirTree("/work");
        M.FS.chdir("/work");
        const inputs = new Set();
        for (const name of Object.keys(files)) {
            if (name === "-" || name === "") continue;
            const full = writeFile(M.FS, name, files[name]);
            if (full !== null) { inputs.add(full); progress.watch(full); }
        }
        countReads(M.FS, inputs, progress);
        let ret;
        try {
            ret = M.callMain(args);
        } catch (e) {
            if (!(e && e.name === "ExitStatus")) throw e;
            ret = e.status;
        }
        if (status === null) status = ret;
        return { status: status, stdout: out.text(), stderr: err.text(),
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
            postMessage(Object.assign({ type: "done", id: msg.id }, res));
        }, function (err) {
            postMessage({ type: "done", id: msg.id, status: 2, stdout: "", memory: 0,
                          stderr: "adjutant: " + (err && err.message ? err.message : err) + "\n" });
        });
    }
};
