/*
 * page.js - the page around window.adjutant: a log picked, dropped or
 * pasted; the HTML report in a sandboxed iframe (no script rights); the
 * text and JSON reports as downloads; the other commands' output as text.
 */
(function () {
    "use strict";
    const $ = function (id) { return document.getElementById(id); };
    let log = null;    /* {name, text}: the log picked, dropped or pasted */

    function setState(text, bad) {
        $("state").textContent = text;
        $("state").className = bad ? "error" : "";
    }

    function current() {
        const pasted = $("paste").value;
        if (log && log.text === pasted) return log;
        const name = $("name").value.trim() || "game.yaml";
        return pasted ? { name: name, text: pasted } : null;
    }

    function readFile(file) {
        return file.text().then(function (text) { return { name: file.name, text: text }; });
    }

    function useLog(l) {
        log = l;
        $("paste").value = l.text;
        $("name").value = l.name;
        audit();
    }

    function files(l) {
        const f = {};
        f[l.name] = l.text;
        return f;
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
        setState("Working…");
        const a = args.map(function (x) { return x === "$LOG" ? l.name : x; });
        return window.adjutant.run(a, files(l)).then(function (res) {
            setState("adjutant " + a.join(" ") + " (" + exitWords(a[0], res.status) + ")", res.status > 1);
            show(res, l);
        });
    }

    function audit() {
        return command(["audit", "--format", "html", "$LOG"], function (res, l) {
            if (res.status > 1 || !res.stdout) { showText(res); return; }
            $("output").hidden = true;
            $("report").hidden = false;
            $("report").srcdoc = res.stdout;
            $("save-text").disabled = false;
            $("save-json").disabled = false;
            $("report").dataset.log = l.name;
        });
    }

    function download(format, ext, type) {
        const l = current();
        if (!l) return;
        window.adjutant.run(["audit", "--format", format, l.name], files(l)).then(function (res) {
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
    }

    wire();
    window.adjutant.ready.then(function () { setState("Ready: pick, drop or paste a log."); },
        function (e) { setState("The engine did not load: " + e.message, true); });
})();
