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
    lsp_lines_t ed;
    lsp_lines_editor(&ed, t, n);
    json_t *out = json_array();
    for (size_t i = 0; i < r->edit_count;) {
        size_t from = line_start(t, (size_t)r->edits[i].offset), to = from, j = i;
        adj_buf_t b = {0};
        /* this edit and every later one that begins on a line it ends on */
        do {
            const adj_edit_t *e = &r->edits[j];
            adj_buf_put(&b, t + to, (size_t)e->offset - to);
            adj_buf_put(&b, e->text, e->text_len);
            to = (size_t)(e->offset + e->length);
            j++;
        } while (j < r->edit_count && (size_t)r->edits[j].offset <= line_stop(t, n, to));
        size_t end = line_stop(t, n, to);
        adj_buf_put(&b, t + to, end - to);
        json_array_append_new(out, json_pack("{s:o,s:s%}", "range",
                                             lsp_json_range(&ed, t, n, from, end, enc),
                                             "newText", b.data ? b.data : "", b.len));
        adj_buf_free(&b);
        i = j;
    }
    lsp_lines_free(&ed);
    return out;
}

/* Of the document's diagnostics, those a correction mends (its code, on
 * its event's line). */
static json_t *mended(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc,
                      const adj_fix_result_t *r)
{
    json_t *all = lsp_check(d, c, enc), *out = json_array(), *g;
    size_t i;
    json_array_foreach(all, i, g) {
        const char *code = json_string_value(json_object_get(g, "code"));
        json_int_t line = json_integer_value(
            json_object_get(json_object_get(json_object_get(g, "range"), "start"), "line"));
        for (size_t k = 0; code && k < r->mend_count; k++)
            if ((json_int_t)r->mends[k].event.line == line + 1 &&
                strcmp(adj_code_name(r->mends[k].code), code) == 0) {
                json_array_append(out, g);
                break;
            }
    }
    json_decref(all);
    return out;
}

json_t *lsp_code_actions(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, json_t *diags)
{
    (void)diags;  /* one action for the whole log, wherever it is asked for */
    adj_fix_result_t r;
    json_t *out = json_array();
    if (!adj_fix_bytes(d->path, &c->audit, &d->text, &r))
        return out;
    json_t *changes = json_object();
    json_object_set_new(changes, d->uri, text_edits(d, &r, enc));
    json_array_append_new(out, json_pack("{s:s,s:s,s:o,s:b,s:{s:o}}", "title", LSP_FIX_TITLE,
                                         "kind", "quickfix", "diagnostics", mended(d, c, enc, &r),
                                         "isPreferred", 1, "edit", "changes", changes));
    adj_fix_result_free(&r);
    return out;
}
