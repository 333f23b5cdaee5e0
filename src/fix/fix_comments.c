/* SPDX-License-Identifier: MIT */
/*
 * fix_comments.c - the comments inside a value that `fix` replaces whole
 * (SPEC 12: every byte but the corrected values is kept, comments
 * included). A claim written over several lines (`end: [  # ours` ...
 * `]`, a block list, a side's collection) holds comments; they are found
 * by a small scan that knows quoted scalars and block scalars, and each
 * is kept, in order: the new value on the value's first line with the
 * comment that followed it there, every further comment on a line of its
 * own beneath, at the entry's indentation. Only bytes between comments
 * are replaced, so the comments' own bytes (and line breaks) stay as
 * written, in any encoding, and no line is added.
 */
#include "fix_private.h"

#include <stdlib.h>
#include <string.h>

/* A comment: from its `#` to its line break (or the value's end). */
typedef struct fix_note_s {
    size_t at, end;
} fix_note_t;

/* The scan over one value's bytes, in the log's code units. */
typedef struct fix_scan_s {
    const fix_t *f;
    size_t at, to;          /* the cursor, the value's end */
    unsigned w;             /* bytes per code unit */
    size_t depth;           /* flow collections open */
    bool space;             /* the last unit was a blank or a line break: a token may start */
    bool plain;             /* inside a plain scalar */
    size_t line_indent;     /* the current line's leading spaces */
    fix_note_t *notes;      /* owned array */
    size_t count, cap;
} fix_scan_t;

static unsigned unit(const fix_scan_t *s, size_t at) { return fix_unit_at(s->f, at); }

static bool blank(unsigned c) { return c == ' ' || c == '\t'; }

static void note_add(fix_scan_t *s, size_t at, size_t end)
{
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 8;
        s->notes = adj_xreallocarray(s->notes, s->cap, sizeof *s->notes);
    }
    s->notes[s->count++] = (fix_note_t){at, end};
}

/* The leading spaces of the line that starts at `at`; *end: where they stop. */
static size_t indent_at(const fix_scan_t *s, size_t at, size_t *end)
{
    size_t n = 0;
    for (; at + s->w <= s->to && unit(s, at) == ' '; at += s->w)
        n++;
    *end = at;
    return n;
}

/* Past the line break at s->at (on a new line: its indentation noted). */
static void skip_break(fix_scan_t *s)
{
    s->at += fix_break_at(s->f, s->at);
    size_t end;
    s->line_indent = indent_at(s, s->at, &end);
    s->space = true;
}

static void skip_to_break(fix_scan_t *s)
{
    while (s->at + s->w <= s->to && !fix_break_at(s->f, s->at))
        s->at += s->w;
}

/* A quoted scalar from its quote at s->at: `''` escapes in single
 * quotes, a backslash the next unit in double ones. A quote that does not
 * close before the value's end opened none (`CSA's`): read as plain. */
static void skip_quoted(fix_scan_t *s)
{
    unsigned q = unit(s, s->at);
    size_t start = s->at;
    for (s->at += s->w; s->at + s->w <= s->to; s->at += s->w) {
        unsigned c = unit(s, s->at);
        if (q == '"' && c == '\\')
            s->at += s->w;
        else if (c == q && q == '\'' && s->at + 2 * s->w <= s->to && unit(s, s->at + s->w) == q)
            s->at += s->w;
        else if (c == q)
            break;
    }
    if (s->at + s->w > s->to) {
        s->at = start;
        s->plain = true;
    }
    s->at += s->w;
    s->space = false;
}

/* A block scalar's header (`|`, `>-`, `|2+`) at s->at: only its
 * indicators, then blanks, then a comment or the line's end. */
static bool block_header(const fix_scan_t *s)
{
    size_t p = s->at + s->w;
    while (p + s->w <= s->to && (unit(s, p) == '-' || unit(s, p) == '+' ||
                                 (unit(s, p) >= '0' && unit(s, p) <= '9')))
        p += s->w;
    size_t indicators = p;
    while (p + s->w <= s->to && blank(unit(s, p)))
        p += s->w;
    if (p + s->w > s->to || fix_break_at(s->f, p))
        return true;
    return unit(s, p) == '#' && p > indicators;
}

/* A block scalar's lines after its header line: every line blank or
 * indented as deep as its first line, which is deeper than the header's
 * (its text, where a `#` is no comment). */
static void skip_block_lines(fix_scan_t *s)
{
    size_t header = s->line_indent, content = 0;
    while (s->at + s->w <= s->to && fix_break_at(s->f, s->at)) {
        size_t next = s->at + fix_break_at(s->f, s->at), text;
        size_t n = indent_at(s, next, &text);
        bool empty = text + s->w > s->to || fix_break_at(s->f, text);
        if (!empty && !content)
            content = n > header ? n : SIZE_MAX;
        if (!empty && n < content)
            break;
        s->at = text;
        skip_to_break(s);
    }
}

/* An indicator (`-`, `?`, `:`) is one when a blank, a line break or the
 * value's end follows it (in a flow collection, `:` also before `,[]{}`). */
static bool indicator(const fix_scan_t *s, unsigned c)
{
    size_t n = s->at + s->w;
    if (c != '-' && c != '?' && c != ':')
        return false;
    if (n + s->w > s->to || blank(unit(s, n)) || fix_break_at(s->f, n))
        return true;
    unsigned d = unit(s, n);
    return c == ':' && s->depth && (d == ',' || d == '[' || d == ']' || d == '{' || d == '}');
}

static bool flow_char(unsigned c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }

/* A block scalar: past its indicators to the comment on its header
 * line, if any, then past its lines. */
static void scan_block(fix_scan_t *s)
{
    for (s->at += s->w; s->at + s->w <= s->to && !blank(unit(s, s->at)) &&
                        !fix_break_at(s->f, s->at);
         s->at += s->w)
        ;
    while (s->at + s->w <= s->to && blank(unit(s, s->at)))
        s->at += s->w;
    if (s->at + s->w <= s->to && unit(s, s->at) == '#') {
        size_t at = s->at;
        skip_to_break(s);
        note_add(s, at, s->at);
    }
    skip_block_lines(s);
}

/* One unit where no scalar is open: a comment (after a blank), a quote, a
 * bracket or comma, a block scalar, an indicator, a tag, or a plain
 * scalar's first unit. */
static void scan_token(fix_scan_t *s, unsigned c)
{
    if (c == '#' && s->space) {
        size_t at = s->at;
        skip_to_break(s);
        note_add(s, at, s->at);
    } else if ((c == '\'' || c == '"') && s->space) {
        skip_quoted(s);
    } else if (flow_char(c)) {
        if (c == '[' || c == '{')
            s->depth++;
        else if (c != ',' && s->depth)
            s->depth--;
        s->at += s->w;
        s->space = c != ']' && c != '}';
    } else if ((c == '|' || c == '>') && s->space && !s->depth && block_header(s)) {
        scan_block(s);
    } else if (indicator(s, c)) {
        s->at += s->w;
        s->space = true;
    } else if (c == '!' || c == '&' || c == '*') {  /* a tag (anchors are refused) */
        while (s->at + s->w <= s->to && !blank(unit(s, s->at)) && !fix_break_at(s->f, s->at) &&
               !flow_char(unit(s, s->at)))
            s->at += s->w;
        s->space = false;
    } else {
        s->plain = true;
        s->at += s->w;
        s->space = false;
    }
}

/* One unit of a plain scalar: a comment after a blank, `: ` or (in a
 * flow collection) a bracket or comma ends it. */
static void scan_plain(fix_scan_t *s, unsigned c)
{
    if ((c == '#' && s->space) || indicator(s, c) || (s->depth && flow_char(c))) {
        s->plain = false;
        scan_token(s, c);
        return;
    }
    s->at += s->w;
    s->space = false;
}

/* The comments in the log's bytes [from, to), a value's. */
static void scan_notes(fix_scan_t *s, size_t from, size_t to)
{
    const fix_t *f = s->f;
    s->to = to;
    size_t start = from;  /* its line's start: the header line's indentation counts */
    while (start > 0 && !fix_break_before(f, 0, start))
        start -= s->w;
    size_t end;
    s->line_indent = indent_at(s, start, &end);
    s->at = from;
    s->space = true;
    while (s->at + s->w <= s->to) {
        unsigned c = unit(s, s->at);
        if (fix_break_at(f, s->at)) {
            skip_break(s);
            s->plain = false;
        } else if (blank(c)) {
            s->at += s->w;
            s->space = true;
        } else if (s->plain) {
            scan_plain(s, c);
        } else {
            scan_token(s, c);
        }
    }
}

/* ---- the edits that keep them ---- */

static void more_add(fix_item_t *it, size_t from, size_t to, const char *text, size_t n)
{
    size_t n0 = it->more_count;
    if ((n0 & (n0 - 1)) == 0)  /* 0, 1, 2, 4, ...: grown by doubling */
        it->more = adj_xreallocarray(it->more, n0 ? 2 * n0 : 1, sizeof *it->more);
    it->more[it->more_count++] = (adj_edit_t){from, to - from, adj_xstrndup(text, n), n};
}

/* Where the blanks before `at` begin (on its line, not before `from`). */
static size_t blanks_before(const fix_t *f, size_t from, size_t at)
{
    unsigned w = fix_enc_width(f->enc);
    while (at >= from + w && blank(fix_unit_at(f, at - w)))
        at -= w;
    return at;
}

/* The value's edit (it->edit, [S, E)) split around its comments: the new
 * value in place of what stands before the first comment on the first
 * line (or of the first line), the lines between comments become the
 * entry's indentation, and what follows the last comment goes; the rest
 * of the last line (a `]`, `, USA: 0}`, another comment) on a line of its
 * own when it is not blank. */
void fix_keep_comments(fix_t *f, fix_item_t *it)
{
    adj_edit_t *e = &it->edit;
    fix_scan_t s = {.f = f, .w = fix_enc_width(f->enc)};
    size_t from = (size_t)e->offset, to = (size_t)(e->offset + e->length), w = s.w;
    scan_notes(&s, from, to);
    if (!s.count) {
        free(s.notes);
        return;
    }
    size_t n = it->key.column > 1 ? it->key.column - 1 : 0;
    char *indent = adj_xmalloc(n + 1);
    memset(indent, ' ', n);
    size_t first = from;  /* the first line's break, if the first comment is not on it */
    while (first < s.notes[0].at && !fix_break_at(f, first))
        first += w;
    if (first < s.notes[0].at) {
        e->length = first - from;
        first += fix_break_at(f, first);
        more_add(it, first, s.notes[0].at, indent, n);
    } else {
        e->length = blanks_before(f, from, s.notes[0].at) - from;
    }
    for (size_t i = 1; i < s.count; i++) {
        size_t after = s.notes[i - 1].end + fix_break_at(f, s.notes[i - 1].end);
        more_add(it, after, s.notes[i].at, indent, n);
    }
    size_t last = s.notes[s.count - 1].end, rest = to;
    while (rest + w <= f->log->len && blank(fix_unit_at(f, rest)))
        rest += w;
    if (rest + w > f->log->len || fix_break_at(f, rest)) {
        if (last < to)
            more_add(it, last, to, "", 0);
    }
    else if (last < to)
        more_add(it, last + fix_break_at(f, last), rest, indent, n);
    free(indent);
    free(s.notes);
}
