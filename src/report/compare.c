/* SPDX-License-Identifier: MIT */
/*
 * compare.c - what `compare` finds different between two replays of one
 * log (SPEC 6.4), which its reporters then show.
 */
#include "adj_report.h"

#include <stdlib.h>
#include <string.h>

bool adj_state_same(const adj_leader_state_t *x, const adj_leader_state_t *y)
{
    return x->status == y->status && x->level == y->level && x->inactive == y->inactive &&
           x->replaced_by == y->replaced_by;
}

static bool same_diag(const adj_diag_t *x, const adj_diag_t *y)
{
    return x->code == y->code && x->mark.line == y->mark.line && x->mark.column == y->mark.column;
}

static bool before(adj_mark_t x, adj_mark_t y)
{
    return x.line < y.line || (x.line == y.line && x.column < y.column);
}

/* Marks, in `mask`, the diagnostics of `a` with no equal in `b` (both
 * sorted by place); returns how many. */
static size_t only_in(const adj_diags_t *a, const adj_diags_t *b, bool *mask)
{
    size_t n = 0, j = 0;
    for (size_t i = 0; i < a->count; i++) {
        const adj_diag_t *x = &a->items[i];
        while (j < b->count && before(b->items[j].mark, x->mark))
            j++;
        bool found = false;
        for (size_t k = j; k < b->count && b->items[k].mark.line == x->mark.line &&
                           b->items[k].mark.column == x->mark.column;
             k++)
            found = found || same_diag(x, &b->items[k]);
        mask[i] = !found;
        n += !found;
    }
    return n;
}

void adj_compare_init(adj_compare_t *c, const char *file, const adj_audit_t *def,
                      const adj_audit_t *alt, const adj_rulings_t *alt_rulings)
{
    memset(c, 0, sizeof *c);
    c->file = file;
    c->run[0] = def;
    c->run[1] = alt;
    c->alt = alt_rulings;
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        c->alt_differs[r] = alt_rulings->value[r] != def->rulings.value[r];
        c->rulings_differ = c->rulings_differ || c->alt_differs[r];
    }
    c->replayed = def->replayed && alt->replayed;
    if (c->replayed) {
        const adj_replay_t *x = &def->result, *y = &alt->result;
        c->tally_differs = x->vp[0] != y->vp[0] || x->vp[1] != y->vp[1];
        for (size_t i = 0; i < x->header->leader_count; i++)
            c->leaders_differ += !adj_state_same(&x->leaders[i], &y->leaders[i]);
    }
    for (int k = 0; k < 2; k++) {
        const adj_diags_t *mine = &c->run[k]->diags, *theirs = &c->run[1 - k]->diags;
        c->only[k] = adj_xcalloc(mine->count ? mine->count : 1, sizeof *c->only[k]);
        c->only_count[k] = only_in(mine, theirs, c->only[k]);
    }
}

void adj_compare_free(adj_compare_t *c)
{
    free(c->only[0]);
    free(c->only[1]);
    memset(c, 0, sizeof *c);
}
