/* SPDX-License-Identifier: MIT */
/*
 * lsp_outline.c - a log's outline (textDocument/documentSymbol, SPEC 14):
 * one symbol per turn, from its `turn` event to the item before the next,
 * holding one per activation (`jackson activates, roll 1`), to the item
 * before the next activation or turn. Items are the events as written
 * (lsp_yaml.c), so an event the reader dropped (an activation without
 * its roll) still ends the one before it.
 */
#include "lsp_server.h"

#include "adj_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SYM_NAMESPACE = 3, SYM_EVENT = 24 };

/* What the outline reads of each item of `events`. */
typedef struct row_s {
    long event;            /* the event the reader read in it, -1: dropped */
    bool turn, activate;   /* its first key, as written */
} row_t;

/* The item after k that is a turn (or, with acts, an activation), by its
 * first key as written: a dropped event bounds its neighbours too. */
static size_t next_of(const row_t *rows, size_t count, size_t k, bool acts)
{
    for (k++; k < count; k++)
        if (rows[k].turn || (acts && rows[k].activate))
            return k;
    return count;
}

static void position(adj_json_t *j, const lsp_scan_t *s, size_t off, lsp_enc_t enc)
{
    size_t line, ch;
    lsp_text_position(&s->t, off, enc, &line, &ch);
    adj_json_open_object(j);
    adj_json_member_uint(j, "line", line);
    adj_json_member_uint(j, "character", ch);
    adj_json_close_object(j);
}

static void range(adj_json_t *j, const char *key, const lsp_scan_t *s, size_t from, size_t to,
                  lsp_enc_t enc)
{
    adj_json_key(j, key);
    adj_json_open_object(j);
    adj_json_key(j, "start");
    position(j, s, from, enc);
    adj_json_key(j, "end");
    position(j, s, to < from ? from : to, enc);
    adj_json_close_object(j);
}

/* A symbol from item k to the end of the item before item `next`, its
 * children left open to be written. */
static void symbol(adj_json_t *j, const lsp_scan_t *s, const char *name, int kind, size_t k,
                   size_t next, lsp_enc_t enc)
{
    const lsp_item_t *it = &s->y.events[k];
    size_t from = lsp_scan_ext_start(s, it->ext);
    size_t to = lsp_scan_ext_end(s, s->y.events[next - 1].ext);
    size_t sel = it->key.sl != UINT32_MAX ? lsp_scan_ext_end(s, it->key) : to;
    adj_json_open_object(j);
    adj_json_member_str(j, "name", name);
    adj_json_member_int(j, "kind", kind);
    range(j, "range", s, from, to, enc);
    range(j, "selectionRange", s, from, sel, enc);
    adj_json_key(j, "children");
    adj_json_open_array(j);
}

static void symbol_end(adj_json_t *j)
{
    adj_json_close_array(j);
    adj_json_close_object(j);
}

static row_t *rows_of(const lsp_scan_t *s)
{
    row_t *rows = adj_xcalloc(s->y.event_count ? s->y.event_count : 1, sizeof *rows);
    for (size_t k = 0; k < s->y.event_count; k++)
        rows[k] = (row_t){lsp_scan_event_of(s, k), lsp_scan_item_is(s, k, "turn"),
                          lsp_scan_item_is(s, k, "activate")};
    return rows;
}

/* Written as JSON text, not built of jansson's values: a 20 MB log has
 * some 400,000 symbols, and a value each costs seconds in malloc alone. */
void lsp_symbols(const lsp_doc_t *d, const lsp_request_t *q, adj_buf_t *out)
{
    lsp_scan_t s;
    lsp_scan(&s, d, q->config, 0, true);
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_array(&j);
    const adj_header_t *h = lsp_scan_header(&s);
    row_t *rows = rows_of(&s);
    size_t count = s.y.event_count;
    bool in_turn = false;
    for (size_t k = 0; h && k < count; k++) {
        const lsp_event_t *e = rows[k].event >= 0 ? &s.events[rows[k].event] : NULL;
        char name[160];
        if (e && e->kind == ADJ_EV_TURN) {
            if (in_turn)
                symbol_end(&j);
            snprintf(name, sizeof name, "Turn %lld", (long long)e->turn);
            symbol(&j, &s, name, SYM_NAMESPACE, k, next_of(rows, count, k, false), q->enc);
            in_turn = true;
        } else if (e && e->kind == ADJ_EV_ACTIVATE && e->leader >= 0 &&
                   (size_t)e->leader < h->leader_count) {
            adj_buf_t id = {0};
            adj_escape_text(&id, h->leaders[e->leader].id, h->leaders[e->leader].id_len);
            snprintf(name, sizeof name, "%.100s activates, roll %lld", id.data,
                     (long long)e->roll);
            adj_buf_free(&id);
            symbol(&j, &s, name, SYM_EVENT, k, next_of(rows, count, k, true), q->enc);
            symbol_end(&j);
        }
    }
    if (in_turn)
        symbol_end(&j);
    adj_json_close_array(&j);
    free(rows);
    lsp_scan_free(&s);
}
