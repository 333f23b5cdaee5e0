/* SPDX-License-Identifier: MIT */
/*
 * lsp_hover.c - hover on an open log (SPEC 14): on an item of `events`,
 * the state after that event (what `--at line:L` gives for its line) of
 * each leader it names, and what is pending then; on an item of the
 * roster, that leader's final state and VP value. In Markdown, or in plain
 * text (the same words, the markup dropped) for a client that takes only
 * that (its hover.contentFormat).
 */
#include "lsp_server.h"

#include "adj_models.h"

#include <stdlib.h>
#include <string.h>

/* The hover's text as it is written. */
typedef struct out_s {
    adj_buf_t b;
    bool md;
} out_t;

/* Text from the log: control bytes shown escaped; in Markdown, its
 * punctuation escaped too. */
static void hover_put_text(out_t *o, const char *s, size_t n)
{
    adj_buf_t esc = {0};
    adj_escape_text(&esc, s, n);
    for (size_t i = 0; i < esc.len; i++) {
        if (o->md && strchr("\\`*_[]<>|~", esc.data[i]))
            adj_buf_putc(&o->b, '\\');
        adj_buf_putc(&o->b, esc.data[i]);
    }
    adj_buf_free(&esc);
}

static void put_strong(out_t *o, const char *s, size_t n)
{
    adj_buf_puts(&o->b, o->md ? "**" : "");
    hover_put_text(o, s, n);
    adj_buf_puts(&o->b, o->md ? "**" : "");
}

static void put_leader(out_t *o, const adj_replay_t *r, int32_t i)
{
    const adj_header_t *h = r->header;
    const adj_leader_def_t *d = &h->leaders[i];
    const adj_leader_state_t *st = &r->leaders[i];
    put_strong(o, d->id, d->id_len);
    adj_buf_puts(&o->b, " (");
    hover_put_text(o, h->sides[d->side], h->side_len[d->side]);
    adj_buf_printf(&o->b, "): %s", adj_status_name(st->status));
    if (st->level)
        adj_buf_printf(&o->b, ", level %lld", (long long)st->level);
    adj_buf_printf(&o->b, ", counter %s", st->inactive ? "Inactive" : "Active");
    if (st->replaced_by >= 0) {
        adj_buf_puts(&o->b, ", replaced by ");
        put_strong(o, h->leaders[st->replaced_by].id, h->leaders[st->replaced_by].id_len);
    }
}

static void put_pending(out_t *o, const adj_replay_t *r)
{
    size_t n = 0;
    adj_obligation_t *p = adj_pending_sorted(r, &n);
    adj_buf_puts(&o->b, n ? "\n\nPending:" : "\n\nNothing is pending.");
    for (size_t i = 0; i < n; i++) {
        adj_buf_t due = {0};
        adj_pending_due(&due, r->header, &p[i]);
        adj_buf_puts(&o->b, "\n- ");
        hover_put_text(o, due.data ? due.data : "", due.len);
        adj_buf_free(&due);
    }
    free(p);
}

static json_t *hover_of(out_t *o, json_t *range)
{
    json_t *h = json_pack("{s:{s:s,s:s%},s:o}", "contents", "kind",
                          o->md ? "markdown" : "plaintext", "value", o->b.data ? o->b.data : "",
                          o->b.len, "range", range);
    adj_buf_free(&o->b);
    return h;
}

/* Item k of `events`: the state after its event, or NULL when the reader
 * dropped it (its diagnostic says why). */
static json_t *hover_event(lsp_scan_t *s, const lsp_doc_t *d, const lsp_request_t *q, size_t k)
{
    const lsp_item_t *it = &s->y.events[k];
    size_t line = (it->key.sl != UINT32_MAX ? it->key.sl : it->ext.sl) + 1;
    lsp_scan_replay(s, d, q->config, line);  /* the moment after it: `--at line:L` */
    long e = lsp_scan_event_of(s, k);
    if (e < 0 || !s->audit.replayed)
        return NULL;
    const lsp_event_t *ev = &s->events[e];
    out_t o = {.md = q->markdown};
    adj_buf_printf(&o.b, o.md ? "After the `%s` on line %zu:" : "After the %s on line %zu:",
                   adj_event_name(ev->kind), ev->mark.line);
    int32_t who[2] = {ev->leader, ev->other};
    for (int i = 0; i < 2; i++)
        if (who[i] >= 0 && (size_t)who[i] < s->audit.result.header->leader_count &&
            (i == 0 || who[1] != who[0])) {
            adj_buf_puts(&o.b, "\n\n");
            put_leader(&o, &s->audit.result, who[i]);
        }
    put_pending(&o, &s->audit.result);
    return hover_of(&o, lsp_scan_range(s, lsp_scan_ext_start(s, it->ext),
                                       lsp_scan_ext_end(s, it->ext), q->enc));
}

/* Item k of the roster: that leader's final state and VP value. */
static json_t *hover_roster(lsp_scan_t *s, const lsp_doc_t *d, const lsp_request_t *q, size_t k)
{
    const lsp_item_t *it = &s->y.leaders[k];
    lsp_scan_replay(s, d, q->config, 0);
    const adj_header_t *h = lsp_scan_header(s);
    for (size_t i = 0; h && !h->from_ladder && i < h->leader_count; i++) {
        adj_mark_t m = h->leaders[i].mark;
        size_t at = lsp_scan_offset(s, m);
        if (at < lsp_scan_ext_start(s, it->ext) || at >= lsp_scan_ext_end(s, it->ext))
            continue;
        out_t o = {.md = q->markdown};
        put_leader(&o, &s->audit.result, (int32_t)i);
        adj_buf_printf(&o.b, "; worth %lld VP", (long long)h->leaders[i].vp);
        return hover_of(&o, lsp_scan_range(s, lsp_scan_ext_start(s, it->ext),
                                           lsp_scan_ext_end(s, it->ext), q->enc));
    }
    return NULL;  /* an entry the reader dropped */
}

json_t *lsp_hover(const lsp_doc_t *d, const lsp_request_t *q, size_t off)
{
    lsp_scan_t s;
    lsp_scan_open(&s, d, true, off);
    json_t *r = NULL;
    long k = lsp_scan_item_at(&s, s.y.events, s.y.event_count, off);
    if (k >= 0)
        r = hover_event(&s, d, q, (size_t)k);
    else if ((k = lsp_scan_item_at(&s, s.y.leaders, s.y.leader_count, off)) >= 0)
        r = hover_roster(&s, d, q, (size_t)k);
    lsp_scan_free(&s);
    return r ? r : json_null();
}
