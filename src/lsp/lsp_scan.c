/* SPDX-License-Identifier: MIT */
/*
 * lsp_scan.c - what the requests on a log read of it: the one replay of
 * the editor's text (as `status` replays it, or up to `--at line:L`), with
 * each event the reader gave kept (kind, place, leaders named and where),
 * the items of `leaders` and `events` as written (lsp_yaml.c: a dropped
 * event is an item too), and the positions of the text both ways.
 */
#include "lsp_server.h"

#include <stdlib.h>
#include <string.h>

static void scan_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
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

void lsp_scan_open(lsp_scan_t *s, const lsp_doc_t *d, bool items, size_t until)
{
    memset(s, 0, sizeof *s);
    s->text = d->text.data ? d->text.data : "";
    s->n = d->text.len;
    lsp_text_open(&s->t, s->text, s->n);
    if (items) {
        s->y.items = true;
        s->y.has_stop = until != SIZE_MAX;
        if (s->y.has_stop)
            s->y.stop = (lsp_mark0_t){lsp_text_cli_line(&s->t, until) - 1,
                                      lsp_text_cli_column(&s->t, until) - 1};
        lsp_yaml_scan(&s->y, s->text, s->n);
    }
}

void lsp_scan_replay(lsp_scan_t *s, const lsp_doc_t *d, const lsp_config_t *c, size_t at_line)
{
    adj_audit_opts_t o = c->audit;
    o.open_end = true;  /* as `status` replays */
    o.on_entry = scan_on_entry;
    o.entry_ctx = s;
    if (at_line)
        o.at = (adj_at_t){ADJ_AT_LINE, (int64_t)at_line};
    adj_audit_bytes(&s->audit, s->text, s->n, d->path, &o);
    s->replayed = true;
}

void lsp_scan(lsp_scan_t *s, const lsp_doc_t *d, const lsp_config_t *c, size_t at_line,
              bool items)
{
    lsp_scan_open(s, d, items, SIZE_MAX);
    lsp_scan_replay(s, d, c, at_line);
}

void lsp_scan_free(lsp_scan_t *s)
{
    if (s->replayed)
        adj_audit_free(&s->audit);
    free(s->events);
    lsp_text_close(&s->t);
    lsp_yaml_free(&s->y);
    memset(s, 0, sizeof *s);
}

const adj_header_t *lsp_scan_header(const lsp_scan_t *s)
{
    return s->replayed && s->audit.replayed ? s->audit.result.header : NULL;
}

size_t lsp_scan_offset(const lsp_scan_t *s, adj_mark_t m)
{
    return lsp_text_cli(&s->t, m.line, m.column);
}

json_t *lsp_scan_range(const lsp_scan_t *s, size_t from, size_t to, lsp_enc_t enc)
{
    return lsp_text_range(&s->t, from, to, enc);
}

size_t lsp_scan_ext_start(const lsp_scan_t *s, lsp_ext_t e)
{
    return lsp_text_cli(&s->t, (size_t)e.sl + 1, (size_t)e.sc + 1);
}

size_t lsp_scan_ext_end(const lsp_scan_t *s, lsp_ext_t e)
{
    return lsp_text_cli(&s->t, (size_t)e.el + 1, (size_t)e.ec + 1);
}

/* a before b, as marks (0-based line, column) */
static bool mark_before(size_t al, size_t ac, size_t bl, size_t bc)
{
    return al < bl || (al == bl && ac < bc);
}

long lsp_scan_item_at(const lsp_scan_t *s, const lsp_item_t *items, size_t count, size_t off)
{
    size_t line = lsp_text_cli_line(&s->t, off) - 1, col = lsp_text_cli_column(&s->t, off) - 1;
    size_t lo = 0, hi = count;  /* the last item starting at or before the cursor */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (mark_before(line, col, items[mid].ext.sl, items[mid].ext.sc))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo == 0)
        return -1;
    const lsp_item_t *it = &items[lo - 1];
    return mark_before(it->ext.el, it->ext.ec, line, col) ? -1 : (long)(lo - 1);
}

long lsp_scan_event_of(const lsp_scan_t *s, size_t k)
{
    const lsp_ext_t *e = &s->y.events[k].ext;
    size_t lo = 0, hi = s->count;  /* the first event at or after the item's start */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        adj_mark_t m = s->events[mid].mark;
        if (mark_before(m.line - 1, m.column - 1, e->sl, e->sc))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == s->count)
        return -1;
    adj_mark_t m = s->events[lo].mark;
    return mark_before(e->el, e->ec, m.line - 1, m.column - 1) ? -1 : (long)lo;
}

bool lsp_scan_item_is(const lsp_scan_t *s, size_t k, const char *key)
{
    const lsp_ext_t e = s->y.events[k].key;
    if (e.sl == UINT32_MAX)
        return false;
    size_t a = lsp_scan_ext_start(s, e), b = lsp_scan_ext_end(s, e), n = strlen(key);
    return b - a == n && memcmp(s->text + a, key, n) == 0;
}

bool lsp_span_has(adj_span_t sp, size_t off)
{
    return sp.offset != ADJ_SPAN_UNKNOWN && sp.length && off >= sp.offset &&
           off <= sp.offset + sp.length;
}
