/* SPDX-License-Identifier: MIT */
/*
 * tests/web/offline.js SITE ONEFILE ADJUTANT: SPEC §10.2 beyond the page's
 * own cases (tests/web/run.js and recorder.js run those on both SITE and
 * ONEFILE):
 *   oneFile()   the one file's size (at most 2,000,000 bytes), the libraries'
 *               licences (the site's NOTICES.txt, the file's opening comment), its CSP
 *               (default-src 'none', each script by its sha256), no resource
 *               fetched, the footer's version = `adjutant --version`;
 *   keptApart() two tabs and two copies of the file, sharing one storage,
 *               record two games: neither overwrites the other; a reload keeps
 *               each tab's own game; a page opened afresh takes the most
 *               recently changed game no open tab holds and lists the others;
 *               Continue takes a listed game;
 *   served()    the site: its footer's version; Chromium reports no
 *               installability error (manifest, icons, service worker); a
 *               changed file on the server shows at the next load (network
 *               first); with the server stopped, a reload still shows the page
 *               and checks a log as the CLI does;
 *   killed()    issue 40 item 12: on the one file and on the site, an entry
 *               the page says is kept ("Entry added and kept.") survives the
 *               browser killed right after it (SIGKILL), and its half-made
 *               next entry (the draft, issue 40 item 15) with it;
 *   afterUpdate() issue 40 item 11: the site served by python3 -m http.server
 *               (no Cache-Control: the browser takes a file ten days old as
 *               fresh for a day) and visited, then rebuilt (changed files,
 *               sw.js made again by web/swstamp.py, as web/build.sh makes it):
 *               the next visit shows the new build, the new service worker
 *               replaces the old cache with the new files, and offline the
 *               page is still the new build.
 * Every request other than the page's own is refused, and fails the test.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const url = require("url");
const { spawn, spawnSync } = require("child_process");
const http = require("http");
const net = require("net");
const puppeteer = require("puppeteer-core");
const { target, serve, guard } = require("./target");

const site = path.resolve(process.argv[2]);
const oneFile = path.resolve(process.argv[3]);
const adjutantBin = path.resolve(process.argv[4]);
const root = path.resolve(__dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adjoff."));
let failures = 0, checks = 0;

function fail(what) { failures++; console.error("FAIL: " + what); }
function check(ok, what) { checks++; if (!ok) fail(what); }
function sleep(ms) { return new Promise(function (ok) { setTimeout(ok, ms); }); }

function native(args) {
    const r = spawnSync(adjutantBin, args, { cwd: root, maxBuffer: 1 << 26 });
    return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}
const version = native(["--version"]).stdout.trim();
const game = "logs/gaines-mill-disputed.yaml";
const gameText = fs.readFileSync(path.join(root, game), "utf8");

async function open(browser, where, start) {
    const page = await browser.newPage();
    await guard(page, where, fail);
    await page.goto(start || where.url, { waitUntil: "domcontentloaded" });
    await page.evaluate(function () { return window.adjutant.ready; });
    return page;
}

/* The audit of the Gaines' Mill log in the page, against the CLI's. */
async function sameAudit(page, what) {
    const r = await page.evaluate(function (text) {
        return window.adjutant.run(["audit", "--format", "json", "gaines-mill-disputed.yaml"], { "gaines-mill-disputed.yaml": text });
    }, gameText);
    const want = spawnSync(adjutantBin, ["audit", "--format", "json", "gaines-mill-disputed.yaml"],
        { cwd: path.join(root, "logs") });
    check(r.status === want.status && r.stdout === want.stdout.toString() && r.stderr === want.stderr.toString(),
        what + ": the audit differs from the CLI's: " + JSON.stringify(r).slice(0, 300));
}

async function footer(page, what) {
    const v = await page.$eval("#version", function (e) { return e.textContent; }).catch(function () { return null; });
    check(v === version, what + ": the footer's version " + JSON.stringify(v) + ", the CLI's " + JSON.stringify(version));
}

async function oneFile_(browser, where) {
    const size = fs.statSync(oneFile).size;
    check(size <= 2000000, "the one file is " + size + " bytes, over 2,000,000");
    /* libyaml and utf8proc are compiled in: their licences go with every copy */
    const head = fs.readFileSync(oneFile, "utf8").slice(0, 20000);
    const notices = fs.readFileSync(path.join(site, "NOTICES.txt"), "utf8");
    for (const lib of ["== libyaml ", "== utf8proc "]) {
        check(notices.includes(lib), "the site's NOTICES.txt lacks " + lib);
        check(/^<!DOCTYPE html>\n<!--\n/.test(head) && head.split("-->")[0].includes(lib),
              "the one file's opening comment lacks the licence of " + lib);
    }
    const page = await open(browser, where);
    const r = await page.evaluate(function () {
        const m = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
        return { csp: m ? m.content : "", protocol: location.protocol,
                 resources: performance.getEntriesByType("resource").map(function (e) { return e.name; }),
                 inline: Array.from(document.scripts).filter(function (s) { return !s.type; }).length,
                 src: Array.from(document.scripts).filter(function (s) { return s.src; }).length };
    });
    check(r.protocol === "file:", "the one file is not opened from file://: " + r.protocol);
    check(/^default-src 'none';/.test(r.csp) && /'wasm-unsafe-eval'/.test(r.csp) && !/'unsafe-inline'[^;]*;\s*worker/.test(r.csp),
        "the one file's CSP: " + r.csp);
    check((r.csp.match(/'sha256-/g) || []).length === r.inline && r.src === 0,
        "each inline script has its sha256 in the CSP: " + JSON.stringify(r));
    check(r.resources.every(function (u) { return /^(data|blob):/.test(u); }), "the one file fetched: " + r.resources.join(", "));
    await footer(page, "the one file");
    await sameAudit(page, "the one file");
    await page.close();
}

/* A log with the scenario NAME and N turn entries. */
function logOf(name, n) {
    let t = "format: adjutant/1\nscenario: " + name + "\nlast_turn: 9\nsides: [CSA, USA]\nleaders:\n" +
        "  - {id: lee, name: R. E. Lee, side: CSA, initiative: 5}\nevents:\n";
    for (let i = 1; i <= n; i++) t += "  - turn: " + i + "\n";
    return t;
}
const text = function (page) { return page.evaluate(function () { return window.adjutant.recorder.text(); }); };
const kept = function (page) {
    return page.evaluate(function () {
        return Array.from(document.querySelectorAll("#rec-kept li")).map(function (li) {
            return { what: li.firstChild.textContent, go: !li.querySelector("button").disabled };
        });
    });
};

async function keptApart(browser, where) {
    const copy = path.join(tmp, "copy of adjutant.html");
    fs.copyFileSync(oneFile, copy);
    const copyUrl = url.pathToFileURL(copy).href;
    const both = { file: true, url: where.url, allowed: function (u) { return where.allowed(u) || u === copyUrl; } };
    const a = await open(browser, both);
    await a.evaluate(function () { localStorage.clear(); sessionStorage.clear(); });
    await a.reload({ waitUntil: "domcontentloaded" });
    await a.evaluate(function () { return window.adjutant.ready; });
    await a.evaluate(function (t) { return window.adjutant.recorder.load(t); }, logOf("Alpha", 1));
    const b = await open(browser, both, copyUrl);   /* another copy of the file */
    check(await text(b) === "", "a copy opened while the first tab holds its game starts empty: " + JSON.stringify(await text(b)));
    await b.evaluate(function (t) { return window.adjutant.recorder.load(t); }, logOf("Bravo", 2));
    await a.evaluate(function (t) { return window.adjutant.recorder.load(t); }, logOf("Alpha", 3));
    check(await text(a) === logOf("Alpha", 3) && await text(b) === logOf("Bravo", 2), "two tabs' games after each changed");
    await a.reload({ waitUntil: "domcontentloaded" });
    await b.reload({ waitUntil: "domcontentloaded" });
    check(await text(a) === logOf("Alpha", 3), "a reload of the first tab keeps its game: " + JSON.stringify(await text(a)));
    check(await text(b) === logOf("Bravo", 2), "a reload of the copy keeps its game: " + JSON.stringify(await text(b)));
    const slots = await a.evaluate(function () { return window.adjutantKeep.games().map(function (g) { return g.text; }); });
    check(slots.length === 3 && slots.indexOf(logOf("Alpha", 3)) >= 0 && slots.indexOf(logOf("Bravo", 2)) >= 0 &&
          slots.indexOf(logOf("Alpha", 1)) >= 0, "the kept games: " + JSON.stringify(slots));
    /* a new tab: both newest games are held; it takes the free one (Alpha 1) */
    const c = await open(browser, both);
    check(await text(c) === logOf("Alpha", 1), "a new tab takes the game no tab holds: " + JSON.stringify(await text(c)));
    let list = await kept(c);
    check(list.length === 2 && list.every(function (k) { return !k.go && /open in another tab/.test(k.what); }) &&
          list.some(function (k) { return /^Bravo; last entry turn: 2/.test(k.what); }),
        "the list of kept games, both open elsewhere: " + JSON.stringify(list));
    await c.close();
    await b.close();   /* Bravo is let go */
    await sleep(300);
    const d = await open(browser, both);
    check(await text(d) === logOf("Bravo", 2), "a page opened afresh takes the newest game no tab holds: " + JSON.stringify(await text(d)));
    list = await kept(d);
    check(list.length === 2 && list.some(function (k) { return /^Alpha; last entry turn: 3.*open in another tab/.test(k.what) && !k.go; }) &&
          list.some(function (k) { return /^Alpha; last entry turn: 1/.test(k.what) && k.go; }),
        "the list after Bravo's tab closed: " + JSON.stringify(list));
    await d.click("#mode-record");
    const go = await d.$$eval("#rec-kept li", function (lis) {
        const i = lis.findIndex(function (li) { return /turn: 1/.test(li.textContent); });
        lis[i].querySelector("button").click();
        return i;
    });
    check(go >= 0, "a Continue button for the free game");
    await d.evaluate(function () { return window.adjutant.recorder.pending(); });
    check(await text(d) === logOf("Alpha", 1), "Continue takes the listed game: " + JSON.stringify(await text(d)));
    list = await kept(d);
    check(list.some(function (k) { return /^Bravo/.test(k.what) && k.go; }), "the game left is listed: " + JSON.stringify(list));
    await d.evaluate(function () { document.getElementById("rec-kept").scrollIntoView(); });
    if (process.env.ADJ_WEB_SHOT) await d.screenshot({ path: process.env.ADJ_WEB_SHOT });
    await a.close();
    await d.close();
}

async function served(browser) {
    const copy = path.join(tmp, "site");
    fs.cpSync(site, copy, { recursive: true });
    let where = await target(copy);
    const port = where.server.address().port;
    const page = await open(browser, where);
    await footer(page, "the site");
    await page.evaluate(function () { return navigator.serviceWorker.ready; });
    await page.reload({ waitUntil: "domcontentloaded" });
    const controlled = await page.evaluate(function () { return !!navigator.serviceWorker.controller; });
    check(controlled, "the service worker controls the site's page after a reload");
    const cdp = await page.createCDPSession();
    const inst = await cdp.send("Page.getInstallabilityErrors");
    check(inst.installabilityErrors.length === 0, "installability errors: " + JSON.stringify(inst.installabilityErrors));
    const manifest = await cdp.send("Page.getAppManifest");
    check(manifest.errors.length === 0, "manifest errors: " + JSON.stringify(manifest.errors));
    /* a new build on the server: the next load shows it (network first) */
    const index = path.join(copy, "index.html");
    fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace(version, "adjutant 99.0.0 (log format adjutant/1)"));
    await page.reload({ waitUntil: "domcontentloaded" });
    const now = await page.$eval("#version", function (e) { return e.textContent; });
    check(now === "adjutant 99.0.0 (log format adjutant/1)", "a changed page on the server is shown at the next load: " + now);
    /* the network gone: the server stopped */
    where.server.closeAllConnections();
    await new Promise(function (ok) { where.server.close(ok); });
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.evaluate(function () { return window.adjutant.ready; });
    const off = await page.$eval("#version", function (e) { return e.textContent; });
    check(off === "adjutant 99.0.0 (log format adjutant/1)", "offline, the page last seen: " + off);
    await sameAudit(page, "offline");
    /* the log picked in the page, offline */
    await (await page.$("#pick")).uploadFile(path.join(root, game));
    await page.click("#audit");
    await page.waitForFunction(function () { return /^Checked/.test(document.getElementById("state").textContent); }, { timeout: 20000 });
    const said = await page.$eval("#state", function (e) { return e.textContent; });
    check(/errors found/.test(said), "offline, a picked log is checked: " + said);
    await page.close();
    void port;
}

/* The browser of PROFILE (a folder), started afresh. */
function chromium(profile) {
    return puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: "new", userDataDir: profile, args: ["--no-sandbox", "--disable-gpu"] });
}

async function killed(where, what) {
    const profile = fs.mkdtempSync(path.join(tmp, "profile."));
    let browser = await chromium(profile);
    let page = await open(browser, where);
    await page.evaluate(function () { localStorage.clear(); sessionStorage.clear(); });
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.evaluate(function () { return window.adjutant.ready; });
    await page.click("#mode-record");
    await page.evaluate(function (t) { return window.adjutant.recorder.load(t); }, logOf("Killed", 2));
    /* an entry through the form, then the next one half made */
    await page.select("#f-kind", "turn");
    await page.$eval("#f-turn", function (e) { e.value = ""; });
    await page.type("#f-turn", "3");
    await page.click("#f-add");
    await page.waitForFunction(function () { return document.getElementById("rec-said").textContent === "Entry added and kept."; },
        { timeout: 20000 }).catch(function () {});
    const said = await page.$eval("#rec-said", function (e) { return e.textContent; });
    check(said === "Entry added and kept.", what + ": the entry is said to be kept once it is on disk: " + said);
    const want = await text(page);
    check(want === logOf("Killed", 3), what + ": the entry: " + JSON.stringify(want.slice(-40)));
    await page.select("#f-kind", "activate");
    await page.select("#f-leader", "lee");
    await page.select("#f-roll", "4");
    await sleep(300);  /* the draft's own write (not said) */
    browser.process().kill("SIGKILL");
    await new Promise(function (ok) { if (browser.process().exitCode !== null) ok(); else browser.process().on("exit", ok); });
    browser = await chromium(profile);
    try {
        page = await open(browser, where);
        await page.waitForFunction(function (w) { return window.adjutant.recorder.text() === w; }, { timeout: 20000 }, want)
            .catch(function () {});
        const got = await text(page);
        check(got === want, what + ": after the browser was killed, the log comes back with its last entry: " + JSON.stringify(got.slice(-60)));
        await page.evaluate(function () { return window.adjutant.recorder.pending(); });
        const form = await page.evaluate(function () {
            return ["f-kind", "f-leader", "f-roll"].map(function (i) { return document.getElementById(i).value; });
        });
        check(JSON.stringify(form) === JSON.stringify(["activate", "lee", "4"]), what + ": the half-made entry is back: " + JSON.stringify(form));
    } finally {
        await browser.close();
    }
}

/* A port no one listens on, for python3's server. */
function freePort() {
    return new Promise(function (ok) {
        const s = net.createServer();
        s.listen(0, "127.0.0.1", function () { const p = s.address().port; s.close(function () { ok(p); }); });
    });
}

function answers(origin) {
    return new Promise(function (ok) {
        http.get(origin + "/", function (res) { res.resume(); ok(true); }).on("error", function () { ok(false); });
    });
}

async function afterUpdate(browser) {
    const copy = path.join(tmp, "stale");
    fs.cpSync(site, copy, { recursive: true });
    const old = new Date(Date.now() - 10 * 86400e3);
    for (const f of fs.readdirSync(copy)) fs.utimesSync(path.join(copy, f), old, old);
    const port = await freePort(), origin = "http://127.0.0.1:" + port;
    const py = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", copy], { stdio: "ignore" });
    try {
        for (let i = 0; i < 100 && !await answers(origin); i++) await sleep(100);
        const ctx = await browser.createBrowserContext();  /* an HTTP cache and service workers of its own */
        const page = await ctx.newPage();
        /* watched, not intercepted: Puppeteer's interception turns the HTTP cache off, and with it this case */
        page.on("request", function (r) {
            const u = r.url();
            if (!(u === origin || u.startsWith(origin + "/") || /^(data|blob):/.test(u))) fail("a request leaves the site: " + u);
        });
        page.on("pageerror", function (e) { fail("page error: " + e.message); });
        await page.goto(origin + "/", { waitUntil: "load" });
        await page.evaluate(function () { return window.adjutant.ready; });
        await page.evaluate(function () { return navigator.serviceWorker.ready; });
        await page.waitForFunction(function () { return !!navigator.serviceWorker.controller; }, { timeout: 20000 });
        const before = await page.evaluate(function () { return caches.keys(); });
        /* the rebuild: a new version, a changed script, sw.js made again */
        const index = path.join(copy, "index.html");
        fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace(version, "adjutant 99.1.0 (log format adjutant/1)"));
        fs.appendFileSync(path.join(copy, "page.js"), "\nwindow.adjutantRebuilt = true;\n");
        const st = spawnSync("python3", [path.join(root, "web/swstamp.py"), copy, "99.1.0"]);
        check(st.status === 0, "web/swstamp.py: " + st.stderr);
        await page.goto(origin + "/", { waitUntil: "load" });
        const now = await page.evaluate(function () {
            return { v: document.getElementById("version").textContent, rebuilt: window.adjutantRebuilt === true };
        });
        check(now.v === "adjutant 99.1.0 (log format adjutant/1)" && now.rebuilt,
            "the first visit after a rebuild shows the new build (served with no Cache-Control): " + JSON.stringify(now));
        /* the new build's worker takes over and keeps the new files */
        const keys = await page.waitForFunction(function (was) {
            return caches.keys().then(function (k) { return k.length === 1 && /^adjutant-99\.1\.0-/.test(k[0]) && k[0] !== was ? k : null; });
        }, { timeout: 30000 }, before[0]).then(function (h) { return h.jsonValue(); }, function () { return null; });
        check(keys !== null, "the new build's service worker replaces the old cache: " + JSON.stringify(before));
        const kept = keys ? await page.evaluate(function (k) {
            return caches.open(k).then(function (c) { return Promise.all([c.match("page.js"), c.match("index.html")]); })
                .then(function (r) { return Promise.all(r.map(function (x) { return x ? x.text() : ""; })); });
        }, keys[0]) : ["", ""];
        check(/adjutantRebuilt/.test(kept[0]) && kept[1].indexOf("adjutant 99.1.0") >= 0,
            "the new cache holds the new build's files, not the HTTP cache's old ones");
        /* the network gone: the page is the new build, and works */
        py.kill();
        await new Promise(function (ok) { py.on("exit", ok); });
        await page.goto(origin + "/", { waitUntil: "load" });
        await page.evaluate(function () { return window.adjutant.ready; });
        const off = await page.evaluate(function () {
            return { v: document.getElementById("version").textContent, rebuilt: window.adjutantRebuilt === true };
        });
        check(off.v === "adjutant 99.1.0 (log format adjutant/1)" && off.rebuilt, "offline after the update: " + JSON.stringify(off));
        await sameAudit(page, "offline after the update");
        await ctx.close();
    } finally {
        py.kill();
    }
}

(async function main() {
    const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: "new", args: ["--no-sandbox", "--disable-gpu"] });
    try {
        const where = await target(oneFile);
        await oneFile_(browser, where);
        await keptApart(browser, where);
        await killed(where, "the one file");
        const site_ = await target(site);
        await killed(site_, "the site");
        site_.close();
        await served(browser);
        await afterUpdate(browser);
    } catch (e) {
        fail(e.stack || String(e));
    } finally {
        await browser.close();
        fs.rmSync(tmp, { recursive: true });
    }
    console.log(`web offline: ${checks} checks, ${failures} failed`);
    process.exit(failures ? 1 : 0);
})().catch(function (e) { console.error(e); process.exit(1); });
