/* SPDX-License-Identifier: MIT */
/*
 * tests/web/ladder_node.js ENGINE ADJUTANT: SPEC 13's "the page takes a
 * ladder file": the engine compiled to WebAssembly for node (ENGINE: emcc's
 * .js with -sENVIRONMENT=node -sMODULARIZE=1 -sEXPORT_NAME=adjutantModule,
 * the CLI's own sources) given the files as the page's worker gives them
 * (web/adjutant-worker.js: each written under /work, mode 0644, the working
 * directory /work) answers as the native ADJUTANT does for the same
 * arguments and files: a log beside adjutant-ladder.yaml, one in a folder
 * with its own, --ladder, --no-ladder, `adjutant ladder`. Without the
 * worker's 0644 the ladder files would be refused (MEMFS makes files 0666).
 *   The engine, from the project's folder (libyaml's and utf8proc's sources
 *   as web/build.sh fetches them, in Y and U):
 *   emcc -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DUTF8PROC_STATIC
 *     -DYAML_VERSION_MAJOR=0 -DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5
 *     -DYAML_VERSION_STRING='"0.2.5"' -Iinclude -Isrc -I$Y/include -I$U
 *     src/*.c $Y/src/*.c $U/utf8proc.c -sMODULARIZE=1 -sEXPORT_NAME=adjutantModule
 *     -sINVOKE_RUN=0 -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1 -sFORCE_FILESYSTEM=1
 *     -sENVIRONMENT=node -sEXPORTED_RUNTIME_METHODS=callMain,FS -o ENGINE
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const engine = path.resolve(process.argv[2]);
const native = path.resolve(process.argv[3]);
const root = path.resolve(__dirname, "../..");
const read = (p) => fs.readFileSync(path.join(root, p));
const files = {
    "adjutant-ladder.yaml": read("tests/logs/ladder/adjutant-ladder.yaml"),
    "game.yaml": read("tests/logs/ladder/players-by-key.yaml"),
    "sub/adjutant-ladder.yaml": read("logs/ladder/adjutant-ladder.yaml"),
    "sub/r1.yaml": read("logs/ladder/r1-antietam.yaml"),
};
const cases = [
    ["audit", "game.yaml"], ["audit", "--format", "json", "game.yaml", "sub/r1.yaml"],
    ["audit", "--ladder", "sub/adjutant-ladder.yaml", "game.yaml"],
    ["audit", "--no-ladder", "sub/r1.yaml"], ["ladder", "sub"], ["ladder", "--format", "json"],
];

function wasm(args) {
    const out = [], err = [];
    let status = null;
    const factory = require(engine);
    return factory({   /* as web/adjutant-worker.js runs it: streams that are no terminal */
        noInitialRun: true,
        print: function () {}, printErr: function () {},
        wasmBinary: fs.readFileSync(engine.replace(/\.js$/, ".wasm")),
        preRun: [function (M) {
            M.FS.init(function () { return null; }, function (b) { if (b !== null) out.push(b); },
                      function (b) { if (b !== null) err.push(b); });
        }],
        onExit: function (code) { status = code; },
        quit: function (code) { if (status === null) status = code; throw { name: "ExitStatus", status: code }; },
    }).then(function (M) {
        M.FS.mkdirTree("/work");
        M.FS.chdir("/work");
        for (const name of Object.keys(files)) {  /* web/adjutant-worker.js's writeFile */
            const full = "/work/" + name;
            M.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
            M.FS.writeFile(full, files[name]);
            M.FS.chmod(full, 0o644);
        }
        let ret;
        try { ret = M.callMain(args); } catch (e) { if (!(e && e.name === "ExitStatus")) throw e; ret = e.status; }
        if (status === null) status = ret;
        const text = (a) => Buffer.from(a.map((b) => b & 255)).toString();
        return { status: status, out: text(out), err: text(err) };
    });
}

function nativeRun(args) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adj-web-ladder-"));
    fs.mkdirSync(path.join(dir, ".git"));
    for (const name of Object.keys(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), files[name], { mode: 0o644 });
    }
    const p = spawnSync(native, args, { cwd: dir, env: Object.assign({}, process.env, { NO_COLOR: "1" }) });
    fs.rmSync(dir, { recursive: true });
    return { status: p.status, out: p.stdout.toString(), err: p.stderr.toString() };
}

(async function () {
    let failures = 0;
    for (const args of cases) {
        const w = await wasm(args), n = nativeRun(args);
        const same = w.status === n.status && w.out === n.out && w.err === n.err;
        console.log((same ? "ok   " : "FAIL ") + args.join(" "));
        if (!same) { failures++; console.log(JSON.stringify({ wasm: w, native: n }, null, 1)); }
    }
    process.exit(failures ? 1 : 0);
})();
