/* SPDX-License-Identifier: MIT */
/*
 * recorder.js - the page's Record mode (SPEC §10.1): a log kept while the
 * game is played. The form appends one event (web/logtext.js writes it,
 * where the engine's parse of the text found the last item: its marks);
 * after every change the engine replays the log as `status --format json`
 * (with the ladder file picked, if any, beside it) and the page shows the
 * turn, the open activation, what is owed now, the findings and each
 * leader's state. The log is kept in localStorage on every change. A long
 * log shows only its end in the text area (laying out megabytes there took
 * seconds a keystroke). window.adjutant.recorder: text(), load(text),
 * pending().
 */
(function () {
    "use strict";
    const $ = function (id) { return document.getElementById(id); };
    const T = window.adjutantLogText;
    const K = window.adjutantKeep;  /* keep.js: each game in its own slot */
    const MODE = "adjutant-mode", LADDER_KEY = "adjutant-recorder-ladder";
    const NAME = "game.yaml", LADDER = "adjutant-ladder.yaml";

    /* ---- the recorder's state ----
     * Every value that changes while the page is open is a member of S, and
     * only S's own functions change it (they were fifteen variables any
     * function could set, issue 41 item 6); the rest of the file reads S and
     * calls them. The form's tables (KINDS, CONTROLS, below) are built once,
     * from the catalogue. */
    const S = {
        head: "",          /* the log's start that the text area does not show (a long log) */
        whole: { head: "", value: "", text: "" },  /* the whole text, one string while neither part changes */
        kept: false,       /* the log now is kept in this browser's storage */
        roster: [],        /* [{id, side}] of the last replay that read a roster */
        sides: [],         /* its sides, in the tally's order */
        last: null,        /* {text, json, res, marks, ms}: the last replay shown */
        running: false,    /* a replay is under way */
        again: false,      /* the text changed while it ran: it runs once more */
        waiters: [],       /* [ok]: calls waiting for the replay of the text as it is */
        ladder: null,      /* the ladder's JSON, when one was picked */
        ladderFile: null,  /* {name, bytes}: the ladder file picked, given to the engine beside the log */
        startArmed: false, /* Start was pressed once on a log with entries: the next press starts */
        edits: Promise.resolve(),  /* the form's edits, one after another */
        catalogue: { kinds: [], codes: [], statuses_in_play: [], obligations: [] },  /* --list-catalogue */
        owed: {},          /* obligation -> [the kind of entry that meets it, its words] */
        draft: null,       /* {kind, values}: the entry half made, put back at the next replay shown */

        /* The text area shows VALUE; HEAD, before it, is kept aside. */
        shown: function (head, value) { S.head = head; S.whole = { head: head, value: value, text: head + value }; },
        /* The whole text, the text area showing VALUE. */
        text: function (value) {
            if (S.whole.head !== S.head || S.whole.value !== value) S.whole = { head: S.head, value: value, text: S.head + value };
            return S.whole.text;
        },
        setKept: function (ok) { S.kept = ok; },
        setCatalogue: function (c) {
            S.catalogue = c;
            S.owed = {};
            for (const o of c.obligations) S.owed[o.name] = [o.kind, o.words];
        },
        /* A replay begins: false when one is under way (it runs again once it ends). */
        replayBegins: function () {
            if (S.running) { S.again = true; return false; }
            S.running = true;
            S.again = false;
            return true;
        },
        replayShown: function (r) { S.last = r; },
        timed: function (ms) { if (S.last) S.last.ms = ms; },
        /* The replay of TEXT ended; NOW, the text now: true when it must run
         * again, else those waiting get the replay shown. */
        replayEnds: function (text, now) {
            S.running = false;
            if (S.again || now !== text) return true;
            const w = S.waiters;
            S.waiters = [];
            for (const ok of w) ok(S.last);
            return false;
        },
        wait: function (ok) { S.waiters.push(ok); },
        setRoster: function (leaders, vp) {
            S.roster = leaders.map(function (l) { return { id: l.id, side: l.side }; });
            S.sides = Object.keys(vp || {});
        },
        setLadder: function (l) { S.ladder = l; },
        /* The ladder file picked, or null: a replay without it is not the log's. */
        setLadderFile: function (f) { S.ladderFile = f; S.last = null; },
        arm: function (v) { S.startArmed = v; },
        /* DONE: the Promise of an edit just queued; the next waits for it, failed or not. */
        queued: function (done) { S.edits = done.then(function () {}, function () {}); },
        awaitDraft: function (d) { S.draft = d; },
        takeDraft: function () { const d = S.draft; S.draft = null; return d; }
    };

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
    /* Browsers keep 5 to 10 MB a site: a longer log is not tried (a failed
     * attempt still copies it). */
    const KEEP_MAX = 4 * 1024 * 1024;
    /* Keeps TEXT; a Promise of true once it is on disk (keep.js: IndexedDB's
     * strict transaction complete), false when only localStorage has it,
     * null when it is not kept at all (said at once). */
    function keep(text) {
        let ok = text.length <= KEEP_MAX, disk = null;
        if (ok) try { disk = K.save(text); ok = disk !== false; } catch (e) { ok = false; }
        S.setKept(ok);
        $("rec-keep").hidden = ok;
        $("rec-keep").textContent = ok ? "" : "This log is not being kept in this browser (" +
            (text.length > KEEP_MAX ? "it is longer than the browser keeps" : "its storage is full or turned off") +
            "): a reload would lose it. Use Download log to keep a copy.";
        return ok ? disk : Promise.resolve(null);
    }

    function stored() {
        try { return K.restore(); } catch (e) { return null; }
    }

    /* The log's text: what the text area does not show, then what it
     * shows; the same string while neither changes (comparing two copies
     * of a 20 MB text takes 0.1 s). */
    function full() { return S.text($("rec-log").value); }

    /* A text area lays a long text out slowly (a 20 MB log: 24 s, and as
     * long again at each keystroke), so a log longer than SHOW_MAX shows its
     * last SHOW_TAIL characters or so, from a line's start; the rest is kept
     * as it is (head). Entries, undo and typing change only the end. */
    const SHOW_MAX = 96 * 1024, SHOW_TAIL = 16 * 1024;
    function display(text) {
        const box = $("rec-log");
        const cut = text.length <= SHOW_MAX ? 0 : text.lastIndexOf("\n", text.length - SHOW_TAIL) + 1;
        box.value = text.slice(cut);
        S.shown(text.slice(0, cut), box.value);
        const w = $("rec-window");
        w.hidden = S.head === "";
        w.textContent = S.head === "" ? "" : "This log is long (" + (text.length / 1e6).toFixed(1) + " MB): the box shows its last " +
            Math.round(box.value.length / 1024) + " KB, from a line's start; the rest is kept as it is, and Download log saves the whole log.";
    }

    /* Every change of the text goes through here: kept, then replayed; a
     * Promise of keep()'s answer. */
    function changed() {
        if ($("rec-log").value.length > SHOW_MAX) display(full());  /* typed or dropped in whole */
        const disk = keep(full());
        replay();
        return disk;
    }

    function setText(text) {
        display(text);
        return changed();
    }

    /* A long paste goes in without the text area laying it out. */
    function paste(e) {
        const t = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
        const box = $("rec-log");
        if (!t || t.length + full().length <= SHOW_MAX) return;
        e.preventDefault();
        setText(S.head + box.value.slice(0, box.selectionStart) + t.replace(/\r\n?/g, "\n") + box.value.slice(box.selectionEnd));
        requestAnimationFrame(function () { box.scrollTop = box.scrollHeight; });
    }

    /* A new log (started, picked, loaded): the form's turn is counted afresh. */
    function newLog(text) {
        K.fresh();
        setValue("f-turn", "");
        setText(text);
    }

    /* The files of a run: the log, and the ladder file picked beside it
     * (the engine finds it as the CLI would, in the log's folder). */
    function files(text) {
        const f = {};
        f[NAME] = text;
        if (S.ladderFile) f[LADDER] = S.ladderFile.bytes;
        return f;
    }

    /* What is owed now: each obligation's kind of entry that meets it and its
     * words, from the engine's catalogue (adjutant --list-catalogue), read
     * before the first replay is shown. */
    const catalogueRead = window.adjutant.ready.then(function () {
        return window.adjutant.run(["--list-catalogue"], {});
    }).then(function (res) {
        S.setCatalogue(JSON.parse(res.stdout));
        buildForm(S.catalogue.kinds);
        kindChanged();
        fillRoster();
    }).catch(function (e) { console.error("the engine's catalogue: " + (e && e.message)); });

    /* The codes of the catalogue whose MEMBER is true (stops, fixable). */
    function codes(member) {
        return S.catalogue.codes.filter(function (c) { return c[member]; }).map(function (c) { return c.code; });
    }

    /* ---- the replay ---- */
    function replay() {
        if (!S.replayBegins()) return;
        const text = full();
        const t0 = performance.now();
        catalogueRead.then(function () {
            return window.adjutant.run(["status", "--format", "json", NAME], files(text), { marks: true });
        }).then(function (res) {
            let json = null;
            try { json = JSON.parse(res.stdout); } catch (e) { json = null; }
            S.replayShown({ text: text, json: json, res: res, marks: res.marks || null });
            show(S.last);
            S.timed(performance.now() - t0);
            document.body.dataset.replayMs = S.last.ms.toFixed(1);
        }, function (e) {
            S.replayShown({ text: text, json: null, res: { status: 2, stdout: "", stderr: String(e && e.message) }, marks: null });
            show(S.last);
        }).then(function () {
            if (S.replayEnds(text, full())) replay();
        });
    }

    /* The replay of the text as it is now (a Promise). */
    function replayed() {
        if (!S.running && S.last && S.last.text === full()) return Promise.resolve(S.last);
        if (!S.running) replay();
        return new Promise(S.wait);
    }

    /* The same, once the form's edits under way are made. */
    function settled() { return S.edits.then(replayed); }


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
            S.setRoster(j.leaders, j.vp);
            fillRoster();
        }
        showTurn(j);
        showOwed(j.pending || []);
        showFindings(j.diagnostics || [], T.lastItemAt(r.text, r.marks));
        showLeaders(j.leaders || []);
        showFix(j);
        showBroken(j, r);
        if (S.draft) putDraft(S.takeDraft());
        fillTurn();
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
            const what = S.owed[p.obligation] || [p.obligation, p.obligation];
            const b = el("button", "Enter " + what[1] + " for " + p.leader);
            b.type = "button";
            b.addEventListener("click", function () { fillFor(what[0], p.leader); });
            li.appendChild(b);
            list.appendChild(li);
        }
    }

    /* The findings, the newest entry's (its lines NEWEST) first, then from
     * the last line up; at most FINDINGS_MAX of them (a long log can have
     * thousands: the Check mode's report lists them all). */
    const FINDINGS_MAX = 200;
    function showFindings(diags, newest) {
        const list = $("rec-findings");
        list.replaceChildren();
        const isNew = function (d) { return newest && d.line >= newest.first && d.line <= newest.last; };
        const sorted = diags.slice().sort(function (a, b) {
            return (isNew(b) ? 1 : 0) - (isNew(a) ? 1 : 0) || b.line - a.line;
        });
        if (!sorted.length) { list.appendChild(el("li", "No findings.")); return; }
        if (sorted.length > FINDINGS_MAX)
            list.appendChild(el("li", "The " + FINDINGS_MAX + " newest of " + sorted.length + " findings; the Check mode's report lists them all."));
        for (const d of sorted.slice(0, FINDINGS_MAX)) {
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
            tr.appendChild(el("td", l.inactive ? "Inactive" : S.catalogue.statuses_in_play.indexOf(l.status) >= 0 ? "Active" : "—"));
            body.appendChild(tr);
        }
    }

    /* The scenario the log's header names, or null. */
    function scenarioNamed(text, marks) {
        const header = marks && marks.key ? text.slice(0, T.offsetOf(text, marks.key[0])) : text.slice(0, 1 << 16);
        const m = /^scenario:[ \t]*(.*?)[ \t]*(?:#.*)?$/m.exec(header);
        return m && m[1] !== "" ? m[1].replace(/^(["'])(.*)\1$/, "$2") : null;
    }

    /* Why the engine cannot read the log to its end, in words, or null: a
     * hand edit broke the YAML (the message at its line), or the log names
     * a scenario that no ladder file picked here lends. */
    function brokenWords(j, r) {
        const diags = j ? j.diagnostics || [] : [];
        const stops = codes("stops");  /* the codes that stop the reader */
        const d = diags.find(function (x) { return stops.indexOf(x.code) >= 0; });
        if (!d) return null;
        const sc = d.code === "bad-document" && !S.ladderFile && !j.ladder ? scenarioNamed(r.text, r.marks) : null;
        if (sc !== null)
            return "The log names scenario \u201c" + sc + "\u201d and no ladder file lends it: pick the ladder file " +
                "(Ladder file, under Start a log) and the log is checked again. Line " + d.line + ": " + d.message + ".";
        return "Line " + d.line + ", column " + d.column + ": " + d.message +
            ". Nothing is lost: correct the text here, or use Undo last entry.";
    }

    function showBroken(j, r) {
        const words = brokenWords(j, r);
        $("rec-broken").hidden = !words;
        $("rec-broken").textContent = words || "";
        if (words && /no ladder file lends it/.test(words)) $("rec-start").open = true;
    }

    /* At the end: the claimed tally beside the regenerated one, and fix's
     * correction of every claim the replay settles (SPEC §12). */
    function showFix(j) {
        const fixable = codes("fixable");
        const offer = (j.diagnostics || []).some(function (d) { return fixable.indexOf(d.code) >= 0; });
        $("rec-fix").hidden = !offer;
    }

    function fix() {
        window.adjutant.run(["fix", NAME], files(full())).then(function (res) {
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

    /* ---- the form, from the catalogue's kinds ---- */
    /* One control a field name, type and values (a field that means the
     * same in two kinds is one control: Leader, MP, Level), shown for the
     * kinds that have it; each kind's subject (its key's value) first. Every
     * label, type, bound and value list is the catalogue's. */
    const KINDS = {};      /* kind name -> [{f: field, c: control}], subject first */
    const CONTROLS = [];   /* {key, id, type, el, p, req: {kind: required}} in the form's order */
    const SUBJECTS = {     /* the subject's control (its words are the page's) */
        leader: { name: "leader", label: "Leader", type: "leader", required: true },
        side: { name: "side", label: "Side", type: "side", required: true },
        turn: { name: "turn", label: "Turn", type: "int", required: true },
        claim: { name: "ends", label: "", type: "claim", required: false }
    };
    const ROSTER_TYPES = ["leader", "side"];
    const SELECTS = ["die", "bool", "enum", "leader", "side"];

    function options(select, values, first) {
        const was = select.value;
        select.replaceChildren();
        if (first !== undefined) { const o = el("option", first); o.value = ""; select.appendChild(o); }
        for (const v of values) { const o = el("option", v); o.value = v; select.appendChild(o); }
        if (values.indexOf(was) >= 0) select.value = was;
    }

    function newControl(f, key) {
        const taken = CONTROLS.some(function (c) { return c.id === "f-" + f.name.replace(/_/g, "-"); });
        const id = "f-" + f.name.replace(/_/g, "-") + (taken ? "-" + f.kind : "");
        const p = el(f.type === "claim" ? "div" : "p", undefined, "field");
        let input;
        if (f.type === "claim") {
            input = p;
        } else if (SELECTS.indexOf(f.type) < 0) {  /* int, text (and a type the page does not know yet) */
            input = el("input");
            input.type = f.type === "int" ? "number" : "text";
            if (f.type === "int") input.step = "1";
        } else {
            input = el("select");
            if (f.type === "die") { const v = []; for (let i = f.min; i <= f.max; i++) v.push(String(i)); options(input, v, ""); }
            else if (f.type === "bool") options(input, ["true", "false"], "");
            else if (f.type === "enum") options(input, f.values, "");
            else options(input, [], "");
        }
        input.id = id;
        if (f.type !== "claim") {
            const label = el("label", f.label);
            label.htmlFor = id;
            p.append(label, " ", input);
        }
        return { key: key, id: id, type: f.type, el: input, p: p, req: {} };
    }

    /* The catalogue's kinds: the kind list and each kind's controls. A new
     * control goes before the first later field of its kind already placed,
     * so each kind shows its fields in the catalogue's order. */
    function ctlKey(f) { return f.name + " " + f.type + " " + JSON.stringify(f.values || null); }

    function buildForm(kinds) {
        const order = CONTROLS;
        for (const k of kinds) {
            const subject = SUBJECTS[k.subject] || { name: k.subject, label: k.subject, type: "text", required: true };
            const fields = [subject].concat(k.fields);
            KINDS[k.name] = [];
            fields.forEach(function (f, i) {
                const key = ctlKey(f);
                let c = order.find(function (x) { return x.key === key; });
                if (!c) {
                    c = newControl(Object.assign({ kind: k.name }, f), key);
                    const later = fields.slice(i + 1).map(ctlKey);
                    const at = order.findIndex(function (x) { return later.indexOf(x.key) >= 0; });
                    order.splice(at < 0 ? order.length : at, 0, c);
                }
                c.req[k.name] = f.required;
                KINDS[k.name].push({ f: f, c: c });
            });
        }
        const form = $("f-kind").closest(".form");
        for (const c of order) form.appendChild(c.p);
        const was = $("f-kind").value;
        options($("f-kind"), []);
        for (const k of kinds) { const o = el("option", k.words ? k.name + ": " + k.words : k.name); o.value = k.name; $("f-kind").appendChild(o); }
        if (kinds.some(function (k) { return k.name === was; })) $("f-kind").value = was;
    }

    /* The control of KIND's field NAME (the subject's name for the subject). */
    function control(kind, name) {
        const x = (KINDS[kind] || []).find(function (y) { return y.f.name === name; });
        return x ? x.c.el : null;
    }
    function setValue(id, v) { const e = $(id); if (e) e.value = v; }

    function fillRoster() {
        const kind = $("f-kind").value;
        const ids = S.roster.map(function (l) { return l.id; });
        for (const c of CONTROLS)
            if (ROSTER_TYPES.indexOf(c.type) >= 0) options(c.el, c.type === "side" ? S.sides : ids, c.req[kind] === false ? "not given" : "choose");
        const ends = $("f-ends");
        if (!ends) return;
        const have = Array.from(ends.querySelectorAll("input")).map(function (i) { return i.dataset.side; });
        if (have.join("\n") === S.sides.join("\n")) return;
        ends.replaceChildren();
        S.sides.forEach(function (s, i) {
            const id = "f-end-" + i;
            const label = el("label", s);
            label.htmlFor = id;
            const input = el("input");
            input.type = "number"; input.step = "1"; input.id = id; input.dataset.side = s;
            ends.append(label, " ", input, " ");
        });
    }

    /* Each optional control starts at "not given" for every new entry and
     * when the kind changes, so nothing is claimed that the player did not
     * give: those optional in KIND, and those optional wherever they show. */
    function clearOptional(kind) {
        for (const c of CONTROLS) {
            if (c.type === "claim") continue;
            const shown = kind in c.req, optional = Object.keys(c.req).every(function (k) { return !c.req[k]; });
            if ((shown && !c.req[kind]) || (!shown && optional)) c.el.value = "";
        }
    }

    function showKind() {
        const kind = $("f-kind").value;
        const fields = KINDS[kind] || [];
        for (const c of CONTROLS) c.p.hidden = !(kind in c.req);
        for (const x of fields) {
            const e = x.c.el;
            if (e.tagName === "SELECT" && e.options.length && e.options[0].value === "")
                e.options[0].textContent = x.f.required ? "choose" : "not given";
            if (e.type === "number") {
                if (x.f.min === null || x.f.min === undefined) e.removeAttribute("min"); else e.min = String(x.f.min);
                if (x.f.max === null || x.f.max === undefined) e.removeAttribute("max"); else e.max = String(x.f.max);
            }
        }
        fillTurn();
    }

    function kindChanged() {
        clearOptional($("f-kind").value);
        showKind();
    }

    function fillTurn() {
        const box = $("f-turn");
        if (box && $("f-kind").value === "turn" && box.value === "" && S.last && S.last.json && S.last.text === full()) {
            const t = S.last.json.turn;
            const first = /^first_turn:[ \t]*(-?[0-9]+)/m.exec(S.last.text.slice(0, 1 << 16));
            box.value = t === null || t === undefined ? (first ? first[1] : "1") : String(t + 1);
        }
    }

    /* The form set for the entry that meets an obligation: its leader
     * given, its die not yet, the focus on its first field to give. */
    function fillFor(kind, leader) {
        $("f-kind").value = kind;
        kindChanged();
        const who = control(kind, "leader");
        if (who) who.value = leader;
        const k = S.catalogue.kinds.find(function (x) { return x.name === kind; });
        if (k && k.die) control(kind, k.die).value = "";
        const first = (KINDS[kind] || []).slice(1).find(function (x) { return x.f.required; });
        if (first) first.c.el.focus();
        $("rec-said").textContent = "The form is set for " + kind + ": " + leader + ".";
        keepDraft();
    }

    /* ---- the entry half made (the draft): kept with the game, put back
     * after a reload once the form and the roster are there ---- */
    function draftNow() {
        const kind = $("f-kind").value, values = {};
        for (const x of KINDS[kind] || []) {
            if (x.c.type === "claim") {
                for (const i of x.c.el.querySelectorAll("input")) if (i.value !== "") values["end " + i.dataset.side] = i.value;
            } else if (x.c.el.value !== "") values[x.c.id] = x.c.el.value;
        }
        return { kind: kind, values: values };
    }
    function keepDraft() { try { K.saveDraft(draftNow()); } catch (e) { /* the log's keeping says what storage refuses */ } }

    function putDraft(d) {
        const kind = d.kind && KINDS[d.kind] ? d.kind : $("f-kind").value, values = d.values || {};
        $("f-kind").value = kind;
        for (const c of CONTROLS) {
            if (c.type === "claim") for (const i of c.el.querySelectorAll("input")) i.value = values["end " + i.dataset.side] || "";
            else c.el.value = kind in c.req && values[c.id] !== undefined ? values[c.id] : "";
        }
        showKind();
    }

    const INT = /^[-+]?[0-9]+$/;

    /* One field's value as the log writes it ({int}, {str}, {bool}, {map}),
     * undefined when not given, or throws an Error saying what is missing. */
    function fieldValue(f, e) {
        if (f.type === "claim") {
            const claim = [];
            for (const i of e.querySelectorAll("input")) {
                const x = i.value.trim();
                if (x === "") continue;
                if (!INT.test(x)) throw new Error("The total for " + i.dataset.side + " must be a whole number.");
                claim.push([i.dataset.side, x]);
            }
            return { map: claim };
        }
        const x = e.value.trim();
        if (x === "") {
            if (f.required) throw new Error((e.tagName === "SELECT" ? "Choose " : "Give ") + f.label + " first.");
            return undefined;
        }
        if (f.type === "int") {
            if (!INT.test(x)) throw new Error(f.label + " must be a whole number.");
            return { int: x };
        }
        if (f.type === "die") return { int: x };
        if (f.type === "bool") return { bool: x === "true" };
        if (f.type === "text") return { str: e.value };
        return { str: x };
    }

    /* The form's event as [key, value] pairs: the kind's key and its
     * subject, then its fields in the catalogue's order. */
    function formEvent() {
        const kind = $("f-kind").value;
        const fields = [];
        (KINDS[kind] || []).forEach(function (x, i) {
            const v = fieldValue(x.f, x.c.el);
            if (v !== undefined) fields.push([i === 0 ? kind : x.f.name, v]);
        });
        if (!fields.length) throw new Error("The form is not ready: the engine's catalogue is not read yet.");
        return fields;
    }

    /* MAKE(replay): one of the form's edits, made on the text as the engine
     * last read it (the replay's marks place it); one after another. */
    function edit(make) {
        const done = S.edits.then(replayed).then(function (r) {
            if (r.text !== full()) return replayed().then(make);  /* typed meanwhile */
            return make(r);
        });
        S.queued(done);
        return done;
    }

    /* Why an edit cannot be placed, in the player's words. */
    function refusal(e, r) {
        if (e.why !== "unread") return e.message;
        const words = brokenWords(r.json, r);
        return "The engine cannot read the log to its end, so the entry has no sure place: " +
            (words ? words : "correct the log first.");
    }

    function add() {
        let fields;
        try { fields = formEvent(); } catch (e) { $("rec-said").textContent = e.message; return Promise.resolve(); }
        return edit(function (r) {
            let text;
            try { text = T.appendAt(r.text, r.marks, fields); } catch (e) {
                $("rec-said").textContent = refusal(e, r);
                return;
            }
            const disk = setText(text);
            $("rec-said").textContent = "Entry added.";
            /* "kept" only once the entry is on disk (a killed browser keeps it) */
            disk.then(function (d) {
                if ($("rec-said").textContent !== "Entry added." || full() !== text) return;
                if (d === true) $("rec-said").textContent = "Entry added and kept.";
                else if (d === false) $("rec-said").textContent = "Entry added; kept for a reload, but this browser's storage " +
                    "may lose it if the browser is killed: use Download log to keep a copy.";
            });
            requestAnimationFrame(function () { const t = $("rec-log"); t.scrollTop = t.scrollHeight; });
            /* a new entry: every value given goes, but the leaders and side */
            const kind = $("f-kind").value;
            clearOptional(kind);
            for (const c of CONTROLS)
                if (c.type === "claim") for (const i of c.el.querySelectorAll("input")) i.value = "";
                else if (ROSTER_TYPES.indexOf(c.type) < 0) c.el.value = "";
            keepDraft();
        });
    }

    /* An item's lines in a few words: "line 41, illness: jackson, roll: 6". */
    function summary(u) {
        const words = u.removed.replace(/^\s*-\s*/, "").replace(/\s*\n\s*/g, ", ").replace(/,\s*$/, "").trim();
        return "line " + u.line + ", " + (words.length > 100 ? words.slice(0, 99) + "\u2026" : words || "an empty item");
    }

    function undo() {
        return edit(function (r) {
            let u = null;
            try { u = T.undoAt(r.text, r.marks); } catch (e) {
                u = e.why === "unread" ? T.undoBroken(r.text, r.marks) : null;
                if (!u) { $("rec-said").textContent = refusal(e, r); return; }
            }
            if (u === null) { $("rec-said").textContent = "There is no entry to undo."; return; }
            setText(u.text);
            $("rec-said").textContent = "Undone: the last entry (" + summary(u) + ") is removed.";
        });
    }

    function download() {
        const text = full();
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

    /* The ladder file picked (recorder-start.js reads it): {name, bytes},
     * or null; kept with the log, so a reload checks the log as before. */
    function useLadderFile(f) {
        S.setLadderFile(f);
        try {
            if (!f) localStorage.removeItem(LADDER_KEY);
            else localStorage.setItem(LADDER_KEY, JSON.stringify({ name: f.name, text: new TextDecoder().decode(f.bytes) }));
        } catch (e) { /* the log's keeping says what storage refuses */ }
        if (full() !== "") replay();
    }

    function storedLadder() {
        try {
            const j = JSON.parse(localStorage.getItem(LADDER_KEY));
            return j && typeof j.text === "string" ? { name: String(j.name), bytes: new TextEncoder().encode(j.text) } : null;
        } catch (e) { return null; }
    }

    /* ---- a log picked to go on from: its bytes checked first ---- */
    /* UTF-8 is taken as it is; UTF-16 with its byte order mark, which the
     * CLI reads, becomes UTF-8 (said); anything else the CLI rejects
     * (yaml-syntax) is refused with its reason, and the log shown stays. */
    function open(bytes, name) {
        const say = function (t) { $("rec-start-state").textContent = t; };
        const as = function (enc) {
            try { return new TextDecoder(enc, { fatal: true }).decode(bytes); } catch (e) { return null; }
        };
        let text = as("utf-8"), note = "";
        const bom = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
        if (text === null && bom) {
            text = as(bytes[0] === 0xff ? "utf-16le" : "utf-16be");
            note = " It was written in UTF-16; the recorder keeps it, and Download log saves it, as UTF-8.";
        }
        if (text !== null) {
            newLog(text);
            say("Recording goes on after the last event of " + name + "." + note);
            return Promise.resolve();
        }
        const f = {};
        f[NAME] = bytes;
        return window.adjutant.run(["status", "--format", "json", NAME], f).then(function (res) {
            let d = null;
            try { d = JSON.parse(res.stdout).diagnostics.find(function (x) { return x.code === "yaml-syntax"; }); } catch (e) { d = null; }
            say(name + " cannot be recorded on: it is neither UTF-8 nor UTF-16, and adjutant rejects it" +
                (d ? " (line " + d.line + ", column " + d.column + ": " + d.message + " [yaml-syntax])" : "") +
                ". Save it as UTF-8 and pick it again; the log below is unchanged.");
        });
    }

    window.adjutantRecorderParts = { setText: newLog, el: el, options: options, text: full, edit: edit,
        ladder: function (l) { if (l !== undefined) { S.setLadder(l); if (l === null) useLadderFile(null); } return S.ladder; },
        ladderFile: function (f) { if (f !== undefined) useLadderFile(f); return S.ladderFile; },
        storedLadder: storedLadder,
        armed: function (v) { if (v !== undefined) S.arm(v); return S.startArmed; },
        kept: function () { return S.kept; } };

    function wire() {
        $("mode-check").addEventListener("click", function () { setMode(false); });
        $("mode-record").addEventListener("click", function () { setMode(true); });
        $("f-kind").addEventListener("change", kindChanged);
        /* each value given in the form is kept (after kindChanged: the kind's values as they stand) */
        $("rec-entry").addEventListener("input", keepDraft);
        $("rec-entry").addEventListener("change", keepDraft);
        $("f-add").addEventListener("click", add);
        $("rec-undo").addEventListener("click", undo);
        $("rec-download").addEventListener("click", download);
        $("rec-fix").addEventListener("click", fix);
        $("rec-log").addEventListener("input", changed);
        $("rec-log").addEventListener("paste", paste);
        /* Enter in a text or number field of the form adds the entry */
        $("rec-entry").addEventListener("keydown", function (e) {
            if (e.key === "Enter" && e.target.tagName === "INPUT") { e.preventDefault(); add(); }
        });
        $("rec-open").addEventListener("change", function () {
            const f = $("rec-open").files[0];
            if (f) f.arrayBuffer().then(function (b) { open(new Uint8Array(b), f.name); });
        });
    }

    wire();
    showKind();
    S.setLadderFile(storedLadder());
    /* a game taken up (Continue, or its newer copy found by K.recover()): its text and its draft */
    K.onPick(function (text) { setValue("f-turn", ""); S.awaitDraft(K.draft() || {}); setText(text); });
    const saved = stored();
    S.awaitDraft(K.draft());
    let mode = null;
    try { mode = localStorage.getItem(MODE); } catch (e) { mode = null; }
    if (saved !== null) display(saved);
    if (saved === null || saved === "") $("rec-start").open = true;
    setMode(mode === "record");
    window.adjutant.ready.then(function () { if (full() !== "") replay(); });
    K.recover();
    window.adjutant.recorder = {
        text: full,
        load: function (text) { newLog(String(text)); return settled().then(function () { return undefined; }); },
        pending: function () { return settled().then(function (r) { return r.json ? r.json.pending : []; }); },
        status: function () { return settled().then(function (r) { return r.json; }); }
    };
})();
