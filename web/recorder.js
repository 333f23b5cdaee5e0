/*
 * recorder.js - the page's Record mode (SPEC §10.1): a log kept while the
 * game is played. The form appends one event (web/logtext.js writes it);
 * after every change the engine replays the log as `status --format json`
 * and the page shows the turn, the open activation, what is owed now, the
 * findings and each leader's state. The log is kept in localStorage on
 * every change. window.adjutant.recorder: text(), load(text), pending().
 */
(function () {
    "use strict";
    const $ = function (id) { return document.getElementById(id); };
    const T = window.adjutantLogText;
    const K = window.adjutantKeep;  /* keep.js: each game in its own slot */
    const MODE = "adjutant-mode";
    const NAME = "game.yaml";
    let roster = [];       /* [{id, side}] of the last replay that read a roster */
    let sides = [];
    let last = null;       /* {text, json}: the last replay shown */
    let running = false, again = false;
    let waiters = [];      /* [{text, ok}]: pending() calls waiting for a replay of text */
    let ladder = null;     /* the ladder's JSON, when one was picked */
    let startArmed = false;

    function el(tag, text, cls) {
        const e = document.createElement(tag);
        if (text !== undefined) e.textContent = text;
        if (cls) e.className = cls;
        return e;
    }

    /* ---- the mode switch ---- */
    function setMode(record) {
        $("check-mode").hidden = record;
        $("record-mode").hidden = !record;
        $("mode-check").setAttribute("aria-pressed", String(!record));
        $("mode-record").setAttribute("aria-pressed", String(record));
        try { localStorage.setItem(MODE, record ? "record" : "check"); } catch (e) { /* said by keep() */ }
    }

    /* ---- keeping the log ---- */
    function keep(text) {
        let ok = true;
        try { ok = K.save(text); } catch (e) { ok = false; }
        $("rec-keep").hidden = ok;
        $("rec-keep").textContent = ok ? "" : "This log is not being kept in this browser (its storage is full or " +
            "turned off): a reload would lose it. Use Download log to keep a copy.";
    }

    function stored() {
        try { return K.restore(); } catch (e) { return null; }
    }

    /* Every change of the text goes through here: kept, then replayed. */
    function changed() {
        keep($("rec-log").value);
        replay();
    }

    function setText(text) {
        $("rec-log").value = text;
        changed();
    }

    /* A new log (started, picked, loaded): the form's turn is counted afresh. */
    function newLog(text) {
        K.fresh();
        $("f-turn").value = "";
        setText(text);
    }

    /* ---- the replay ---- */
    function replay() {
        if (running) { again = true; return; }
        running = true;
        again = false;
        const text = $("rec-log").value;
        const files = {};
        files[NAME] = text;
        const t0 = performance.now();
        window.adjutant.run(["status", "--format", "json", NAME], files).then(function (res) {
            let json = null;
            try { json = JSON.parse(res.stdout); } catch (e) { json = null; }
            last = { text: text, json: json, res: res };
            show(last);
            last.ms = performance.now() - t0;
            document.body.dataset.replayMs = last.ms.toFixed(1);
        }, function (e) {
            last = { text: text, json: null, res: { status: 2, stdout: "", stderr: String(e && e.message) } };
            show(last);
        }).then(function () {
            running = false;
            if (again || $("rec-log").value !== text) { replay(); return; }
            const now = waiters;
            waiters = [];
            for (const w of now) w.ok(last);
        });
    }

    /* The replay of the text as it is now (a Promise). */
    function settled() {
        const text = $("rec-log").value;
        if (!running && last && last.text === text) return Promise.resolve(last);
        if (!running) replay();
        return new Promise(function (ok) { waiters.push({ ok: ok }); });
    }

    const OWED = { "illness-check": ["illness", "illness check"], "duration": ["duration", "duration roll"],
        "sustain": ["sustain", "Sustain roll"], "replacement": ["replace", "replacement"] };

    function show(r) {
        const j = r.json;
        if (!j) {
            $("rec-turn").textContent = r.text.trim() === "" ? "No log yet: start one, or paste one in the log below."
                : "The engine could not read the log: " + (r.res.stderr.trim() || "exit " + r.res.status);
            $("rec-owed-list").replaceChildren();
            $("rec-findings").replaceChildren();
            return;
        }
        if (j.leaders && j.leaders.length) {
            roster = j.leaders.map(function (l) { return { id: l.id, side: l.side }; });
            sides = Object.keys(j.vp || {});
            fillRoster();
        }
        showTurn(j);
        showOwed(j.pending || []);
        showFindings(j.diagnostics || [], r.text);
        showLeaders(j.leaders || []);
        showFix(j);
        showBroken(j.diagnostics || []);
        if ($("f-kind").value === "turn" && $("f-turn").value === "") showKind();
    }

    function showTurn(j) {
        let s = j.turn === null || j.turn === undefined ? "No turn has begun." : "Turn " + j.turn + ".";
        if (j.ended) s = "The game has ended" + (j.turn !== null ? " (turn " + j.turn + ")" : "") + ".";
        const a = j.activation;
        if (a) s += " Open activation: " + a.leader + " (line " + a.line + "), " + a.mp_spent +
            (a.mp_available === null ? "" : " of " + a.mp_available) + " MP spent.";
        else if (!j.ended) s += " No activation is open.";
        const tally = Object.keys(j.vp || {}).map(function (k) { return k + " " + j.vp[k]; }).join(", ");
        if (tally) s += " VP: " + tally + ".";
        if (j.claimed_vp) s += " Claimed at the end: " + Object.keys(j.claimed_vp).map(function (k) {
            return k + " " + j.claimed_vp[k]; }).join(", ") + ".";
        $("rec-turn").textContent = s;
    }

    function showOwed(pending) {
        const list = $("rec-owed-list");
        list.replaceChildren();
        if (!pending.length) { list.appendChild(el("li", "Nothing is owed now.")); return; }
        for (const p of pending) {
            const li = el("li");
            li.appendChild(el("span", p.due + " "));
            const what = OWED[p.obligation] || [p.obligation, p.obligation];
            const b = el("button", "Enter " + what[1] + " for " + p.leader);
            b.type = "button";
            b.addEventListener("click", function () { fillFor(what[0], p.leader); });
            li.appendChild(b);
            list.appendChild(li);
        }
    }

    function showFindings(diags, text) {
        const list = $("rec-findings");
        list.replaceChildren();
        const newest = T.lastItem(text);
        const isNew = function (d) { return newest && d.line >= newest.first && d.line <= newest.last; };
        const sorted = diags.slice().sort(function (a, b) {
            return (isNew(b) ? 1 : 0) - (isNew(a) ? 1 : 0) || b.line - a.line;
        });
        if (!sorted.length) { list.appendChild(el("li", "No findings.")); return; }
        for (const d of sorted) {
            const li = el("li", "", d.severity);
            if (isNew(d)) li.appendChild(el("strong", "Newest entry: "));
            li.appendChild(el("span", "line " + d.line + ", " + d.severity + " " + d.code + ": " + d.message));
            list.appendChild(li);
        }
    }

    function showLeaders(leaders) {
        const body = $("rec-leaders").tBodies[0];
        body.replaceChildren();
        for (const l of leaders) {
            const tr = el("tr");
            tr.appendChild(el("th", l.id));
            tr.firstChild.scope = "row";
            tr.appendChild(el("td", l.side));
            tr.appendChild(el("td", l.status + (l.level ? (l.status === "ill" ? ", " + l.level + " turn" + (l.level === 1 ? "" : "s") + " left" : ", level " + l.level) : "") +
                (l.replaced_by ? ", replaced by " + l.replaced_by : "")));
            tr.appendChild(el("td", l.inactive ? "Inactive" : (l.status === "fit" || l.status === "wounded" || l.status === "ill") ? "Active" : "—"));
            body.appendChild(tr);
        }
    }

    /* A log the engine cannot read to its end (a hand edit broke the YAML):
     * the message in plain words at its line, beside the text. */
    function showBroken(diags) {
        const d = diags.find(function (x) { return x.code === "yaml-syntax" || x.code === "bad-document" || x.code === "yaml-alias"; });
        $("rec-broken").hidden = !d;
        $("rec-broken").textContent = d ? "Line " + d.line + ", column " + d.column + ": " + d.message +
            ". Nothing is lost: correct the text here, or use Undo last entry." : "";
    }

    /* At the end: the claimed tally beside the regenerated one, and fix's
     * correction of every claim the replay settles (SPEC §12). */
    const FIXABLE = ["vp-tally-mismatch", "imc-mismatch", "result-mismatch", "vp-mismatch", "state-mismatch"];
    function showFix(j) {
        const offer = (j.diagnostics || []).some(function (d) { return FIXABLE.indexOf(d.code) >= 0; });
        $("rec-fix").hidden = !offer;
    }

    function fix() {
        const files = {};
        files[NAME] = $("rec-log").value;
        window.adjutant.run(["fix", NAME], files).then(function (res) {
            if (res.status > 1 || !res.stdout) {
                $("rec-said").textContent = "fix corrects nothing here: " + (res.stderr.trim().split("\n")[0] || "exit " + res.status);
                return;
            }
            setText(res.stdout);
            const changes = res.stderr.split("\n").filter(function (l) { return / -> /.test(l); }).length;
            $("rec-said").textContent = "fix corrected " + changes + " claim" + (changes === 1 ? "" : "s") +
                " (Undo last entry does not undo it: edit the log by hand to go back).";
        });
    }

    /* ---- the form ---- */
    function options(select, values, first) {
        const was = select.value;
        select.replaceChildren();
        if (first !== undefined) { const o = el("option", first); o.value = ""; select.appendChild(o); }
        for (const v of values) { const o = el("option", v); o.value = v; select.appendChild(o); }
        if (values.indexOf(was) >= 0) select.value = was;
    }

    function fillRoster() {
        const ids = roster.map(function (l) { return l.id; });
        options($("f-leader"), ids, $("f-kind").value === "vp" ? "not given" : "choose");
        options($("f-by"), ids, "choose");
        options($("f-side"), sides, "choose");
        const ends = $("f-ends");
        const have = Array.from(ends.querySelectorAll("input")).map(function (i) { return i.dataset.side; });
        if (have.join("\n") === sides.join("\n")) return;
        ends.replaceChildren();
        sides.forEach(function (s, i) {
            const id = "f-end-" + i;
            const label = el("label", s);
            label.htmlFor = id;
            const input = el("input");
            input.type = "number"; input.step = "1"; input.id = id; input.dataset.side = s;
            ends.append(label, " ", input, " ");
        });
    }

    function showKind() {
        const kind = $("f-kind").value;
        for (const p of document.querySelectorAll("#rec-entry .field[data-kinds]"))
            p.hidden = p.dataset.kinds.split(" ").indexOf(kind) < 0;
        $("f-leader").options.length && ($("f-leader").options[0].textContent = kind === "vp" ? "not given" : "choose");
        if (kind === "turn" && $("f-turn").value === "" && last && last.json && last.text === $("rec-log").value) {
            const t = last.json.turn;
            const first = /^first_turn:[ \t]*(-?[0-9]+)/m.exec(last.text);
            $("f-turn").value = t === null || t === undefined ? (first ? first[1] : "1") : String(t + 1);
        }
    }

    function fillFor(kind, leader) {
        $("f-kind").value = kind;
        showKind();
        $("f-leader").value = leader;
        $("f-roll").value = "";
        (kind === "replace" ? $("f-by") : $("f-roll")).focus();
        $("rec-said").textContent = "The form is set for " + kind + ": " + leader + ".";
    }

    const INT = /^[-+]?[0-9]+$/;

    /* The form's event as [key, value] pairs, or throws an Error saying what is missing. */
    function formEvent() {
        const kind = $("f-kind").value;
        const v = function (id) { return $(id).value.trim(); };
        const fields = [];
        const need = function (id, what) {
            const x = v(id);
            if (x === "") throw new Error("Give the " + what + " first.");
            return x;
        };
        const int = function (id, what, required) {
            const x = required ? need(id, what) : v(id);
            if (x === "") return;
            if (!INT.test(x)) throw new Error("The " + what + " must be a whole number.");
            return x;
        };
        const put = function (key, value) { if (value !== undefined && value !== "") fields.push([key, value]); };
        if (kind === "turn") fields.push(["turn", { int: int("f-turn", "turn", true) }]);
        else if (kind === "vp") fields.push(["vp", { str: need("f-side", "side") }]);
        else if (kind === "end") {
            const claim = [];
            for (const i of $("f-ends").querySelectorAll("input")) {
                const x = i.value.trim();
                if (x === "") continue;
                if (!INT.test(x)) throw new Error("The total for " + i.dataset.side + " must be a whole number.");
                claim.push([i.dataset.side, x]);
            }
            fields.push(["end", { map: claim }]);
        } else fields.push([kind, { str: need("f-leader", "leader") }]);
        const num = function (key, id, what, req) { const x = int(id, what, req); if (x !== undefined) put(key, { int: x }); };
        const str = function (key, id) { if (v(id) !== "") put(key, { str: $(id).value }); };
        const bool = function (key, id) { if (v(id) !== "") put(key, { bool: v(id) === "true" }); };
        if (["activate", "illness", "duration", "sustain"].indexOf(kind) >= 0) put("roll", { int: need("f-roll", "roll") });
        if (kind === "activate") { num("modifier", "f-modifier", "modifier"); num("mp", "f-mp", "MP"); }
        if (kind === "move") { str("to", "f-to"); num("mp", "f-mp", "MP"); bool("enemy_zoc", "f-zoc"); }
        if (kind === "illness" && v("f-result-illness")) put("result", { str: v("f-result-illness") });
        if (kind === "duration" && v("f-result-duration")) put("result", { str: v("f-result-duration") });
        if (kind === "sustain") str("result", "f-result");
        if (kind === "wound") num("level", "f-level", "level", true);
        if (kind === "flip") put("to", { str: need("f-flip", "side the counter is turned to") });
        if (kind === "replace") put("by", { str: need("f-by", "leader who replaces him (By)") });
        if (kind === "vp") {
            num("points", "f-points", "points", true);
            if (v("f-leader") !== "") put("leader", { str: v("f-leader") });
            str("reason", "f-reason");
        }
        if (kind === "state") { put("status", { str: need("f-status", "status") }); num("level", "f-level", "level"); bool("inactive", "f-inactive"); }
        str("note", "f-note");
        return fields;
    }

    function add() {
        let text;
        try { text = T.append($("rec-log").value, formEvent()); } catch (e) {
            $("rec-said").textContent = e.message;
            return;
        }
        setText(text);
        $("rec-said").textContent = "Entry added.";
        requestAnimationFrame(function () { const t = $("rec-log"); t.scrollTop = t.scrollHeight; });
        for (const id of ["f-roll", "f-modifier", "f-mp", "f-to", "f-zoc", "f-result-illness", "f-result-duration", "f-result",
            "f-level", "f-points", "f-reason", "f-flip", "f-status", "f-inactive", "f-note", "f-turn"]) $(id).value = "";
        for (const i of $("f-ends").querySelectorAll("input")) i.value = "";
    }

    function undo() {
        const text = T.undo($("rec-log").value);
        if (text === null) { $("rec-said").textContent = "There is no entry to undo."; return; }
        setText(text);
        $("rec-said").textContent = "The last entry is removed.";
    }

    function download() {
        const text = $("rec-log").value;
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([text], { type: "text/yaml;charset=utf-8" }));
        const m = /^scenario:[ \t]*(.+)$/m.exec(text);
        const base = m ? m[1].replace(/["']/g, "").trim().replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() : "";
        a.download = (base || "game") + ".yaml";
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    }

    window.adjutantRecorderParts = { setText: newLog, el: el, options: options,
        ladder: function (l) { if (l !== undefined) ladder = l; return ladder; },
        armed: function (v) { if (v !== undefined) startArmed = v; return startArmed; } };

    function wire() {
        $("mode-check").addEventListener("click", function () { setMode(false); });
        $("mode-record").addEventListener("click", function () { setMode(true); });
        $("f-kind").addEventListener("change", showKind);
        $("f-add").addEventListener("click", add);
        $("rec-undo").addEventListener("click", undo);
        $("rec-download").addEventListener("click", download);
        $("rec-fix").addEventListener("click", fix);
        $("rec-log").addEventListener("input", changed);
        /* Enter in a text or number field of the form adds the entry */
        $("rec-entry").addEventListener("keydown", function (e) {
            if (e.key === "Enter" && e.target.tagName === "INPUT") { e.preventDefault(); add(); }
        });
        $("rec-open").addEventListener("change", function () {
            const f = $("rec-open").files[0];
            if (f) f.text().then(function (t) { newLog(t); $("rec-start-state").textContent = "Recording goes on after the last event of " + f.name + "."; });
        });
    }

    wire();
    showKind();
    K.onPick(function (text) { $("f-turn").value = ""; setText(text); });
    const saved = stored();
    let mode = null;
    try { mode = localStorage.getItem(MODE); } catch (e) { mode = null; }
    if (saved !== null) $("rec-log").value = saved;
    if (saved === null || saved === "") $("rec-start").open = true;
    setMode(mode === "record");
    window.adjutant.ready.then(function () { if ($("rec-log").value !== "") replay(); });
    window.adjutant.recorder = {
        text: function () { return $("rec-log").value; },
        load: function (text) { newLog(String(text)); return settled().then(function () { return undefined; }); },
        pending: function () { return settled().then(function (r) { return r.json ? r.json.pending : []; }); },
        status: function () { return settled().then(function (r) { return r.json; }); }
    };
})();
