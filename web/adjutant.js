/* SPDX-License-Identifier: MIT */
/*
 * adjutant.js - window.adjutant (SPEC §10): the CLI compiled to
 * WebAssembly, run in a Web Worker (adjutant-worker.js) so that the page
 * stays responsive while it works; each call runs in a fresh instance of
 * the compiled module, so no state is left over from one call to the next.
 *
 *   adjutant.ready          a Promise, resolved when the engine is compiled
 *   adjutant.run(args, files[, options])
 *       args: the command line after the program name; files: name ->
 *       Uint8Array or ArrayBuffer (the bytes, as they are) or string (encoded
 *       as UTF-8); "-" is standard input. options.onProgress({read, total,
 *       written}): the bytes of the input libyaml has parsed so far, of the
 *       input in all, and of standard output written so far.
 *       options.marks: the result also has `marks`, where the log's
 *       `events` and its last item stand as the engine's parse read them
 *       (adjutant-worker.js, entryMarks; the recorder's edits).
 *       -> Promise of {status, stdout, stderr}, as the CLI gives them; calls
 *       run one after another.
 *   adjutant.cancel()       stops the call running and those waiting (their
 *       Promises reject with an Error named "AbortError") and starts a fresh
 *       engine, so the next call runs as usual.
 *   adjutant.warmed()       a Promise of {runs: [{args, status, stderr}], log}:
 *       the warm-up of the engine now (adjutant-worker.js, warm()), which
 *       its worker runs once the page is idle after ready (a call made
 *       meanwhile goes first): the runs it made and the built-in log they
 *       read.
 */
(function () {
    "use strict";
    const decoder = new TextDecoder("utf-8");
    /* an inline script (the one-file page) has no src */
    const here = (document.currentScript && document.currentScript.src) || location.href;
    const base = new URL(".", here);
    /* The one-file page (SPEC §10.2, web/onefile.py) carries the .wasm and the
     * worker's script as base64 in script blocks that never run: no request. */
    const packed = document.getElementById("adjutant-wasm");

    function unbase64(id) {
        const s = atob(document.getElementById(id).textContent.replace(/\s+/g, ""));
        const b = new Uint8Array(s.length);
        for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
        return b;
    }

    /* The engine is compiled once, here (compiling is asynchronous: the
     * page's thread goes on), and each worker is given the compiled module,
     * so a worker started after Cancel shares the code the browser has
     * optimised. Served over http(s) as application/wasm, it is compiled
     * as its bytes arrive (compileStreaming), and the browser may keep the
     * optimised code for the next visit (V8's code cache); the one file's
     * bytes are its base64 block. */
    function compile(r) {
        if (!r.ok) throw new Error("adjutant-engine.wasm: HTTP " + r.status);
        if (WebAssembly.compileStreaming && /^application\/wasm\b/i.test(r.headers.get("Content-Type") || ""))
            return WebAssembly.compileStreaming(r);
        return r.arrayBuffer().then(function (b) { return WebAssembly.compile(b); });
    }
    const engine = packed ? Promise.resolve().then(function () { return WebAssembly.compile(unbase64("adjutant-wasm")); })
        : fetch(new URL("adjutant-engine.wasm", base)).then(compile);
    /* the worker's script: its file, or a blob: URL of the engine's and the worker's scripts */
    const workerUrl = packed ? URL.createObjectURL(new Blob([unbase64("adjutant-worker-src")], { type: "text/javascript" }))
        : new URL("adjutant-worker.js", base);

    let worker = null;   /* {w, ready}: the engine's thread now */
    let readyOk, readyBad;
    const ready = new Promise(function (ok, bad) { readyOk = ok; readyBad = bad; });
    let memory = 0;      /* the WebAssembly memory of the last run, in bytes */
    let nextId = 1;
    const waiting = [];  /* calls not yet given to the worker */
    let current = null;  /* the call the worker runs */

    function startWorker() {
        const w = new Worker(workerUrl);
        const me = { w: w };
        let warmOk;
        me.warmed = new Promise(function (ok) { warmOk = ok; });
        me.ready = new Promise(function (ok, bad) {
            w.onmessage = function (e) {
                if (e.data.type === "ready") { me.up = true; w.onmessage = answer; ok(); warmWhenIdle(me, warmOk); }
                else bad(new Error("the engine did not compile: " + e.data.message));
            };
            w.onerror = function (e) {
                e.preventDefault();
                const why = "the engine's worker failed: " + (e.message || "error");
                bad(new Error(why));
                if (!me.up || worker !== me || !current) return;  /* not up: ready's rejection answers */
                const call = current;  /* it would never answer: a fresh engine */
                current = null;
                w.terminate();
                startWorker();
                call.ok({ status: 2, stdout: "", stderr: "adjutant: " + why + "\n" });
                next();
            };
            engine.then(function (module) { w.postMessage({ type: "init", module: module }); },
                function (e) { bad(new Error("the engine did not compile: " + (e && e.message ? e.message : e))); });
        });
        me.ready.then(readyOk, readyBad);
        worker = me;
        return me;
    }

    /* Once the page is idle, the worker warms the engine (adjutant-worker.js,
     * warm()): the player's first audit then runs on optimised code. */
    function warmWhenIdle(me, done) {
        const go = function () {
            if (worker !== me) return;
            me.onWarmed = done;
            me.w.postMessage({ type: "warm" });
        };
        if (window.requestIdleCallback) window.requestIdleCallback(go, { timeout: 1000 });
        else setTimeout(go, 200);
    }

    function answer(e) {
        const msg = e.data;
        if (msg.type === "warmed") {
            if (worker && worker.onWarmed) worker.onWarmed({ runs: msg.runs, log: msg.log });
            return;
        }
        if (!current || msg.id !== current.id) return;  /* a cancelled call's */
        if (msg.type === "progress") {
            if (current.onProgress) {
                try { current.onProgress({ read: msg.read, total: msg.total, written: msg.written }); } catch (err) { /* the caller's */ }
            }
            return;
        }
        if (msg.type !== "done") return;
        const call = current;
        current = null;
        memory = msg.memory;
        const res = { status: msg.status, stdout: decoder.decode(msg.stdout), stderr: decoder.decode(msg.stderr) };
        if (call.marks) res.marks = msg.marks || null;
        call.ok(res);
        next();
    }

    /* Gives the worker the next waiting call, once it is ready. */
    function next() {
        if (current || waiting.length === 0) return;
        const call = waiting.shift();
        current = call;
        const me = worker;
        me.ready.then(function () {
            if (current !== call || worker !== me) return;
            const moved = Object.keys(call.files).map(function (n) { return call.files[n].buffer; }).filter(Boolean);
            me.w.postMessage({ type: "run", id: call.id, args: call.args, files: call.files, marks: call.marks }, moved);
        }, function (e) {
            if (current !== call) return;
            current = null;
            call.ok({ status: 2, stdout: "", stderr: "adjutant: " + (e && e.message ? e.message : e) + "\n" });
            next();
        });
    }

    /* A file's bytes, copied (the caller's buffer is left as it is); a
     * string goes as it is, and the worker encodes it (encoding 20 MB took
     * 0.3 s of the page's thread). */
    function bytesOf(v) {
        if (v instanceof Uint8Array) return v.slice();
        if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
        if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
        return String(v);
    }

    function run(args, files, options) {
        const list = (Array.isArray(args) ? args : []).map(String);
        const given = files || {};
        const f = {};
        for (const name of Object.keys(given))
            if (given[name] !== undefined && given[name] !== null) f[name] = bytesOf(given[name]);
        return new Promise(function (ok, bad) {
            waiting.push({ id: nextId++, args: list, files: f, ok: ok, bad: bad,
                           onProgress: options && typeof options.onProgress === "function" ? options.onProgress : null,
                           marks: !!(options && options.marks) });
            next();
        });
    }

    function cancel() {
        const stopped = (current ? [current] : []).concat(waiting.splice(0));
        current = null;
        worker.w.terminate();
        startWorker();
        for (const call of stopped) {
            const e = new Error("cancelled");
            e.name = "AbortError";
            call.bad(e);
        }
    }

    startWorker();
    window.adjutant = { ready: ready, run: run, cancel: cancel,
                        busy: function () { return current !== null || waiting.length > 0; },
                        warmed: function () { return worker.warmed; },
                        memoryBytes: function () { return memory; } };
})();
