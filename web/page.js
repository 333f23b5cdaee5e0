/* SPDX-License-Identifier: MIT */
/*
 * page.js - the page around window.adjutant: a log picked, dropped or
 * pasted; the HTML report in a sandboxed iframe (no script rights); the
 * text and JSON reports as downloads; the other commands' output as text.
 * A picked or dropped file is audited as its bytes (the text area shows it
 * decoded, for reading); text typed or pasted is audited as UTF-8. While
 * the engine works (in its worker) the page shows how much of the log it
 * has read, and Cancel stops it.
 */
(function () {
    "use strict";
    const $ = function (id) { return document.getElementById(id); };
    const shownAs = new TextDecoder("utf-8");
    let log = null;    /* {bytes, shown}: the file picked or dropped, and the text area's text for it */
    let running = false;
    /* the commands the page runs: the catalogue's with `page` (and a button) */
    let commands = ["audit", "status", "dice", "fix", "explain", "compare"];

    function setState(text, bad) {
        $("state").textContent = text;
        $("state").className = bad ? "error" : "";
    }

    /* The log to run on: {name, data}, data the picked file's bytes while
     * the text area still shows them unchanged, else the text area's text. */
    function current() {
        const pasted = $("paste").value;
        const name = $("name").value.trim() || "game.yaml";
        if (log && log.shown === pasted) return { name: name, data: log.bytes };
        return pasted ? { name: name, data: pasted } : null;
    }

    function readFile(file) {
        return file.arrayBuffer().then(function (buf) { return { name: file.name, bytes: new Uint8Array(buf) }; });
    }

    /* A text area lays a long text out slowly (a 5 MB log froze the tab for
     * 20 s), so a larger file is audited without being shown. */
    const SHOW_MAX = 256 * 1024;

    function useLog(l) {
        const big = l.bytes.length > SHOW_MAX;
        $("paste").value = big ? "" : shownAs.decode(l.bytes);
        $("paste").placeholder = big ? l.name + " (" + megabytes(l.bytes.length) +
            ") is audited as picked; it is too long to show here. Typing here replaces it." : "";
        log = { bytes: l.bytes, shown: $("paste").value };  /* as the text area gives it back */
        $("name").value = l.name;
        $("output").textContent = "";  /* the last log's results go */
        $("report").hidden = true;
        $("output").hidden = true;
        $("save-text").disabled = $("save-json").disabled = true;
        audit();
    }

    let ladderFile = null;  /* the ladder file picked beside the log: its bytes */
    const LADDER = "adjutant-ladder.yaml";

    /* The log, and the ladder file picked beside it (in its folder, as the
     * CLI finds it). */
    function files(l) {
        const f = {};
        f[l.name] = l.data;
        if (ladderFile) f[l.name.replace(/[^/]*$/, "") + LADDER] = ladderFile;
        return f;
    }

    function megabytes(n) { return (n / 1e6).toFixed(n < 1e7 ? 1 : 0) + " MB"; }

    function showProgress(p) {
        const bar = $("progress");
        if (!p.total) { bar.removeAttribute("value"); $("progress-text").textContent = ""; return; }
        bar.value = p.read / p.total;
        $("progress-text").textContent = "Checked " + megabytes(p.read) + " of " + megabytes(p.total) +
            " (" + Math.floor(p.read * 100 / p.total) + "%)" +
            (p.written ? "; " + megabytes(p.written) + " of output written" : "");
    }

    /* Runs adjutant with the progress shown and Cancel offered; resolves
     * with the result, or null when cancelled. */
    function engine(args, f) {
        running = true;
        const saves = [$("save-text").disabled, $("save-json").disabled];
        for (const id of commands) $(id).disabled = true;
        $("save-text").disabled = $("save-json").disabled = true;
        $("progress").removeAttribute("value");
        $("progress-text").textContent = "";
        $("busy").hidden = false;
        /* the keyboard's focus: from the button pressed (now disabled) to
         * Cancel, and back when the run ends */
        const from = document.activeElement;
        const moved = from && from.disabled;
        if (moved) $("cancel").focus();
        const done = function () {
            running = false;
            for (const id of commands) $(id).disabled = false;
            $("save-text").disabled = saves[0];
            $("save-json").disabled = saves[1];
            const back = moved && (document.activeElement === $("cancel") || document.activeElement === document.body);
            $("busy").hidden = true;
            if (back) (from.disabled ? $("audit") : from).focus();
        };
        return window.adjutant.run(args, f, { onProgress: showProgress }).then(function (res) {
            done();
            return res;
        }, function (e) {
            done();
            if (e && e.name === "AbortError") { setState("Cancelled: the engine stopped; the page is ready again."); return null; }
            throw e;
        });
    }

    function showText(res) {
        $("report").hidden = true;
        $("output").hidden = false;
        $("output").textContent = res.stdout + res.stderr;
    }

    /* The result in words: what exit status 0 and 1 mean depends on the
     * command (docs/guide.md, "Usage"). */
    const WORDS = {
        audit: ["Checked NAME: no errors found.", "Checked NAME: errors found; the report below lists them."],
        status: ["Status of NAME: no errors so far.", "Status of NAME: errors found so far; they are listed below."],
        dice: ["Dice of NAME: no row is improbable.", "Dice of NAME: a row is improbable; see below."],
        fix: ["Fix of NAME: the corrected log has no errors.", "Fix of NAME: errors remain for a person to settle; see below."],
        explain: ["The story of LEADERS in NAME: the log has no errors.", "The story of LEADERS in NAME: the log has errors; see below."],
        compare: ["Compared NAME: the two readings agree.", "Compared NAME: the readings differ; see below."]
    };
    function resultWords(args, name, status) {
        const w = WORDS[args[0]];
        if (status > 1 || !w) return "adjutant could not run " + args[0] + " on " + name + ": a usage or input failure (exit status " + status + "); the message is below.";
        const leaders = args[0] === "explain" ? args.slice(2).join(", ") : "";
        return w[status].replace("NAME", name).replace("LEADERS", leaders);
    }

    /* Runs a command on the current log; `show` gets the result. */
    function command(args, show, given) {
        const l = given || current();
        if (!l) { setState("Pick, drop or paste a log first.", true); return Promise.resolve(); }
        if (running) return Promise.resolve();
        setState("Working…");
        const a = args.map(function (x) { return x === "$LOG" ? l.name : x; });
        return engine(a, l.files || files(l)).then(function (res) {
            if (!res) return;
            setState(resultWords(a, l.name, res.status), res.status > 1);
            $("state").dataset.command = "adjutant " + a.join(" ");
            show(res, l);
        });
    }

    /* The report in the frame: as srcdoc while short; a long one (a 5 MB
     * log's is 9 MB) from a Blob URL, which the browser loads without
     * holding the page's thread (srcdoc held it for seconds). From file://
     * (the one file) a blob: document is not the page's origin, so the page
     * could not measure it, and the frame stayed at its CSS height with a
     * scrollbar of its own (issue 40 item 13): there the report is written
     * into the frame's own document (same origin), 64 KiB a task, so that
     * no task holds the page's thread long, and the frame is measured as it
     * grows. Its address is then the page's: its #L links stay in it. */
    const SRCDOC_MAX = 1 << 20, WRITE_STEP = 1 << 16;
    let reportUrl = null;
    let writing = 0;   /* the report being written into the frame (a newer one stops it) */
    function showReport(html) {
        const frame = $("report");
        if (reportUrl) { URL.revokeObjectURL(reportUrl); reportUrl = null; }
        writing++;
        frame.style.height = "";
        if (html.length <= SRCDOC_MAX) {
            frame.removeAttribute("src");
            frame.srcdoc = html;
            return;
        }
        frame.removeAttribute("srcdoc");
        if (location.protocol === "file:") { writeReport(frame, html, writing); return; }
        reportUrl = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
        frame.src = reportUrl;
    }

    function writeReport(frame, html, me) {
        frame.removeAttribute("src");
        const doc = frame.contentDocument;
        doc.open();
        let at = 0;
        (function step() {
            if (writing !== me) { doc.close(); return; }
            let end = Math.min(html.length, at + WRITE_STEP);
            const nl = html.indexOf("\n", end);  /* whole lines: no character cut in two */
            end = nl < 0 ? html.length : nl + 1;
            doc.write(html.slice(at, end));
            at = end;
            if (at < html.length) { fitFrame(); setTimeout(step, 0); return; }
            doc.close();
            fitFrame();
            watchFrame();
        })();
    }

    /* The frame takes its report's own height (no scroll inside the page's
     * scroll): the frame may not run script, but it has the page's origin,
     * so the page measures its document, and follows it as it changes (a
     * section opened in the report). */
    function fitFrame() {
        const frame = $("report");
        let doc = null;
        try { doc = frame.contentDocument; } catch (e) { doc = null; }
        if (!doc || !doc.documentElement || frame.hidden) return;
        const h = Math.max(doc.documentElement.scrollHeight, doc.body ? doc.body.scrollHeight : 0) + 4 + "px";
        if (frame.style.height !== h) frame.style.height = h;
    }

    let watched = null, watcher = null;
    function watchFrame() {
        const frame = $("report");
        let doc = null;
        try { doc = frame.contentDocument; } catch (e) { doc = null; }
        if (!doc || !doc.body || watched === doc.body) return;
        watched = doc.body;
        if (/^about:srcdoc/.test(doc.URL)) doc.addEventListener("click", inReport);
        if (typeof ResizeObserver === "undefined") return;
        if (!watcher) watcher = new ResizeObserver(function () { fitFrame(); });
        watcher.disconnect();
        watcher.observe(doc.body);
    }

    /* A srcdoc report's links to its own lines (href="#L12") resolve against
     * the page's address, so a click loaded the page itself into the frame
     * (the site), or a blocked frame (the one file): they go to the line in
     * the report instead, which the page's scroll brings into view. */
    function inReport(e) {
        const a = e.target && e.target.closest ? e.target.closest("a[href^='#']") : null;
        if (!a || e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        $("report").contentWindow.location.hash = a.getAttribute("href").slice(1);
    }

    /* The log's header: its first 64 KB, as text. */
    function headerOf(l) {
        const HEAD = 1 << 16;
        return typeof l.data === "string" ? l.data.slice(0, HEAD) : shownAs.decode(l.data.subarray(0, HEAD));
    }

    /* The audit's verdict in words (SPEC §10, issue 33): the warnings too,
     * from the report's own count; and when the log names a scenario whose
     * keys it lacks and no ladder file is picked, to pick it. */
    function auditWords(res, l) {
        const top = res.stdout.slice(0, 1 << 16);
        const w = /<dt>warnings<\/dt><dd>([0-9]+)<\/dd>/.exec(top);
        const n = w ? Number(w[1]) : 0;
        let words = resultWords(["audit"], l.name, res.status);
        if (res.status === 0 && n > 0)
            words = "Checked " + l.name + ": no errors found, but " + n + " warning" + (n === 1 ? "" : "s") +
                "; the report below lists " + (n === 1 ? "it" : "them") + ".";
        const sc = /^scenario:[ \t]*(.*?)[ \t]*(?:#.*)?$/m.exec(headerOf(l));
        if (!ladderFile && sc && sc[1] !== "" && /is missing:[^\n]*\[bad-document/.test(top))
            words += " The log names scenario \u201c" + sc[1].replace(/^(["'])(.*)\1$/, "$2") + "\u201d and no ladder file lends it: " +
                "pick the ladder file (Ladder file, above the Audit button), and the log is checked again.";
        return words;
    }

    function audit() {
        return command(["audit", "--format", "html", "$LOG"], function (res, l) {
            if (res.status > 1 || !res.stdout) { showText(res); return; }
            setState(auditWords(res, l), false);
            $("output").hidden = true;
            $("report").hidden = false;
            showReport(res.stdout);
            $("save-text").disabled = false;
            $("save-json").disabled = false;
            $("report").dataset.log = l.name;
            roster(l);
        });
    }

    /* ---- the leaders of the log, for Explain ---- */
    const ROSTER_MAX = 1 << 20;  /* a larger log's roster is read when the list is first used */
    let rosterOf = null;
    function roster(l, now) {
        const size = typeof l.data === "string" ? l.data.length : l.data.byteLength;
        if (size > ROSTER_MAX && !now) { rosterOf = l; return; }
        rosterOf = null;
        window.adjutant.run(["status", "--format", "json", l.name], files(l)).then(function (res) {
            let j = null;
            try { j = JSON.parse(res.stdout); } catch (e) { return; }
            const sel = $("leader");
            const chosen = new Set(Array.from(sel.selectedOptions).map(function (o) { return o.value; }));
            sel.replaceChildren();
            for (const x of j.leaders || []) {
                const o = document.createElement("option");
                o.value = x.id;
                o.textContent = x.id + " (" + x.side + ")";
                o.selected = chosen.has(x.id);
                sel.appendChild(o);
            }
        }, function () { /* cancelled */ });
    }

    /* ---- the rulings and the commands, from the engine's catalogue (adjutant --list-catalogue) ---- */
    let rulingTable = [];   /* [{name, values: [...], says}], the first value the default */
    let ladderRulings = {};
    function readCatalogue(text) {
        let cat = null;
        try { cat = JSON.parse(text); } catch (e) { cat = null; }
        if (!cat) return;
        rulingTable = cat.rulings.map(function (r) {
            const says = {};
            r.values.forEach(function (v, i) { says[v] = (r.value_summaries || [])[i] || r.summary; });
            return { name: r.name, values: r.values, says: says };
        });
        commands = cat.commands.filter(function (c) { return c.page && $(c.name); }).map(function (c) { return c.name; });
    }

    function showRulings() {
        const box = $("ruling-list");
        box.replaceChildren();
        for (const r of rulingTable) {
            const inForce = ladderRulings[r.name] || r.values[0];
            const label = document.createElement("label");
            label.htmlFor = "ruling-" + r.name;
            label.textContent = r.name;
            const sel = document.createElement("select");
            sel.id = "ruling-" + r.name;
            for (const v of r.values) {
                const o = document.createElement("option");
                o.value = v;
                o.textContent = v + (v === r.values[0] ? " (default)" : "") + (ladderRulings[r.name] === v ? " (ladder)" : "");
                o.title = r.says[v];
                sel.appendChild(o);
            }
            sel.value = inForce;
            const span = document.createElement("span");
            span.className = "ruling";
            span.append(label, " ", sel);
            box.appendChild(span);
        }
    }

    function compare() {
        const args = ["compare", "$LOG"];
        for (const r of rulingTable) {
            const v = $("ruling-" + r.name).value;
            if (v !== (ladderRulings[r.name] || r.values[0])) args.push("--ruling", r.name + "=" + v);
        }
        if (args.length === 2) { setState("Choose, for at least one ruling, a reading other than the one in force.", true); return; }
        command(args, showText);
    }

    function readLadder(file) {
        return file.arrayBuffer().then(function (buf) {
            ladderFile = new Uint8Array(buf);
            const f = {};
            f[LADDER] = ladderFile;
            return window.adjutant.run(["ladder", "--format", "json", LADDER], f);
        }).then(function (res) {
            let j = null;
            try { j = res.status === 0 ? JSON.parse(res.stdout.split("\n")[0]) : null; } catch (e) { j = null; }
            ladderRulings = j && j.rulings && typeof j.rulings === "object" ? j.rulings : {};
            $("ladder-state").textContent = j ? "The ladder file is given to every command as " + LADDER + "." :
                "This ladder file could not be read (adjutant ladder exits " + res.status + "): " +
                (res.stderr.trim().split("\n").slice(0, 2).join(" ") || "no answer") + ". It is still given to every command as " + LADDER + ".";
            showRulings();
            if (current()) return audit();  /* the log checked again, with it */
        });
    }

    /* ---- Dice over several logs: the files picked, or a folder's logs ---- */
    let diceLogs = null;  /* {names, files} */
    function pickDice(list, folder) {
        const chosen = Array.from(list).filter(function (f) { return !folder || /\.ya?ml$/i.test(f.name); })
            .filter(function (f) { return f.name !== LADDER; });
        Promise.all(chosen.map(function (f) {
            return f.arrayBuffer().then(function (b) { return { name: (folder && f.webkitRelativePath) || f.name, bytes: new Uint8Array(b) }; });
        })).then(function (got) {
            const names = [], fs = {};
            for (const g of got) {
                let n = g.name, i = 2;
                while (fs[n]) n = g.name.replace(/(\.ya?ml)?$/i, "-" + i++ + "$1");
                names.push(n);
                fs[n] = g.bytes;
            }
            if (ladderFile) fs[LADDER] = ladderFile;
            diceLogs = names.length ? { names: names, files: fs } : null;
            $("dice-state").textContent = names.length ? "Dice reads " + names.length + " log" + (names.length === 1 ? "" : "s") +
                " picked here: " + names.join(", ") + "." : "No log was picked: Dice reads the log above.";
        });
    }

    function dice() {
        if (!diceLogs) { command(["dice", "$LOG"], showText); return; }
        const n = diceLogs.names.length;
        command(["dice"].concat(diceLogs.names), showText,
            { name: n === 1 ? diceLogs.names[0] : n + " logs", files: diceLogs.files });
    }

    function download(format, ext, type) {
        const l = current();
        if (!l || running) return;
        engine(["audit", "--format", format, l.name], files(l)).then(function (res) {
            if (!res) return;
            const blob = new Blob([res.stdout || res.stderr], { type: type });
            const a = document.createElement("a");
            a.href = URL.createObjectURL(blob);
            a.download = l.name.replace(/\.ya?ml$/i, "") + "." + ext;
            document.body.appendChild(a);
            a.click();
            a.remove();
            setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
        });
    }

    function wire() {
        $("pick").addEventListener("change", function () {
            const f = $("pick").files[0];
            if (f) readFile(f).then(useLog);
        });
        const drop = $("drop");
        drop.addEventListener("dragover", function (e) { e.preventDefault(); drop.classList.add("over"); });
        drop.addEventListener("dragleave", function () { drop.classList.remove("over"); });
        drop.addEventListener("drop", function (e) {
            e.preventDefault();
            drop.classList.remove("over");
            const f = e.dataTransfer.files[0];
            if (f) readFile(f).then(useLog);
        });
        drop.addEventListener("keydown", function (e) {  /* from the keyboard: the picker */
            if (e.key === "Enter" || e.key === " ") { e.preventDefault(); $("pick").click(); }
        });
        $("audit").addEventListener("click", audit);
        $("status").addEventListener("click", function () { command(["status", "$LOG"], showText); });
        $("dice").addEventListener("click", dice);
        $("fix").addEventListener("click", function () { command(["fix", "--diff", "$LOG"], showText); });
        $("explain").addEventListener("click", function () {
            const leaders = Array.from($("leader").selectedOptions).map(function (o) { return o.value; });
            if (!leaders.length) { setState("Choose one or more leaders in the list first.", true); return; }
            command(["explain", "$LOG"].concat(leaders), showText);
        });
        $("leader").addEventListener("focus", function () { if (rosterOf) roster(rosterOf, true); });
        $("compare").addEventListener("click", compare);
        $("ladder").addEventListener("change", function () { const f = $("ladder").files[0]; if (f) readLadder(f); });
        $("dice-files").addEventListener("change", function () { pickDice($("dice-files").files, false); });
        if ("webkitdirectory" in HTMLInputElement.prototype) {
            $("dice-folder").webkitdirectory = true;
            $("dice-folder-row").hidden = false;
            $("dice-folder").addEventListener("change", function () { pickDice($("dice-folder").files, true); });
        }
        $("report").addEventListener("load", function () { fitFrame(); watchFrame(); });
        window.addEventListener("resize", fitFrame);
        $("save-text").addEventListener("click", function () { download("text", "txt", "text/plain"); });
        $("save-json").addEventListener("click", function () { download("json", "json", "application/json"); });
        $("cancel").addEventListener("click", function () { window.adjutant.cancel(); });
    }

    wire();
    window.adjutant.ready.then(function () {
        setState("Ready: pick, drop or paste a log.");
        window.adjutant.run(["--list-catalogue"], {}).then(function (res) { readCatalogue(res.stdout); showRulings(); });
    },
        function (e) { setState("The engine did not load: " + e.message, true); });
})();
