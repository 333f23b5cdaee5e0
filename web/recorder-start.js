/* SPDX-License-Identifier: MIT */
/*
 * recorder-start.js - Record mode's start (SPEC §10.1 "Start"): a log's
 * header written from a ladder scenario (the ladder read by `adjutant
 * ladder --format json`, §13), or from a blank header the player fills in.
 * The header holds what the log needs to replay alone: the scenario's
 * keys, the players and the ladder's rulings. The ladder file picked is
 * also given to the engine beside the log (recorder.js), so a log that
 * takes its scenario from it reads, and its players are checked.
 */
(function () {
    "use strict";
    const $ = function (id) { return document.getElementById(id); };
    const T = window.adjutantLogText;
    const P = window.adjutantRecorderParts;
    const LADDER = "adjutant-ladder.yaml";
    let scenarios = [];    /* [{name, ...}] of the ladder picked */

    /* The ladder's scenarios as a list, from either a list or a mapping. */
    function scenarioList(j) {
        const s = j && j.scenarios;
        if (Array.isArray(s)) return s.filter(function (x) { return x && typeof x.name === "string"; });
        if (s && typeof s === "object")
            return Object.keys(s).map(function (k) { return Object.assign({ name: k }, s[k]); });
        return [];
    }

    /* FILE: {name, bytes}; BEFORE: it was picked before a reload. */
    function readLadder(file, before) {
        const files = {};
        files[LADDER] = file.bytes;
        return window.adjutant.run(["ladder", "--format", "json", LADDER], files).then(function (res) {
            let j = null;
            if (res.status === 0) {
                try { j = JSON.parse(res.stdout); } catch (e) {
                    try { j = JSON.parse(res.stdout.split("\n")[0]); } catch (e2) { j = null; }
                }
            }
            if (!j) {
                P.ladder(null);
                P.ladderFile(null);
                scenarios = [];
                $("rec-ladder-state").textContent = "This ladder file could not be used (adjutant ladder exits " + res.status +
                    "): " + (res.stderr.trim().split("\n").slice(0, 3).join(" ") || "no answer") +
                    ". Fill in the header below instead.";
                $("rec-scenario-row").hidden = true;
                $("rec-blank").hidden = false;
                players();
                return;
            }
            P.ladder(j);
            P.ladderFile(file);
            scenarios = scenarioList(j);
            P.options($("rec-scenario"), scenarios.map(function (s) { return s.name; }));
            const names = $("rec-player-names");
            names.replaceChildren();
            for (const p of j.players || []) { const o = document.createElement("option"); o.value = p.name; names.appendChild(o); }
            $("rec-ladder-state").textContent = "Ladder " + (j.name ? "\u201c" + j.name + "\u201d" : file.name) + ": " +
                scenarios.length + " scenario" + (scenarios.length === 1 ? "" : "s") + ", " + (j.players || []).length + " players" +
                (j.rulings && Object.keys(j.rulings).length ? ", rulings " + Object.keys(j.rulings).map(function (k) {
                    return k + "=" + j.rulings[k]; }).join(", ") : "") + "." +
                (before ? " (Picked before; it is given to the engine with the log.)" : "");
            $("rec-scenario-row").hidden = scenarios.length === 0;
            $("rec-blank").hidden = scenarios.length > 0;
            players();
        });
    }

    function chosen() {
        if (!P.ladder() || $("rec-scenario-row").hidden) return null;
        return scenarios.find(function (s) { return s.name === $("rec-scenario").value; }) || null;
    }

    function sidesNow() {
        const s = chosen();
        if (s) return Array.isArray(s.sides) ? s.sides : [];
        return [$("rec-side1").value.trim(), $("rec-side2").value.trim()].filter(Boolean);
    }

    /* One "SIDE player" field per side. */
    function players() {
        const box = $("rec-players");
        const sides = sidesNow();
        const before = {};
        for (const i of box.querySelectorAll("input")) before[i.dataset.side] = i.value;
        box.replaceChildren();
        sides.forEach(function (side, n) {
            const p = P.el("p", "", "field");
            const label = P.el("label", side + " player");
            label.htmlFor = "rec-player-" + n;
            const input = P.el("input");
            input.type = "text"; input.id = "rec-player-" + n; input.dataset.side = side;
            input.setAttribute("list", "rec-player-names");
            input.value = before[side] || "";
            p.append(label, " ", input);
            box.appendChild(p);
        });
    }

    const S = T.scalar;
    function flowList(xs) { return "[" + xs.map(S).join(", ") + "]"; }

    function leaderLines(l) {
        const out = [];
        const keys = ["id", "name", "side", "initiative", "vp", "wound", "reserve"];
        for (const k of keys.concat(Object.keys(l).filter(function (k) { return keys.indexOf(k) < 0; }))) {
            if (!(k in l)) continue;
            const v = l[k];
            const text = typeof v === "number" ? String(v) : typeof v === "boolean" ? String(v) : S(v);
            out.push((out.length ? "    " : "  - ") + S(k) + ": " + text);
        }
        return out;
    }

    /* The header's text for scenario SC (ladder's or blank), players, rulings. */
    function header(sc, named, rulings, ladderName) {
        const lines = [];
        if (ladderName) lines.push("# Recorded with adjutant from the ladder \u201c" + ladderName.replace(/[\r\n]/g, " ") + "\u201d.");
        lines.push("format: adjutant/1");
        if (sc.name) lines.push("scenario: " + S(sc.name));
        if (sc.first_turn !== undefined) lines.push("first_turn: " + sc.first_turn);
        if (sc.last_turn !== undefined) lines.push("last_turn: " + sc.last_turn);
        if (Array.isArray(sc.optional_rules)) lines.push("optional_rules: " + flowList(sc.optional_rules));
        if (Array.isArray(sc.sides)) lines.push("sides: " + flowList(sc.sides));
        const who = Object.keys(named).filter(function (k) { return named[k] !== ""; });
        if (who.length) {
            lines.push("players:");
            for (const k of who) lines.push("  " + S(k) + ": " + S(named[k]));
        }
        if (rulings && Object.keys(rulings).length) {
            lines.push("rulings:");
            for (const k of Object.keys(rulings)) lines.push("  " + S(k) + ": " + S(rulings[k]));
        }
        if (Array.isArray(sc.leaders)) {
            lines.push("leaders:");
            for (const l of sc.leaders) lines.push.apply(lines, leaderLines(l));
        }
        if (sc.imc && typeof sc.imc === "object") {
            lines.push("imc:");
            for (const k of Object.keys(sc.imc)) lines.push("  " + k + ": [" + sc.imc[k].join(", ") + "]");
        }
        lines.push("events: []");
        return lines.join("\n") + "\n";
    }

    /* The blank header's scenario, from the fields; throws when one is wrong. */
    function blank() {
        const sides = sidesNow();
        if (sides.length !== 2 || sides[0] === sides[1]) throw new Error("Give two different sides.");
        const first = $("rec-first").value.trim(), lastTurn = $("rec-last").value.trim();
        if (!/^-?[0-9]+$/.test(first) || !/^-?[0-9]+$/.test(lastTurn)) throw new Error("Give the first and last turns as whole numbers.");
        const leaders = [];
        $("rec-roster").value.split("\n").forEach(function (line, i) {
            if (line.trim() === "") return;
            const f = line.split(",").map(function (x) { return x.trim(); });
            if (!/^[A-Za-z0-9_.-]+$/.test(f[0]) || sides.indexOf(f[1]) < 0)
                throw new Error("Roster line " + (i + 1) + ": give an id (letters, digits, _ . -) and one of the sides, separated by a comma.");
            const l = { id: f[0] };
            if (f[2]) l.name = f[2];
            l.side = f[1];
            for (const [k, n] of [["initiative", 3], ["vp", 4]]) {
                if (!f[n]) continue;
                if (!/^[0-9]+$/.test(f[n])) throw new Error("Roster line " + (i + 1) + ": the " + k + " must be a whole number.");
                l[k] = Number(f[n]);
            }
            leaders.push(l);
        });
        if (!leaders.length) throw new Error("Give the roster: one leader a line.");
        const sc = { first_turn: Number(first), last_turn: Number(lastTurn), sides: sides, leaders: leaders };
        if ($("rec-name").value.trim()) sc.name = $("rec-name").value.trim();
        if ($("rec-illness").checked) sc.optional_rules = ["illness"];
        return sc;
    }

    /* Through the form's queue of edits, so a replay asked for meanwhile
     * waits for the header. */
    function start() {
        return P.edit(startNow);
    }

    /* R: the replay of the log as it is (has it entries?). */
    function startNow(r) {
        const say = function (t) { $("rec-start-state").textContent = t; };
        let text;
        try {
            const sc = chosen() || blank();
            const named = {};
            for (const i of $("rec-players").querySelectorAll("input")) named[i.dataset.side] = i.value.trim();
            const l = chosen() ? P.ladder() : null;
            text = header(sc, named, l ? l.rulings : null, l ? l.name : null);
        } catch (e) { say(e.message); return; }
        /* what becomes of the log now, said as it is: kept (under Kept games), or not kept at all */
        const entries = r.marks ? r.marks.count > 0 : P.text() !== "", kept = P.kept();
        if (entries && !P.armed()) {
            P.armed(true);
            say(kept ? "The log below holds entries. Start begins a new log; this one stays kept in this browser, " +
                "listed under Kept games (Continue takes it up again). Press Start again to begin."
                : "The log below holds entries and is not kept in this browser (see above): Start replaces it. " +
                "Download it first if you want it, then press Start again.");
            return;
        }
        P.armed(false);
        P.setText(text);
        say("Started: the header is written; add the first entry (a turn)." +
            (entries && kept ? " The log before it is kept, under Kept games." : ""));
        $("rec-start").open = false;
        $("f-kind").value = "turn";
        $("f-kind").dispatchEvent(new Event("change"));
        $("f-kind").focus();
    }

    $("rec-ladder").addEventListener("change", function () {
        const f = $("rec-ladder").files[0];
        if (f) f.arrayBuffer().then(function (b) { readLadder({ name: f.name, bytes: new Uint8Array(b) }); });
    });
    $("rec-scenario").addEventListener("change", players);
    $("rec-side1").addEventListener("input", players);
    $("rec-side2").addEventListener("input", players);
    $("rec-start-btn").addEventListener("click", start);
    players();
    const before = P.storedLadder();
    if (before) window.adjutant.ready.then(function () { readLadder(before, true); });
    window.adjutantRecorderStart = { header: header, scenarioList: scenarioList };
})();
