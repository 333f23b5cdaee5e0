/* SPDX-License-Identifier: MIT */
/*
 * lsp_check.c - a document's diagnostics (SPEC 14 "Diagnostics"): the one
 * replay of the editor's text under the document's file name, reported by
 * `status --format json`'s own reporter and read back, so that the server
 * says exactly what the CLI says; each then given the range of the key,
 * scalar or flow collection where it starts (libyaml's marks), and a
 * relatedInformation entry at each earlier line its message names.
 */
#include "lsp.h"

#include "adj_report.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define LSP_MAX_SPANS ((size_t)4 << 20)  /* nodes whose extent is kept, at most */

/* ---- the extents of scalars and flow collections ---- */

typedef struct span_s {
    size_t sl, sc, el, ec;  /* libyaml's marks: 0-based line, column in characters */
} span_t;

typedef struct spans_s {
    span_t *items;          /* owned, sorted by start */
    size_t count, cap;
} spans_t;

static void spans_add(spans_t *sp, yaml_mark_t a, yaml_mark_t b)
{
    if (sp->count == LSP_MAX_SPANS)
        return;
    if (sp->count == sp->cap) {
        sp->cap = sp->cap ? sp->cap * 2 : 256;
        sp->items = adj_xreallocarray(sp->items, sp->cap, sizeof *sp->items);
    }
    sp->items[sp->count++] = (span_t){a.line, a.column, b.line, b.column};
}

static int span_cmp(const void *x, const void *y)
{
    const span_t *a = x, *b = y;
    if (a->sl != b->sl)
        return a->sl < b->sl ? -1 : 1;
    return a->sc < b->sc ? -1 : a->sc > b->sc;
}

/* Flow collections open: their start marks, innermost last. */
typedef struct flow_s {
    yaml_mark_t *open;
    size_t depth, cap;
} flow_t;

static void span_event(spans_t *sp, flow_t *fl, const yaml_event_t *ev)
{
    bool flow_start = (ev->type == YAML_SEQUENCE_START_EVENT &&
                       ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE) ||
                      (ev->type == YAML_MAPPING_START_EVENT &&
                       ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE);
    if (ev->type == YAML_SCALAR_EVENT) {
        spans_add(sp, ev->start_mark, ev->end_mark);
    } else if (ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT) {
        if (fl->depth == fl->cap) {
            fl->cap = fl->cap ? fl->cap * 2 : 16;
            fl->open = adj_xreallocarray(fl->open, fl->cap, sizeof *fl->open);
        }
        yaml_mark_t none = {.line = (size_t)-1};
        fl->open[fl->depth++] = flow_start ? ev->start_mark : none;
    } else if ((ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT) &&
               fl->depth) {
        yaml_mark_t a = fl->open[--fl->depth];
        if (a.line != (size_t)-1)
            spans_add(sp, a, ev->end_mark);
    }
}

/* Every scalar and flow collection of the text, as far as libyaml reads it. */
static void spans_of(spans_t *sp, const char *s, size_t n)
{
    memset(sp, 0, sizeof *sp);
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p))
        adj_oom();
    yaml_parser_set_input_string(&p, (const unsigned char *)s, n);
    flow_t fl = {0};
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev))
            break;
        span_event(sp, &fl, &ev);
        bool end = ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
        if (end)
            break;
    }
    free(fl.open);
    yaml_parser_delete(&p);
    if (sp->count)
        qsort(sp->items, sp->count, sizeof *sp->items, span_cmp);
}

static const span_t *span_at(const spans_t *sp, size_t line0, size_t col0)
{
    span_t key = {line0, col0, 0, 0};
    return sp->count ? bsearch(&key, sp->items, sp->count, sizeof key, span_cmp) : NULL;
}

/* ---- ranges ---- */

/* What a check holds of the text while it converts positions. */
typedef struct text_s {
    const char *s;
    size_t n;
    lsp_lines_t ed, yaml;  /* owned: the editor's lines and the CLI's */
    spans_t spans;
    lsp_enc_t enc;
} text_t;

/* The range of a diagnostic at the CLI's line:column (1-based). */
static json_t *range_at(const text_t *t, size_t line, size_t column)
{
    size_t from = lsp_yaml_offset(&t->yaml, t->s, t->n, line, column), to;
    const span_t *sp = line && column ? span_at(&t->spans, line - 1, column - 1) : NULL;
    if (sp && (sp->el > sp->sl || sp->ec > sp->sc))
        to = lsp_yaml_offset(&t->yaml, t->s, t->n, sp->el + 1, sp->ec + 1);
    else
        to = line && line <= t->yaml.count ? lsp_line_end(&t->yaml, t->s, t->n, line - 1) : t->n;
    return lsp_json_range(&t->ed, t->s, t->n, from, to, t->enc);
}

/* A whole line's text, from its first character that is not a blank or a
 * sequence's dash: where an event's line is shown. */
static size_t line_text_start(const text_t *t, size_t line, size_t *column)
{
    size_t i = lsp_yaml_offset(&t->yaml, t->s, t->n, line, 1), end =
        line <= t->yaml.count ? lsp_line_end(&t->yaml, t->s, t->n, line - 1) : t->n;
    size_t c = 1;
    while (i < end && (t->s[i] == ' ' || t->s[i] == '\t' || t->s[i] == '-'))
        i++, c++;
    *column = c;
    return i;
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

/* relatedInformation: each line before `line` that `msg` names ("on line 115"). */
static void related(json_t *d, const text_t *t, const char *uri, const char *msg, size_t line)
{
    json_t *rel = json_array();
    for (const char *p = msg; (p = strstr(p, "line ")) != NULL;) {
        bool word = p == msg || p[-1] == ' ' || p[-1] == '(';
        p += 5;
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (!word || end == p || *p == '-' || *p == '+' || v == 0 || v >= line)
            continue;
        bool seen = false;
        for (size_t i = 0; i < json_array_size(rel); i++)
            seen = seen || json_integer_value(json_object_get(json_array_get(rel, i), "_l")) ==
                               (json_int_t)v;
        if (seen)
            continue;
        size_t col;
        line_text_start(t, (size_t)v, &col);
        json_t *loc = json_pack("{s:s,s:o}", "uri", uri, "range", range_at(t, (size_t)v, col));
        char label[48];
        snprintf(label, sizeof label, "line %llu", v);
        json_array_append_new(rel, json_pack("{s:o,s:s,s:I}", "location", loc, "message", label,
                                             "_l", (json_int_t)v));
    }
    for (size_t i = 0; i < json_array_size(rel); i++)
        json_object_del(json_array_get(rel, i), "_l");
    if (json_array_size(rel))
        json_object_set_new(d, "relatedInformation", rel);
    else
        json_decref(rel);
}

static size_t num(json_t *o, const char *key)
{
    json_int_t v = json_integer_value(json_object_get(o, key));
    return v > 0 ? (size_t)v : 0;
}

static void add_findings(json_t *out, json_t *report, const text_t *t, const char *uri)
{
    json_t *ds = json_object_get(report, "diagnostics"), *g;
    size_t i;
    json_array_foreach(ds, i, g) {
        size_t line = num(g, "line"), col = num(g, "column");
        const char *sev = json_string_value(json_object_get(g, "severity"));
        const char *msg = json_string_value(json_object_get(g, "message"));
        json_t *d = diag_new(range_at(t, line, col), sev && strcmp(sev, "warning") == 0 ? 2 : 1,
                             json_string_value(json_object_get(g, "code")), msg);
        if (msg)
            related(d, t, uri, msg, line);
        json_array_append_new(out, d);
    }
    json_t *pend = json_object_get(report, "pending");
    json_array_foreach(pend, i, g) {
        size_t col, line = num(g, "line");
        line_text_start(t, line, &col);
        json_array_append_new(out, diag_new(range_at(t, line, col), 3,
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

static void text_open(text_t *t, const lsp_doc_t *d, lsp_enc_t enc)
{
    t->s = d->text.data ? d->text.data : "";
    t->n = d->text.len;
    t->enc = enc;
    lsp_lines_editor(&t->ed, t->s, t->n);
    lsp_lines_yaml(&t->yaml, t->s, t->n);
    spans_of(&t->spans, t->s, t->n);
}

static void text_close(text_t *t)
{
    lsp_lines_free(&t->ed);
    lsp_lines_free(&t->yaml);
    free(t->spans.items);
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
    adj_audit_t a;
    adj_audit_bytes(&a, t.s, t.n, d->path, &o);
    if (a.io_error) {  /* its ladder file is not valid: one error, no code */
        json_array_append_new(out, diag_new(range_at(&t, 1, 1), 1, NULL,
                                            adj_audit_strerror(a.io_errno)));
    } else {
        json_t *report = status_report(&a, &o);
        add_findings(out, report, &t, d->uri);
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
    adj_ladder_check(t.s, t.n, d->path, &g);
    json_t *out = json_array();
    for (size_t i = 0; i < g.count; i++) {
        const adj_diag_t *x = &g.items[i];
        bool warn = x->code == ADJ_D_UNKNOWN_FIELD;  /* as `adjutant ladder` words it */
        json_t *one = diag_new(range_at(&t, x->mark.line, x->mark.column), warn ? 2 : 1,
                               adj_code_name(x->code), x->message);
        related(one, &t, d->uri, x->message, x->mark.line);
        json_array_append_new(out, one);
    }
    adj_diags_free(&g);
    text_close(&t);
    return out;
}
