/* SPDX-License-Identifier: MIT */
/*
 * diag.c - the diagnostic catalogue (expanded from ADJ_DIAG_LIST) and the
 * per-file list of findings.
 */
#include "adj_diag.h"

#include <stdlib.h>
#include <string.h>

typedef struct diag_info_s {
    const char *code;
    adj_severity_t severity;
    const char *rule;
    const char *summary;
} diag_info_t;

static const diag_info_t diag_info[ADJ_DIAG_COUNT] = {
#define ADJ_X(e, code, sev, rule, summary) {code, sev, rule, summary},
    ADJ_DIAG_LIST(ADJ_X)
#undef ADJ_X
};

const char *adj_code_name(adj_code_t c) { return diag_info[c].code; }
adj_severity_t adj_code_severity(adj_code_t c) { return diag_info[c].severity; }
const char *adj_code_rule(adj_code_t c) { return diag_info[c].rule; }
const char *adj_code_summary(adj_code_t c) { return diag_info[c].summary; }

/* How many bytes of an id of length n are kept (n: all of it). */
static size_t id_cut(const char *id, size_t n)
{
    if (n <= ADJ_DIAG_ID_MAX)
        return n;
    size_t cut = ADJ_DIAG_ID_MAX - 3;
    while (cut > 0 && ((unsigned char)id[cut] & 0xC0) == 0x80)
        cut--;  /* do not split a UTF-8 sequence */
    return cut;
}

char *adj_diag_id(const char *id)
{
    size_t n = strlen(id), cut = id_cut(id, n);
    if (cut == n)
        return adj_xstrdup(id);
    char *s = adj_xmalloc(cut + 4);
    memcpy(s, id, cut);
    memcpy(s + cut, "...", 4);
    return s;
}

bool adj_diag_is_about(const adj_diag_t *g, const char *id)
{
    if (!g->leader)
        return false;
    size_t n = strlen(id), cut = id_cut(id, n);
    if (cut == n)
        return strcmp(g->leader, id) == 0;
    return strncmp(g->leader, id, cut) == 0 && strcmp(g->leader + cut, "...") == 0;
}

void adj_diags_free(adj_diags_t *d)
{
    for (size_t i = 0; i < d->count; i++) {
        free(d->items[i].leader);
        free(d->items[i].message);
    }
    free(d->items);
    memset(d, 0, sizeof *d);
}

adj_diag_t *adj_diags_add(adj_diags_t *d, adj_code_t code, adj_mark_t mark, const char *rule,
                          const char *leader, const int64_t *turn, const char *fmt, ...)
{
    if (adj_code_severity(code) == ADJ_SEV_ERROR)
        d->errors++;
    else
        d->warnings++;
    size_t seq = d->errors + d->warnings - 1;  /* the order found, kept or not */
    if (d->count >= ADJ_MAX_DIAGS && (!d->keep || d->count >= 2 * (size_t)ADJ_MAX_DIAGS)) {
        d->omitted++;
        d->omitted_code[code]++;
        d->keep_missed += d->keep && (!leader || d->keep(d->keep_ctx, leader));
        return NULL;
    }
    if (d->count == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 16;
        d->items = adj_xreallocarray(d->items, d->cap, sizeof *d->items);
    }
    adj_diag_t *g = &d->items[d->count];
    g->mark = mark;
    g->code = code;
    g->rule = rule ? rule : diag_info[code].rule;
    g->leader = leader ? adj_diag_id(leader) : NULL;
    g->has_turn = turn != NULL || d->turn_known;
    g->turn = turn ? *turn : d->turn_known ? d->turn : 0;
    adj_buf_t m = {0};
    va_list ap;
    va_start(ap, fmt);
    adj_buf_vprintf(&m, fmt, ap);
    va_end(ap);
    g->message = m.data ? m.data : adj_xstrdup("");
    g->seq = seq;
    d->count++;
    return g;
}

void adj_diags_prune(adj_diags_t *d)
{
    size_t w = d->judged > ADJ_MAX_DIAGS ? d->judged : ADJ_MAX_DIAGS;
    for (size_t i = w; d->keep && i < d->count; i++) {
        adj_diag_t *g = &d->items[i];
        if (g->leader && d->keep(d->keep_ctx, g->leader)) {
            d->items[w++] = *g;
            continue;
        }
        d->omitted++;
        d->omitted_code[g->code]++;
        free(g->leader);
        free(g->message);
    }
    if (d->keep && d->count > w)
        d->count = w;
    d->judged = d->count;
}

void adj_diags_set_turn(adj_diags_t *d, int64_t turn)
{
    d->turn_known = true;
    d->turn = turn;
}

static int diag_cmp(const void *a, const void *b)
{
    const adj_diag_t *x = a, *y = b;
    if (x->mark.line != y->mark.line)
        return x->mark.line < y->mark.line ? -1 : 1;
    if (x->mark.column != y->mark.column)
        return x->mark.column < y->mark.column ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void adj_diags_sort(adj_diags_t *d)
{
    if (d->count > 1)
        qsort(d->items, d->count, sizeof *d->items, diag_cmp);
}
