/* SPDX-License-Identifier: MIT */
/*
 * lsp_outline.c - a log's outline (textDocument/documentSymbol, SPEC 14):
 * one symbol per turn, from its `turn` event to the item before the next,
 * holding one per activation (`jackson activates, roll 1`), to the item
 * before the next activation or turn.
 */
#include "lsp_server.h"

#include <stdio.h>
#include <string.h>

enum { SYM_NAMESPACE = 3, SYM_EVENT = 24 };

/* The end of the item before event `next` (the end of `events` when
 * next == count): back over blank lines and comments' line breaks. */
static size_t item_end(const lsp_scan_t *s, size_t next)
{
    size_t end = s->n;
    if (next < s->count)
        end = lsp_scan_offset(s, s->events[next].mark);
    else if (s->audit.reader && s->audit.events_ended)
        end = lsp_scan_offset(s, adj_reader_events_end(s->audit.reader));
    if (next < s->count)  /* back to the start of its item's line: before `- ` */
        while (end > 0 && s->text[end - 1] != '\n' && s->text[end - 1] != '\r')
            end--;
    while (end > 0 && strchr(" \t\r\n", s->text[end - 1]))
        end--;
    return end;
}

static json_t *symbol(const lsp_scan_t *s, const char *name, int kind, size_t i, size_t next,
                      lsp_enc_t enc)
{
    size_t from = lsp_scan_offset(s, s->events[i].mark);
    size_t to = item_end(s, next);
    size_t sel = lsp_scan_line_end(s, s->events[i].mark.line);
    return json_pack("{s:s,s:i,s:o,s:o,s:[]}", "name", name, "kind", kind, "range",
                     lsp_scan_range(s, from, to < from ? from : to, enc), "selectionRange",
                     lsp_scan_range(s, from, sel, enc), "children");
}

/* The next event from i + 1 that is a turn (or, with acts, an activation). */
static size_t next_of(const lsp_scan_t *s, size_t i, bool acts)
{
    for (i++; i < s->count; i++)
        if (s->events[i].kind == ADJ_EV_TURN || (acts && s->events[i].kind == ADJ_EV_ACTIVATE))
            return i;
    return s->count;
}

json_t *lsp_symbols(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc)
{
    lsp_scan_t s;
    lsp_scan(&s, d, c, 0);
    json_t *out = json_array(), *turn = NULL;
    const adj_header_t *h = lsp_scan_header(&s);
    for (size_t i = 0; h && i < s.count; i++) {
        const lsp_event_t *e = &s.events[i];
        char name[160];
        if (e->kind == ADJ_EV_TURN) {
            snprintf(name, sizeof name, "Turn %lld", (long long)e->turn);
            turn = symbol(&s, name, SYM_NAMESPACE, i, next_of(&s, i, false), enc);
            json_array_append_new(out, turn);
        } else if (e->kind == ADJ_EV_ACTIVATE && e->leader >= 0 &&
                   (size_t)e->leader < h->leader_count) {
            adj_buf_t id = {0};
            adj_escape_text(&id, h->leaders[e->leader].id, h->leaders[e->leader].id_len);
            snprintf(name, sizeof name, "%.100s activates, roll %lld", id.data,
                     (long long)e->roll);
            adj_buf_free(&id);
            json_t *a = symbol(&s, name, SYM_EVENT, i, next_of(&s, i, true), enc);
            json_array_append_new(turn ? json_object_get(turn, "children") : out, a);
        }
    }
    lsp_scan_free(&s);
    return out;
}
