/* SPDX-License-Identifier: MIT */
/*
 * bench/web_first.js SITE ONEFILE ADJUTANT LOG [ROUNDS]: the page's first
 * audit against its later ones and against the native binary (issue 44
 * item 6), each round in a browser started afresh, as a player meets the
 * page. bench/web.sh runs it; NODE_PATH must find puppeteer-core.
 *
 * A round, for each way the page is opened:
 *   site, new profile   the served site (tests/web/target.js's server) in a
 *                       Chromium with an empty profile: nothing cached
 *   site, again         the same profile in a new Chromium: the browser's
 *                       caches (the HTTP cache, V8's code cache) as a second
 *                       visit finds them
 *   one file            build-web/adjutant.html from file://, empty profile
 * the page is loaded, window.adjutant.ready awaited, the log read from a
 * file input as a picked log is (its bytes), then 2 s left idle (a player
 * picking the file), then `audit --format json LOG` through
 * window.adjutant.run is timed: the first call, then 9 more (their median
 * is "later"). The native binary runs the same audit on the same file
 * once before the first call and after each later one (from the page,
 * through a function the test exposes), so that a machine whose speed
 * drifts (other jobs on it) hits both alike; "native" is the median of those
 * 10. Wall clock times; the machine's load average is printed with them.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const puppeteer = require("puppeteer-core");
const { target } = require("../tests/web/target");

const [site, oneFile, adjutantBin, log] = process.argv.slice(2, 6).map(function (p) { return path.resolve(p); });
const rounds = Number(process.argv[6] || 5);
const LATER = 9, IDLE = 2000;
const name = path.basename(log);

function median(xs) { const s = xs.slice().sort(function (a, b) { return a - b; }); return s[s.length >> 1]; }
function sleep(ms) { return new Promise(function (ok) { setTimeout(ok, ms); }); }

function nativeOnce() {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(adjutantBin, ["audit", "--format", "json", name], { cwd: path.dirname(log), maxBuffer: 1 << 28 });
    if (r.status > 1) throw new Error("native audit failed: " + r.stderr);
    return Number(process.hrtime.bigint() - t0) / 1e6;
}

/* One browser: open URL, time the first audit and the later ones. */
async function once(url, profile) {
    const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: "new", userDataDir: profile, args: ["--no-sandbox", "--disable-gpu"] });
    try {
        const page = await browser.newPage();
        await page.exposeFunction("benchNative", nativeOnce);
        await page.goto(url, { waitUntil: "domcontentloaded" });
        await page.evaluate(function () { return window.adjutant.ready; });
        await page.evaluate(function () {
            const i = document.createElement("input");
            i.type = "file"; i.id = "bench-pick"; i.hidden = true;
            document.body.appendChild(i);
        });
        await (await page.$("#bench-pick")).uploadFile(log);
        await page.evaluate(function () {
            return document.getElementById("bench-pick").files[0].arrayBuffer().then(function (b) { window.benchLog = new Uint8Array(b); });
        });
        await sleep(IDLE);
        return await page.evaluate(async function (name, later) {
            const files = {};
            files[name] = window.benchLog;
            async function one() {
                const t0 = performance.now();
                const r = await window.adjutant.run(["audit", "--format", "json", name], files);
                if (r.status > 1) throw new Error("the page's audit failed: " + r.stderr);
                return performance.now() - t0;
            }
            const nat = [await window.benchNative()];
            const first = await one();
            const times = [];
            for (let i = 0; i < later; i++) {
                times.push(await one());
                nat.push(await window.benchNative());
            }
            const mid = function (xs) { xs.sort(function (a, b) { return a - b; }); return xs[xs.length >> 1]; };
            return { first: first, later: mid(times), native: mid(nat) };
        }, name, LATER);
    } finally {
        await browser.close();
    }
}

(async function main() {
    const served = await target(site);
    const rows = [];
    try {
        for (let r = 0; r < rounds; r++) {
            const profile = fs.mkdtempSync(path.join(os.tmpdir(), "adjbench."));
            const plain = fs.mkdtempSync(path.join(os.tmpdir(), "adjbench."));
            try {
                const load = os.loadavg()[0];
                const fresh = await once(served.url, profile);
                const again = await once(served.url, profile);
                const file = await once(require("url").pathToFileURL(oneFile).href, plain);
                for (const [how, t] of [["site, new profile", fresh], ["site, again", again], ["one file", file]])
                    rows.push({ round: r + 1, how: how, first: t.first, later: t.later, native: t.native, load: load });
            } finally {
                fs.rmSync(profile, { recursive: true, force: true });
                fs.rmSync(plain, { recursive: true, force: true });
            }
        }
    } finally {
        served.close();
    }
    console.log("bench/web_first.js: audit --format json " + name + " (" + fs.statSync(log).size + " bytes), " +
        rounds + " rounds, each a browser started afresh; " + os.cpus().length + " cores");
    console.log("round | opened | first ms | later ms (median of " + LATER + ") | native ms (median of " + (LATER + 1) + ") | first/later | later/native | load");
    for (const x of rows)
        console.log([x.round, x.how, x.first.toFixed(0), x.later.toFixed(0), x.native.toFixed(0),
            (x.first / x.later).toFixed(2), (x.later / x.native).toFixed(2), x.load.toFixed(1)].join(" | "));
    for (const how of ["site, new profile", "site, again", "one file"]) {
        const mine = rows.filter(function (x) { return x.how === how; });
        console.log("median, " + how + ": first/later " + median(mine.map(function (x) { return x.first / x.later; })).toFixed(2) +
            ", later/native " + median(mine.map(function (x) { return x.later / x.native; })).toFixed(2) +
            ", first/native " + median(mine.map(function (x) { return x.first / x.native; })).toFixed(2));
    }
})().catch(function (e) { console.error(e); process.exit(1); });
