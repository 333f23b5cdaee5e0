/* SPDX-License-Identifier: MIT */
/*
 * tests/web/target.js: where a web test opens the page (SPEC §10, §10.2).
 *   target(SITE, {slowWasm}) -> Promise of {url, allowed(u), close(), file}
 * SITE a directory: the built site, served on 127.0.0.1 by a small server
 * here (slowWasm: the .wasm answers 400 ms late, so a call can be made
 * before ready); the page may ask for the site's own files only.
 * SITE an .html file: the one-file page, opened from file://; it may ask
 * for nothing but its own URL (the navigation), data: and blob: URLs.
 * A test aborts every request allowed() refuses, and fails on it.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const http = require("http");
const url = require("url");

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css",
    ".wasm": "application/wasm", ".png": "image/png", ".webmanifest": "application/manifest+json" };
const local = /^(data|blob|about):/;

function serve(site, slowWasm, port) {
    const server = http.createServer(function (req, res) {
        const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
        const file = path.join(site, rel === "/" ? "index.html" : rel);
        if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
            res.writeHead(404); res.end(); return;
        }
        const send = function () {
            res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream",
                                 "Cache-Control": "no-cache" });
            fs.createReadStream(file).pipe(res);
        };
        if (slowWasm && path.extname(file) === ".wasm") setTimeout(send, 400); else send();
    });
    return new Promise(function (ok) { server.listen(port || 0, "127.0.0.1", function () { ok(server); }); });
}

async function target(site, opts) {
    site = path.resolve(site);
    if (site.endsWith(".html")) {
        const u = url.pathToFileURL(site).href;
        return { file: true, url: u, close: function () {},
                 allowed: function (r) { return r === u || local.test(r); } };
    }
    const server = await serve(site, opts && opts.slowWasm, opts && opts.port);
    const origin = "http://127.0.0.1:" + server.address().port;
    return { file: false, url: origin + "/", origin: origin, server: server,
             close: function () { server.close(); },
             allowed: function (r) { return r === origin || r.startsWith(origin + "/") || local.test(r); } };
}

/* The browser of ADJ_BROWSER: Debian's chromium (the default) or firefox-esr.
 * puppeteer-core 22 cannot launch Debian's firefox-esr (it never sees the
 * WebDriver BiDi address, which Firefox does print), so Firefox is started
 * here, on a fresh profile, and puppeteer connects to it over WebDriver BiDi. */
async function launch() {
    const puppeteer = require("puppeteer-core");
    if ((process.env.ADJ_BROWSER || "chromium") !== "firefox") {
        return puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
            headless: "new", args: ["--no-sandbox", "--disable-gpu"] });
    }
    const { spawn } = require("child_process");
    const profile = fs.mkdtempSync(path.join(require("os").tmpdir(), "adjff."));
    fs.writeFileSync(path.join(profile, "user.js"), 'user_pref("browser.shell.checkDefaultBrowser", false);\n' +
        'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n');
    const ff = spawn(process.env.FIREFOX || "/usr/bin/firefox-esr",
        ["--headless", "--remote-debugging-port=0", "--profile", profile, "about:blank"],
        { stdio: ["ignore", "pipe", "pipe"] });
    const ws = await new Promise(function (ok, bad) {
        let seen = "";
        const on = function (d) {
            seen += d;
            const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(seen);
            if (m) ok(m[1]);
        };
        ff.stdout.on("data", on);
        ff.stderr.on("data", on);
        ff.on("exit", function (c) { bad(new Error("firefox-esr exited (" + c + ") before it listened")); });
        setTimeout(function () { bad(new Error("firefox-esr did not listen within 90 s")); }, 90000);
    });
    const browser = await puppeteer.connect({ browserWSEndpoint: ws + "/session", protocol: "webDriverBiDi" });
    const close = browser.close.bind(browser);
    browser.close = async function () {
        await close().catch(function () {});
        ff.kill();
        fs.rmSync(profile, { recursive: true, force: true });
    };
    return browser;
}

/* A page's guard: every request other than WHERE's own is refused and
 * counted by FAIL, and so are page errors and console errors. */
async function guard(page, where, fail) {
    await page.setRequestInterception(true);
    page.on("request", function (req) {
        const u = req.url();
        if (where.allowed(u)) req.continue();
        else { fail("a request leaves the " + (where.file ? "file" : "site") + ": " + u); req.abort(); }
    });
    page.on("pageerror", function (e) { fail("page error: " + e.message); });
    page.on("console", function (m) { if (m.type() === "error") fail("console error: " + m.text()); });
}

/* The controls within SCOPE (a selector) shown now whose target is under
 * 44 px (issue 40 item 14: at 360 px, every control a finger hits):
 * buttons, fields, choices, file pickers, summaries, each by its own
 * box; a checkbox by its label's (the label takes the tap), which must be
 * 44 px both ways, the box itself 24 px. [{id, h, w}] */
function smallControls(page, scope) {
    return page.$$eval(scope + " button, " + scope + " input, " + scope + " select, " + scope + " summary, " + scope + " textarea",
        function (all) {
            return all.filter(function (e) { return e.getClientRects().length > 0 && !e.closest("details:not([open]) > :not(summary)"); })
                .map(function (e) {
                    const r = e.getBoundingClientRect();
                    const name = e.id || e.textContent.trim().slice(0, 30) || e.tagName;
                    if (e.type === "checkbox") {
                        const l = e.closest("label"), lr = l ? l.getBoundingClientRect() : { width: 0, height: 0 };
                        return { id: name, h: Math.min(lr.height, lr.width), w: Math.min(r.width, r.height), box: true };
                    }
                    return { id: name, h: r.height, w: r.width };
                })
                .filter(function (x) { return x.h < 44 || (x.box && x.w < 24); });
        });
}

module.exports = { target: target, serve: serve, launch: launch, guard: guard, smallControls: smallControls };
