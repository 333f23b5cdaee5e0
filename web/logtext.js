/* SPDX-License-Identifier: MIT */
/*
 * logtext.js - the recorder's edits of a log's text (SPEC §10.1): YAML
 * scalars quoted where they must be, an event written as a block-style
 * item, appended as the last item of `events`, and the last item removed
 * (undo), each placed where the engine's own parse found the list and its
 * last item (its marks, adjutant-worker.js entryMarks): a quoted note's
 * lines that look like items are not items. Every other byte of the text
 * is kept. Defines window.adjutantLogText (and module.exports, for node).
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

    /* ---- by the engine's marks ----
     * MARKS are where the engine's parse found the log's `events` (the
     * worker's entryMarks: each mark [index, line, column], index counting
     * characters, a leading BOM not counted). Every edit below is placed by
     * them; text the engine did not read to its end is not edited, but for
     * the last item of a broken log (undoBroken). */

    /* The UTF-16 offset in TEXT of the character libyaml counts as INDEX. */
    function offsetOf(text, index) {
        const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
        if (!/[\ud800-\udbff]/.test(text)) return Math.min(index + bom, text.length);
        let at = bom;
        for (let n = 0; n < index && at < text.length; n++) {
            const c = text.charCodeAt(at);
            at += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
        }
        return at;
    }

    /* The start of the line holding offset AT. */
    function lineStart(text, at) { return text.lastIndexOf("\n", at - 1) + 1; }

    /* From offset AT (the end of the item before, or the list's first `-`),
     * past blanks, line breaks and comments, the item's `-`; -1 when what
     * stands there is something else. */
    function dashFrom(text, at) {
        while (at < text.length) {
            const c = text.charAt(at);
            if (c === " " || c === "\t" || c === "\r" || c === "\n") at++;
            else if (c === "#") { const nl = text.indexOf("\n", at); at = nl < 0 ? text.length : nl; }
            else return c === "-" ? at : -1;
        }
        return -1;
    }

    /* Where an item ending at mark END stops: the offset just after its last
     * line's break (or the text's end). A block scalar's end is the next
     * line's start (column 0): its item stops there. -1 when something other
     * than a comment follows it on its line. */
    function stopAfter(text, end, endAt) {
        if (end[2] === 0 && endAt > 0 && text.charAt(endAt - 1) === "\n") return endAt;
        const nl = text.indexOf("\n", endAt);
        const rest = text.slice(endAt, nl < 0 ? text.length : nl);
        if (!/^[ \t]*(#.*)?\r?$/.test(rest)) return -1;
        return nl < 0 ? text.length : nl + 1;
    }

    /* Why an edit cannot be made: an Error with .why ("none", "flow",
     * "other", "unread", "shape"). */
    function refuse(why, message) { const e = new Error(message); e.why = why; return e; }

    const NO_EVENTS = "The log has no `events:` key: start a log first.";
    const FLOW = "The log's events are written as one flow list (`events: [...]`): the form adds to a " +
        "list of one `- ` item a line; write the entry by hand, or rewrite the list that way.";
    const UNREAD = "The engine did not read the log's events to their end, so the entry has no sure place.";
    const SHAPE = "The log's last item is not laid out as the form writes items (something other than a comment " +
        "follows it on its line): edit the log by hand.";

    /* The number of line breaks in TEXT between offsets FROM and TO. */
    function breaks(text, from, to) {
        let n = 0;
        for (let at = text.indexOf("\n", from); at >= 0 && at < to; at = text.indexOf("\n", at + 1)) n++;
        return n;
    }

    /* The last item of `events` by MARKS: {from, to} (offsets: the start of
     * its `-` line, and just after its last line), its lines {first, last}
     * (1-based) and the list's indentation; null when the list is empty;
     * throws refuse(). */
    function lastAt(text, marks) {
        if (!marks || !marks.key) throw refuse("none", NO_EVENTS);
        if (marks.form === "flow" && marks.count > 0) throw refuse("flow", FLOW);
        if (marks.form === "other" || marks.form === "scalar" && marks.count) throw refuse("other", "The log's `events` is not a list.");
        if (!marks.complete) throw refuse("unread", UNREAD);
        if (marks.form !== "block" || marks.count === 0) return null;
        const last = marks.last;
        const after = offsetOf(text, marks.prevEnd[0]);
        const dash = dashFrom(text, after);
        const start = last.empty ? -1 : offsetOf(text, last.start[0]);
        const from = dash < 0 ? -1 : lineStart(text, dash);
        if (from < 0 || !/^[ \t]*$/.test(text.slice(from, dash)) || (!last.empty && dash >= start))
            throw refuse("shape", SHAPE);
        const to = last.empty ? stopAfter(text, [0, 0, 1], dash + 1) : stopAfter(text, last.end, offsetOf(text, last.end[0]));
        if (to < 0) throw refuse("shape", SHAPE);
        const first = last.empty ? marks.prevEnd[1] + 1 + breaks(text, after, dash) : last.start[1] + 1 - breaks(text, dash, start);
        const lastLine = last.empty ? first : last.end[2] === 0 ? last.end[1] : last.end[1] + 1;
        const listAt = offsetOf(text, marks.start[0]);
        const indent = text.slice(lineStart(text, listAt), listAt);
        return { from: from, to: to, first: first, last: lastLine, indent: /^ *$/.test(indent) ? indent : "  " };
    }

    /* TEXT with the event appended as the last item of `events`, placed by
     * the engine's MARKS for TEXT; throws refuse() saying why when it cannot
     * be. After the last item's lines (before what follows the list), or at
     * the text's end when only comments and blank lines follow. */
    function appendAt(text, marks, fields) {
        const last = lastAt(text, marks);
        if (last) {
            const add = eventLines(fields, last.indent).join("\n") + "\n";
            if (/^(?:[ \t]*(?:#.*)?(?:\n|$))*$/.test(text.slice(last.to))) {  /* only comments follow */
                const body = text.endsWith("\n") || text === "" ? text : text + "\n";
                return body + add;
            }
            const before = text.slice(0, last.to);
            return before + (before.endsWith("\n") ? "" : "\n") + add + text.slice(last.to);
        }
        /* no item yet: `events: []`, `events:` or `events: ~` */
        const from = offsetOf(text, marks.start[0]), to = offsetOf(text, marks.end[0]);
        const value = text.slice(from, to);
        if (marks.form === "scalar" && !/^(?:~|null|Null|NULL)?$/.test(value)) throw refuse("other", "The log's `events` is not a list.");
        const nl = text.indexOf("\n", to);
        const lineEnd = nl < 0 ? text.length : nl;
        const rest = text.slice(to, lineEnd).replace(/^[ \t]+/, "");
        const head = (text.slice(0, from) + rest).replace(/[ \t]+$/, "");
        return head + "\n" + eventLines(fields, "  ").join("\n") + "\n" + text.slice(nl < 0 ? text.length : nl + 1);
    }

    /* {text: TEXT without the last item of `events` (its lines, and nothing
     * else; the list becomes `events: []` when it held one item), removed:
     * the lines removed, line: the first of them (1-based)}, or null when
     * there is no item; placed by MARKS; throws refuse(). */
    function undoAt(text, marks) {
        const last = lastAt(text, marks);
        if (!last) return null;
        let head = text.slice(0, last.from);
        if (marks.count === 1) {
            const keyEnd = offsetOf(text, marks.keyEnd[0]);
            const nl = text.indexOf("\n", keyEnd);
            const line = text.slice(keyEnd, nl < 0 ? text.length : nl);
            const m = /^([ \t]*):[ \t]*(#.*)?$/.exec(line);
            if (m && keyEnd <= head.length)
                head = text.slice(0, keyEnd) + m[1] + ": []" + (m[2] ? " " + m[2] : "") + text.slice(keyEnd + line.length, last.from);
        }
        return { text: head + text.slice(last.to), removed: text.slice(last.from, last.to), line: last.first };
    }

    /* The lines (1-based) of the last item of `events` by MARKS: {first,
     * last}, or null (no item, or none the engine read whole). */
    function lastItemAt(text, marks) {
        try {
            const l = lastAt(text, marks);
            return l ? { first: l.first, last: l.last } : null;
        } catch (e) { return null; }
    }

    /* ---- by indentation: a log the engine could not read to its end ---- */

    /* Where the text's `events` are, by indentation alone: {at: its line,
     * form: "block" | "empty" (`events: []`) | "flow" | "none", indent: of
     * its items, items: [{start, end}] (first and last line of each), stop:
     * the first line after them}. A quoted scalar's lines can look like
     * items: used only where the engine's marks stop (undoBroken). */
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

    /* For a log the engine stopped reading inside `events` (a hand edit
     * broke it): undoAt's answer for the last item found by indentation,
     * if it starts after everything the engine read whole (MARKS), else
     * null. */
    function undoBroken(text, marks) {
        if (!marks || !marks.key || marks.form !== "block" || marks.complete) return null;
        const info = locate(text);
        if (info.form !== "block" || info.items.length === 0) return null;
        const l = marks.last;
        const sure = l && l.end && !l.empty ? (l.end[2] === 0 ? l.end[1] - 1 : l.end[1])  /* the last line read whole */
            : l && marks.count > 1 ? marks.prevEnd[1] : marks.key[1];
        const item = info.items[info.items.length - 1];
        if (item.start <= sure) return null;  /* it could be inside what the engine read */
        const lines = info.lines.slice();
        const removed = lines.splice(item.start, item.end - item.start + 1);
        if (info.items.length === 1) lines[info.at] = lines[info.at].replace(/:(\s*)(#.*)?$/, function (m, sp, c) {
            return ": []" + (c ? " " + c : "");
        });
        return { text: lines.join("\n"), removed: removed.join("\n") + "\n", line: item.start + 1 };
    }

    const api = { scalar: scalar, eventLines: eventLines, appendAt: appendAt, undoAt: undoAt, lastItemAt: lastItemAt,
                  undoBroken: undoBroken, offsetOf: offsetOf };
    if (typeof module !== "undefined" && module.exports) module.exports = api;
    else root.adjutantLogText = api;
})(typeof window !== "undefined" ? window : this);
