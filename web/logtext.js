/*
 * logtext.js - the recorder's edits of a log's text (SPEC §10.1), with no
 * engine: YAML scalars quoted where they must be, an event written as a
 * block-style item, appended as the last item of `events`, and the last
 * item removed (undo). Every other byte of the text is kept. Defines
 * window.adjutantLogText (and module.exports, for node).
 */
(function (root) {
    "use strict";

    /* Plain scalars that YAML 1.1 or 1.2 readers (and adjutant, §1.1) would
     * read as something other than a string. */
    const SPECIAL = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N|[-+]?(?:[0-9][0-9_]*)?\.?[0-9.]*(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F_]+|0o?[0-7_]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|<<|=)$/;

    /* A string as a YAML scalar that reads back as the same string: plain
     * when that is safe, else double-quoted with escapes. */
    function scalar(value) {
        const s = String(value);
        if (s !== "" && !SPECIAL.test(s) && !/^[-?:,[\]{}#&*!|>'"%@`\s]/.test(s) && !/\s$/.test(s) &&
            !/: |:$| #|[,[\]{}]|[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(s))
            return s;
        let out = "\"";
        for (const ch of s) {
            const c = ch.codePointAt(0);
            if (ch === "\\" || ch === "\"") out += "\\" + ch;
            else if (ch === "\n") out += "\\n";
            else if (ch === "\t") out += "\\t";
            else if (ch === "\r") out += "\\r";
            else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || c === 0xfeff)
                out += "\\u" + c.toString(16).padStart(4, "0");
            else out += ch;
        }
        return out + "\"";
    }

    /* A value of an event: {int: n} | {bool: b} | {str: s} | {map: [[k, n]...]} | {null: true}. */
    function valueText(v) {
        if ("int" in v) return String(v.int);
        if ("bool" in v) return v.bool ? "true" : "false";
        if ("null" in v) return "~";
        return scalar(v.str);
    }

    /* An event (a list of [key, value], the kind key first) as the lines of
     * a block-style item at INDENT. */
    function eventLines(fields, indent) {
        const lines = [];
        fields.forEach(function (f, i) {
            const lead = i === 0 ? indent + "- " : indent + "  ";
            const v = f[1];
            if (v.map && v.map.length) {
                lines.push(lead + scalar(f[0]) + ":");
                for (const e of v.map) lines.push(indent + "    " + scalar(e[0]) + ": " + String(e[1]));
            } else lines.push(lead + scalar(f[0]) + ": " + (v.map ? "~" : valueText(v)));
        });
        return lines;
    }

    const isBlank = function (l) { return /^\s*(#.*)?$/.test(l); };
    const indentOf = function (l) { return /^ */.exec(l)[0].length; };

    /* Where the text's `events` are: {at: its line, form: "block" | "empty"
     * (`events: []`) | "flow" | "none", indent: of its items, items: [{start,
     * end}] (first and last line of each), stop: the first line after them}. */
    function locate(text) {
        const lines = text.split("\n");
        let at = -1;
        for (let i = 0; i < lines.length; i++)
            if (/^(?:events|"events"|'events')[ \t]*:(?:[ \t]|$)/.test(lines[i])) { at = i; break; }
        const info = { lines: lines, at: at, form: "none", indent: "  ", items: [], stop: lines.length };
        if (at < 0) return info;
        const rest = lines[at].replace(/^[^:]*:/, "").replace(/(^|\s)#.*$/, "").trim();
        if (/^\[\s*\]$/.test(rest)) { info.form = "empty"; return info; }
        if (rest !== "") { info.form = "flow"; return info; }
        info.form = "block";
        let itemIndent = -1;
        for (let i = at + 1; i < lines.length; i++) {
            const l = lines[i];
            if (isBlank(l)) continue;
            const n = indentOf(l);
            if (/^(---|\.\.\.)(\s|$)/.test(l)) { info.stop = i; break; }
            if (itemIndent < 0 && /^ *-(\s|$)/.test(l)) itemIndent = n;
            if (itemIndent >= 0 && n === itemIndent && /^ *-(\s|$)/.test(l)) {
                info.items.push({ start: i, end: i });
            } else if (itemIndent >= 0 && n > itemIndent && info.items.length) {
                info.items[info.items.length - 1].end = i;
            } else { info.stop = i; break; }
        }
        if (itemIndent >= 0) info.indent = " ".repeat(itemIndent);
        return info;
    }

    /* TEXT with the event appended as the last item of `events`; throws an
     * Error saying why when it cannot be. */
    function append(text, fields) {
        const info = locate(text);
        if (info.form === "none")
            throw new Error("The log has no `events:` line at the start of a line: start a log first.");
        if (info.form === "flow")
            throw new Error("The log's events are written as one flow list (`events: [...]`): the form adds to a " +
                "list of one `- ` item a line; write the entry by hand, or rewrite the list that way.");
        const lines = info.lines.slice();
        let at;
        if (info.form === "empty") {
            lines[info.at] = lines[info.at].replace(/\[\s*\]\s*/, "").replace(/\s+$/, "");
            at = info.at + 1;
        } else if (info.stop < lines.length) {  /* before what follows the list (a second document) */
            at = info.stop;
            while (at > info.at + 1 && lines[at - 1].trim() === "") at--;
        } else {
            at = lines.length;
            if (lines[at - 1] === "") at--;  /* before the text's final line break */
        }
        const add = eventLines(fields, info.indent);
        lines.splice.apply(lines, [at, 0].concat(add));
        let out = lines.join("\n");
        if (!out.endsWith("\n")) out += "\n";
        return out;
    }

    /* TEXT without the last item of `events` (its lines, and nothing else;
     * the list becomes `events: []` when it held one item), or null when
     * there is no item to remove. */
    function undo(text) {
        const info = locate(text);
        if (info.form !== "block" || info.items.length === 0) return null;
        const last = info.items[info.items.length - 1];
        const lines = info.lines.slice();
        lines.splice(last.start, last.end - last.start + 1);
        if (info.items.length === 1) lines[info.at] = lines[info.at].replace(/:(\s*)(#.*)?$/, function (m, sp, c) {
            return ": []" + (c ? " " + c : "");
        });
        return lines.join("\n");
    }

    /* The first and last line (1-based) of the last item of `events`, or null. */
    function lastItem(text) {
        const info = locate(text);
        if (info.form !== "block" || info.items.length === 0) return null;
        const last = info.items[info.items.length - 1];
        return { first: last.start + 1, last: last.end + 1 };
    }

    const api = { scalar: scalar, eventLines: eventLines, append: append, undo: undo, lastItem: lastItem, locate: locate };
    if (typeof module !== "undefined" && module.exports) module.exports = api;
    else root.adjutantLogText = api;
})(typeof window !== "undefined" ? window : this);
