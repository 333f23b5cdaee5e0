/*
 * adjutant.js - window.adjutant (README "In the browser"): the CLI compiled
 * to WebAssembly, run once per call in a fresh instance of the compiled
 * module, so no state is left over from one call to the next.
 *
 *   adjutant.ready          a Promise, resolved when the engine is compiled
 *   adjutant.run(args, files)
 *       args: the command line after the program name; files: name -> text
 *       -> Promise of {status, stdout, stderr}, as the CLI gives them
 */
(function () {
    "use strict";
    const decoder = new TextDecoder("utf-8");
    const encoder = new TextEncoder();
    const here = document.currentScript ? document.currentScript.src : location.href;
    const base = new URL(".", here);

    /* The .wasm is fetched once and compiled once; each run instantiates it. */
    const ready = fetch(new URL("adjutant-engine.wasm", base))
        .then(function (r) {
            if (!r.ok) throw new Error("adjutant-engine.wasm: HTTP " + r.status);
            return r.arrayBuffer();
        })
        .then(function (bytes) { return WebAssembly.compile(bytes); });

    /* A file and its parent directories, in MEMFS under the working
     * directory /work (mkdirTree takes absolute paths only). A name that
     * cannot be made (a file where a directory is wanted) is left out: the
     * CLI then finds it missing, as it would. */
    function writeFile(FS, name, text) {
        const full = name.charAt(0) === "/" ? name : "/work/" + name;
        const slash = full.lastIndexOf("/");
        try {
            if (slash > 0) FS.mkdirTree(full.slice(0, slash));
            FS.writeFile(full, typeof text === "string" ? encoder.encode(text) : new Uint8Array(text));
        } catch (e) {
            if (!(e instanceof FS.ErrnoError)) throw e;
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

    function runOnce(wasm, args, files) {
        const out = sink(), err = sink();
        const stdin = files["-"] === undefined ? new Uint8Array(0)
            : encoder.encode(String(files["-"]));
        let at = 0;
        let status = null;
        return adjutantModule({
            noInitialRun: true,
            print: function () {}, printErr: function () {},
            instantiateWasm: function (imports, done) {
                WebAssembly.instantiate(wasm, imports).then(function (inst) { done(inst, wasm); });
                return {};
            },
            preRun: [function (M) {
                M.FS.init(function () { return at < stdin.length ? stdin[at++] : null; },
                          out.put, err.put);
            }],
            onExit: function (code) { status = code; },
        }).then(function (M) {
            M.FS.mkdirTree("/work");
            M.FS.chdir("/work");
            for (const name of Object.keys(files)) {
                if (name === "-" || name === "") continue;
                writeFile(M.FS, name, files[name]);
            }
            let ret;
            try {
                ret = M.callMain(args.map(String));
            } catch (e) {
                if (!(e && e.name === "ExitStatus")) throw e;
                ret = e.status;
            }
            if (status === null) status = ret;
            memory = M.HEAPU8 ? M.HEAPU8.length : 0;
            return { status: status, stdout: out.text(), stderr: err.text() };
        });
    }

    let memory = 0;  /* the WebAssembly memory of the last run, in bytes */

    /* Calls run one after another, each on its own instance. */
    let queue = ready;
    function run(args, files) {
        const job = queue.then(function () {
            return ready.then(function (wasm) {
                return runOnce(wasm, Array.isArray(args) ? args : [], files || {});
            });
        }).catch(function (e) {
            return { status: 2, stdout: "", stderr: "adjutant: " + (e && e.message ? e.message : e) + "\n" };
        });
        queue = job;
        return job;
    }

    window.adjutant = { ready: ready.then(function () {}), run: run,
                        memoryBytes: function () { return memory; } };
})();
