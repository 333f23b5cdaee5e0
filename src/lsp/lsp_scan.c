/* SPDX-License-Identifier: MIT */
/*
 * lsp_scan.c - what the requests on a log read of it: the one replay of
 * the editor's text (as `status` replays it, or up to `--at line:L`), with
 * each event the reader gave kept (kind, place, leaders named and where),
 * and the positions of the text both ways (the editor's and the CLI's).
 */
#include "lsp_server.h"

#include <stdlib.h>
#include <string.h>

static void on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                     bool was_over)
{
    (void)a, (void)from, (void)was_over;
    lsp_scan_t *s = ctx;
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 64;
        s->events = adj_xreallocarray(s->events, s->cap, sizeof *s->events);
    }
    s->events[s->count++] = (lsp_event_t){
        .kind = en->kind, .mark = en->mark, .leader = en->leader, .other = en->other,
        .turn = en->turn, .roll = en->roll, .subject = en->subject_at,
        .by = en->at[ADJ_F_BY], .leader_at = en->at[ADJ_F_LEADER]};
}

void lsp_scan(lsp_scan_t *s, const lsp_doc_t *d, const lsp_config_t *c, size_t at_line)
{
    memset(s, 0, sizeof *s);
    s->text = d->text.data ? d->text.data : "";
    s->n = d->text.len;
    lsp_lines_editor(&s->ed, s->text, s->n);
    lsp_lines_yaml(&s->yaml, s->text, s->n);
    adj_audit_opts_t o = c->audit;
    o.open_end = true;  /* as `status` replays */
    o.on_entry = on_entry;
    o.entry_ctx = s;
    if (at_line)
        o.at = (adj_at_t){ADJ_AT_LINE, (int64_t)at_line};
    adj_audit_bytes(&s->audit, s->text, s->n, d->path, &o);
}

void lsp_scan_free(lsp_scan_t *s)
{
    adj_audit_free(&s->audit);
    free(s->events);
    lsp_lines_free(&s->ed);
    lsp_lines_free(&s->yaml);
    memset(s, 0, sizeof *s);
}

const adj_header_t *lsp_scan_header(const lsp_scan_t *s)
{
    return s->audit.replayed ? s->audit.result.header : NULL;
}

size_t lsp_scan_line(const lsp_scan_t *s, size_t off)
{
    size_t lo = 0, hi = s->yaml.count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->yaml.start[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo + 1;
}

size_t lsp_scan_offset(const lsp_scan_t *s, adj_mark_t m)
{
    return lsp_yaml_offset(&s->yaml, s->text, s->n, m.line, m.column);
}

json_t *lsp_scan_range(const lsp_scan_t *s, size_t from, size_t to, lsp_enc_t enc)
{
    return lsp_json_range(&s->ed, s->text, s->n, from, to, enc);
}

size_t lsp_scan_line_end(const lsp_scan_t *s, size_t line)
{
    return line && line <= s->yaml.count ? lsp_line_end(&s->yaml, s->text, s->n, line - 1) : s->n;
}

long lsp_scan_event_at(const lsp_scan_t *s, size_t line)
{
    long k = -1;
    for (size_t i = 0; i < s->count && s->events[i].mark.line <= line; i++)
        k = (long)i;
    if (k < 0)
        return -1;
    if ((size_t)k + 1 == s->count && s->audit.events_ended && s->audit.reader &&
        adj_reader_events_end(s->audit.reader).line < line)
        return -1;  /* past the end of `events` */
    return k;
}

bool lsp_span_has(adj_span_t sp, size_t off)
{
    return sp.offset != ADJ_SPAN_UNKNOWN && sp.length && off >= sp.offset &&
           off <= sp.offset + sp.length;
}
