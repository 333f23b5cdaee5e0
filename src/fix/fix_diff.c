/* SPDX-License-Identifier: MIT */
/*
 * fix_diff.c - the unified diff of `fix --diff` (SPEC 12), as diff -u
 * writes it: hunks with 3 lines of context, hunks whose context would
 * touch merged into one, "\ No newline at end of file" where it applies.
 * Replacements never add a line, but one may span several (a block-style
 * claim), so each run of changed lines is rebuilt whole.
 */
#include "adj_fix.h"

#include <stdlib.h>
#include <string.h>

#define DIFF_CONTEXT 3

/* A run of whole lines holding one or more replacements. */
typedef struct diff_block_s {
    size_t from, to;        /* bytes: the first line's start, the last line's end */
    size_t line, lines;     /* its first line (1-based) and line count, in the old log */
    size_t edit, edits;     /* the replacements in it */
} diff_block_t;

typedef struct diff_s {
    const char *log;        /* borrowed */
    size_t n;
    const adj_edit_t *edits;  /* borrowed */
    adj_buf_t out;          /* the hunk being written */
    size_t scan, scan_line; /* a cursor: line `scan_line` starts at byte `scan` */
} diff_t;

static size_t line_start(const diff_t *d, size_t pos)
{
    while (pos > 0 && d->log[pos - 1] != '\n')
        pos--;
    return pos;
}

static size_t line_end(const diff_t *d, size_t pos)
{
    const char *nl = pos < d->n ? memchr(d->log + pos, '\n', d->n - pos) : NULL;
    return nl ? (size_t)(nl - d->log) + 1 : d->n;
}

/* Lines in bytes [from, to): the last may lack its line break. */
static size_t count_lines(const char *s, size_t from, size_t to)
{
    size_t k = 0;
    for (size_t i = from; i < to; i++)
        k += s[i] == '\n';
    return k + (to > from && s[to - 1] != '\n');
}

/* The line number of byte `pos` (a line's start), from the cursor on. */
static size_t line_of(diff_t *d, size_t pos)
{
    for (; d->scan < pos; d->scan++)
        d->scan_line += d->log[d->scan] == '\n';
    return d->scan_line;
}

/* Each line of s[from, to) with `mark` before it. */
static void put_lines(adj_buf_t *out, char mark, const char *s, size_t from, size_t to)
{
    while (from < to) {
        const char *nl = memchr(s + from, '\n', to - from);
        size_t end = nl ? (size_t)(nl - s) + 1 : to;
        adj_buf_putc(out, mark);
        adj_buf_put(out, s + from, end - from);
        if (!nl)
            adj_buf_puts(out, "\n\\ No newline at end of file\n");
        from = end;
    }
}

/* The blocks: replacements whose lines touch share one. Returns the count. */
static size_t make_blocks(diff_t *d, size_t count, diff_block_t *b)
{
    size_t nb = 0;
    for (size_t i = 0; i < count; i++) {
        const adj_edit_t *e = &d->edits[i];
        size_t last = e->length ? e->offset + e->length - 1 : e->offset;
        size_t from = line_start(d, e->offset), to = line_end(d, last);
        if (nb && from <= b[nb - 1].to) {  /* on its lines, or the next: one run */
            b[nb - 1].to = to > b[nb - 1].to ? to : b[nb - 1].to;
            b[nb - 1].edits++;
            continue;
        }
        b[nb++] = (diff_block_t){from, to, line_of(d, from), 0, i, 1};
    }
    for (size_t k = 0; k < nb; k++)
        b[k].lines = count_lines(d->log, b[k].from, b[k].to);
    return nb;
}

/* The block's lines as they become: returns the count of new lines. */
static size_t block_new(const diff_t *d, const diff_block_t *b, adj_buf_t *nw)
{
    size_t at = b->from;
    for (size_t i = b->edit; i < b->edit + b->edits; i++) {
        const adj_edit_t *e = &d->edits[i];
        adj_buf_put(nw, d->log + at, e->offset - at);
        adj_buf_put(nw, e->text, e->text_len);
        at = e->offset + e->length;
    }
    adj_buf_put(nw, d->log + at, b->to - at);
    return count_lines(nw->data, 0, nw->len);
}

/* Up to DIFF_CONTEXT lines before byte `pos` (a line's start). */
static size_t context_before(const diff_t *d, size_t pos)
{
    for (int k = 0; k < DIFF_CONTEXT && pos > 0; k++)
        pos = line_start(d, pos - 1);
    return pos;
}

static size_t context_after(const diff_t *d, size_t pos)
{
    for (int k = 0; k < DIFF_CONTEXT && pos < d->n; k++)
        pos = line_end(d, pos);
    return pos;
}

/* Blocks [i, j) as one hunk; *shift: new lines minus old ones so far. */
static bool put_hunk(FILE *f, diff_t *d, const diff_block_t *b, size_t i, size_t j,
                     long long *shift)
{
    size_t from = context_before(d, b[i].from), to = context_after(d, b[j - 1].to);
    size_t before = count_lines(d->log, from, b[i].from);
    size_t old_lines = count_lines(d->log, from, to), new_lines = old_lines;
    adj_buf_t body = {0}, nw = {0};
    size_t at = from;
    for (size_t k = i; k < j; k++) {
        put_lines(&body, ' ', d->log, at, b[k].from);
        put_lines(&body, '-', d->log, b[k].from, b[k].to);
        adj_buf_reset(&nw);
        new_lines = new_lines - b[k].lines + block_new(d, &b[k], &nw);
        put_lines(&body, '+', nw.data, 0, nw.len);
        at = b[k].to;
    }
    put_lines(&body, ' ', d->log, at, to);
    size_t old_start = b[i].line - before;
    adj_buf_reset(&d->out);
    adj_buf_printf(&d->out, "@@ -%zu,%zu +%lld,%zu @@\n", old_start, old_lines,
                   (long long)old_start + *shift, new_lines);
    adj_buf_put(&d->out, body.data, body.len);
    *shift += (long long)new_lines - (long long)old_lines;
    bool ok = fwrite(d->out.data, 1, d->out.len, f) == d->out.len;
    adj_buf_free(&body);
    adj_buf_free(&nw);
    return ok;
}

bool adj_diff_write(FILE *f, const char *name, const char *log, size_t n,
                    const adj_edit_t *edits, size_t count)
{
    if (count == 0)
        return true;
    diff_t d = {log, n, edits, {0}, 0, 1};
    diff_block_t *b = adj_xreallocarray(NULL, count, sizeof *b);
    size_t nb = make_blocks(&d, count, b);
    bool ok = fprintf(f, "--- a/%s\n+++ b/%s\n", name, name) > 0;
    long long shift = 0;
    for (size_t i = 0, j; ok && i < nb; i = j) {
        /* a hunk runs on while the unchanged lines between blocks are few
         * enough for the two contexts to meet */
        for (j = i + 1; j < nb && b[j].line - (b[j - 1].line + b[j - 1].lines) <= 2 * DIFF_CONTEXT;
             j++)
            ;
        ok = put_hunk(f, &d, b, i, j, &shift);
    }
    free(b);
    adj_buf_free(&d.out);
    return ok;
}
