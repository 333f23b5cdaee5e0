/* SPDX-License-Identifier: MIT */
/*
 * tests/web/run.js SITE ADJUTANT: SPEC §10, the web page of build-web/site in Debian's
 * chromium (driven by puppeteer-core), served on 127.0.0.1 by a small server
 * here. Every answer of window.adjutant.run is compared with the native
 * binary's for the same arguments and files: stdout, stderr and status.
 *   NODE_PATH must find puppeteer-core (run.sh installs it in .tools/web).
 * What each part proves: same() §10 "the exit status and outputs the CLI
 * gives for the same arguments and files"; pageChecks() §10's page (a picked
 * file, the §9 report in a frame without script rights, downloads, Tab, 360
 * px); the request handler "requests only its own files"; bytesChecks() §10
 * "the bytes, as they are" (issue 26 item 2: a picked file that is not UTF-8
 * or has CRLF lines, a Uint8Array as standard input, typing in the text
 * area); longRun() issue 26 item 7 (the engine in a worker: the page answers
 * while a 5 MB log is audited, progress, Cancel).
 *   ADJ_WEB_SHOT=FILE: a screenshot of the page during the long run.
 *   --bench FILE: time `audit --format json FILE` in the page instead.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { target, launch, guard, smallControls } = require("./target");
const firefox = process.env.ADJ_BROWSER === "firefox";
const { spawnSync } = require("child_process");
const puppeteer = require("puppeteer-core");

const site = path.resolve(process.argv[2]);
const adjutantBin = path.resolve(process.argv[3]);
const benchAt = process.argv.indexOf("--bench");
const root = path.resolve(__dirname, "../..");
let failures = 0, checks = 0;

function fail(what) { failures++; console.error("FAIL: " + what); }

/* A file's content for run(): its text, or its bytes when they are not UTF-8. */
function content(name) {
    const buf = fs.readFileSync(path.join(root, name));
    return Buffer.from(buf.toString("utf8"), "utf8").equals(buf)
        ? { text: buf.toString("utf8") } : { b64: buf.toString("base64") };
}

function native(args, stdin, cwd) {  /* stdin: a string or a Buffer */
    const r = spawnSync(adjutantBin, args, { cwd: cwd || root, input: stdin || "", maxBuffer: 1 << 28 });
    return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
}

// The ladder files the CLI would find for a log (SPEC 13): every
// adjutant-ladder.yaml in its folder or above, inside the checkout.
function ladders(n) {
    const found = [];
    for (let d = path.dirname(n); d !== "." && d !== "/" && d !== ""; d = path.dirname(d))
        if (fs.existsSync(path.join(root, d, "adjutant-ladder.yaml")))
            found.push(path.join(d, "adjutant-ladder.yaml"));
    return found;
}

async function inPage(page, args, names, extra) {
    const files = {};
    for (const n of names) {
        files[n] = content(n);
        for (const l of ladders(n)) files[l] = content(l);
    }
    return page.evaluate(async function (args, files, extra) {
        const f = Object.assign({}, extra || {});
        for (const n of Object.keys(files))
            f[n] = files[n].text !== undefined ? files[n].text
                : Uint8Array.from(atob(files[n].b64), function (c) { return c.charCodeAt(0); });
        return window.adjutant.run(args, f);
    }, args, files, extra);
}

async function same(page, args, names, opts) {
    opts = opts || {};
    checks++;
    const got = opts.bytes ? await page.evaluate(function (args, files) {
        const f = {};
        for (const n of Object.keys(files))
            f[n] = Uint8Array.from(atob(files[n]), function (c) { return c.charCodeAt(0); });
        return window.adjutant.run(args, f);
    }, args, opts.bytes) : await inPage(page, args, names, opts.extra);
    const want = native(args, opts.stdin, opts.cwd);
    // SARIF's SRCROOT is the working directory: the page's virtual one is
    // not the checkout's, and nothing else in the document may differ.
    const srcroot = /"SRCROOT": \{"uri": "file:\/\/[^"]*\/"\}/g;
    for (const o of [got, want])
        if (typeof o.stdout === "string") o.stdout = o.stdout.replace(srcroot, '"SRCROOT": {"uri": "file:///.../"}');
    for (const k of ["status", "stdout", "stderr"])
        if (got[k] !== want[k]) {
            fail(JSON.stringify(args) + ": " + k + " differs (page stderr " + JSON.stringify(got.stderr.slice(0, 200)) + "): page " +
                JSON.stringify(String(got[k]).slice(0, 300)) + " native " + JSON.stringify(String(want[k]).slice(0, 300)));
            return;
        }
}

function logs() {
    const found = [];
    (function walk(dir) {
        for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => a.name < b.name ? -1 : 1)) {
            const rel = dir + "/" + e.name;
            if (e.isDirectory()) walk(rel);
            else if (/\.ya?ml$/.test(e.name)) found.push(rel);
        }
    })("logs");
    const more = [];
    (function walk(dir) {
        for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => a.name < b.name ? -1 : 1)) {
            const rel = dir + "/" + e.name;
            if (e.isDirectory()) walk(rel);
            else if (/\.ya?ml$/.test(e.name)) more.push(rel);
        }
    })("tests/logs");
    return { top: found, all: found.concat(more) };
}

async function commands(page, top) {
    const game = "logs/gaines-mill-disputed.yaml";
    for (const l of top) {
        await same(page, ["audit", l], [l]);
        await same(page, ["audit", "--format", "html", l], [l]);
        await same(page, ["status", l], [l]);
        await same(page, ["status", "--format", "json", l], [l]);
        await same(page, ["fix", "--diff", l], [l]);
    }
    await same(page, ["dice", ...top], top);
    await same(page, ["dice", "--format", "json", ...top], top);
    await same(page, ["audit", "--summary", "-j", "4", ...top], top);
    await same(page, ["explain", "logs/malvern-hill-flow.yaml", "sumner"], ["logs/malvern-hill-flow.yaml"]);
    await same(page, ["compare", game, "--ruling", "recovery=full-turns"], [game]);
    await same(page, ["fix", game], [game]);
    await same(page, ["audit", "--format", "sarif", game], [game]);
    await same(page, ["audit", "--format", "github", game], [game]);
    /* a directory, a missing file, stdin, usage errors, --help */
    await same(page, ["audit", "--format", "json", "logs"], top);
    await same(page, ["audit", game, "no-such-file.yaml"], [game]);
    const text = fs.readFileSync(path.join(root, game), "utf8");
    await same(page, ["audit", "--format", "json", "-"], [], { extra: { "-": text }, stdin: text });
    await same(page, ["audit", "-"], [], {});
    await same(page, ["audit", "--bogus"], []);
    await same(page, ["audit", "--format", "html", game, game], [game]);
    await same(page, [], []);
    await same(page, ["--help"], []);
    await same(page, ["--version"], []);
    /* a log that is not UTF-8, given as bytes */
    const tmp = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjweb."));
    const raw = Buffer.concat([fs.readFileSync(path.join(root, game)), Buffer.from("# caf\xe9 \xff\xfe\n", "latin1")]);
    fs.writeFileSync(path.join(tmp, "latin1.yaml"), raw);
    for (const fmt of ["json", "html", "text"])
        await same(page, ["audit", "--format", fmt, "latin1.yaml"], [],
            { bytes: { "latin1.yaml": raw.toString("base64") }, cwd: tmp });
    fs.rmSync(tmp, { recursive: true });
}

/* The page itself: a picked file shows its report; Tab reaches every control;
 * no horizontal scroll at 360 px. */
async function pageChecks(page) {
    const game = "logs/seven-days-1862.yaml";
    checks++;
    const input = await page.$("#pick");
    await input.uploadFile(path.join(root, game));
    await page.waitForFunction(function () {
        return document.getElementById("report").getAttribute("srcdoc");
    }, { timeout: 20000 });
    const srcdoc = await page.$eval("#report", function (f) { return f.getAttribute("srcdoc"); });
    const want = spawnSync(adjutantBin, ["audit", "--format", "html", "seven-days-1862.yaml"],
        { cwd: path.join(root, "logs") }).stdout.toString("utf8");
    if (srcdoc !== want) fail("the picked file's report is not the CLI's HTML report");
    const sandbox = await page.$eval("#report", function (f) { return f.getAttribute("sandbox"); });
    if (sandbox !== "allow-same-origin") fail("the iframe is not sandboxed without script rights: " + JSON.stringify(sandbox));
    const frame = page.frames().find(function (f) { return f !== page.mainFrame(); });
    if (!frame) fail("no report frame");
    else {
        await new Promise(function (ok) { setTimeout(ok, 300); });
        const anchors = await frame.evaluate(function () { return document.querySelectorAll("[id^=L]").length; });
        const lines = fs.readFileSync(path.join(root, game), "utf8").split("\n").length - 1;
        if (anchors < lines) fail("the frame shows " + anchors + " line anchors for " + lines + " lines");
        await lineLink(page, 200, "a short report (srcdoc)");
    }
    checks++;
    const state = await page.$eval("#state", function (e) { return e.textContent; });
    if (state !== "Checked seven-days-1862.yaml: no errors found.")
        fail("state line: " + state);

    checks++;
    const controls = await page.$$eval("button, input, textarea, iframe, [tabindex='0']", function (all) {
        return all.map(function (e) { return e.id; });
    });
    await page.evaluate(function () { document.activeElement && document.activeElement.blur(); window.focus(); });
    const reached = new Set();
    for (let i = 0; i < controls.length * 3; i++) {
        await page.keyboard.press("Tab");
        reached.add(await page.evaluate(function () { return document.activeElement ? document.activeElement.id : ""; }));
    }
    const enabled = await page.$$eval("button:not([disabled]), input, textarea, [tabindex='0']", function (all) {
        return all.filter(function (e) { return e.getClientRects().length > 0; })
            .map(function (e) { return e.id; });
    });
    for (const id of enabled) if (!reached.has(id)) fail("Tab does not reach #" + id);

    checks++;
    await page.setViewport({ width: 360, height: 800 });
    await new Promise(function (ok) { setTimeout(ok, 200); });
    const wide = await page.evaluate(function () { return document.documentElement.scrollWidth; });
    if (wide > 360) fail("horizontal scroll at 360 px: scrollWidth " + wide);
    /* a finger's target: every control of the page at 360 px (issue 40 item 14) */
    checks++;
    const small = await smallControls(page, "body");
    if (small.length) fail("at 360 px, the Check mode's controls under 44 px: " + JSON.stringify(small));
    await downloads(page, game);
    await pasted(page);
}

/* Pasted text is audited under the name typed beside it. */
async function pasted(page) {
    checks++;
    const text = fs.readFileSync(path.join(root, "logs/gaines-mill-disputed.yaml"), "utf8");
    await page.$eval("#paste", function (t, v) { t.value = v; }, text);
    await page.$eval("#name", function (t) { t.value = "pasted.yaml"; });
    await page.click("#audit");
    await page.waitForFunction(function () {
        return document.getElementById("report").getAttribute("srcdoc").indexOf("pasted.yaml") >= 0;
    }, { timeout: 20000 }).catch(function () {});
    const tmp = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjpaste."));
    fs.writeFileSync(path.join(tmp, "pasted.yaml"), text);
    const wantPasted = spawnSync(adjutantBin, ["audit", "--format", "html", "pasted.yaml"], { cwd: tmp }).stdout.toString("utf8");
    fs.rmSync(tmp, { recursive: true });
    if (await page.$eval("#report", function (f) { return f.getAttribute("srcdoc"); }) !== wantPasted)
        fail("the pasted log's report is not the CLI's HTML report");
    await buttons(page, text);
}

/* The rulings chooser and the command buttons are the catalogue's
 * (adjutant --list-catalogue): each ruling with its values in order, the
 * default marked and each value's line as its title; a button for every
 * command the page runs. */
async function fromCatalogue(page) {
    checks++;
    const cat = JSON.parse(spawnSync(adjutantBin, ["--list-catalogue"]).stdout.toString("utf8"));
    await page.waitForFunction(function () { return document.querySelectorAll("#ruling-list select").length > 0; }, { timeout: 20000 }).catch(function () {});
    const shown = await page.$$eval("#ruling-list select", function (sels) {
        return sels.map(function (s) {
            return { name: s.id.replace(/^ruling-/, ""), values: Array.from(s.options).map(function (o) { return o.value; }),
                titles: Array.from(s.options).map(function (o) { return o.title; }),
                marked: Array.from(s.options).filter(function (o) { return / \(default\)$/.test(o.textContent); }).map(function (o) { return o.value; }) };
        });
    });
    const want = cat.rulings.map(function (r) { return { name: r.name, values: r.values, titles: r.value_summaries, marked: [r.default] }; });
    if (JSON.stringify(shown) !== JSON.stringify(want))
        fail("the rulings chooser is not the catalogue's: " + JSON.stringify(shown) + " vs " + JSON.stringify(want));
    for (const c of cat.commands) {
        const has = await page.$("button#" + c.name) !== null;
        if (has !== c.page) fail("command " + c.name + ": the catalogue's page is " + c.page + " but the page " + (has ? "has" : "has no") + " button");
    }
}

/* Each command's button shows the CLI's output for the log shown. */
async function buttons(page, text) {
    await fromCatalogue(page);
    const tmp = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjbtn."));
    fs.writeFileSync(path.join(tmp, "pasted.yaml"), text);
    /* the leaders are chosen from the log's roster (in roster order) */
    await page.waitForFunction(function () { return document.querySelectorAll("#leader option[value=aphill]").length === 1; }, { timeout: 20000 });
    await page.$eval("#leader", function (s) { for (const o of s.options) o.selected = o.value === "aphill" || o.value === "jackson"; });
    await page.select("#ruling-recovery", "full-turns");
    const cases = [["#status", ["status", "pasted.yaml"]], ["#dice", ["dice", "pasted.yaml"]],
        ["#fix", ["fix", "--diff", "pasted.yaml"]], ["#explain", ["explain", "pasted.yaml", "jackson", "aphill"]],
        ["#compare", ["compare", "pasted.yaml", "--ruling", "recovery=full-turns"]]];
    for (const [button, args] of cases) {
        checks++;
        await page.$eval("#output", function (o) { o.textContent = ""; });
        await page.click(button);
        const want = spawnSync(adjutantBin, args, { cwd: tmp }).stdout.toString("utf8") +
            spawnSync(adjutantBin, args, { cwd: tmp }).stderr.toString("utf8");
        await page.waitForFunction(function () { return document.getElementById("output").textContent !== ""; },
            { timeout: 20000 }).catch(function () {});
        const got = await page.$eval("#output", function (o) { return o.textContent; });
        if (got !== want) fail(button + ": shows " + JSON.stringify(got.slice(0, 200)) + ", not the CLI's output");
    }
    fs.rmSync(tmp, { recursive: true });
}

/* The text of the output pane once a button has filled it. */
async function paneAfter(page, button) {
    await page.$eval("#output", function (o) { o.textContent = ""; });
    await page.click(button);
    await page.waitForFunction(function () { return document.getElementById("output").textContent !== ""; },
        { timeout: 60000 });
    return page.$eval("#output", function (o) { return o.textContent; });
}

/* Picks FILE (in its own directory DIR) and waits for its report. */
async function pick(page, file) {
    await page.$eval("#report", function (f) { f.removeAttribute("srcdoc"); });
    await (await page.$("#pick")).uploadFile(file);
    await page.waitForFunction(function () {
        return document.getElementById("report").getAttribute("srcdoc") !== null;
    }, { timeout: 60000 });
}

function cli(args, cwd, stdin) {
    const r = spawnSync(adjutantBin, args, { cwd: cwd, input: stdin || "", maxBuffer: 1 << 28 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/* Issue 26 item 2: what the engine audits is the file's bytes. */
async function bytesChecks(page) {
    const os = require("os");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adjbytes."));
    const game = fs.readFileSync(path.join(root, "logs/gaines-mill-disputed.yaml"));
    const clean = fs.readFileSync(path.join(root, "logs/seven-days-1862.yaml"));

    /* A Latin-1 byte in a comment of a clean log, picked: the CLI's
     * yaml-syntax, exit 1 (decoded as text it would be U+FFFD: clean). */
    const latin = Buffer.concat([clean, Buffer.from("# caf\xe9\n", "latin1")]);
    fs.writeFileSync(path.join(tmp, "latin1.yaml"), latin);
    const wantJson = cli(["audit", "--format", "json", "latin1.yaml"], tmp);
    checks++;
    if (wantJson.status !== 1 || wantJson.stdout.toString().indexOf("yaml-syntax") < 0)
        fail("the Latin-1 log's CLI verdict is not yaml-syntax, exit 1: the check checks nothing");
    await pick(page, path.join(tmp, "latin1.yaml"));
    checks++;
    const html = cli(["audit", "--format", "html", "latin1.yaml"], tmp);
    if (await page.$eval("#report", function (f) { return f.getAttribute("srcdoc"); }) !== html.stdout.toString("utf8"))
        fail("a picked Latin-1 log: the report is not the CLI's");
    checks++;
    const state = await page.$eval("#state", function (e) { return e.textContent; });
    if (state !== "Checked latin1.yaml: errors found; the report below lists them." || html.status !== 1)
        fail("a picked Latin-1 log: state " + JSON.stringify(state) + ", the CLI exits " + html.status);
    checks++;
    const dl = fs.mkdtempSync(path.join(os.tmpdir(), "adjdl."));
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: dl });
    await page.click("#save-json");
    const got = path.join(dl, "latin1.json");
    for (let i = 0; i < 100 && !fs.existsSync(got); i++) await new Promise(function (ok) { setTimeout(ok, 100); });
    if (!fs.existsSync(got) || !fs.readFileSync(got).equals(wantJson.stdout))
        fail("a picked Latin-1 log: the JSON download is not the CLI's JSON");
    fs.rmSync(dl, { recursive: true });
    checks++;
    const st = cli(["status", "latin1.yaml"], tmp);
    const pane = await paneAfter(page, "#status");
    if (pane !== st.stdout.toString("utf8") + st.stderr.toString("utf8"))
        fail("a picked Latin-1 log: Status shows " + JSON.stringify(pane.slice(0, 200)) + ", not the CLI's stdout and stderr");

    /* Typing in the text area: the text shown, with what is typed, is
     * audited, encoded as UTF-8 (the U+FFFD shown for the Latin-1 byte included). */
    checks++;
    await page.focus("#paste");
    await page.$eval("#paste", function (t) { t.setSelectionRange(t.value.length, t.value.length); });
    await page.keyboard.type("# é typed\n");
    const typed = Buffer.concat([Buffer.from(clean.toString("utf8") + "# caf\ufffd\n# é typed\n", "utf8")]);
    fs.writeFileSync(path.join(tmp, "latin1.yaml"), typed);
    const wantTyped = cli(["status", "latin1.yaml"], tmp);
    const paneTyped = await paneAfter(page, "#status");
    if (paneTyped !== wantTyped.stdout.toString("utf8") + wantTyped.stderr.toString("utf8"))
        fail("typed text: Status shows " + JSON.stringify(paneTyped.slice(0, 200)) + ", not the CLI's for the text as UTF-8");

    /* A CRLF log picked: Fix (diff) gives the CLI's diff, byte for byte, and it applies. */
    const crlf = Buffer.from(game.toString("utf8").replace(/\n/g, "\r\n"), "utf8");
    fs.writeFileSync(path.join(tmp, "crlf.yaml"), crlf);
    await pick(page, path.join(tmp, "crlf.yaml"));
    checks++;
    const diff = cli(["fix", "--diff", "crlf.yaml"], tmp);
    const fixed = cli(["fix", "crlf.yaml"], tmp);
    if (diff.stdout.indexOf("\r\n") < 0 || fixed.stdout.equals(crlf))
        fail("the CLI's diff of the CRLF log keeps no CRLF or changes nothing: the check checks nothing");
    const paneDiff = await paneAfter(page, "#fix");
    if (paneDiff !== diff.stdout.toString("utf8") + diff.stderr.toString("utf8"))
        fail("a picked CRLF log: Fix (diff) shows " + JSON.stringify(paneDiff.slice(0, 200)) + ", not the CLI's diff");
    checks++;
    const patchDir = fs.mkdtempSync(path.join(os.tmpdir(), "adjpatch."));
    fs.writeFileSync(path.join(patchDir, "crlf.yaml"), crlf);
    const applied = spawnSync("patch", ["-p1", "--quiet", "--binary"], { cwd: patchDir,
        input: Buffer.from(paneDiff.slice(0, diff.stdout.toString("utf8").length), "utf8") });
    if (applied.status !== 0 || !fs.readFileSync(path.join(patchDir, "crlf.yaml")).equals(fixed.stdout))
        fail("the page's diff of the CRLF log does not apply with patch to give the CLI's fixed log: " +
            applied.stdout + applied.stderr);
    fs.rmSync(patchDir, { recursive: true });

    /* run(): a Uint8Array or ArrayBuffer as standard input is its bytes. */
    for (const kind of ["Uint8Array", "ArrayBuffer"]) {
        checks++;
        const want = cli(["audit", "--format", "json", "-"], tmp, latin);
        const r = await page.evaluate(function (b64, kind) {
            const u = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
            return window.adjutant.run(["audit", "--format", "json", "-"], { "-": kind === "Uint8Array" ? u : u.buffer });
        }, latin.toString("base64"), kind);
        if (r.status !== want.status || r.stdout !== want.stdout.toString("utf8") || r.stderr !== want.stderr.toString("utf8"))
            fail("a " + kind + " as standard input: " + JSON.stringify(r).slice(0, 300));
    }
    fs.rmSync(tmp, { recursive: true });
}

/* A click on the report's link to line N keeps the report in its frame,
 * marks that line (:target) and scrolls the page to it (the frame has no
 * scroll of its own). */
async function lineLink(page, n, what) {
    checks++;
    await page.evaluate(function () { window.scrollTo(0, 0); });
    const frame = page.frames().find(function (f) { return f !== page.mainFrame(); });
    const clicked = await frame.evaluate(function (n) {
        const a = document.querySelector('a[href="#L' + n + '"]');
        if (a) a.click();
        return !!a;
    }, n).catch(function () { return false; });
    await new Promise(function (ok) { setTimeout(ok, 500); });
    const f = page.frames().find(function (x) { return x !== page.mainFrame(); });
    const got = await f.evaluate(function () {
        const t = document.querySelector(":target");
        return { target: t ? t.id : null, anchors: document.querySelectorAll("[id^=L]").length };
    }).catch(function (e) { return { error: String(e) }; });
    const y = await page.evaluate(function () { return window.scrollY; });
    if (!clicked || got.target !== "L" + n || !(got.anchors >= n) || !(y > 0))
        fail(what + ": the link to line " + n + " in the report: " + JSON.stringify({ clicked: clicked, got: got, scrollY: y, url: f.url().slice(0, 40) }));
}

/* A report longer than 1 MiB is shown from a Blob URL on the site (srcdoc
 * held the page's thread for seconds), and written into the frame's own
 * document in the one file (from file:// a blob: document cannot be
 * measured: issue 40 item 13); either way the frame loads it, sandboxed,
 * with every line, and takes its height: one scroll, the page's. */
async function longReport(page, file) {
    const os = require("os");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adjmid."));
    const mid = path.join(tmp, "mid.yaml");
    spawnSync(path.join(path.dirname(adjutantBin), "bench", "adjgen"), ["--seed", "5", "--events", "3000", "-o", mid]);
    const want = cli(["audit", "--format", "html", "mid.yaml"], tmp);
    checks++;
    if (want.stdout.length <= (1 << 20)) { fail("the medium log's report is not over 1 MiB: the check checks nothing"); return; }
    await page.$eval("#state", function (e) { e.textContent = ""; });
    await (await page.$("#pick")).uploadFile(mid);
    await page.waitForFunction(function () {
        return document.getElementById("state").textContent.indexOf("Checked mid.yaml") === 0;
    }, { timeout: 60000 });
    const frame = await page.$eval("#report", function (f) {
        return { src: f.getAttribute("src") || "", srcdoc: f.getAttribute("srcdoc"), sandbox: f.getAttribute("sandbox"), hidden: f.hidden };
    });
    if ((file ? frame.src !== "" : !/^blob:/.test(frame.src)) || frame.srcdoc !== null || frame.sandbox !== "allow-same-origin" || frame.hidden)
        fail("a long report's frame: " + JSON.stringify(frame));
    checks++;
    let got = { n: 0 };
    for (let i = 0; i < 600; i++) {
        await new Promise(function (ok) { setTimeout(ok, 200); });
        const f = page.frames().find(function (x) { return x !== page.mainFrame(); });
        if (!f) continue;
        got = await f.evaluate(function () {
            return { n: document.querySelectorAll("[id^=L]").length, title: document.title, done: document.readyState,
                     content: document.documentElement.scrollHeight, view: document.documentElement.clientHeight };
        }).catch(function () { return { n: 0, done: "" }; });
        if (got.done === "complete" && got.n > 0) break;
    }
    const lines = fs.readFileSync(mid, "utf8").split("\n").length - 1;
    const wantTitle = /<title>([^<]*)<\/title>/.exec(want.stdout.toString("utf8"))[1];
    if (got.n < lines || got.title !== wantTitle)
        fail("the long report's frame shows " + got.n + " line anchors for " + lines + " lines, title " + JSON.stringify(got.title));
    /* one scroll: the frame is as tall as its report, which has nothing left to scroll */
    checks++;
    await new Promise(function (ok) { setTimeout(ok, 300); });
    const f = page.frames().find(function (x) { return x !== page.mainFrame(); });
    const inner = await f.evaluate(function () {
        return { content: document.documentElement.scrollHeight, view: document.documentElement.clientHeight };
    });
    const outer = await page.$eval("#report", function (e) { return e.getBoundingClientRect().height; });
    if (!(inner.content <= inner.view + 1 && outer >= inner.content && inner.content > 10000))
        fail("the long report sits in a frame of its own scroll: frame " + outer + " px, its report " + JSON.stringify(inner));
    await lineLink(page, 2000, "a long report");
    fs.rmSync(tmp, { recursive: true });
}

/* Issue 26 item 7: a 5 MB log audited in the engine's worker. While it
 * runs, the page's thread answers (an evaluate returns while the run is
 * still shown as running), progress is shown, Cancel stops it, and the
 * next run gives the CLI's answer. No clock is read. */
async function longRun(page) {
    const os = require("os");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adjlong."));
    const big = path.join(tmp, "long.yaml");
    const gen = spawnSync(path.join(path.dirname(adjutantBin), "bench", "adjgen"),
        ["--seed", "26", "--events", "105000", "--faults", "0.01", "-o", big]);
    checks++;
    if (gen.status !== 0 || fs.statSync(big).size < 4.5e6) { fail("adjgen made no 5 MB log: " + gen.stderr); return; }
    await (await page.$("#pick")).uploadFile(big);
    const shown = await page.waitForFunction(function () {
        const busy = document.getElementById("busy"), bar = document.getElementById("progress");
        return busy && bar && !busy.hidden && bar.value > 0;
    }, { timeout: 60000, polling: 20 }).then(function () { return true; }, function () { return false; });
    checks++;
    if (!shown) { fail("no progress shown while the 5 MB log is audited"); return; }
    const answer = await page.evaluate(function () {
        return { busy: !document.getElementById("busy").hidden, running: window.adjutant.busy(),
                 text: document.getElementById("progress-text").textContent,
                 value: document.getElementById("progress").value };
    });
    if (!answer.busy || !answer.running)
        fail("the page's thread answered only once the 5 MB audit was over (the engine is not in a worker)");
    if (!/^Checked \d+\.\d MB of 5\.\d MB \(\d+%\)/.test(answer.text) || !(answer.value > 0 && answer.value <= 1))
        fail("progress while the 5 MB log is audited: " + JSON.stringify(answer));
    if (process.env.ADJ_WEB_SHOT) await page.screenshot({ path: process.env.ADJ_WEB_SHOT, fullPage: true });
    checks++;
    const cancelVisible = await page.$eval("#cancel", function (b) { return b.getClientRects().length > 0 && !b.disabled; });
    if (!cancelVisible) fail("no Cancel button during the long run");
    await page.focus("#cancel");  /* from the keyboard */
    await page.keyboard.press("Enter");
    const after = await page.evaluate(function () {
        return { busy: !document.getElementById("busy").hidden, running: window.adjutant.busy(),
                 state: document.getElementById("state").textContent,
                 audit: document.getElementById("audit").disabled };
    });
    if (after.busy || after.running || after.audit || after.state.indexOf("Cancelled") !== 0)
        fail("Cancel did not stop the run: " + JSON.stringify(after));
    /* the next runs: a picked log, and the 5 MB log's JSON with its progress */
    checks++;
    const small = path.join(tmp, "next.yaml");
    fs.copyFileSync(path.join(root, "logs/gaines-mill-disputed.yaml"), small);
    await pick(page, small);
    if (await page.$eval("#report", function (f) { return f.getAttribute("srcdoc"); }) !==
        cli(["audit", "--format", "html", "next.yaml"], tmp).stdout.toString("utf8"))
        fail("after Cancel: the next picked log's report is not the CLI's");
    checks++;
    const want = cli(["audit", "--format", "json", "long.yaml"], tmp);
    const r = await page.evaluate(async function (b64) {
        const bytes = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
        const seen = [];
        const res = await window.adjutant.run(["audit", "--format", "json", "long.yaml"], { "long.yaml": bytes },
            { onProgress: function (p) { seen.push(p.read); } });
        res.seen = seen.length; res.last = seen[seen.length - 1]; res.total = bytes.length;
        res.rising = seen.every(function (v, i) { return i === 0 || v >= seen[i - 1]; });
        return res;
    }, fs.readFileSync(big).toString("base64"));
    if (r.status !== want.status || r.stdout !== want.stdout.toString("utf8") || r.stderr !== want.stderr.toString("utf8"))
        fail("the 5 MB log's JSON in the page is not the CLI's");
    if (r.seen < 50 || !r.rising || r.last < r.total * 0.99 || r.last > r.total)
        fail("progress of the 5 MB log: " + JSON.stringify({ seen: r.seen, last: r.last, total: r.total, rising: r.rising }));
    fs.rmSync(tmp, { recursive: true });
}

/* Issue 44 item 6: once ready and idle, the engine warms itself on its
 * built-in game (adjutant.warmed()): each command the warm-up ran (the
 * audit's formats, status) exits as the CLI does on that log, and the log
 * is a whole legal game (the CLI finds nothing in it), so the warm-up runs
 * the reader and the engine to the end, not an early stop. */
async function warmUp(page) {
    checks++;
    const w = await page.evaluate(function () {
        const none = new Promise(function (ok) { setTimeout(function () { ok({ runs: [], log: "" }); }, 30000); });
        return Promise.race([window.adjutant.warmed ? window.adjutant.warmed() : none, none]);
    });
    const dir = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjwarm."));
    fs.writeFileSync(path.join(dir, "warm-up.yaml"), w.log || "");
    const want = [["audit", "--format", "json"], ["audit", "--format", "html"], ["audit"], ["status", "--format", "json"]];
    const ran = (w.runs || []).map(function (r) { return r.args.join(" "); });
    if (JSON.stringify(ran) !== JSON.stringify(want.map(function (a) { return a.concat(["warm-up.yaml"]).join(" "); })))
        fail("the warm-up's runs: " + JSON.stringify(ran));
    for (const r of w.runs || []) {
        const cli = native(r.args, null, dir);
        if (r.status !== cli.status || r.stderr !== cli.stderr) fail("the warm-up's " + r.args.join(" ") + ": " + JSON.stringify(r));
    }
    const json = JSON.parse(native(["audit", "--format", "json", "warm-up.yaml"], null, dir).stdout || "{}");
    const events = ((w.log || "").match(/^  - /mg) || []).length;
    if (!json.diagnostics || json.diagnostics.length !== 0 || events < 500)
        fail("the warm-up's log is not a whole legal game of 500 entries or more: " + events + " entries, " +
            JSON.stringify((json.diagnostics || []).slice(0, 2)));
    fs.rmSync(dir, { recursive: true });
}

/* A call made before ready waits for it, and gives the CLI's answer. */
async function early(page, file) {
    checks++;
    const r = await page.evaluate(async function () {
        let ready = false;
        window.adjutant.ready.then(function () { ready = true; });
        await new Promise(function (ok) { setTimeout(ok, 20); });
        const before = ready;
        const res = await window.adjutant.run(["--version"], {});
        return { before: before, res: res };
    });
    const want = native(["--version"]);
    /* the one file's engine is in the page: it may be ready at once */
    if (r.before && !file) fail("the engine was ready before the early call: the check checks nothing");
    if (r.res.status !== want.status || r.res.stdout !== want.stdout || r.res.stderr !== want.stderr)
        fail("a call before ready: " + JSON.stringify(r.res));
}

/* The download buttons give the CLI's text and JSON reports of the log shown. */
async function downloads(page, game) {
    const dir = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjdl."));
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: dir });
    const base = path.basename(game, ".yaml");
    for (const [button, format, ext] of [["#save-text", "text", "txt"], ["#save-json", "json", "json"]]) {
        checks++;
        await page.click(button);
        const file = path.join(dir, base + "." + ext);
        for (let i = 0; i < 100 && !fs.existsSync(file); i++)
            await new Promise(function (ok) { setTimeout(ok, 100); });
        const want = spawnSync(adjutantBin, ["audit", "--format", format, base + ".yaml"],
            { cwd: path.join(root, path.dirname(game)) }).stdout;
        if (!fs.existsSync(file)) fail(button + ": nothing downloaded");
        else if (!fs.readFileSync(file).equals(want)) fail(button + ": the download is not the CLI's " + format + " report");
    }
    fs.rmSync(dir, { recursive: true });
}

async function bench(page, file) {
    const name = path.basename(file);
    const text = fs.readFileSync(file, "utf8");
    const t = await page.evaluate(async function (name, text) {
        const files = {}; files[name] = text;
        const t1 = performance.now();  /* the first call: V8 may still run baseline code */
        await window.adjutant.run(["audit", "--format", "json", name], files);
        const first = performance.now() - t1;
        const times = [];
        for (let i = 0; i < 21; i++) {
            const t0 = performance.now();
            await window.adjutant.run(["audit", "--format", "json", name], files);
            times.push(performance.now() - t0);
        }
        times.sort(function (a, b) { return a - b; });
        return { ms: times[10], first: first, memory: window.adjutant.memoryBytes() };
    }, name, text);
    const times = [];
    for (let i = 0; i < 21; i++) {
        const t0 = process.hrtime.bigint();
        spawnSync(adjutantBin, ["audit", "--format", "json", name], { cwd: path.dirname(file), maxBuffer: 1 << 28 });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort(function (a, b) { return a - b; });
    console.log(`bench: ${name} (${fs.statSync(file).size} bytes): page ${t.ms.toFixed(1)} ms, native ${times[10].toFixed(1)} ms (medians of 21), ratio ${(t.ms / times[10]).toFixed(2)}; the page's first call ${t.first.toFixed(1)} ms; WebAssembly memory ${t.memory} bytes`);
}

(async function main() {
    const where = await target(site, { slowWasm: true });
    const browser = await launch();
    try {
        const page = await browser.newPage();
        await guard(page, where, fail);
        await page.goto(where.url, { waitUntil: "domcontentloaded" });
        await early(page, where.file);
        await page.evaluate(function () { return window.adjutant.ready; });
        if (benchAt > 0) { await bench(page, process.argv[benchAt + 1]); return; }
        await warmUp(page);
        const l = logs();
        for (const name of l.all) await same(page, ["audit", "--format", "json", name], [name]);
        await commands(page, l.top);
        if (firefox) {  /* the rest drives Chromium's DevTools protocol (downloads, timing) */
            checks++;
            const fetched = await page.evaluate(function () {
                return performance.getEntriesByType("resource").map(function (e) { return e.name; });
            });
            if (fetched.some(function (u) { return !where.allowed(u); })) fail("the page fetched: " + fetched.join(", "));
        } else {
            await pageChecks(page);
            await page.setViewport({ width: 900, height: 900 });
            await bytesChecks(page);
            await longReport(page, where.file);
            await longRun(page);
        }
    } finally {
        await browser.close();
        where.close();
    }
    if (benchAt > 0) return;
    console.log(`web${firefox ? " (firefox)" : ""}: ${checks} checks, ${failures} failed`);
    process.exit(failures ? 1 : 0);
})().catch(function (e) { console.error(e); process.exit(1); });
