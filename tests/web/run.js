/*
 * tests/web/run.js SITE ADJUTANT: SPEC §10, the web page of build-web/site in Debian's
 * chromium (driven by puppeteer-core), served on 127.0.0.1 by a small server
 * here. Every answer of window.adjutant.run is compared with the native
 * binary's for the same arguments and files: stdout, stderr and status.
 *   NODE_PATH must find puppeteer-core (run.sh installs it in .tools/web).
 * What each part proves: same() §10 "the exit status and outputs the CLI
 * gives for the same arguments and files"; pageChecks() §10's page (a picked
 * file, the §9 report in a frame without script rights, downloads, Tab, 360
 * px); the request handler "requests only its own files".
 *   --bench FILE: time `audit --format json FILE` in the page instead.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const http = require("http");
const { spawnSync } = require("child_process");
const puppeteer = require("puppeteer-core");

const site = path.resolve(process.argv[2]);
const adjutantBin = path.resolve(process.argv[3]);
const benchAt = process.argv.indexOf("--bench");
const root = path.resolve(__dirname, "../..");
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript",
    ".css": "text/css", ".wasm": "application/wasm" };
let failures = 0, checks = 0;

function fail(what) { failures++; console.error("FAIL: " + what); }

function serve() {
    const server = http.createServer(function (req, res) {
        const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
        const file = path.join(site, rel === "/" ? "index.html" : rel);
        if (!file.startsWith(path.resolve(site)) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
            res.writeHead(404); res.end(); return;
        }
        const send = function () {
            res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream" });
            fs.createReadStream(file).pipe(res);
        };
        /* the engine comes late, so a call is made before ready */
        if (path.extname(file) === ".wasm") setTimeout(send, 400); else send();
    });
    return new Promise(function (ok) { server.listen(0, "127.0.0.1", function () { ok(server); }); });
}

/* A file's content for run(): its text, or its bytes when they are not UTF-8. */
function content(name) {
    const buf = fs.readFileSync(path.join(root, name));
    return Buffer.from(buf.toString("utf8"), "utf8").equals(buf)
        ? { text: buf.toString("utf8") } : { b64: buf.toString("base64") };
}

function native(args, stdin, cwd) {
    const r = spawnSync(adjutantBin, args, { cwd: cwd || root, input: stdin || "", maxBuffer: 1 << 28 });
    return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
}

async function inPage(page, args, names, extra) {
    const files = {};
    for (const n of names) files[n] = content(n);
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
    if (sandbox !== "") fail("the iframe is not sandboxed without rights: " + JSON.stringify(sandbox));
    const frame = page.frames().find(function (f) { return f !== page.mainFrame(); });
    if (!frame) fail("no report frame");
    else {
        await new Promise(function (ok) { setTimeout(ok, 300); });
        const anchors = await frame.evaluate(function () { return document.querySelectorAll("[id^=L]").length; });
        const lines = fs.readFileSync(path.join(root, game), "utf8").split("\n").length - 1;
        if (anchors < lines) fail("the frame shows " + anchors + " line anchors for " + lines + " lines");
    }
    checks++;
    const state = await page.$eval("#state", function (e) { return e.textContent; });
    if (state !== "adjutant audit --format html seven-days-1862.yaml (exit 0: clean)" &&
        state.indexOf("adjutant audit --format html seven-days-1862.yaml (exit ") !== 0)
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

/* Each command's button shows the CLI's output for the log shown. */
async function buttons(page, text) {
    const tmp = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjbtn."));
    fs.writeFileSync(path.join(tmp, "pasted.yaml"), text);
    await page.$eval("#leader", function (t) { t.value = "aphill, jackson"; });
    const cases = [["#status", ["status", "pasted.yaml"]], ["#dice", ["dice", "pasted.yaml"]],
        ["#fix", ["fix", "--diff", "pasted.yaml"]], ["#explain", ["explain", "pasted.yaml", "aphill", "jackson"]],
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

/* A call made before ready waits for it, and gives the CLI's answer. */
async function early(page) {
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
    if (r.before) fail("the engine was ready before the early call: the check checks nothing");
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
        await window.adjutant.run(["audit", "--format", "json", name], files);  /* warm */
        const times = [];
        for (let i = 0; i < 21; i++) {
            const t0 = performance.now();
            await window.adjutant.run(["audit", "--format", "json", name], files);
            times.push(performance.now() - t0);
        }
        times.sort(function (a, b) { return a - b; });
        return { ms: times[10], memory: window.adjutant.memoryBytes() };
    }, name, text);
    const times = [];
    for (let i = 0; i < 21; i++) {
        const t0 = process.hrtime.bigint();
        spawnSync(adjutantBin, ["audit", "--format", "json", name], { cwd: path.dirname(file), maxBuffer: 1 << 28 });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort(function (a, b) { return a - b; });
    console.log(`bench: ${name} (${fs.statSync(file).size} bytes): page ${t.ms.toFixed(1)} ms, native ${times[10].toFixed(1)} ms (medians of 21), ratio ${(t.ms / times[10]).toFixed(2)}; WebAssembly memory ${t.memory} bytes`);
}

(async function main() {
    const server = await serve();
    const origin = "http://127.0.0.1:" + server.address().port;
    const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: "new", args: ["--no-sandbox", "--disable-gpu"] });
    try {
        const page = await browser.newPage();
        await page.setRequestInterception(true);
        page.on("request", function (req) {
            const u = req.url();
            if (u === origin || u.startsWith(origin + "/") || /^(data|blob|about):/.test(u)) req.continue();
            else { fail("a request leaves the site: " + u); req.abort(); }
        });
        page.on("pageerror", function (e) { fail("page error: " + e.message); });
        page.on("console", function (m) { if (m.type() === "error") fail("console error: " + m.text()); });
        await page.goto(origin + "/", { waitUntil: "domcontentloaded" });
        await early(page);
        await page.evaluate(function () { return window.adjutant.ready; });
        if (benchAt > 0) { await bench(page, process.argv[benchAt + 1]); return; }
        const l = logs();
        for (const name of l.all) await same(page, ["audit", "--format", "json", name], [name]);
        await commands(page, l.top);
        await pageChecks(page);
    } finally {
        await browser.close();
        server.close();
    }
    if (benchAt > 0) return;
    console.log(`web: ${checks} checks, ${failures} failed`);
    process.exit(failures ? 1 : 0);
})().catch(function (e) { console.error(e); process.exit(1); });
