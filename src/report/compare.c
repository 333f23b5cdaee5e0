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

static bool same_mark(adj_mark_t x, adj_mark_t y)
{
    return x.line == y.line && x.column == y.column;
}

static bool before(adj_mark_t x, adj_mark_t y)
{
    return x.line < y.line || (x.line == y.line && x.column < y.column);
}

/* Marks, in `mask`, the diagnostics of `a` with no equal (code and place)
 * in `b`, one to one (both sorted by place); returns how many. `avail`:
 * ADJ_DIAG_COUNT zeroes, left zero. */
static size_t only_in(const adj_diags_t *a, const adj_diags_t *b, bool *mask, size_t *avail)
{
    size_t n = 0, j = 0;
    for (size_t i = 0; i < a->count;) {
        adj_mark_t m = a->items[i].mark;
        while (j < b->count && before(b->items[j].mark, m))
            j++;
        size_t k = j;  /* b's diagnostics at that place, counted by code */
        for (; k < b->count && same_mark(b->items[k].mark, m); k++)
            avail[b->items[k].code]++;
        for (; i < a->count && same_mark(a->items[i].mark, m); i++) {
            adj_code_t c = a->items[i].code;
            mask[i] = avail[c] == 0;
            avail[c] -= !mask[i];
            n += mask[i];
        }
        for (; j < k; j++)
            avail[b->items[j].code] = 0;
    }
    return n;
}

/* Past the cap: a diagnostic found only in one reading's kept ones may be
 * among the other's not kept, when that one left out any of its code; it
 * is counted, not listed, as are those not kept (SPEC 6.4, issue 44). */
static void past_cap(adj_compare_t *c)
{
    for (int k = 0; k < 2; k++) {
        const adj_diags_t *mine = &c->run[k]->diags, *theirs = &c->run[1 - k]->diags;
        for (int code = 0; code < ADJ_DIAG_COUNT; code++)
            c->unlisted[k][code] = mine->omitted_code[code];
        for (size_t i = 0; i < mine->count; i++) {
            adj_code_t code = mine->items[i].code;
            if (c->only[k][i] && theirs->omitted_code[code]) {
                c->only[k][i] = false;
                c->only_count[k]--;
                c->unlisted[k][code]++;
            }
        }
    }
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
    size_t avail[ADJ_DIAG_COUNT] = {0};
    for (int k = 0; k < 2; k++) {
        const adj_diags_t *mine = &c->run[k]->diags, *theirs = &c->run[1 - k]->diags;
        c->only[k] = adj_xcalloc(mine->count ? mine->count : 1, sizeof *c->only[k]);
        c->only_count[k] = only_in(mine, theirs, c->only[k], avail);
    }
    c->past_cap = def->diags.omitted || alt->diags.omitted;
    if (c->past_cap)
        past_cap(c);
}

void adj_compare_free(adj_compare_t *c)
{
    free(c->only[0]);
    free(c->only[1]);
    memset(c, 0, sizeof *c);
}
