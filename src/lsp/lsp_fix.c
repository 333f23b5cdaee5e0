/* SPDX-License-Identifier: MIT */
/*
 * lsp_fix.c - the quick fix (SPEC 14 "Code action"): when `fix` would
 * change the text, one `quickfix` whose edit makes it exactly what `adjutant
 * fix` writes, touching only the lines fix changes (each of fix's own
 * replacements widened to its whole lines, neighbours on one line merged),
 * attached to the diagnostics it mends.
 */
#include "lsp_server.h"

#include "adj_fix.h"

#include <stdlib.h>
#include <string.h>

#define LSP_FIX_TITLE "Correct the claims the replay settles (adjutant fix)"

static size_t line_start(const char *t, size_t at)
{
    while (at > 0 && t[at - 1] != '\n' && t[at - 1] != '\r')
        at--;
    return at;
}

static size_t line_stop(const char *t, size_t n, size_t at)
{
    while (at < n && t[at] != '\n' && t[at] != '\r')
        at++;
    return at;
}

/* fix's replacements as whole-line TextEdits over the editor's text. */
static json_t *text_edits(const lsp_doc_t *d, const adj_fix_result_t *r, lsp_enc_t enc)
{
    const char *t = d->text.data ? d->text.data : "";
    size_t n = d->text.len;
    lsp_text_t tx;
    lsp_text_open(&tx, t, n);
    json_t *out = json_array();
    for (size_t i = 0; i < r->edit_count;) {
        size_t from = line_start(t, (size_t)r->edits[i].offset), to = from, j = i, stop = 0;
        adj_buf_t b = {0};
        /* this edit and every later one that begins on a line it ends on
         * (the line's end found once: edits come in order) */
        do {
            const adj_edit_t *e = &r->edits[j];
            adj_buf_put(&b, t + to, (size_t)e->offset - to);
            adj_buf_put(&b, e->text, e->text_len);
            to = (size_t)(e->offset + e->length);
            if (stop < to)
                stop = line_stop(t, n, to);
            j++;
        } while (j < r->edit_count && (size_t)r->edits[j].offset <= stop);
        adj_buf_put(&b, t + to, stop - to);
        json_array_append_new(out, json_pack("{s:o,s:s%}", "range",
                                             lsp_text_range(&tx, from, stop, enc),
                                             "newText", b.data ? b.data : "", b.len));
        adj_buf_free(&b);
        i = j;
    }
    lsp_text_close(&tx);
    return out;
}

/* The code named `name`; false when none is. */
static bool code_named(const char *name, adj_code_t *c)
{
    for (int k = 0; k < ADJ_DIAG_COUNT; k++)
        if (!strcmp(adj_code_name((adj_code_t)k), name)) {
            *c = (adj_code_t)k;
            return true;
        }
    return false;
}

static int mend_cmp(const void *x, const void *y)
{
    const adj_fix_mend_t *a = x, *b = y;
    if (a->event.line != b->event.line)
        return a->event.line < b->event.line ? -1 : 1;
    return a->code < b->code ? -1 : a->code > b->code;
}

/* Of the document's diagnostics, those a correction mends (its code, on
 * its event's line): the mends sorted once, each diagnostic looked up. */
static json_t *mended(const lsp_doc_t *d, const lsp_request_t *q, adj_fix_result_t *r)
{
    json_t *all = lsp_check(d, q->config, q->enc), *out = json_array(), *g;
    if (r->mend_count)
        qsort(r->mends, r->mend_count, sizeof *r->mends, mend_cmp);
    size_t i;
    json_array_foreach(all, i, g) {
        const char *code = json_string_value(json_object_get(g, "code"));
        json_int_t line = json_integer_value(
            json_object_get(json_object_get(json_object_get(g, "range"), "start"), "line"));
        adj_code_t c;
        if (!code || !code_named(code, &c))
            continue;
        adj_fix_mend_t key = {.event = {.line = (size_t)line + 1}, .code = c};
        if (r->mend_count && bsearch(&key, r->mends, r->mend_count, sizeof key, mend_cmp))
            json_array_append(out, g);
    }
    json_decref(all);
    return out;
}

json_t *lsp_code_actions(const lsp_doc_t *d, const lsp_request_t *q)
{
    /* one action for the whole log, wherever it is asked for */
    adj_fix_result_t r;
    json_t *out = json_array();
    if (!adj_fix_bytes(d->path, &q->config->audit, &d->text, &r))
        return out;
    json_t *changes = json_object();
    json_object_set_new(changes, d->uri, text_edits(d, &r, q->enc));
    json_array_append_new(out, json_pack("{s:s,s:s,s:o,s:b,s:{s:o}}", "title", LSP_FIX_TITLE,
                                         "kind", "quickfix", "diagnostics", mended(d, q, &r),
                                         "isPreferred", 1, "edit", "changes", changes));
    adj_fix_result_free(&r);
    return out;
}
