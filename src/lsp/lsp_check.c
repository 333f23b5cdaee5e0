/* SPDX-License-Identifier: MIT */
/*
 * lsp_check.c - a document's diagnostics (SPEC 14 "Diagnostics"): the one
 * replay of the editor's text under the document's file name, reported by
 * `status --format json`'s own reporter and read back, so that the server
 * says exactly what the CLI says; each then given the range of the key,
 * scalar or flow collection where it starts (lsp_yaml.c: one bounded pass
 * of libyaml for the starts the report names), and a relatedInformation
 * entry at each earlier line its message names.
 */
#include "lsp.h"

#include "adj_report.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* ---- ranges ---- */

/* A finding about one field's value, reported at its event's first key
 * (SPEC 4): its range runs on through that value, so that the editor
 * underlines the roll of `roll: 7` too. */
static const struct {
    adj_code_t code;
    adj_field_t field;
} value_codes[] = {
    {ADJ_D_ROLL_OUT_OF_RANGE, ADJ_F_ROLL},
    {ADJ_D_IMC_MISMATCH, ADJ_F_MP},
    {ADJ_D_MOVE_EXCEEDS_MP, ADJ_F_MP},
    {ADJ_D_RESULT_MISMATCH, ADJ_F_RESULT},
};
#define LSP_VALUE_CODES (sizeof value_codes / sizeof value_codes[0])

/* An event that drew a finding: where it starts, its fields' values. */
typedef struct drew_s {
    adj_mark_t mark;
    adj_span_t at[LSP_VALUE_CODES];
} drew_t;

/* What a check holds of the text while it converts positions. */
typedef struct text_s {
    lsp_text_t t;          /* owned */
    lsp_yaml_t y;          /* owned: the extents of the starts wanted */
    lsp_mark0_t *want;     /* owned */
    size_t want_count, want_cap;
    drew_t *drew;          /* owned, in file order */
    size_t drew_count, drew_cap;
    lsp_enc_t enc;
} text_t;

static void want_add(text_t *t, size_t line, size_t column)
{
    if (!line || !column)
        return;
    if (t->want_count == t->want_cap) {
        t->want_cap = t->want_cap ? t->want_cap * 2 : 64;
        t->want = adj_xreallocarray(t->want, t->want_cap, sizeof *t->want);
    }
    t->want[t->want_count++] = (lsp_mark0_t){line - 1, column - 1};
}

static int want_cmp(const void *x, const void *y)
{
    const lsp_mark0_t *a = x, *b = y;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    return a->col < b->col ? -1 : a->col > b->col;
}

/* The extents of every start wanted, in one pass of libyaml. */
static void text_scan(text_t *t)
{
    if (t->want_count)
        qsort(t->want, t->want_count, sizeof *t->want, want_cmp);
    t->y.want = t->want;
    t->y.want_count = t->want_count;
    t->y.has_stop = true;  /* past the last start wanted, the pass may end */
    t->y.stop = t->want_count ? t->want[t->want_count - 1] : (lsp_mark0_t){0, 0};
    lsp_yaml_scan(&t->y, t->t.s, t->t.n);
}

static const lsp_ext_t *extent_at(const text_t *t, size_t line, size_t column)
{
    lsp_mark0_t key = {line - 1, column - 1};
    const lsp_mark0_t *w = line && column && t->want_count
                               ? bsearch(&key, t->want, t->want_count, sizeof key, want_cmp)
                               : NULL;
    return w && t->y.has[w - t->want] ? &t->y.found[w - t->want] : NULL;
}

/* The end of a finding's value field (0: none), for a code of value_codes
 * at the start of an event that drew it. */
static size_t value_end(const text_t *t, const char *code, size_t line, size_t column)
{
    size_t k = 0;
    while (code && k < LSP_VALUE_CODES && strcmp(code, adj_code_name(value_codes[k].code)))
        k++;
    if (!code || k == LSP_VALUE_CODES)
        return 0;
    size_t lo = 0, hi = t->drew_count;  /* the event at line:column */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        adj_mark_t m = t->drew[mid].mark;
        if (m.line < line || (m.line == line && m.column < column))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == t->drew_count || t->drew[lo].mark.line != line || t->drew[lo].mark.column != column)
        return 0;
    adj_span_t sp = t->drew[lo].at[k];
    return sp.offset != ADJ_SPAN_UNKNOWN && sp.length && sp.offset + sp.length <= t->t.n
               ? (size_t)(sp.offset + sp.length)
               : 0;
}

/* The range of a diagnostic at the CLI's line:column (1-based): to the end
 * of the key, scalar or flow collection there, else of the line; through
 * the value a finding of value_codes is about. */
static json_t *range_at(const text_t *t, size_t line, size_t column, const char *code)
{
    size_t from = lsp_text_cli(&t->t, line, column), to;
    const lsp_ext_t *e = extent_at(t, line, column);
    if (e && (e->el > e->sl || e->ec > e->sc))
        to = lsp_text_cli(&t->t, (size_t)e->el + 1, (size_t)e->ec + 1);
    else
        to = lsp_text_cli_end(&t->t, line);
    size_t v = value_end(t, code, line, column);
    return lsp_text_range(&t->t, from, v > to ? v : to, t->enc);
}

/* A whole line's text, from its first character that is not a blank or a
 * sequence's dash: where an event's line is shown. */
static size_t line_text_column(const text_t *t, size_t line)
{
    size_t i = lsp_text_cli_start(&t->t, line), end = lsp_text_cli_end(&t->t, line);
    size_t c = 1;
    while (i < end && (t->t.s[i] == ' ' || t->t.s[i] == '\t' || t->t.s[i] == '-'))
        i++, c++;
    return c;
}

/* ---- diagnostics ---- */

static json_t *diag_new(json_t *range, int severity, const char *code, const char *message)
{
    json_t *d = json_pack("{s:o,s:i,s:s,s:s}", "range", range, "severity", severity, "source",
                          "adjutant", "message", message ? message : "");
    if (code)
        json_object_set_new(d, "code", json_string(code));
    return d;
}

/* The lines before `line` that `msg` names ("on line 115"), each once, at
 * most LSP_MAX_RELATED of them. */
#define LSP_MAX_RELATED 8
static size_t named_lines(const char *msg, size_t line, size_t out[LSP_MAX_RELATED])
{
    size_t n = 0;
    for (const char *p = msg; n < LSP_MAX_RELATED && (p = strstr(p, "line ")) != NULL;) {
        bool word = p == msg || p[-1] == ' ' || p[-1] == '(';
        p += 5;
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (!word || end == p || *p == '-' || *p == '+' || v == 0 || v >= line)
            continue;
        bool seen = false;
        for (size_t i = 0; i < n; i++)
            seen = seen || out[i] == (size_t)v;
        if (!seen)
            out[n++] = (size_t)v;
    }
    return n;
}

/* relatedInformation: each earlier line the message names. */
static void related(json_t *d, const text_t *t, const char *uri, size_t uri_len, const char *msg,
                    size_t line)
{
    size_t lines[LSP_MAX_RELATED], n = named_lines(msg, line, lines);
    if (!n)
        return;
    json_t *rel = json_array();
    for (size_t i = 0; i < n; i++) {
        json_t *loc = json_pack("{s:s%,s:o}", "uri", uri, uri_len, "range",
                                range_at(t, lines[i], line_text_column(t, lines[i]), NULL));
        char label[48];
        snprintf(label, sizeof label, "line %zu", lines[i]);
        json_array_append_new(rel, json_pack("{s:o,s:s}", "location", loc, "message", label));
    }
    json_object_set_new(d, "relatedInformation", rel);
}

static size_t num(json_t *o, const char *key)
{
    json_int_t v = json_integer_value(json_object_get(o, key));
    return v > 0 ? (size_t)v : 0;
}

/* The starts whose extents a report's ranges need: its findings', the
 * lines their messages name, the pending obligations' lines. */
static void want_report(text_t *t, json_t *report)
{
    json_t *g;
    size_t i;
    json_array_foreach(json_object_get(report, "diagnostics"), i, g) {
        size_t line = num(g, "line"), lines[LSP_MAX_RELATED];
        want_add(t, line, num(g, "column"));
        const char *msg = json_string_value(json_object_get(g, "message"));
        for (size_t k = 0, n = msg ? named_lines(msg, line, lines) : 0; k < n; k++)
            want_add(t, lines[k], line_text_column(t, lines[k]));
    }
    json_array_foreach(json_object_get(report, "pending"), i, g)
        want_add(t, num(g, "line"), line_text_column(t, num(g, "line")));
}

static void add_findings(json_t *out, json_t *report, const text_t *t, const lsp_doc_t *doc)
{
    json_t *g;
    size_t i;
    json_array_foreach(json_object_get(report, "diagnostics"), i, g) {
        size_t line = num(g, "line"), col = num(g, "column");
        const char *sev = json_string_value(json_object_get(g, "severity"));
        const char *msg = json_string_value(json_object_get(g, "message"));
        const char *code = json_string_value(json_object_get(g, "code"));
        json_t *d = diag_new(range_at(t, line, col, code),
                             sev && strcmp(sev, "warning") == 0 ? 2 : 1, code, msg);
        if (msg)
            related(d, t, doc->uri, doc->uri_len, msg, line);
        json_array_append_new(out, d);
    }
    json_array_foreach(json_object_get(report, "pending"), i, g) {
        size_t line = num(g, "line");
        json_array_append_new(out, diag_new(range_at(t, line, line_text_column(t, line), NULL), 3,
                                            json_string_value(json_object_get(g, "obligation")),
                                            json_string_value(json_object_get(g, "due"))));
    }
}

/* `status --format json`'s report of the audit, parsed back. */
static json_t *status_report(const adj_audit_t *a, const adj_audit_opts_t *o)
{
    const adj_reporter_t *r = adj_reporter_find("json");
    adj_report_opts_t ro = {.audit = o};
    adj_buf_t out = {0};
    r->status(&out, a, &ro);
    json_t *j = json_loadb(out.data ? out.data : "", out.len, 0, NULL);
    adj_buf_free(&out);
    return j;
}

/* An entry that drew a finding: kept with its value fields (value_end). */
static void check_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                     bool was_over)
{
    (void)was_over;
    text_t *t = ctx;
    if (a->diags.count <= from)
        return;
    if (t->drew_count == t->drew_cap) {
        t->drew_cap = t->drew_cap ? t->drew_cap * 2 : 16;
        t->drew = adj_xreallocarray(t->drew, t->drew_cap, sizeof *t->drew);
    }
    drew_t *d = &t->drew[t->drew_count++];
    d->mark = en->mark;
    for (size_t k = 0; k < LSP_VALUE_CODES; k++)
        d->at[k] = en->at[value_codes[k].field];
}

static void text_open(text_t *t, const lsp_doc_t *d, lsp_enc_t enc)
{
    memset(t, 0, sizeof *t);
    lsp_text_open(&t->t, d->text.data, d->text.len);
    t->enc = enc;
}

static void text_close(text_t *t)
{
    lsp_text_close(&t->t);
    lsp_yaml_free(&t->y);
    free(t->want);
    free(t->drew);
}

json_t *lsp_check(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc)
{
    json_t *out = json_array();
    if (d->kind != LSP_LOG)
        return out;
    text_t t;
    text_open(&t, d, enc);
    adj_audit_opts_t o = c->audit;
    o.open_end = true;  /* as `status` replays */
    o.on_entry = check_on_entry;
    o.entry_ctx = &t;
    adj_audit_t a;
    adj_audit_bytes(&a, t.t.s, t.t.n, d->path, &o);
    if (a.io_error) {  /* its ladder file is not valid: one error, no code */
        want_add(&t, 1, 1);
        text_scan(&t);
        json_array_append_new(out, diag_new(range_at(&t, 1, 1, NULL), 1, NULL,
                                            adj_audit_strerror(a.io_errno)));
    } else {
        json_t *report = status_report(&a, &o);
        want_report(&t, report);
        text_scan(&t);
        add_findings(out, report, &t, d);
        json_decref(report);
    }
    adj_audit_free(&a);
    text_close(&t);
    return out;
}

json_t *lsp_check_ladder(const lsp_doc_t *d, lsp_enc_t enc)
{
    text_t t;
    text_open(&t, d, enc);
    adj_diags_t g = {0};
    adj_ladder_check(t.t.s, t.t.n, d->path, &g);
    size_t lines[LSP_MAX_RELATED];
    for (size_t i = 0; i < g.count; i++) {
        want_add(&t, g.items[i].mark.line, g.items[i].mark.column);
        for (size_t k = 0, n = named_lines(g.items[i].message, g.items[i].mark.line, lines);
             k < n; k++)
            want_add(&t, lines[k], line_text_column(&t, lines[k]));
    }
    text_scan(&t);
    json_t *out = json_array();
    for (size_t i = 0; i < g.count; i++) {
        const adj_diag_t *x = &g.items[i];
        bool warn = x->code == ADJ_D_UNKNOWN_FIELD;  /* as `adjutant ladder` words it */
        json_t *one = diag_new(range_at(&t, x->mark.line, x->mark.column, NULL), warn ? 2 : 1,
                               adj_code_name(x->code), x->message);
        related(one, &t, d->uri, d->uri_len, x->message, x->mark.line);
        json_array_append_new(out, one);
    }
    adj_diags_free(&g);
    text_close(&t);
    return out;
}
