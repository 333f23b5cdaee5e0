/* SPDX-License-Identifier: MIT */
/*
 * keep.js - where the Record mode keeps its games (SPEC §10.1, §10.2):
 * each game in its own localStorage slot, so that two tabs, or two copies
 * of the one-file page (Chromium gives every file:// page one storage),
 * never overwrite each other's log. recorder.js calls save(text) on every
 * change, restore() once at start, and fresh() when a new log begins.
 *
 *   slot "adjutant-game:ID"  {text, at}: a game's log and when it changed
 *   "adjutant-draft:ID"      {draft, at}: its entry half filled in the form
 *   "adjutant-held:ID"       {tab, at}: the open tab holding game ID, renewed
 *                            every few seconds and removed when the tab goes
 *   sessionStorage           this tab's game ID: a reload keeps its own game
 *
 * Every game and draft is also written to IndexedDB (database "adjutant",
 * store "kept", under the same key and value) in a transaction of durability
 * "strict": localStorage is written to disk when the browser finds time (a
 * browser killed 1 to 30 s after an entry lost it, issue 40 item 12), a
 * completed strict transaction is on disk. save() answers, once that
 * transaction is complete, whether the text is kept so (the recorder says
 * "kept" only then). At start, restore() reads localStorage (at once), then
 * recover() reads IndexedDB: what is newer there (what a killed browser did
 * not write to localStorage) is put back, and this tab's game is taken up
 * again with it.
 *
 * A page opened afresh takes the most recently changed game no other open
 * tab holds; the other kept games are listed ("Kept games") with a button to
 * continue each (and one to forget it). window.adjutantKeep is the API.
 */
(function () {
    "use strict";
    const SLOT = "adjutant-game:", HELD = "adjutant-held:", TAB = "adjutant-game-id", DRAFT = "adjutant-draft:";
    const OLD = "adjutant-recorder-log";  /* the one slot of earlier versions */
    const BEAT = 2000, STALE = 6000;      /* ms: a holder silent this long has gone */
    const MAX = 20;                       /* games kept; the oldest unheld goes first */
    const me = Math.random().toString(36).slice(2) + Date.now().toString(36);
    let id = null;                        /* this tab's game, or null before the first save */
    let onPick = null;                    /* recorder's: load a game's text */
    let touched = false;                  /* this tab has saved since it started */

    /* ---- the durable copy: IndexedDB, strict transactions ---- */
    let db = null;                        /* a Promise of the database, or of null */
    function openDb() {
        if (db) return db;
        db = new Promise(function (ok) {
            let r;
            try { r = window.indexedDB.open("adjutant", 1); } catch (e) { ok(null); return; }
            r.onupgradeneeded = function () { r.result.createObjectStore("kept"); };
            r.onsuccess = function () { ok(r.result); };
            r.onerror = r.onblocked = function () { ok(null); };
        });
        return db;
    }

    /* Writes to IndexedDB, one transaction at a time; a key changed again
     * while one is under way is written once more with its last value (each
     * keystroke does not wait for the disk). Each caller learns whether its
     * value (or a later one) is on disk. */
    let waiting = new Map(), writing = false;   /* key -> {value (null: delete), done: [f]} */
    function durable(key, value) {
        return new Promise(function (ok) {
            const w = waiting.get(key) || { done: [] };
            w.value = value;
            w.done.push(ok);
            waiting.set(key, w);
            flush();
        });
    }
    function flush() {
        if (writing || waiting.size === 0) return;
        writing = true;
        const batch = waiting;
        waiting = new Map();
        openDb().then(function (d) {
            if (!d) return false;
            return new Promise(function (ok) {
                let tx;
                try { tx = d.transaction("kept", "readwrite", { durability: "strict" }); } catch (e) { ok(false); return; }
                const st = tx.objectStore("kept");
                batch.forEach(function (w, k) { if (w.value === null) st.delete(k); else st.put(w.value, k); });
                tx.oncomplete = function () { ok(true); };
                tx.onerror = tx.onabort = function () { ok(false); };
            });
        }).then(function (ok) {
            batch.forEach(function (w) { for (const f of w.done) f(ok); });
            writing = false;
            flush();
        });
    }

    /* KEY = VALUE (an object, kept as JSON) in localStorage and, durably, in
     * IndexedDB: false when localStorage refuses it, else a Promise of
     * whether it is on disk. */
    function put(key, value) {
        const s = ls(), text = JSON.stringify(value);
        try { s.setItem(key, text); } catch (e) { return false; }
        return durable(key, text);
    }
    function drop(key) {
        const s = ls();
        if (s) s.removeItem(key);
        durable(key, null);
    }

    function ls() { try { return window.localStorage; } catch (e) { return null; } }
    function ss() { try { return window.sessionStorage; } catch (e) { return null; } }
    function parse(s) { try { return JSON.parse(s); } catch (e) { return null; } }
    function newId() { return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 8); }

    /* Every kept game: [{id, text, at}], the most recently changed first. */
    function games() {
        const s = ls(), out = [];
        if (!s) return out;
        for (let i = 0; i < s.length; i++) {
            const k = s.key(i);
            if (!k || k.indexOf(SLOT) !== 0) continue;
            const g = parse(s.getItem(k));
            if (g && typeof g.text === "string") out.push({ id: k.slice(SLOT.length), text: g.text, at: +g.at || 0 });
        }
        return out.sort(function (a, b) { return b.at - a.at; });
    }

    /* Whether another open tab holds game G now. */
    function heldElsewhere(g) {
        const s = ls();
        const h = s ? parse(s.getItem(HELD + g)) : null;
        return !!h && h.tab !== me && Date.now() - h.at < STALE;
    }

    function hold() {
        const s = ls();
        if (!s || id === null) return;
        try { s.setItem(HELD + id, JSON.stringify({ tab: me, at: Date.now() })); } catch (e) { /* full: save() says so */ }
    }

    function release() {
        const s = ls();
        if (!s || id === null) return;
        const h = parse(s.getItem(HELD + id));
        if (h && h.tab === me) s.removeItem(HELD + id);
    }

    function adopt(g) {
        release();
        id = g;
        const t = ss();
        if (t) { try { t.setItem(TAB, g); } catch (e) { /* this tab then forgets its game on reload */ } }
        hold();
        list();
    }

    /* Old games past MAX go, the least recently changed first, never one held. */
    function trim() {
        const all = games();
        for (let i = all.length - 1, n = all.length; i >= 0 && n > MAX; i--) {
            if (all[i].id === id || heldElsewhere(all[i].id)) continue;
            drop(SLOT + all[i].id);
            drop(DRAFT + all[i].id);
            n--;
        }
    }

    /* Keeps TEXT as this tab's game: false when the storage refuses it,
     * else a Promise of whether it is on disk (IndexedDB's transaction
     * complete) or kept only in localStorage. */
    function save(text) {
        const s = ls();
        if (!s) return false;
        const created = id === null;
        if (created) adopt(newId());
        touched = true;
        const kept = put(SLOT + id, { text: text, at: Date.now() });
        if (kept === false) return false;
        if (created) {  /* only a new game changes the list (not each keystroke) */
            trim();
            list();
        }
        return kept;
    }

    /* The entry half made in the form (an object, the recorder's), kept
     * with this tab's game; null: none. */
    function saveDraft(draft) {
        if (id === null) return;
        if (draft === null) drop(DRAFT + id);
        else put(DRAFT + id, { draft: draft, at: Date.now() });
    }
    function draft() {
        const s = ls();
        const d = s && id !== null ? parse(s.getItem(DRAFT + id)) : null;
        return d && d.draft ? d.draft : null;
    }

    /* The text this page starts with (or null): this tab's own game after a
     * reload, unless another tab holds it (a duplicated tab: it goes on as a
     * copy); else the most recently changed game no open tab holds. */
    function restore() {
        const s = ls();
        if (!s) return null;
        const old = s.getItem(OLD);
        if (old !== null) {   /* an earlier version's log becomes a kept game */
            try { s.setItem(SLOT + newId(), JSON.stringify({ text: old, at: Date.now() })); s.removeItem(OLD); } catch (e) { /* left as it was */ }
        }
        const t = ss(), mine = t ? t.getItem(TAB) : null;
        const all = games();
        const own = all.filter(function (g) { return g.id === mine; })[0];
        if (own && !heldElsewhere(own.id)) { adopt(own.id); return own.text; }
        if (own) { id = null; save(own.text); return own.text; }
        const free = all.filter(function (g) { return !heldElsewhere(g.id); })[0];
        if (free) { adopt(free.id); return free.text; }
        list();
        /* every game held: by open tabs, or by a tab of a browser that was
         * killed, whose mark goes stale; once it has, the game is taken up */
        if (all.length) setTimeout(retake, STALE + 500);
        return null;
    }

    function retake() {
        if (id !== null || touched || !onPick) { list(); return; }
        const text = restore();
        if (text !== null) onPick(text);
    }

    /* What IndexedDB holds that localStorage lost (a browser killed before
     * it wrote localStorage to disk) goes back into localStorage, and what
     * localStorage holds that IndexedDB lacks (an earlier version's games)
     * into IndexedDB. Then, unless this tab has saved meanwhile: its game,
     * when it came back newer, or the game a page opened afresh takes, when
     * it had none, is handed to the recorder (onPick). A Promise. */
    function recover() {
        const s = ls();
        if (!s) return Promise.resolve();
        return openDb().then(function (d) {
            if (!d) return null;
            return new Promise(function (ok) {
                const got = {};
                let r;
                try { r = d.transaction("kept", "readonly").objectStore("kept").openCursor(); } catch (e) { ok(null); return; }
                r.onsuccess = function () {
                    const c = r.result;
                    if (!c) { ok(got); return; }
                    if (typeof c.key === "string" && typeof c.value === "string") got[c.key] = c.value;
                    c.continue();
                };
                r.onerror = function () { ok(null); };
            });
        }).then(function (got) {
            if (!got) return;
            let mine = false;   /* this tab's game or its draft came back newer */
            for (const k of Object.keys(got)) {
                if (k.indexOf(SLOT) !== 0 && k.indexOf(DRAFT) !== 0) continue;
                const there = parse(got[k]), here = parse(s.getItem(k));
                if (!there || (here && (+here.at || 0) >= (+there.at || 0))) continue;
                try { s.setItem(k, got[k]); } catch (e) { continue; }
                if (id !== null && (k === SLOT + id || k === DRAFT + id)) mine = true;
            }
            for (let i = 0; i < s.length; i++) {
                const k = s.key(i);
                if (k && (k.indexOf(SLOT) === 0 || k.indexOf(DRAFT) === 0) && !(k in got)) durable(k, s.getItem(k));
            }
            if (touched || !onPick) { list(); return; }
            const g = mine ? parse(s.getItem(SLOT + id)) : null;
            if (g && typeof g.text === "string") { onPick(g.text); list(); return; }
            if (id === null) {
                const text = restore();
                if (text !== null) onPick(text);
            }
            list();
        });
    }

    /* A new log begins (started, opened, loaded): a new game, unless this
     * tab's game is still empty. */
    function fresh() {
        const s = ls();
        const g = s && id !== null ? parse(s.getItem(SLOT + id)) : null;
        if (g && /\S/.test(g.text)) { release(); id = null; }
    }

    /* ---- the list of the other kept games ---- */
    function scalar(text, key) {
        const m = new RegExp("^" + key + ":[ \\t]*(.*)$", "m").exec(text);
        return m ? m[1].replace(/\s+#.*$/, "").replace(/^["']|["']$/g, "").trim() : "";
    }

    /* "scenario, players, the last entry" of a log's text, for a person. */
    function describe(text) {
        const parts = [scalar(text, "scenario") || "A log with no scenario"];
        const p = /^players:[ \t]*\n((?:[ \t]+.*\n?)*)/m.exec(text);
        if (p) {
            const who = p[1].split("\n").map(function (l) { return l.replace(/^\s*[^:]*:\s*/, "").replace(/^["']|["']$/g, "").trim(); })
                .filter(function (w) { return w !== ""; });
            if (who.length) parts.push(who.join(" v. "));
        }
        const ev = text.split("\n").filter(function (l) { return /^ {0,4}- /.test(l); });
        const e = text.indexOf("\nevents:") >= 0 && ev.length ? ev[ev.length - 1].replace(/^\s*-\s*/, "").trim() : "";
        parts.push(e ? "last entry " + (e.length > 60 ? e.slice(0, 57) + "..." : e) : "no entry yet");
        return parts.join("; ");
    }

    function when(at) {
        const d = new Date(at);
        return isNaN(d) ? "" : d.toLocaleString();
    }

    function list() {
        const box = document.getElementById("rec-kept");
        if (!box) return;
        const ul = box.querySelector("ul");
        const others = games().filter(function (g) { return g.id !== id; });
        box.hidden = others.length === 0;
        ul.textContent = "";
        for (const g of others) {
            const li = document.createElement("li");
            const what = describe(g.text), open = heldElsewhere(g.id);
            li.appendChild(document.createTextNode(what + " (" + when(g.at) + (open ? ", open in another tab" : "") + ") "));
            const go = document.createElement("button");
            go.type = "button";
            go.textContent = "Continue";
            go.setAttribute("aria-label", "Continue " + what);
            go.disabled = open;
            go.addEventListener("click", function () { pick(g.id); });
            const drop = document.createElement("button");
            drop.type = "button";
            drop.textContent = "Forget";
            drop.setAttribute("aria-label", "Forget " + what);
            drop.disabled = open;
            drop.addEventListener("click", function () {
                if (!window.confirm("Forget this kept game? " + what)) return;
                drop(SLOT + g.id);
                drop(DRAFT + g.id);
                list();
            });
            li.appendChild(go);
            li.appendChild(document.createTextNode(" "));
            li.appendChild(drop);
            ul.appendChild(li);
        }
    }

    /* Continue kept game G in this tab: this tab's game stays kept, listed. */
    function pick(g) {
        const s = ls();
        const k = s ? parse(s.getItem(SLOT + g)) : null;
        if (!k || heldElsewhere(g)) { list(); return; }
        adopt(g);
        if (onPick) onPick(k.text);
    }

    function build() {
        const start = document.getElementById("rec-start");
        if (!start || document.getElementById("rec-kept")) return;
        const box = document.createElement("section");
        box.id = "rec-kept";
        box.hidden = true;
        box.setAttribute("aria-labelledby", "rec-kept-h");
        const h = document.createElement("h3");
        h.id = "rec-kept-h";
        h.textContent = "Kept games";
        const p = document.createElement("p");
        p.textContent = "Other games kept in this browser. Continue one here; the game open now stays kept and joins this list.";
        box.appendChild(h);
        box.appendChild(p);
        box.appendChild(document.createElement("ul"));
        start.parentNode.insertBefore(box, start.nextSibling);
    }

    build();
    setInterval(hold, BEAT);
    window.addEventListener("pagehide", release);
    window.addEventListener("pageshow", function (e) { if (e.persisted) { hold(); list(); } });
    /* another tab changed a game, or let one go: the list follows */
    window.addEventListener("storage", function (e) {
        if (e.key && (e.key.indexOf(SLOT) === 0 || (e.key.indexOf(HELD) === 0 && e.newValue === null))) list();
    });
    window.adjutantKeep = { save: save, restore: restore, recover: recover, fresh: fresh, games: games, describe: describe,
                            saveDraft: saveDraft, draft: draft,
                            current: function () { return id; }, pick: pick,
                            onPick: function (f) { onPick = f; } };
})();
