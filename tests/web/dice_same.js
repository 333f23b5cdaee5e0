/* SPDX-License-Identifier: MIT */
/*
 * tests/web/dice_same.js SITE ADJUTANT ADJGEN: SPEC §7 "Same numbers
 * everywhere": `dice` in the page of build-web/site (Debian's chromium,
 * driven by puppeteer-core, as tests/web/run.js) against the native binary,
 * over archives written by bench/adjgen: fair players, and cheaters (a die
 * showing 6 at 0.2, 0.25 and 0.3, a cycler, a replayer). Text and JSON must
 * be the same bytes, and the same exit status: the p-values come from the
 * project's own exp and erfc in both (never the C library's, whose last
 * bits differ between glibc and emscripten's musl).
 *   NODE_PATH must find puppeteer-core (./run.sh web-test installs it).
 * Kept apart from run.js (which another change moves into a Web Worker):
 * it uses only window.adjutant.ready and window.adjutant.run.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { target, launch } = require("./target");
const { spawnSync } = require("child_process");
const puppeteer = require("puppeteer-core");

const site = path.resolve(process.argv[2]);
const adjutantBin = path.resolve(process.argv[3]);
const adjgen = path.resolve(process.argv[4]);
let failures = 0, checks = 0;


/* Archive `a`: 12 games of ~300 events among four players, one of them
 * playing with `die` (an adjgen --die mode, or null for none). */
function archive(dir, a, die) {
    const names = [];
    for (let i = 1; i <= 12; i++) {
        const name = `arch${a}/game-${i}.yaml`;
        const args = ["--seed", String(1000 * a + i), "--events", "300", "-o", path.join(dir, name),
            "--players", `Player ${i % 4 + 1},Player ${(i + 1) % 4 + 1}`];
        if (die) args.push("--loaded", "Player 3", "--die", die);
        fs.mkdirSync(path.join(dir, `arch${a}`), { recursive: true });
        const r = spawnSync(adjgen, args);
        if (r.status !== 0) throw new Error("adjgen " + args.join(" ") + ": " + r.stderr);
        names.push(name);
    }
    return names;
}

async function same(page, dir, args, names) {
    checks++;
    const files = {};
    for (const n of names) files[n] = fs.readFileSync(path.join(dir, n), "utf8");
    const got = await page.evaluate(function (args, files) {
        return window.adjutant.run(args, files);
    }, args, files);
    const r = spawnSync(adjutantBin, args, { cwd: dir, maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: "1" } });
    const want = { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
    for (const k of ["status", "stdout", "stderr"])
        if (got[k] !== want[k]) {
            failures++;
            let at = 0;
            while (at < want[k].length && got[k][at] === want[k][at]) at++;
            console.error(`FAIL: ${JSON.stringify(args.slice(0, 4))}...: ${k} differs at ${at}: page ` +
                JSON.stringify(String(got[k]).slice(Math.max(0, at - 80), at + 80)) + " native " +
                JSON.stringify(String(want[k]).slice(Math.max(0, at - 80), at + 80)));
            return;
        }
}

(async function main() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adjdice-web."));
    const dies = [null, "six:0.2", "six:0.25", "six:0.3", "cycle", "replay", null];
    const all = [];
    for (let a = 0; a < dies.length; a++) all.push(archive(dir, a, dies[a]));
    const where = await target(site);
    const browser = await launch();
    try {
        const page = await browser.newPage();
        await page.setRequestInterception(true);
        page.on("request", function (req) {
            if (where.allowed(req.url())) req.continue();
            else { failures++; console.error("FAIL: a request leaves the page: " + req.url()); req.abort(); }
        });
        await page.goto(where.url, { waitUntil: "domcontentloaded" });
        await page.evaluate(function () { return window.adjutant.ready; });
        for (const names of all) {
            await same(page, dir, ["dice", "--format", "json", ...names], names);
            await same(page, dir, ["dice", ...names], names);
        }
        const every = [].concat(...all);  /* one run over all of them: BH over many rows */
        await same(page, dir, ["dice", "--format", "json", ...every], every);
        await same(page, dir, ["dice", "--alpha", "0.05", ...every], every);
    } finally {
        await browser.close();
        where.close();
        fs.rmSync(dir, { recursive: true, force: true });
    }
    console.log(`dice_same.js: ${checks} comparisons, ${failures} failure(s)`);
    process.exit(failures ? 1 : 0);
})().catch(function (e) { console.error(e); process.exit(1); });
