/* SPDX-License-Identifier: MIT */
/*
 * keep.js - where the Record mode keeps its games (SPEC §10.1, §10.2):
 * each game in its own localStorage slot, so that two tabs, or two copies
 * of the one-file page (Chromium gives every file:// page one storage),
 * never overwrite each other's log. recorder.js calls save(text) on every
 * change, restore() once at start, and fresh() when a new log begins.
 *
 *   slot "adjutant-game:ID"  {text, at}: a game's log and when it changed
 *   "adjutant-held:ID"       {tab, at}: the open tab holding game ID, renewed
 *                            every few seconds and removed when the tab goes
 *   sessionStorage           this tab's game ID: a reload keeps its own game
 *
 * A page opened afresh takes the most recently changed game no other open
 * tab holds; the other kept games are listed ("Kept games") with a button to
 * continue each (and one to forget it). window.adjutantKeep is the API.
 */
(function () {
    "use strict";
    const SLOT = "adjutant-game:", HELD = "adjutant-held:", TAB = "adjutant-game-id";
    const OLD = "adjutant-recorder-log";  /* the one slot of earlier versions */
    const BEAT = 2000, STALE = 6000;      /* ms: a holder silent this long has gone */
    const MAX = 20;                       /* games kept; the oldest unheld goes first */
    const me = Math.random().toString(36).slice(2) + Date.now().toString(36);
    let id = null;                        /* this tab's game, or null before the first save */
    let onPick = null;                    /* recorder's: load a game's text */

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
        const s = ls(), all = games();
        for (let i = all.length - 1, n = all.length; i >= 0 && n > MAX; i--) {
            if (all[i].id === id || heldElsewhere(all[i].id)) continue;
            s.removeItem(SLOT + all[i].id);
            n--;
        }
    }

    /* Keeps TEXT as this tab's game; false when the storage refuses it. */
    function save(text) {
        const s = ls();
        if (!s) return false;
        const created = id === null;
        if (created) adopt(newId());
        try {
            s.setItem(SLOT + id, JSON.stringify({ text: text, at: Date.now() }));
        } catch (e) {
            return false;
        }
        if (created) {  /* only a new game changes the list (not each keystroke) */
            trim();
            list();
        }
        return true;
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
        return null;
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
                const s = ls();
                if (s) s.removeItem(SLOT + g.id);
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
    window.adjutantKeep = { save: save, restore: restore, fresh: fresh, games: games, describe: describe,
                            current: function () { return id; }, pick: pick,
                            onPick: function (f) { onPick = f; } };
})();
