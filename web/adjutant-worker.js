/* SPDX-License-Identifier: MIT */
/*
 * adjutant-worker.js - the engine's thread (SPEC §10): the CLI compiled to
 * WebAssembly runs here, never on the page's thread, so a long audit leaves
 * the page responsive. adjutant.js starts it and speaks to it by messages:
 *
 *   in:  {type: "init", wasm: ArrayBuffer}       compile the engine
 *        {type: "run", id, args, files, marks}    one command line; files map
 *                                                 a name to a Uint8Array or a
 *                                                 string (encoded as UTF-8 here);
 *                                                 marks: also say where the
 *                                                 log's events stand
 *   out: {type: "ready"} or {type: "failed", message}
 *        {type: "progress", id, read, total, written}
 *                                                 the input's bytes the engine
 *                                                 has parsed so far (posted at
 *                                                 each percent), the bytes of
 *                                                 output (posted each MiB)
 *        {type: "done", id, status, stdout, stderr, memory[, marks]}
 *                                                 stdout, stderr: Uint8Array;
 *                                                 marks: see entryMarks()
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

/* Where the log's `events` stand, from web/progress.c's marks (each mark
 * [index, line, column]: libyaml's character count, a BOM not counted, and
 * zero-based line and column), as the engine's own parse found them:
 *   {key, keyEnd: the top-level `events` key (null: none was read),
 *    form: "block" | "flow" | "scalar" | "other" | null, start: the value's
 *    first character (a block list's first `-`, a flow list's `[`),
 *    end: its end (after `]`; a block list's stop), count: items read,
 *    last: {start, end} of the last item read (end null: not read to its
 *    end; empty: an item with no content, start null and end the next
 *    token's mark, which may lie lines below), prevEnd: the
 *    end of the item before it (for the first, the value's start),
 *    complete: the value was read to its end, error: the parse failed}.
 * Of the run's parses (a ladder file may be read too) the one with an
 * `events` key, else the first. Memory stays flat: only the last two items
 * are kept. */
const MARK = { BEGIN: 0, KEY: 1, KEY_END: 2, BLOCK: 3, FLOW: 4, SCALAR: 5, OTHER: 6, ITEM: 7, ITEM_END: 8,
               EMPTY_ITEM: 9, LIST_END: 10, VALUE_END: 11, ERROR: 12 };
function entryMarks() {
    const parses = [], byId = {};
    const FORMS = {};
    FORMS[MARK.BLOCK] = "block"; FORMS[MARK.FLOW] = "flow"; FORMS[MARK.SCALAR] = "scalar"; FORMS[MARK.OTHER] = "other";
    return {
        mark: function (id, kind, index, line, column) {
            const m = [index, line, column];
            let p = byId[id];
            if (kind === MARK.BEGIN || !p) {
                p = byId[id] = { key: null, keyEnd: null, form: null, start: null, end: null, count: 0, last: null,
                                 prevEnd: null, complete: false, error: false };
                parses.push(p);
            }
            if (kind === MARK.KEY) p.key = m;
            else if (kind === MARK.KEY_END) p.keyEnd = m;
            else if (FORMS[kind]) { p.form = FORMS[kind]; p.start = m; }
            else if (kind === MARK.ITEM || kind === MARK.EMPTY_ITEM) {
                p.prevEnd = p.last ? p.last.end : p.start;
                /* an empty item's mark is the next token's: the next item's `-` is found from it */
                p.last = kind === MARK.ITEM ? { start: m, end: null } : { start: null, end: m, empty: true };
                p.count++;
            } else if (kind === MARK.ITEM_END && p.last) p.last.end = m;
            else if (kind === MARK.LIST_END || kind === MARK.VALUE_END) { p.end = m; p.complete = !p.error; }
            else if (kind === MARK.ERROR) { p.error = true; p.complete = false; }
        },
        result: function () {
            return parses.find(function (p) { return p.key; }) || parses.find(function (p) { return p.error; }) ||
                parses[0] || null;
        },
    };
}

function run(msg) {
    const files = {}, args = msg.args;
    const utf8 = new TextEncoder();
    for (const name of Object.keys(msg.files))
        files[name] = typeof msg.files[name] === "string" ? utf8.encode(msg.files[name]) : msg.files[name];
    const stdin = files["-"] instanceof Uint8Array ? files["-"] : new Uint8Array(0);
    let total = stdin.length;
    for (const name of Object.keys(files))
        if (name !== "-" && name !== "") total += files[name].length;
    const progress = meter(msg.id, total);
    const out = sink(progress.written), err = sink();
    const marks = msg.marks ? entryMarks() : null;
    let at = 0, status = null;
    return adjutantModule({
        noInitialRun: true,
        onParsed: progress.parsed,
        onMark: marks ? marks.mark : undefined,
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
        const res = { status: status, stdout: out.bytes(), stderr: err.bytes(),
                      memory: M.HEAPU8 ? M.HEAPU8.length : 0 };
        if (marks) res.marks = marks.result();
        return res;
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
