/* SPDX-License-Identifier: MIT */
/*
 * pending.c - what a game in progress owes (SPEC 8), in the words every
 * reporter uses: the pending obligations in the reports' order, each with
 * its name and a sentence saying what must come next, and before what.
 */
#include "adj_report.h"

#include <stdlib.h>
#include <string.h>

const char *adj_obligation_name(adj_obligation_kind_t kind)
{
    static const char *const names[ADJ_OB_COUNT] = {
#define ADJ_X(e, name, ...) name,
        ADJ_OBLIGATION_LIST(ADJ_X)
#undef ADJ_X
    };
    return kind < ADJ_OB_COUNT ? names[kind] : "?";
}

/* By line, then kind (the enum is in the order SPEC 8 lists). Within one
 * activation window every obligation is the activated leader's and of a
 * different kind, so the order is total; leader and column only make sure. */
static int pending_cmp(const void *a, const void *b)
{
    const adj_obligation_t *x = a, *y = b;
    if (x->mark.line != y->mark.line)
        return x->mark.line < y->mark.line ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->leader != y->leader)
        return x->leader < y->leader ? -1 : 1;
    return (x->mark.column > y->mark.column) - (x->mark.column < y->mark.column);
}

adj_obligation_t *adj_pending_sorted(const adj_replay_t *r, size_t *count)
{
    *count = r ? r->pending_count : 0;
    if (*count == 0)
        return NULL;
    adj_obligation_t *v = adj_xreallocarray(NULL, *count, sizeof *v);
    memcpy(v, r->pending, *count * sizeof *v);
    qsort(v, *count, sizeof *v, pending_cmp);
    return v;
}

void adj_pending_due(adj_buf_t *out, const adj_header_t *h, const adj_obligation_t *o)
{
    /* what he must do, what required it, and what may not come first */
    static const struct {
        const char *because, *must, *before;
    } due[ADJ_OB_COUNT] = {
#define ADJ_X(e, name, words, ev, code, roll, base, because, must, before, ...) \
    {because, must, before},
        ADJ_OBLIGATION_LIST(ADJ_X)
#undef ADJ_X
    };
    if (o->kind >= ADJ_OB_COUNT)
        return;
    adj_buf_printf(out, "%s must %s (%s on line %zu) before %s", h->leaders[o->leader].id,
                   due[o->kind].must, due[o->kind].because, o->mark.line,
                   due[o->kind].before);
}
