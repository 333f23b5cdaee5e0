/* SPDX-License-Identifier: MIT */
/*
 * tests/web/recorder.js SITE ADJUTANT: SPEC §10.1, the page's Record mode
 * (issue 30), in Debian's chromium driven by puppeteer-core through the
 * controls' accessible names. A whole game is recorded through the form; after
 * every entry window.adjutant.recorder.pending() must equal the native
 * `status --format json` of the same text; the appended events must read back
 * (PyYAML and the engine) as the form gave them; the Enter buttons, undo (of a
 * form entry and of a hand edit), a reload, the download's bytes, a broken hand
 * edit, storage that refuses, keyboard only, 360 px, and no request leaving
 * the site. ADJ_REC_SHOTS=DIR: screenshots at 360 and 1280 px into DIR.
 * The time of one re-check of a 500-event log is printed (not asserted).
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { target, launch, guard, smallControls } = require("./target");
const { spawnSync } = require("child_process");
const puppeteer = require("puppeteer-core");
const LT = require("../../web/logtext.js");

const site = path.resolve(process.argv[2]);
const adjutantBin = path.resolve(process.argv[3]);
let failures = 0, checks = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adjrec."));

function fail(what) { failures++; console.error("FAIL: " + what); }
function check(ok, what) { checks++; if (!ok) fail(what); }
const sleep = function (ms) { return new Promise(function (ok) { setTimeout(ok, ms); }); };


/* The CLI on TEXT as NAME; LADDER (bytes): the ladder file beside it. */
function native(args, text, name, ladder) {
    const dir = ladder ? path.join(tmp, "with-ladder") : tmp;
    fs.mkdirSync(dir, { recursive: true });
    if (ladder) fs.writeFileSync(path.join(dir, "adjutant-ladder.yaml"), ladder);
    fs.writeFileSync(path.join(dir, name || "game.yaml"), text);
    const r = spawnSync(adjutantBin, args, { cwd: dir, maxBuffer: 1 << 28 });
    return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
}

function pyLoad(text) {  /* the text as PyYAML reads it (JSON back) */
    const r = spawnSync("python3", ["-c", "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"], { input: text });
    if (r.status !== 0) return { error: r.stderr.toString() };
    return JSON.parse(r.stdout.toString());
}

/* Part 1, no browser: the quoting of scalars reads back the same string. */
function scalars() {
    const tricky = ["jackson", "T. J. Jackson", "a: b", "x #y", "#c", " lead", "trail ", "true", "no", "3", "1.5", "0x1F",
        "-x", "- x", "null", "~", "", "Gaines' Mill", "\"q\"", "back\\slash", "line\nbreak", "tab\there", "é ü", "[1]",
        "{a}", "a, b", "x:", "?", "@at", "`tick", "%p", "!tag", "&anchor", "*alias", "|", ">", "=", "<<", "1:30", "\u0007bell"];
    const text = tricky.map(function (s, i) { return "k" + i + ": " + LT.scalar(s); }).join("\n") + "\n";
    const back = pyLoad(text);
    tricky.forEach(function (s, i) {
        check(back["k" + i] === s, "scalar " + JSON.stringify(s) + " written " + LT.scalar(s) + " reads back " + JSON.stringify(back["k" + i]));
    });
    check(LT.scalar("jackson") === "jackson" && LT.scalar("T. J. Jackson") === "T. J. Jackson", "a plain name is quoted");
}

/* Part 1 in the page: the edits placed by the engine's marks (issue 33
 * item 3): append and undo are exact inverses, `events: []` becomes
 * `events:` and back; a quoted note's lines that look like items or like
 * the list's end are the note's. */
async function edits(page) {
    await (await get(page, "Record", "button")).click();
    const both = function (text, fields) {
        return page.evaluate(async function (text, fields) {
            const T = window.adjutantLogText;
            const marks = async function (t) {
                return (await window.adjutant.run(["status", "--format", "json", "game.yaml"], { "game.yaml": t }, { marks: true })).marks;
            };
            const out = {};
            try { out.append = T.appendAt(text, await marks(text), fields); } catch (e) { out.append = "refused: " + e.message; }
            try { out.undo = T.undoAt(text, await marks(text)); } catch (e) { out.undo = "refused: " + e.message; }
            if (!/^refused/.test(out.append)) {
                try { out.back = T.undoAt(out.append, await marks(out.append)).text; } catch (e) { out.back = "refused: " + e.message; }
            }
            return out;
        }, text, fields || [["turn", { int: "1" }]]);
    };
    const top = "format: adjutant/1\nfirst_turn: 1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA}\n" +
        "  - {id: porter, side: USA}\n";
    const h = top + "events: [] # none yet\n";
    let r = await both(h);
    check(r.append === top + "events: # none yet\n  - turn: 1\n", "append to events: [] gives " + JSON.stringify(r.append));
    check(r.back === h && r.undo === null, "undo of the only item gives " + JSON.stringify(r.back));
    const flow = top + "events:\n  - {turn: 1}\n  - {activate: lee,\n     roll: 2}\n# stopped\n";
    r = await both(flow);
    check(r.undo && r.undo.text === top + "events:\n  - {turn: 1}\n# stopped\n" && r.back === flow,
        "undo of a two-line flow item: " + JSON.stringify(r));
    r = await both(top + "events: [{turn: 1}]\n", [["turn", { int: "2" }]]);
    check(/flow list/.test(r.append), "appending to a flow list is refused with a reason: " + r.append);
    /* a header the engine stops at: no sure place, said */
    r = await both("format: adjutant/1\nevents: []\n");
    check(/^refused: The engine did not read the log's events to their end/.test(r.append), "a log read no further than its header: " + r.append);
    /* a note whose second line stands at column 0: the old reading took it
     * for the list's end and put the entry inside the note */
    const header = top + "events:\n  - turn: 1\n  - activate: lee\n    roll: 4\n";
    const atZero = header + "    note: \"crossed at dusk,\nthe ford held\"\n";
    r = await both(atZero, [["illness", { str: "lee" }], ["roll", { int: "2" }]]);
    const y = pyLoad(r.append);
    check(!y.error && y.events.length === 3 && JSON.stringify(y.events[2]) === JSON.stringify({ illness: "lee", roll: 2 }) &&
        y.events[1].note === "crossed at dusk, the ford held" && r.back === atZero,
        "an entry after a note of two lines is an event: " + JSON.stringify(r));
    /* a note whose second line looks like an item: undo takes the whole item */
    const likeItem = header + "  - move: lee\n    note: \"one line\n  - turn: 2 was not begun\"\n";
    r = await both(likeItem);
    check(r.undo && r.undo.text === header && r.undo.removed === "  - move: lee\n    note: \"one line\n  - turn: 2 was not begun\"\n" &&
        r.back === likeItem, "undo of an item whose note looks like an item: " + JSON.stringify(r));
    /* through the form: the entry is an event, Undo gives the log back, and it replays */
    await page.evaluate(function (t) { return window.adjutant.recorder.load(t); }, atZero);
    await setField(page, "Kind", "combobox", "illness");
    await setField(page, "Leader", "combobox", "lee");
    await setField(page, "Roll", "combobox", "2");
    await (await get(page, "Add entry", "button")).click();
    let got = await samePending(page, "an entry after a note of two lines");
    const st = JSON.parse(native(["status", "--format", "json", "game.yaml"], got.text).stdout);
    check(got.text === atZero + "  - illness: lee\n    roll: 2\n" && !st.diagnostics.some(function (d) { return d.code === "yaml-syntax"; }),
        "the form's entry after a note of two lines: " + JSON.stringify(got.text.slice(atZero.length - 20)));
    await page.evaluate(function (t) { return window.adjutant.recorder.load(t); }, likeItem);
    await (await get(page, "Undo last entry", "button")).click();
    got = await samePending(page, "undo after a note that looks like an item");
    check(got.text === header, "Undo of an item whose note looks like an item: " + JSON.stringify(got.text.slice(-60)));
    await page.evaluate(function () { return window.adjutant.recorder.load(""); });
}

/* The ladder of the test: its YAML (the file picked) and the JSON that
 * `adjutant ladder --format json` prints for it (SPEC §13, as assumed). */
const ladderJson = {
    name: "Test Ladder", rulings: { recovery: "full-turns" },
    players: [{ name: "Ann Carter", aliases: [] }, { name: "Ben: the #1", aliases: ["ben"] }],
    scenarios: [{ name: "Gaines' Mill", first_turn: 1, last_turn: 4, sides: ["CSA", "USA"], optional_rules: ["illness"],
        leaders: [{ id: "lee", name: "R. E. Lee", side: "CSA", initiative: 5, vp: 4 },
            { id: "jackson", name: "T. J. Jackson", side: "CSA", initiative: 3, vp: 3 },
            { id: "hill", name: "A. P. Hill", side: "CSA", initiative: 3, vp: 2 },
            { id: "early", name: "Jubal Early", side: "CSA", initiative: 2, vp: 1, reserve: true },
            { id: "porter", name: "Fitz John Porter", side: "USA", initiative: 3, vp: 2 },
            { id: "mccall", side: "USA", vp: 1, wound: 1 }],
        imc: { "3": [1, 1, 2, 3, 4, 5], "5": [2, 3, 4, 5, 6, 7] },
        victory: [{ margin: 3, level: "decisive" }] }]
};

const ladderYaml = (function () {
    const sc = Object.assign({}, ladderJson.scenarios[0]);
    delete sc.name;
    const imc = sc.imc;
    delete sc.imc;
    const players = ladderJson.players.map(function (p) { return { name: p.name, aliases: p.aliases }; });
    return "format: adjutant-ladder/1\nname: Test Ladder\nrulings: {recovery: full-turns}\nplayers: " + JSON.stringify(players) +
        "\nscenarios:\n  \"Gaines' Mill\":\n" + Object.keys(sc).map(function (k) { return "    " + k + ": " + JSON.stringify(sc[k]) + "\n"; }).join("") +
        "    imc: {" + Object.keys(imc).map(function (k) { return k + ": " + JSON.stringify(imc[k]); }).join(", ") + "}\n";
})();

function ladderPath() { return path.join(tmp, "lad", "adjutant-ladder.yaml"); }

function aria(name, role) { return "::-p-aria([name=" + JSON.stringify(name) + "][role=\"" + role + "\"])"; }

async function get(page, name, role) {
    const h = await page.waitForSelector(aria(name, role), { timeout: 8000 }).catch(function () { return null; });
    if (!h) throw new Error("no " + role + " named " + JSON.stringify(name));
    return h;
}

async function setField(page, name, role, value) {
    const h = await get(page, name, role);
    if (await h.evaluate(function (e) { return e.tagName === "SELECT"; })) { await h.select(String(value)); return; }
    await h.click({ clickCount: 3 });
    await h.evaluate(function (e) { e.value = ""; });
    await h.type(String(value));
}

/* pending() in the page equals the CLI's status --format json pending for
 * the same text (and the ladder file the page gives the engine beside it). */
async function samePending(page, what) {
    const got = await page.evaluate(async function () {
        const p = await window.adjutant.recorder.pending();
        const l = window.adjutantRecorderParts.ladderFile();
        return { pending: p, text: window.adjutant.recorder.text(), ladder: l ? Array.from(l.bytes) : null };
    });
    got.ladder = got.ladder ? Buffer.from(got.ladder) : null;
    const want = native(["status", "--format", "json", "game.yaml"], got.text, "game.yaml", got.ladder);
    let wantPending = null;
    try { wantPending = JSON.parse(want.stdout).pending; } catch (e) { wantPending = "(no JSON: " + want.stderr + ")"; }
    check(JSON.stringify(got.pending) === JSON.stringify(wantPending),
        what + ": pending() " + JSON.stringify(got.pending) + " but status gives " + JSON.stringify(wantPending));
    return got;
}

async function findings(page) {
    return page.$$eval("#rec-findings li", function (l) { return l.map(function (x) { return x.textContent; }); });
}

/* One entry through the form: KIND, then [label, role, value] fields. */
async function entry(page, kind, fields, expect) {
    await setField(page, "Kind", "combobox", kind);
    for (const [name, role, value] of fields) await setField(page, name, role, value);
    await (await get(page, "Add entry", "button")).click();
    const got = await samePending(page, kind + " " + JSON.stringify(fields));
    expected.push(expect);
    return got;
}
const expected = [];

async function ladderStart(page) {
    await (await get(page, "Record", "button")).click();
    const details = await page.$("#rec-start");
    await details.evaluate(function (d) { d.open = true; });
    fs.mkdirSync(path.join(tmp, "lad"));
    fs.writeFileSync(ladderPath(), ladderYaml);
    /* the page reads the ladder with `adjutant ladder --format json` (SPEC §13): the CLI's JSON is the test's */
    const real = spawnSync(adjutantBin, ["ladder", "--format", "json", "adjutant-ladder.yaml"], { cwd: path.join(tmp, "lad") });
    let realJson = null;
    try { realJson = JSON.parse(real.stdout.toString()); } catch (e) { realJson = null; }
    check(real.status === 0 && realJson && realJson.name === ladderJson.name && realJson.players.length === 2,
        "adjutant ladder --format json reads the test's ladder: exit " + real.status + " " + real.stderr);
    await (await page.$("#rec-ladder")).uploadFile(ladderPath());
    await page.waitForFunction(function () { return /^Ladder/.test(document.getElementById("rec-ladder-state").textContent); }, { timeout: 10000 });
    await setField(page, "Scenario", "combobox", "Gaines' Mill");
    /* a player the ladder does not list: unknown-player at the start (issue 33 item 21) */
    await setField(page, "CSA player", "combobox", "Ann Carter");
    await setField(page, "USA player", "combobox", "Ben: the #2");
    await (await get(page, "Start", "button")).click();
    const misspelt = await samePending(page, "a header with a player not in the ladder");
    const usaLine = misspelt.text.split("\n").findIndex(function (l) { return /^  USA: /.test(l); }) + 1;
    const f = await findings(page);
    check(f.length === 1 && usaLine > 0 && new RegExp("^line " + usaLine + ", warning unknown-player: player `Ben: the #2` is not one of " +
        "the players of adjutant-ladder\\.yaml; .*did you mean `Ben: the #1`").test(f[0]),
        "a misspelt player at the start of a recording from a ladder (line " + usaLine + "): " + JSON.stringify(f));
    await page.$eval("#rec-start", function (d) { d.open = true; });
    await setField(page, "USA player", "combobox", "Ben: the #1");
    await (await get(page, "Start", "button")).click();
    await samePending(page, "the header");
    check(JSON.stringify(await findings(page)) === JSON.stringify(["No findings."]), "the ladder's players: no finding");
    const text = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    const audit = JSON.parse(native(["audit", "--format", "json", "game.yaml"], text).stdout);
    check(audit.players.USA === "Ben: the #1" && audit.players.CSA === "Ann Carter", "players read back: " + JSON.stringify(audit.players));
    check(/^rulings:\n  recovery: full-turns\n/m.test(text), "the ladder's rulings are in the log: " + text);
    check(audit.rulings.recovery === "full-turns" && audit.ruling_sources.recovery === "log" &&
          !audit.diagnostics.some(function (d) { return d.code === "unknown-field"; }),
          "the log's rulings are in force, from the log: " + JSON.stringify([audit.rulings, audit.ruling_sources]));
    check(audit.leaders.length === 6 && audit.leaders[3].status === "reserve" && audit.leaders[5].level === 1,
        "the scenario's roster is in the log: " + JSON.stringify(audit.leaders));
    const y = pyLoad(text);
    check(y.scenario === "Gaines' Mill" && y.last_turn === 4 && JSON.stringify(y.imc) === JSON.stringify({ 3: [1, 1, 2, 3, 4, 5], 5: [2, 3, 4, 5, 6, 7] }) &&
        JSON.stringify(y.events) === "[]" && !("victory" in y), "the header as written: " + JSON.stringify(y));
}

async function enter(page, name) {
    const b = await get(page, name, "button");
    await b.click();
}

/* A whole game through the form (and the Enter buttons). */
async function game(page) {
    await entry(page, "turn", [], { turn: 1 });   /* the turn is filled in */
    await entry(page, "activate", [["Leader", "combobox", "jackson"], ["Roll", "combobox", "1"], ["MP", "spinbutton", "1"]],
        { activate: "jackson", roll: 1, mp: 1 });
    await enter(page, "Enter illness check for jackson");
    check(await page.$eval("#f-kind", function (e) { return e.value; }) === "illness" &&
        await page.$eval("#f-leader", function (e) { return e.value; }) === "jackson" &&
        await page.evaluate(function () { return document.activeElement.id; }) === "f-roll", "Enter fills the form and puts the focus on Roll");
    await entry(page, "illness", [["Roll", "combobox", "6"], ["Result", "combobox", "ill"]], { illness: "jackson", roll: 6, result: "ill" });
    await enter(page, "Enter duration roll for jackson");
    await entry(page, "duration", [["Roll", "combobox", "3"]], { duration: "jackson", roll: 3 });
    await entry(page, "activate", [["Leader", "combobox", "porter"], ["Roll", "combobox", "4"], ["Modifier", "spinbutton", "-1"]],
        { activate: "porter", roll: 4, modifier: -1 });
    await entry(page, "move", [["Leader", "combobox", "porter"], ["To", "textbox", "Gaines' Mill: the ridge #2"], ["MP", "spinbutton", "2"],
        ["Enemy ZOC", "combobox", "true"]], { move: "porter", to: "Gaines' Mill: the ridge #2", mp: 2, enemy_zoc: true });
    await enter(page, "Enter Sustain roll for porter");
    await entry(page, "sustain", [["Roll", "combobox", "5"], ["Result", "textbox", "held: barely"]], { sustain: "porter", roll: 5, result: "held: barely" });
    await entry(page, "flip", [["Leader", "combobox", "lee"], ["To", "combobox", "inactive"]], { flip: "lee", to: "inactive" });
    /* an entry the rules forbid is recorded, and its finding shown at once, first */
    await entry(page, "move", [["Leader", "combobox", "lee"], ["Note", "textbox", "no activation"]], { move: "lee", note: "no activation" });
    const f = await findings(page);
    check(/^Newest entry: line \d+, error move-without-activation/.test(f[0] || ""), "the forbidden entry's finding first: " + JSON.stringify(f));
    await setField(page, "Kind", "combobox", "turn");
    check(await (await get(page, "Turn", "spinbutton")).evaluate(function (e) { return e.value; }) === "2", "the next turn is filled in");
    await entry(page, "turn", [], { turn: 2 });
    await entry(page, "wound", [["Leader", "combobox", "mccall"], ["Level", "spinbutton", "6"]], { wound: "mccall", level: 6 });
    await entry(page, "vp", [["Side", "combobox", "CSA"], ["Points", "spinbutton", "1"], ["Leader", "combobox", "mccall"], ["Reason", "textbox", "McCall: #dead"]],
        { vp: "CSA", points: 1, leader: "mccall", reason: "McCall: #dead" });
    await entry(page, "state", [["Leader", "combobox", "jackson"], ["Status", "combobox", "ill"], ["Inactive", "combobox", "false"]],
        { state: "jackson", status: "ill", inactive: false });
    await entry(page, "turn", [], { turn: 3 });
    await entry(page, "activate", [["Leader", "combobox", "hill"], ["Roll", "combobox", "1"]], { activate: "hill", roll: 1 });
    const line = await page.$eval("#rec-turn", function (e) { return e.textContent; });
    check(/^Turn 3\. Open activation: hill \(line \d+\), 0 of 1 MP spent\. VP: CSA 1, USA 0\.$/.test(line), "the turn and the open activation: " + line);
    const owed = await page.$(aria("Owed now", "region"));
    const items = owed ? await owed.$$eval("li", function (l) { return l.map(function (x) { return x.textContent; }); }) : [];
    check(items.length === 1 && /^hill must check for illness \(raw 1 on line \d+\) before any other die roll Enter illness check for hill$/.test(items[0]),
        "the region Owed now: " + JSON.stringify(items));
    await narrow(page, process.env.ADJ_REC_SHOTS);   /* an illness check owed */
    await page.setViewport({ width: 1280, height: 900 });
    await enter(page, "Enter illness check for hill");
    await entry(page, "illness", [["Roll", "combobox", "6"]], { illness: "hill", roll: 6 });
    await enter(page, "Enter duration roll for hill");
    await entry(page, "duration", [["Roll", "combobox", "6"], ["Result", "combobox", "incapacitated"]], { duration: "hill", roll: 6, result: "incapacitated" });
    await enter(page, "Enter replacement for hill");
    check(await page.evaluate(function () { return document.activeElement.id; }) === "f-by", "Enter replacement puts the focus on By");
    await entry(page, "replace", [["By", "combobox", "early"]], { replace: "hill", by: "early" });
    await entry(page, "end", [["CSA", "spinbutton", "1"], ["USA", "spinbutton", "0"]], { end: { CSA: 1, USA: 0 } });
    const text = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    const y = pyLoad(text);
    check(JSON.stringify(y.events) === JSON.stringify(expected), "the events read back as the form gave them:\n" +
        JSON.stringify(y.events) + "\n" + JSON.stringify(expected));
    const audit = JSON.parse(native(["audit", "--format", "json", "game.yaml"], text).stdout);
    const codes = audit.diagnostics.filter(function (d) {  /* an engine that does not know a log's rulings yet */
        return !(d.code === "unknown-field" && /"rulings"/.test(d.message));
    }).map(function (d) { return d.code; }).sort();
    check(JSON.stringify(codes) === JSON.stringify(["move-without-activation"]) && audit.vp.CSA === 1 &&
        JSON.stringify(audit.claimed_vp) === JSON.stringify({ CSA: 1, USA: 0 }),
        "the recorded game's audit: " + JSON.stringify({ codes: codes, vp: audit.vp, claimed: audit.claimed_vp }));
    check(/^\s+- turn: 1$/m.test(text) && /^  - move: porter\n    to: "Gaines' Mill: the ridge #2"\n    mp: 2\n    enemy_zoc: true$/m.test(text),
        "block style, one event per item: " + text.slice(-400));
    const shown = await page.$eval("#rec-turn", function (e) { return e.textContent; });
    check(/^The game has ended \(turn 3\)\. VP: CSA 1, USA 0\. Claimed at the end: CSA 1, USA 0\.$/.test(shown), "the state line at the end: " + shown);
    return text;
}

async function undoReloadDownload(page, text) {
    /* undo of the form's last entry gives the text before it, byte for byte */
    const before = text.slice(0, text.lastIndexOf("  - end:"));
    await (await get(page, "Undo last entry", "button")).click();
    let now = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    check(now === before, "Undo removes the end entry only: " + JSON.stringify(now.slice(-120)));
    await samePending(page, "after undo");
    /* a hand edit, then undo: the hand-made item goes */
    const log = await get(page, "Log", "textbox");
    await log.focus();
    await page.$eval("#rec-log", function (t) { t.setSelectionRange(t.value.length, t.value.length); });
    await page.keyboard.type("  - {sustain: porter, roll: 2}\n");
    await samePending(page, "a hand edit");
    await (await get(page, "Undo last entry", "button")).click();
    now = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    check(now === before, "Undo removes a hand-made item");
    /* a hand edit that breaks the YAML: the message at its line; nothing lost */
    await log.focus();
    await page.$eval("#rec-log", function (t) { t.setSelectionRange(t.value.length, t.value.length); });
    await page.keyboard.type("  - activate: [jackson\n");
    await samePending(page, "a broken hand edit");
    const broken = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    const line = broken.split("\n").length;
    const f = await findings(page);
    check(f.some(function (x) { return new RegExp("^(Newest entry: )?line " + line + ", error yaml-syntax: ").test(x); }) &&
        broken.startsWith(before), "a broken edit: " + JSON.stringify(f));
    const beside = await page.$eval("#rec-broken", function (e) { return e.hidden ? "" : e.textContent; });
    check(new RegExp("^Line " + line + ", column \\d+: .+\\. Nothing is lost").test(beside), "the message beside the log: " + beside);
    const kept = await page.evaluate(function () {  /* this tab's game's slot (web/keep.js) */
        return JSON.parse(localStorage.getItem("adjutant-game:" + window.adjutantKeep.current())).text;
    });
    check(kept === broken, "the broken text is kept as typed");
    await (await get(page, "Undo last entry", "button")).click();
    check(await page.evaluate(function () { return window.adjutant.recorder.text(); }) === before, "undo of the broken item");
    /* a reload restores the log exactly, in Record mode, and the entry
     * half made in the form (the draft: issue 40 item 15) */
    await setField(page, "Kind", "combobox", "activate");
    await setField(page, "Leader", "combobox", "jackson");
    await setField(page, "Roll", "combobox", "3");
    await setField(page, "MP", "spinbutton", "2");
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.evaluate(function () { return window.adjutant.ready; });
    check(await page.evaluate(function () { return window.adjutant.recorder.text(); }) === before, "a reload restores the text");
    check(await page.$eval("#record-mode", function (m) { return !m.hidden; }), "a reload stays in Record mode");
    await samePending(page, "after the reload");
    const draft = await page.evaluate(function () {
        return ["f-kind", "f-leader", "f-roll", "f-modifier", "f-mp"].map(function (i) { return document.getElementById(i).value; });
    });
    check(JSON.stringify(draft) === JSON.stringify(["activate", "jackson", "3", "", "2"]), "a reload keeps the half-made entry: " + JSON.stringify(draft));
    await setField(page, "Kind", "combobox", "turn");
    /* the download's bytes are the text shown (Chromium's DevTools protocol says where) */
    if (process.env.ADJ_BROWSER === "firefox") return before;
    const dir = fs.mkdtempSync(path.join(tmp, "dl."));
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: dir });
    await (await get(page, "Download log", "button")).click();
    const file = path.join(dir, "gaines-mill.yaml");
    for (let i = 0; i < 100 && !fs.existsSync(file); i++) await sleep(100);
    check(fs.existsSync(file) && fs.readFileSync(file).equals(Buffer.from(before, "utf8")),
        "Download log: " + fs.readdirSync(dir).join(","));
    return before;
}

/* Keyboard only: every control of Record mode is reached by Tab, and an
 * entry is made with keys alone. */
async function keyboard(page) {
    const visible = await page.$$eval("#record-mode button, #record-mode input, #record-mode select, #record-mode textarea, #record-mode summary",
        function (all) { return all.filter(function (e) {
            return e.getClientRects().length > 0 && !e.disabled && (e.tagName === "SUMMARY" || !e.closest("details:not([open])"));
        }).map(function (e) { return e.id || e.textContent; }); });
    await page.evaluate(function () { document.activeElement && document.activeElement.blur(); });
    const reached = new Set();
    for (let i = 0; i < visible.length * 2 + 20; i++) {
        await page.keyboard.press("Tab");
        reached.add(await page.evaluate(function () { const a = document.activeElement; return a ? (a.id || a.textContent) : ""; }));
    }
    for (const id of visible) check(reached.has(id), "Tab does not reach " + id);
    /* the Enter button, the roll, Add entry: keys only */
    const before = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    await page.$eval("#f-kind", function (k) { k.focus(); });
    for (let i = 0; i < 40; i++) {
        if (await page.evaluate(function () { return document.activeElement.id === "f-kind"; })) break;
        await page.keyboard.press("Tab");
    }
    await page.keyboard.press("End");   /* the last kind: end */
    await page.keyboard.press("Tab");   /* CSA */
    await page.keyboard.type("1");
    await page.keyboard.press("Tab");   /* USA */
    await page.keyboard.type("0");
    await page.keyboard.press("Enter");
    const after = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    check(after === before + "  - end:\n      CSA: 1\n      USA: 0\n", "an end entry from the keyboard: " + JSON.stringify(after.slice(before.length)));
    await samePending(page, "the keyboard's entry");
}

async function narrow(page, shots) {
    for (const w of [360, 1280]) {
        await page.setViewport({ width: w, height: 900 });
        await sleep(200);
        const wide = await page.evaluate(function () { return document.documentElement.scrollWidth; });
        check(wide <= w, "sideways scroll at " + w + " px: scrollWidth " + wide);
        if (shots) {
            await page.$eval(w === 360 ? "#rec-entry" : "body", function (e) { e.scrollIntoView(); });
            await page.screenshot({ path: path.join(shots, "recorder-" + w + ".png"), fullPage: w === 1280 });
        }
    }
}

/* Storage that refuses: the page says the log is not kept. */
async function noStorage(browser, start, hook) {
    const page = await browser.newPage();
    await hook(page);
    await page.evaluateOnNewDocument(function () {
        Storage.prototype.setItem = function () { const e = new Error("full"); e.name = "QuotaExceededError"; throw e; };
    });
    await page.goto(start, { waitUntil: "domcontentloaded" });
    await page.evaluate(function () { return window.adjutant.ready; });
    await page.evaluate(function () { return window.adjutant.recorder.load("format: adjutant/1\nevents: []\n"); });
    const said = await page.$eval("#rec-keep", function (e) { return e.hidden ? "" : e.textContent; });
    check(/not being kept/.test(said) && /Download log/.test(said), "storage that refuses: " + JSON.stringify(said));
    await page.close();
}

/* The time of one re-check of a 500-event log, in the page (printed). */
async function timing(page) {
    const gen = path.join(path.dirname(adjutantBin), "bench", "adjgen");
    const file = path.join(tmp, "t500.yaml");
    spawnSync(gen, ["--seed", "30", "--events", "500", "-o", file]);
    if (!fs.existsSync(file)) { console.log("recorder timing: no adjgen"); return; }
    const t = await page.evaluate(async function (text) {
        const r = window.adjutant.recorder;
        await r.load(text);
        const times = [];
        for (let i = 0; i < 15; i++) {
            const t0 = performance.now();
            await r.load(text + "# " + i + "\n");
            times.push(performance.now() - t0);
        }
        times.sort(function (a, b) { return a - b; });
        const engine = [];
        for (let i = 0; i < 15; i++) {
            const t0 = performance.now();
            await window.adjutant.run(["status", "--format", "json", "game.yaml"], { "game.yaml": text });
            engine.push(performance.now() - t0);
        }
        engine.sort(function (a, b) { return a - b; });
        return { median: times[7], max: times[14], min: times[0], engine: engine[7] };
    }, fs.readFileSync(file, "utf8"));
    const events = (fs.readFileSync(file, "utf8").match(/^\s*- /mg) || []).length;
    console.log("recorder: a re-check of a " + events + "-item log (load to shown): median " + t.median.toFixed(1) +
        " ms, min " + t.min.toFixed(1) + " ms, max " + t.max.toFixed(1) + " ms (15 runs); the engine's round trip alone " +
        t.engine.toFixed(1) + " ms (median); load average " + os.loadavg()[0].toFixed(1) + " on " + os.cpus().length + " cores");
}

/* A blank header the player fills in (Start asks twice before it replaces a
 * log with entries); a wrong claim at the end, corrected by fix; a log picked
 * to go on from. */
async function blankAndOpen(page) {
    await page.$eval("#rec-start", function (d) { d.open = true; });
    await page.$eval("#rec-ladder", function (i) { i.value = ""; });
    await page.evaluate(function () { window.adjutantRecorderParts.ladder(null); });
    await page.$eval("#rec-scenario-row", function (r) { r.hidden = true; });
    await page.$eval("#rec-blank", function (r) { r.hidden = false; });
    await setField(page, "Scenario name", "textbox", "Hill: #3 \"test\"");
    await setField(page, "Last turn", "spinbutton", "3");
    await setField(page, "Roster, one leader a line: id, side, name, initiative, VP (the last three optional)", "textbox", "a, CSA, Ann: A, 3, 2");
    await page.keyboard.press("Enter");
    await page.keyboard.type("b, USA");
    await setField(page, "CSA player", "combobox", "Zed");
    const before = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    await (await get(page, "Start", "button")).click();
    /* what becomes of the log with entries, as it is: it stays kept, under Kept games (issue 40 item 15) */
    const asked = await page.$eval("#rec-start-state", function (e) { return e.textContent; });
    check(asked === "The log below holds entries. Start begins a new log; this one stays kept in this browser, listed under " +
        "Kept games (Continue takes it up again). Press Start again to begin." &&
        await page.evaluate(function () { return window.adjutant.recorder.text(); }) === before, "Start asks before it begins a new log: " + asked);
    await (await get(page, "Start", "button")).click();
    await samePending(page, "a blank header");
    const started = await page.$eval("#rec-start-state", function (e) { return e.textContent; });
    check(started === "Started: the header is written; add the first entry (a turn). The log before it is kept, under Kept games.",
        "Start's words: " + started);
    const listed = await page.evaluate(function (b) {
        const what = window.adjutantKeep.describe(b);
        const kept = window.adjutantKeep.games().filter(function (g) { return g.text === b; }).length;
        const li = Array.from(document.querySelectorAll("#rec-kept li")).filter(function (l) { return l.textContent.indexOf(what) === 0; });
        return { kept: kept, shown: li.length, go: li.length ? !li[0].querySelector("button").disabled : false };
    }, before);
    check(listed.kept === 1 && listed.shown === 1 && listed.go, "the log before Start is listed under Kept games: " + JSON.stringify(listed));
    const text = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    const want = "format: adjutant/1\nscenario: \"Hill: #3 \\\"test\\\"\"\nfirst_turn: 1\nlast_turn: 3\noptional_rules: [illness]\n" +
        "sides: [CSA, USA]\nplayers:\n  CSA: Zed\nleaders:\n  - id: a\n    name: \"Ann: A\"\n    side: CSA\n    initiative: 3\n    vp: 2\n" +
        "  - id: b\n    side: USA\nevents: []\n";
    check(text === want, "the blank header: " + JSON.stringify(text));
    check(pyLoad(text).scenario === "Hill: #3 \"test\"", "the scenario's name reads back");
    expected.length = 0;
    await entry(page, "turn", [], { turn: 1 });
    await entry(page, "end", [["CSA", "spinbutton", "5"]], { end: { CSA: 5 } });
    const fixShown = await page.$(aria("Correct the claims (fix)", "button"));
    check(fixShown !== null, "a wrong claim at the end: fix is offered");
    if (fixShown) {
        await fixShown.click();
        await page.waitForFunction(function () { return /^fix corrected/.test(document.getElementById("rec-said").textContent); }, { timeout: 10000 });
        const fixed = await page.evaluate(function () { return window.adjutant.recorder.text(); });
        const want2 = native(["fix", "game.yaml"], text.replace("events: []\n", "events:\n  - turn: 1\n  - end:\n      CSA: 5\n"));
        check(fixed === want2.stdout, "fix's correction: " + JSON.stringify(fixed.slice(-60)) + " vs " + JSON.stringify(want2.stdout.slice(-60)));
        await samePending(page, "after fix");
    }
    /* go on from a log picked: Beaver Dam Creek, stopped mid-activation */
    const beaver = path.resolve(__dirname, "../../logs/beaver-dam-in-progress.yaml");
    await (await page.$("#rec-open")).uploadFile(beaver);
    await page.waitForFunction(function () { return /^Recording goes on/.test(document.getElementById("rec-start-state").textContent); }, { timeout: 10000 });
    const got = await samePending(page, "a log picked");
    check(got.text === fs.readFileSync(beaver, "utf8") && got.pending.length === 2, "the picked log is shown as it is, two obligations owed");
    /* from the keyboard: the Enter button, the roll typed, Tab to Add entry */
    await (await get(page, "Enter illness check for jackson", "button")).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.type("2");
    for (let i = 0; i < 30; i++) {
        if (await page.evaluate(function () { return document.activeElement.id === "f-add"; })) break;
        await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    const after = await samePending(page, "an entry after a picked log");
    check(after.text === fs.readFileSync(beaver, "utf8") + "  - illness: jackson\n    roll: 2\n" && after.pending.length === 1 &&
        after.pending[0].obligation === "sustain", "the entry goes after the picked log's last event: " + JSON.stringify(after.pending));
}

/* Issue 33 items 4, 7 and 20: a log picked to go on from. Its bytes are
 * checked (not UTF-8 and not UTF-16: refused with the CLI's reason; UTF-16:
 * recorded as UTF-8, said); a log that takes its scenario from a ladder:
 * without the ladder file the page says to pick it, and with it the log
 * reads as the CLI reads it beside the ladder. */
async function openChecks(page) {
    const opened = async function (file, said) {
        await page.$eval("#rec-start-state", function (e) { e.textContent = ""; });
        await page.$eval("#rec-open", function (i) { i.value = ""; });
        await (await page.$("#rec-open")).uploadFile(file);
        await page.waitForFunction(function () { return document.getElementById("rec-start-state").textContent !== ""; }, { timeout: 20000 });
        return page.$eval("#rec-start-state", function (e) { return e.textContent; });
    };
    await page.$eval("#rec-start", function (d) { d.open = true; });
    const before = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    const latin = path.join(tmp, "latin1.yaml");
    const text = fs.readFileSync(path.resolve(__dirname, "../../logs/beaver-dam-in-progress.yaml"), "utf8");
    fs.writeFileSync(latin, Buffer.from(text.replace("June 26 - the afternoon", "Juin 26 - l'apr\u00e8s-midi"), "latin1"));
    const cli = JSON.parse(native(["status", "--format", "json", "latin1.yaml"], fs.readFileSync(latin), "latin1.yaml").stdout);
    const d = cli.diagnostics.find(function (x) { return x.code === "yaml-syntax"; });
    let said = await opened(latin);
    check(d && said.startsWith("latin1.yaml cannot be recorded on: it is neither UTF-8 nor UTF-16, and adjutant rejects it (line " +
        d.line + ", column " + d.column + ": " + d.message + " [yaml-syntax]). Save it as UTF-8") &&
        await page.evaluate(function () { return window.adjutant.recorder.text(); }) === before,
        "a log that is not UTF-8 is refused with the CLI's reason, the log shown kept: " + said);
    const u16 = path.join(tmp, "utf16.yaml");
    const withAccent = text.replace("June 26 - the afternoon", "Juin 26 - l'apr\u00e8s-midi \u2014 \ud83d\ude00");
    fs.writeFileSync(u16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(withAccent, "utf16le")]));
    check(native(["status", "--format", "json", "utf16.yaml"], fs.readFileSync(u16), "utf16.yaml").status === 0, "the CLI reads the UTF-16 log");
    said = await opened(u16);
    const got = await samePending(page, "a UTF-16 log");
    check(got.text === withAccent && /^Recording goes on after the last event of utf16\.yaml\. It was written in UTF-16; .*as UTF-8\.$/.test(said),
        "a UTF-16 log is recorded as UTF-8, with a notice: " + said);
    /* a log that names a ladder's scenario, the ladder not picked */
    await page.evaluate(function () { window.adjutantRecorderParts.ladder(null); });
    const antietam = path.resolve(__dirname, "../../logs/ladder/r1-antietam.yaml");
    said = await opened(antietam);
    await samePending(page, "a ladder's log without its ladder");
    const broken = await page.$eval("#rec-broken", function (e) { return e.hidden ? "" : e.textContent; });
    check(/^The log names scenario \u201cAntietam\u201d and no ladder file lends it: pick the ladder file \(Ladder file, under Start a log\)/.test(broken) &&
        await page.$eval("#rec-start", function (e) { return e.open; }), "without its ladder file the page says to pick it: " + broken);
    /* the ladder picked: the log is checked again, as the CLI checks it beside the ladder */
    const ladderFile = path.resolve(__dirname, "../../logs/ladder/adjutant-ladder.yaml");
    await page.$eval("#rec-ladder", function (i) { i.value = ""; });
    await page.$eval("#rec-ladder-state", function (e) { e.textContent = ""; });
    await (await page.$("#rec-ladder")).uploadFile(ladderFile);
    await page.waitForFunction(function () { return /^Ladder/.test(document.getElementById("rec-ladder-state").textContent); }, { timeout: 10000 });
    const st = await page.evaluate(function () { return window.adjutant.recorder.status(); });
    const want = JSON.parse(native(["status", "--format", "json", "game.yaml"], fs.readFileSync(antietam), "game.yaml", fs.readFileSync(ladderFile)).stdout);
    check(st && JSON.stringify(st.diagnostics) === "[]" && JSON.stringify(st.diagnostics) === JSON.stringify(want.diagnostics) &&
        JSON.stringify(st.leaders) === JSON.stringify(want.leaders) && st.ladder === "adjutant-ladder.yaml",
        "a ladder's log with the ladder picked reads as the CLI reads it: " + JSON.stringify(st && st.diagnostics));
    check(await page.$eval("#rec-broken", function (e) { return e.hidden; }), "no message beside the log once the ladder is picked");
    await (await get(page, "Add entry", "button")).evaluate(function (b) { b.scrollIntoView(); });
    /* a reload keeps the ladder with the log */
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.evaluate(function () { return window.adjutant.ready; });
    const again = await page.evaluate(function () { return window.adjutant.recorder.status(); });
    check(again && JSON.stringify(again.diagnostics) === "[]", "after a reload the ladder still lends the scenario: " + JSON.stringify(again && again.diagnostics));
    await page.evaluate(function () { window.adjutantRecorderParts.ladder(null); });
}

/* Issue 33 item 19: every optional control starts at "not given" for each
 * new entry and when the kind changes: an award made after an entry with a
 * leader claims no leader. */
async function optionalControls(page) {
    const start = "format: adjutant/1\nfirst_turn: 1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA}\n" +
        "  - {id: porter, side: USA}\nevents:\n  - turn: 1\n";
    await page.evaluate(function (t) { return window.adjutant.recorder.load(t); }, start);
    await setField(page, "Kind", "combobox", "vp");
    await setField(page, "Side", "combobox", "CSA");
    await setField(page, "Points", "spinbutton", "1");
    await setField(page, "Leader", "combobox", "porter");
    await setField(page, "Reason", "textbox", "porter falls");
    await (await get(page, "Add entry", "button")).click();
    await samePending(page, "an award with a leader");
    /* the next award: no leader, no reason, unless given again */
    await setField(page, "Side", "combobox", "USA");
    await setField(page, "Points", "spinbutton", "2");
    await (await get(page, "Add entry", "button")).click();
    let got = await samePending(page, "an award after one with a leader");
    let y = pyLoad(got.text);
    check(JSON.stringify(y.events.slice(1)) === JSON.stringify([{ vp: "CSA", points: 1, leader: "porter", reason: "porter falls" }, { vp: "USA", points: 2 }]),
        "a new award starts with Leader not given: " + JSON.stringify(y.events));
    /* a kind changed: what the last kind's fields held is not carried over */
    await setField(page, "Kind", "combobox", "activate");
    await setField(page, "Leader", "combobox", "lee");
    await setField(page, "Modifier", "spinbutton", "2");
    await setField(page, "MP", "spinbutton", "3");
    await setField(page, "Note", "textbox", "an aside");
    await setField(page, "Kind", "combobox", "vp");
    const shown = await page.$$eval("#f-leader, #f-note, #f-reason", function (all) { return all.map(function (e) { return e.value; }); });
    check(JSON.stringify(shown) === JSON.stringify(["", "", ""]), "Leader, Note and Reason start at not given when the kind changes to vp: " + JSON.stringify(shown));
    await setField(page, "Side", "combobox", "CSA");
    await setField(page, "Points", "spinbutton", "1");
    await setField(page, "Kind", "combobox", "activate");
    await setField(page, "Leader", "combobox", "lee");
    await setField(page, "Roll", "combobox", "3");
    await (await get(page, "Add entry", "button")).click();
    got = await samePending(page, "an activation after a change of kind");
    y = pyLoad(got.text);
    check(JSON.stringify(y.events[y.events.length - 1]) === JSON.stringify({ activate: "lee", roll: 3 }),
        "an activation after a change of kind claims no modifier, MP or note: " + JSON.stringify(y.events[y.events.length - 1]));
}

/* Issue 34: the Record form is the catalogue's. For each kind of
 * `adjutant --list-catalogue`, the controls the form shows (label, control,
 * choices, bounds, "choose" or "not given") are the kind's subject and
 * fields, each as its type makes it: a kind or a field added to the C table
 * that the page does not show fails here. */
async function formIsCatalogue(page) {
    const cat = JSON.parse(spawnSync(adjutantBin, ["--list-catalogue"]).stdout.toString());
    const st = await page.evaluate(function () { return window.adjutant.recorder.status(); });
    const ids = st.leaders.map(function (l) { return l.id; }), sides = Object.keys(st.vp);
    const subject = { leader: { label: "Leader", type: "leader", required: true }, side: { label: "Side", type: "side", required: true },
        turn: { label: "Turn", type: "int", required: true, min: null, max: null }, claim: { type: "claim" } };
    const want = function (f) {
        const first = f.required ? "choose" : "not given";
        switch (f.type) {
        case "claim": return "claim " + sides.join(",");
        case "die": { const v = []; for (let i = f.min; i <= f.max; i++) v.push(i); return "select " + f.label + " [" + first + "] " + v.join(","); }
        case "enum": return "select " + f.label + " [" + first + "] " + f.values.join(",");
        case "bool": return "select " + f.label + " [" + first + "] true,false";
        case "leader": return "select " + f.label + " [" + first + "] " + ids.join(",");
        case "side": return "select " + f.label + " [" + first + "] " + sides.join(",");
        case "int": return "number " + f.label + " " + (f.min === null ? "" : f.min) + ".." + (f.max === null ? "" : f.max);
        default: return "text " + f.label;
        }
    };
    const kinds = await page.$eval("#f-kind", function (s) { return Array.from(s.options).map(function (o) { return o.value; }); });
    check(JSON.stringify(kinds) === JSON.stringify(cat.kinds.map(function (k) { return k.name; })),
        "the form's kinds are the catalogue's: " + JSON.stringify(kinds));
    const said = await page.$eval("#f-kind", function (s) { return Array.from(s.options).map(function (o) { return o.textContent; }); });
    const words = cat.kinds.map(function (k) { return k.words ? k.name + ": " + k.words : k.name; });
    check(JSON.stringify(said) === JSON.stringify(words), "the form's kinds say the catalogue's words: " + JSON.stringify(said));
    for (const k of cat.kinds) {
        await setField(page, "Kind", "combobox", k.name);
        const shown = await page.$$eval("#rec-entry .form > .field:not([hidden])", function (all) {
            return all.filter(function (p) { return !p.querySelector("#f-kind"); }).map(function (p) {
                if (p.id === "f-ends") return "claim " + Array.from(p.querySelectorAll("input")).map(function (i) { return i.dataset.side; }).join(",");
                const c = p.querySelector("select, input"), label = c.labels[0].textContent;
                if (c.tagName === "SELECT") return "select " + label + " [" + c.options[0].textContent + "] " +
                    Array.from(c.options).slice(1).map(function (o) { return o.value; }).join(",");
                return c.type === "number" ? "number " + label + " " + c.min + ".." + c.max : c.type + " " + label;
            });
        });
        const expect = [want(subject[k.subject])].concat(k.fields.map(want));
        check(JSON.stringify(shown.slice().sort()) === JSON.stringify(expect.slice().sort()),
            "the form for " + k.name + " is the catalogue's:\n  shown " + JSON.stringify(shown) + "\n  catalogue " + JSON.stringify(expect));
    }
}

/* Issue 34: the statuses in play and the fixable codes are the
 * catalogue's: a leader's counter is Active for a status of
 * statuses_in_play (a reserve leader's is not); fix is offered for a log
 * whose findings include a fixable code, not for one whose findings do not. */
async function catalogueReads(page) {
    const cat = JSON.parse(spawnSync(adjutantBin, ["--list-catalogue"]).stdout.toString());
    const head = "format: adjutant/1\nfirst_turn: 1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA}\n" +
        "  - {id: porter, side: USA, reserve: true}\nevents:\n  - turn: 1\n";
    for (const [tail, what] of [["  - end: {CSA: x, USA: 0}\n", "an ill-typed claim"], ["  - move: lee\n", "a move without activation"]]) {
        await page.evaluate(function (t) { return window.adjutant.recorder.load(t); }, head + tail);
        const st = JSON.parse(native(["status", "--format", "json", "game.yaml"], head + tail).stdout);
        const fixable = st.diagnostics.some(function (d) { return cat.codes.some(function (c) { return c.code === d.code && c.fixable; }); });
        const offered = await page.$eval("#rec-fix", function (b) { return !b.hidden; });
        check(offered === fixable && (what !== "an ill-typed claim" || fixable), what + ": fix offered " + offered + ", a fixable code " + fixable);
        const rows = await page.$$eval("#rec-leaders tbody tr", function (r) { return r.map(function (x) { return x.lastChild.textContent; }); });
        const want = st.leaders.map(function (l) { return l.inactive ? "Inactive" : cat.statuses_in_play.indexOf(l.status) >= 0 ? "Active" : "\u2014"; });
        check(JSON.stringify(rows) === JSON.stringify(want) && rows[1] === "\u2014", what + ": the counters " + JSON.stringify(rows) + " vs " + JSON.stringify(want));
    }
}

/* Issue 33 item 24: the Record form on a phone: every select, input and
 * button at least 44 px tall, the 8.13 checkbox's hit area 24 x 24 px; an
 * undo's message names the entry removed. */
async function phone(page) {
    await page.setViewport({ width: 360, height: 800 });
    await page.$eval("#rec-start", function (d) { d.open = true; });
    await page.$eval("#rec-blank", function (r) { r.hidden = false; });
    await sleep(100);
    /* every control of the mode, the start's fold, its summary, the kept
     * games' buttons and the 8.13 checkbox's label (issue 40 item 14) */
    for (const kind of ["activate", "move", "vp", "state", "end", "sustain"]) {
        await setField(page, "Kind", "combobox", kind);
        const small = await smallControls(page, "#record-mode");
        check(small.length === 0, "at 360 px, " + kind + ": controls under 44 px: " + JSON.stringify(small));
    }
    const box = await page.$eval("#rec-illness", function (e) {
        const l = e.closest("label"), r = l ? l.getBoundingClientRect() : { width: 0, height: 0 };
        return { inLabel: !!l, w: r.width, h: r.height };
    });
    check(box.inLabel && box.w >= 44 && box.h >= 44, "the 8.13 checkbox's label, which takes the tap: " + JSON.stringify(box));
    await (await get(page, "Rule 8.13 (Leaders and Illness) in force", "checkbox")).click();
    check(await page.$eval("#rec-illness", function (e) { return !e.checked; }), "a tap on the checkbox's label turns it");
    await page.$eval("#rec-illness", function (e) { e.checked = true; });
    /* an undo says which entry went */
    const before = await page.evaluate(function () { return window.adjutant.recorder.text(); });
    const first = before.split("\n").lastIndexOf("  - activate: lee") + 1;  /* optionalControls' last entry */
    await (await get(page, "Undo last entry", "button")).click();
    await samePending(page, "an undo on a phone");
    const said = await page.$eval("#rec-said", function (e) { return e.textContent; });
    check(first > 0 && said === "Undone: the last entry (line " + first + ", activate: lee, roll: 3) is removed.", "the undo's message names the entry: " + said);
    await page.setViewport({ width: 1280, height: 900 });
}

/* Issue 33 item 9: a 20 MB log pasted in: no main-thread task longer than
 * 500 ms for a keystroke, an entry or an undo once it is shown (long tasks
 * as a PerformanceObserver sees them). */
async function longLog(page) {
    const gen = path.join(path.dirname(adjutantBin), "bench", "adjgen");
    const file = path.join(tmp, "long.yaml");
    spawnSync(gen, ["--seed", "33", "--events", "420000", "-o", file]);
    const text = fs.readFileSync(file, "utf8").replace(/  - end: .*\n$/, "");
    check(text.length > 20e6, "a log of 20 MB: " + text.length);
    /* the controls found first: a query by accessible name builds the page's
     * accessibility tree on its thread (the test's cost, not the page's) */
    const kind = await get(page, "Kind", "combobox"), add = await get(page, "Add entry", "button");
    const undo = await get(page, "Undo last entry", "button");
    await kind.select("turn");
    const turn = await get(page, "Turn", "spinbutton");
    await page.evaluate(function () {
        window.longTasks = [];
        new PerformanceObserver(function (l) { for (const e of l.getEntries()) window.longTasks.push(e.duration); }).observe({ type: "longtask" });
    });
    /* pasted, as a player would (the clipboard's text) */
    await page.$eval("#rec-log", function (t) { t.focus(); t.setSelectionRange(0, t.value.length); });
    const t0 = Date.now();
    await page.evaluate(function (t) {
        window.pasted = t;  /* compared in the page: 20 MB through the test's channel would be the test's long task */
        const dt = new DataTransfer();
        dt.setData("text/plain", t);
        document.getElementById("rec-log").dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    }, text);
    const shown = await page.evaluate(async function () {
        await window.adjutant.recorder.pending();
        return { len: window.adjutant.recorder.text().length, box: document.getElementById("rec-log").value.length,
                 said: document.getElementById("rec-window").textContent };
    });
    const pasteMs = Date.now() - t0;
    if (shown.len !== text.length)  /* the paste did not take: the log loaded, so the rest is measured all the same */
        await page.evaluate(function () { return window.adjutant.recorder.load(window.pasted); });
    check(shown.len === text.length && shown.box < 300000 && /^This log is long \(2\d\.\d MB\): the box shows its last \d+ KB, from a line's start; the rest is kept as it is, and Download log saves the whole log\.$/.test(shown.said),
        "a 20 MB paste is the log, the box shows its end: " + JSON.stringify(shown));
    await sleep(300);
    await page.evaluate(function () { window.longTasks = []; });
    /* a keystroke at the end of the text */
    await page.$eval("#rec-log", function (t) { t.focus(); t.setSelectionRange(t.value.length, t.value.length); });
    await page.keyboard.type("#");
    const typed = await page.evaluate(async function () {
        await window.adjutant.recorder.pending();
        return window.adjutant.recorder.text() === window.pasted + "#";
    });
    check(typed, "a keystroke goes at the end of the whole log");
    /* an entry, then an undo */
    await page.$eval("#rec-log", function (t) { t.value = t.value.slice(0, -1); t.dispatchEvent(new Event("input")); });
    await turn.evaluate(function (e) { e.value = ""; });
    await turn.type("99");
    await add.click();
    const added = await page.evaluate(async function () {
        await window.adjutant.recorder.pending();
        const t = window.adjutant.recorder.text();
        return t === window.pasted + "  - turn: 99\n" ? "" : t.slice(-40);
    });
    check(added === "", "an entry at the end of the 20 MB log: " + JSON.stringify(added));
    await undo.click();
    const undone = await page.evaluate(async function () { await window.adjutant.recorder.pending(); return window.adjutant.recorder.text() === window.pasted; });
    check(undone, "the undo gives the 20 MB log back");
    await sleep(300);
    const tasks = await page.evaluate(function () { return window.longTasks; });
    const worst = Math.max.apply(null, [0].concat(tasks));
    check(worst <= 500, "a main-thread task of " + worst.toFixed(0) + " ms for a keystroke, an entry or an undo (long tasks " +
        JSON.stringify(tasks.map(function (x) { return Math.round(x); })) + ")");
    console.log("recorder: a 20 MB log: pasted and checked in " + pasteMs + " ms; the longest main-thread task for a keystroke, " +
        "an entry and an undo " + worst.toFixed(0) + " ms (" + tasks.length + " over 50 ms)");
    await page.evaluate(function () { window.pasted = null; return window.adjutant.recorder.load(""); });
}

/* Issue 30's look at the Check mode: the report takes its own height; the
 * rulings are chosen from the engine's table; the leaders from the log's
 * roster; Dice takes several files. */
async function checkMode(page) {
    await (await get(page, "Check a log", "button")).click();
    const game = path.join(tmp, "gaines.yaml");
    fs.copyFileSync(path.resolve(__dirname, "../../logs/gaines-mill-disputed.yaml"), game);
    await page.$eval("#report", function (f) { f.removeAttribute("srcdoc"); });
    await (await page.$("#pick")).uploadFile(game);
    await page.waitForFunction(function () {
        const f = document.getElementById("report");
        return f.getAttribute("srcdoc") && f.contentDocument && f.contentDocument.readyState === "complete" && f.style.height;
    }, { timeout: 30000 });
    const fit = await page.$eval("#report", function (f) {
        return { height: f.clientHeight, content: f.contentDocument.documentElement.scrollHeight };
    });
    check(fit.height >= fit.content && fit.content > 715, "the report's frame takes its own height: " + JSON.stringify(fit));
    const said = await page.$eval("#state", function (e) { return e.textContent; });
    check(said === "Checked gaines.yaml: errors found; the report below lists them.", "the result in words: " + said);
    /* the rulings: one chooser per name of the engine's table, the default marked */
    const help = spawnSync(adjutantBin, ["--help"]).stdout.toString();
    const names = help.slice(help.indexOf("\nrulings")).split("\n").filter(function (l) { return /^  [a-z]/.test(l); }).map(function (l) { return l.trim(); });
    const choosers = await page.$$eval("#ruling-list select", function (all) {
        return all.map(function (s) { return { id: s.id, value: s.value, first: s.options[0].textContent, n: s.options.length }; });
    });
    check(names.length === 5 && JSON.stringify(choosers.map(function (c) { return c.id; })) === JSON.stringify(names.map(function (n) { return "ruling-" + n; })) &&
        choosers.every(function (c) { return / \(default\)$/.test(c.first) && c.n >= 2; }), "the rulings choosers: " + JSON.stringify(choosers));
    await setField(page, "repeat-illness", "combobox", "as-wound");
    const pane = async function (button) {
        await page.$eval("#output", function (o) { o.textContent = ""; });
        await (await get(page, button, "button")).click();
        await page.waitForFunction(function () { return document.getElementById("output").textContent !== ""; }, { timeout: 20000 });
        return page.$eval("#output", function (o) { return o.textContent; });
    };
    const cmp = native(["compare", "gaines.yaml", "--ruling", "repeat-illness=as-wound"], fs.readFileSync(game), "gaines.yaml");
    check(await pane("Compare") === cmp.stdout + cmp.stderr, "Compare under the ruling chosen");
    /* the leaders: the log's roster */
    const ids = JSON.parse(native(["status", "--format", "json", "gaines.yaml"], fs.readFileSync(game), "gaines.yaml").stdout).leaders.map(function (l) { return l.id; });
    const opts = await page.$$eval("#leader option", function (o) { return o.map(function (x) { return x.value; }); });
    check(JSON.stringify(opts) === JSON.stringify(ids), "Leaders is the roster: " + JSON.stringify(opts));
    await page.select("#leader", "morell", "lee");
    const ex = native(["explain", "gaines.yaml", "lee", "morell"], fs.readFileSync(game), "gaines.yaml");
    check(await pane("Explain") === ex.stdout + ex.stderr, "Explain of the leaders chosen");
    /* Dice over two files */
    const second = path.join(tmp, "seven.yaml");
    fs.copyFileSync(path.resolve(__dirname, "../../logs/seven-days-1862.yaml"), second);
    await (await page.$("#dice-files")).uploadFile(game, second);
    await page.waitForFunction(function () { return /^Dice reads 2 logs/.test(document.getElementById("dice-state").textContent); }, { timeout: 10000 });
    const d = spawnSync(adjutantBin, ["dice", "gaines.yaml", "seven.yaml"], { cwd: tmp });
    check(await pane("Dice") === d.stdout.toString() + d.stderr.toString(), "Dice over the two files picked");
    check(await page.$eval("#dice-folder-row", function (r) { return !r.hidden; }), "a folder can be picked in chromium");
    /* a ladder picked beside the log: its rulings are the ones in force */
    await (await page.$("#ladder")).uploadFile(ladderPath());
    await page.waitForFunction(function () { return /given to every command/.test(document.getElementById("ladder-state").textContent); }, { timeout: 10000 });
    const rec = await page.$eval("#ruling-recovery", function (s) { return { value: s.value, text: s.selectedOptions[0].textContent }; });
    check(rec.value === "full-turns" && rec.text === "full-turns (ladder)", "the ladder's ruling is marked and in force: " + JSON.stringify(rec));
    await (await get(page, "Compare", "button")).click();
    const nothing = await page.$eval("#state", function (e) { return e.textContent; });
    check(/^Choose, for at least one ruling, a reading other than the one in force/.test(nothing), "Compare with nothing chosen: " + nothing);
}

/* Issue 33 items 20 and 25 in the Check mode: the verdict says the
 * warnings; the ladder picker stands before the Audit button; a log that
 * names a scenario no ladder file lends gets the words to pick it, and
 * picking it checks the log again. */
async function checkLadder(page) {
    await page.reload({ waitUntil: "domcontentloaded" });  /* no ladder picked */
    await page.evaluate(function () { return window.adjutant.ready; });
    await (await get(page, "Check a log", "button")).click();
    check(await page.evaluate(function () {
        return !!(document.getElementById("ladder").compareDocumentPosition(document.getElementById("audit")) & Node.DOCUMENT_POSITION_FOLLOWING);
    }), "the ladder picker stands before the Audit button");
    const verdict = async function (file) {
        await page.$eval("#state", function (e) { e.textContent = ""; });
        await page.$eval("#pick", function (i) { i.value = ""; });
        await (await page.$("#pick")).uploadFile(file);
        await page.waitForFunction(function () { return /^Checked /.test(document.getElementById("state").textContent); }, { timeout: 20000 });
        return page.$eval("#state", function (e) { return e.textContent; });
    };
    const warn = path.join(tmp, "warn.yaml");
    fs.writeFileSync(warn, "format: adjutant/1\nfirst_turn: 1\nlast_turn: 3\nsides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA}\n" +
        "  - {id: porter, side: USA}\nevents:\n  - turn: 1\n");
    const cli = native(["audit", "warn.yaml"], fs.readFileSync(warn), "warn.yaml");
    check(cli.status === 0 && /: clean, 1 warning\.$/m.test(cli.stdout), "the CLI: clean, 1 warning: " + cli.stdout.slice(-60));
    let said = await verdict(warn);
    check(said === "Checked warn.yaml: no errors found, but 1 warning; the report below lists it.", "a verdict with a warning: " + said);
    const antietam = path.join(tmp, "r1-antietam.yaml");
    fs.copyFileSync(path.resolve(__dirname, "../../logs/ladder/r1-antietam.yaml"), antietam);
    said = await verdict(antietam);
    check(said === "Checked r1-antietam.yaml: errors found; the report below lists them. The log names scenario \u201cAntietam\u201d and " +
        "no ladder file lends it: pick the ladder file (Ladder file, above the Audit button), and the log is checked again.",
        "a log whose scenario no ladder lends: " + said);
    await page.$eval("#state", function (e) { e.textContent = ""; });
    await (await page.$("#ladder")).uploadFile(path.resolve(__dirname, "../../logs/ladder/adjutant-ladder.yaml"));
    await page.waitForFunction(function () { return /^Checked /.test(document.getElementById("state").textContent); }, { timeout: 20000 });
    said = await page.$eval("#state", function (e) { return e.textContent; });
    check(said === "Checked r1-antietam.yaml: no errors found.", "the ladder picked checks the log again: " + said);
}

(async function main() {
    scalars();
    const where = await target(site);
    const browser = await launch();
    const hook = function (page) { return guard(page, where, fail); };
    try {
        const page = await browser.newPage();
        await hook(page);
        await page.setViewport({ width: 1280, height: 900 });
        await page.goto(where.url, { waitUntil: "domcontentloaded" });
        await page.evaluate(function () { localStorage.clear(); });
        await page.reload({ waitUntil: "domcontentloaded" });
        await page.evaluate(function () { return window.adjutant.ready; });
        await edits(page);
        await ladderStart(page);
        const text = await game(page);
        await narrow(page, null);   /* the game ended */
        await page.setViewport({ width: 1280, height: 900 });
        await undoReloadDownload(page, text);
        await keyboard(page);
        await blankAndOpen(page);
        await openChecks(page);
        await optionalControls(page);
        await formIsCatalogue(page);
        await catalogueReads(page);
        await optionalControls(page);  /* again: phone() undoes its last entry */
        await phone(page);
        await noStorage(browser, where.url, hook);
        await timing(page);
        await longLog(page);
        await checkMode(page);
        await checkLadder(page);
    } catch (e) {
        fail(e.stack || String(e));
    } finally {
        await browser.close();
        where.close();
        fs.rmSync(tmp, { recursive: true });
    }
    console.log(`web recorder: ${checks} checks, ${failures} failed`);
    process.exit(failures ? 1 : 0);
})().catch(function (e) { console.error(e); process.exit(1); });
