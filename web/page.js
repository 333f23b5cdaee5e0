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
    let ladder = null; /* the bytes of the ladder file picked beside the log (SPEC 13), or null */
    let running = false;
    const commands = ["audit", "status", "dice", "fix", "explain", "compare"];

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

    /* The log, and the ladder file picked beside it (in its folder, as the
     * CLI finds it: SPEC 13). */
    function files(l) {
        const f = {};
        f[l.name] = l.data;
        if (ladder) f[l.name.replace(/[^/]*$/, "") + "adjutant-ladder.yaml"] = ladder;
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

    /* What exit status 1 means depends on the command (README "Usage"). */
    const one = { compare: "the readings differ", dice: "a row is improbable" };
    function exitWords(command, status) {
        return status === 0 ? "exit 0" : status === 1 ? "exit 1: " + (one[command] || "errors found")
            : "exit " + status + ": usage or input failure";
    }

    /* Runs a command on the current log; `show` gets the result. */
    function command(args, show) {
        const l = current();
        if (!l) { setState("Pick, drop or paste a log first.", true); return Promise.resolve(); }
        if (running) return Promise.resolve();
        setState("Working…");
        const a = args.map(function (x) { return x === "$LOG" ? l.name : x; });
        return engine(a, files(l)).then(function (res) {
            if (!res) return;
            setState("adjutant " + a.join(" ") + " (" + exitWords(a[0], res.status) + ")", res.status > 1);
            show(res, l);
        });
    }

    /* The report in the frame: as srcdoc while short; a long one (a 5 MB
     * log's is 50 MB) from a Blob URL, which the browser loads without
     * holding the page's thread (srcdoc held it for seconds). */
    const SRCDOC_MAX = 1 << 20;
    let reportUrl = null;
    function showReport(html) {
        const frame = $("report");
        if (reportUrl) { URL.revokeObjectURL(reportUrl); reportUrl = null; }
        if (html.length <= SRCDOC_MAX) {
            frame.removeAttribute("src");
            frame.srcdoc = html;
            return;
        }
        frame.removeAttribute("srcdoc");
        reportUrl = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
        frame.src = reportUrl;
    }

    function audit() {
        return command(["audit", "--format", "html", "$LOG"], function (res, l) {
            if (res.status > 1 || !res.stdout) { showText(res); return; }
            $("output").hidden = true;
            $("report").hidden = false;
            showReport(res.stdout);
            $("save-text").disabled = false;
            $("save-json").disabled = false;
            $("report").dataset.log = l.name;
        });
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
        $("ladder-pick").addEventListener("change", function () {
            const f = $("ladder-pick").files[0];
            if (!f) { ladder = null; return; }
            readFile(f).then(function (r) { ladder = r.bytes; if (current()) audit(); });
        });
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
        $("dice").addEventListener("click", function () { command(["dice", "$LOG"], showText); });
        $("fix").addEventListener("click", function () { command(["fix", "--diff", "$LOG"], showText); });
        $("explain").addEventListener("click", function () {
            const leaders = $("leader").value.split(/[\s,]+/).filter(Boolean);
            command(["explain", "$LOG"].concat(leaders), showText);
        });
        $("compare").addEventListener("click", function () {
            command(["compare", "$LOG", "--ruling", $("ruling").value.trim()], showText);
        });
        $("save-text").addEventListener("click", function () { download("text", "txt", "text/plain"); });
        $("save-json").addEventListener("click", function () { download("json", "json", "application/json"); });
        $("cancel").addEventListener("click", function () { window.adjutant.cancel(); });
    }

    wire();
    window.adjutant.ready.then(function () { setState("Ready: pick, drop or paste a log."); },
        function (e) { setState("The engine did not load: " + e.message, true); });
})();
