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
 *
 * The engine warms itself ({type: "warm"}, sent by adjutant.js once the page
 * is idle; answered {type: "warmed", runs: [{args, status, stderr}], log}): it
 * runs the commands a player starts with on a small built-in game (warmLog)
 * and throws their output away. The browser compiles a WebAssembly
 * function with its optimising compiler only once it has run enough, so
 * without this the player's first audit ran partly on baseline code (1.4x
 * to 2.7x the later ones, issue 44 item 6). A run asked for meanwhile goes
 * before the warm-up's next step.
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
        FS.writeFile(full, bytes, { canOwn: true });  /* the worker's own copy: not copied again */
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

/* One command line: MSG {id, args, files, marks}; QUIET: no progress posted
 * (the warm-up's). */
function run(msg, quiet) {
    const files = {}, args = msg.args;
    const utf8 = new TextEncoder();
    for (const name of Object.keys(msg.files))
        files[name] = typeof msg.files[name] === "string" ? utf8.encode(msg.files[name]) : msg.files[name];
    const stdin = files["-"] instanceof Uint8Array ? files["-"] : new Uint8Array(0);
    let total = stdin.length;
    for (const name of Object.keys(files))
        if (name !== "-" && name !== "") total += files[name].length;
    const progress = quiet ? { parsed: function () {}, written: function () {} } : meter(msg.id, total);
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

/* The warm-up's game: a seeded game of the usual entries (activations
 * and their moves within the chart's MPs, Sustains, illness checks and
 * their durations, wounds, flips, state records, VP), mostly legal (the
 * findings a real log has: a few), TURNS turns of it (30: about 40 KB);
 * made here, so that nothing is fetched or shipped for it. */
function warmLog(turns) {
    let seed = 44;
    const rnd = function (n) { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 65536) % n; };
    const ids = { CSA: ["lee", "jackson", "longstreet", "hill", "stuart", "ewell"],
                  USA: ["mcclellan", "porter", "sumner", "franklin", "keyes", "hooker"] };
    const chart = { 2: [0, 1, 1, 2, 2, 3], 3: [0, 1, 2, 2, 3, 4], 4: [1, 2, 3, 3, 4, 5] };
    const places = ["Gaines Mill", "Savage Station", "Cold Harbor", "1433", "2616", "0721"];
    const t = ["# the page's warm-up game (web/adjutant-worker.js)", "format: adjutant/1", "scenario: Warm-up",
               "first_turn: 1", "last_turn: " + turns, "optional_rules: [illness]", "sides: [CSA, USA]", "leaders:"];
    const reserve = { CSA: "early", USA: "hancock" };
    const init = {}, out = {}, wounds = {}, vp = { CSA: 0, USA: 0 };
    for (const side of ["CSA", "USA"])
        ids[side].forEach(function (id, i) {
            init[id] = 2 + i % 3;
            t.push("  - id: " + id, "    name: " + id.charAt(0).toUpperCase() + id.slice(1), "    side: " + side,
                   "    initiative: " + init[id], "    vp: " + (1 + i % 3));
        });
    for (const side of ["CSA", "USA"]) {
        init[reserve[side]] = 3;
        t.push("  - id: " + reserve[side], "    side: " + side, "    initiative: 3", "    reserve: true");
    }
    t.push("imc:");
    for (const k of Object.keys(chart)) t.push("  " + k + ": [" + chart[k].join(", ") + "]");
    t.push("events:");
    for (let turn = 1; turn <= turns; turn++) {
        t.push("  - turn: " + turn);
        const flipped = [];
        for (let a = 0; a < 8; a++) {
            const side = a % 2 ? "USA" : "CSA";
            const free = ids[side].filter(function (id) { return !(out[id] > turn) && flipped.indexOf(id) < 0; });
            if (!free.length) continue;
            const who = free[rnd(free.length)], roll = 1 + rnd(6), mod = rnd(3) - 1;
            const mp = chart[init[who]][Math.min(5, Math.max(0, roll - 1 + mod))];
            t.push("  - activate: " + who, "    roll: " + roll);
            if (mod) t.push("    modifier: " + (mod > 0 ? "+1" : "-1"));
            t.push("    mp: " + mp);
            for (let m = Math.min(mp, rnd(4)); m > 0; m--) {
                t.push("  - move: " + who, "    to: " + places[rnd(places.length)], "    mp: 1");
                if (m === 1 && roll > 1 && rnd(3) === 0) {  /* a raw 1: the check comes first */
                    t.push("    enemy_zoc: true", "  - sustain: " + who, "    roll: " + (1 + rnd(6)), "    result: held");
                    if (rnd(3) === 0 && (wounds[who] || 0) < 3) { wounds[who] = (wounds[who] || 0) + 1; t.push("  - wound: " + who, "    level: 1"); }
                }
            }
            if (roll === 1) {  /* the illness check, on reaching the destination */
                const ill = 1 + rnd(6);
                t.push("  - illness: " + who, "    roll: " + ill);
                if (ill === 6) {  /* ill for 1 to 5 turns; a 6 incapacitates: the reserve replaces him */
                    const d = 1 + rnd(6);
                    t.push("  - duration: " + who, "    roll: " + d);
                    out[who] = d < 6 ? turn + d + 1 : Infinity;
                    if (d === 6 && reserve[side]) { t.push("  - replace: " + who, "    by: " + reserve[side]); ids[side].push(reserve[side]); reserve[side] = null; }
                    continue;
                }
                if (ill === 5) { flipped.push(who); continue; }  /* Inactive: turned back at the turn's end */
            }
            if (rnd(6) === 0 && !wounds[who]) t.push("  - state: " + who, "    status: fit", "    note: as written on the sheet");
            if (rnd(8) === 0) { t.push("  - flip: " + who, "    to: inactive"); flipped.push(who); }
        }
        for (const who of flipped) t.push("  - flip: " + who, "    to: active");
        if (turn % 5 === 0) { const s = turn % 2 ? "USA" : "CSA"; vp[s]++; t.push("  - vp: " + s, "    points: 1", "    reason: a town held"); }
    }
    t.push("  - end: {CSA: " + vp.CSA + ", USA: " + vp.USA + "}");
    return t.join("\n") + "\n";
}

/* What the page runs first: the audit's formats (JSON, the HTML report of
 * the Check mode, text) and status (the Record mode). */
const WARM = [["audit", "--format", "json"], ["audit", "--format", "html"], ["audit"], ["status", "--format", "json"]];

/* The warm-up's runs, each put at the end of the worker's queue when the
 * one before it is done: a run the page asks for meanwhile goes first. A
 * Promise of {runs, log}. */
function warm() {
    const name = "warm-up.yaml", text = warmLog(30), runs = [];
    return new Promise(function (done) {
        let i = 0;
        (function step() {
            if (i === WARM.length) { done({ runs: runs, log: text }); return; }
            const args = WARM[i++].concat([name]), files = {};
            files[name] = text;
            work = work.then(function () {
                return run({ id: null, args: args, files: files }, true).then(function (res) {
                    runs.push({ args: args, status: res.status, stderr: new TextDecoder().decode(res.stderr) });
                });
            }).then(step, step);
        })();
    });
}

/* The runs and the warm-up's, one after another. */
let work = Promise.resolve();

onmessage = function (e) {
    const msg = e.data;
    if (msg.type === "init") {
        /* the page's compiled module (each worker shares the code the browser optimises), or the bytes */
        const m = msg.module instanceof WebAssembly.Module ? Promise.resolve(msg.module) : WebAssembly.compile(msg.wasm);
        m.then(function (mod) {
            compiled = mod;
            postMessage({ type: "ready" });
        }, function (err) {
            postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
        });
    } else if (msg.type === "warm") {
        warm().then(function (w) { postMessage({ type: "warmed", runs: w.runs, log: w.log }); });
    } else if (msg.type === "run") {
        work = work.then(function () {
            return run(msg).then(function (res) {
                postMessage(Object.assign({ type: "done", id: msg.id }, res), [res.stdout.buffer, res.stderr.buffer]);
            }, function (err) {
                postMessage({ type: "done", id: msg.id, status: 2, stdout: new Uint8Array(0), memory: 0,
                              stderr: new TextEncoder().encode("adjutant: " + (err && err.message ? err.message : err) + "\n") });
            });
        });
    }
};
