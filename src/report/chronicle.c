/* SPDX-License-Identifier: MIT */
/*
 * chronicle.c - the timeline and the stories of a report to share (SPEC 9),
 * gathered from the engine's turn and step callbacks.
 *
 * A "stretch" is the play from one `turn` event to the next (or to the end
 * of the replay); stretch p began turn period_turn[p]. A leader's history
 * keeps his state at the end of a stretch only when it differs from the one
 * kept before, so the cost follows the changes, not roster x turns.
 */
#include "adj_chronicle.h"

#include <stdlib.h>
#include <string.h>

adj_cell_t adj_cell_of(const adj_leader_state_t *s)
{
    int64_t level = s->level < 0 ? 0 : s->level > 15 ? 15 : s->level;
    return (adj_cell_t)((unsigned)s->status | (s->inactive ? 8u : 0u) | ((unsigned)level << 4));
}

adj_status_t adj_cell_status(adj_cell_t c) { return (adj_status_t)(c & 7u); }
bool adj_cell_inactive(adj_cell_t c) { return (c & 8u) != 0; }
int adj_cell_level(adj_cell_t c) { return c >> 4; }

void adj_chronicle_init(adj_chronicle_t *c, adj_reader_t *const *reader)
{
    memset(c, 0, sizeof *c);
    c->reader = reader;
}

void adj_chronicle_free(adj_chronicle_t *c)
{
    for (size_t l = 0; l < c->leaders; l++) {
        free(c->history[l].items);
        free(c->stories[l].steps);
    }
    free(c->history);
    free(c->stories);
    free(c->period_turn);
    free(c->start);
    free(c->last);
    free(c->dirty);
    free(c->is_dirty);
    adj_buf_free(&c->texts);
    memset(c, 0, sizeof *c);
}

/* The roster is known once the header is read: size the per-leader arrays. */
static void chronicle_ready(adj_chronicle_t *c)
{
    if (c->leaders)
        return;
    const adj_header_t *h = adj_reader_header(*c->reader);
    size_t n = h ? h->leader_count : 0;
    c->history = adj_xcalloc(n ? n : 1, sizeof *c->history);
    c->stories = adj_xcalloc(n ? n : 1, sizeof *c->stories);
    c->start = adj_xcalloc(n ? n : 1, 1);
    c->last = adj_xcalloc(n ? n : 1, 1);
    c->dirty = adj_xcalloc(n ? n : 1, sizeof *c->dirty);
    c->is_dirty = adj_xcalloc(n ? n : 1, sizeof *c->is_dirty);
    c->leaders = n;
}

/* The stretch now running ends with `leaders`' states. Only the leaders a
 * step named since the last boundary can have changed: every change of a
 * leader's state is a step of his story (SPEC 6.3), so a boundary costs
 * what changed, not the roster. */
static void close_period(adj_chronicle_t *c, const adj_leader_state_t *leaders)
{
    size_t p = c->periods - 1;
    for (size_t i = 0; i < c->dirty_count; i++) {
        size_t l = c->dirty[i];
        c->is_dirty[l] = false;
        adj_cell_t cell = adj_cell_of(&leaders[l]);
        if (cell == c->last[l])
            continue;
        adj_cell_history_t *h = &c->history[l];
        if (h->count == h->cap) {
            h->cap = h->cap ? h->cap * 2 : 4;
            h->items = adj_xreallocarray(h->items, h->cap, sizeof *h->items);
        }
        h->items[h->count++] = (adj_cell_change_t){p, cell};
        c->last[l] = cell;
    }
    c->dirty_count = 0;
}

void adj_chronicle_on_turn(void *ctx, const adj_turn_edge_t *edge)
{
    adj_chronicle_t *c = ctx;
    chronicle_ready(c);
    if (c->periods == 0) {
        for (size_t l = 0; l < c->leaders; l++)
            c->start[l] = c->last[l] = adj_cell_of(&edge->leaders[l]);
    } else {
        close_period(c, edge->leaders);
    }
    if (c->periods == c->period_cap) {
        c->period_cap = c->period_cap ? c->period_cap * 2 : 64;
        c->period_turn = adj_xreallocarray(c->period_turn, c->period_cap, sizeof *c->period_turn);
    }
    c->period_turn[c->periods++] = edge->next;
}

void adj_chronicle_on_step(void *ctx, const adj_step_t *st)
{
    adj_chronicle_t *c = ctx;
    chronicle_ready(c);
    if (st->leader < 0 || (size_t)st->leader >= c->leaders)
        return;
    if (!c->is_dirty[st->leader]) {
        c->is_dirty[st->leader] = true;
        c->dirty[c->dirty_count++] = (size_t)st->leader;
    }
    adj_chron_story_t *s = &c->stories[st->leader];
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 8;
        s->steps = adj_xreallocarray(s->steps, s->cap, sizeof *s->steps);
    }
    size_t at = c->texts.len;
    adj_buf_put(&c->texts, st->text, strlen(st->text) + 1);  /* with its NUL */
    s->steps[s->count++] = (adj_chron_step_t){st->mark.line, st->has_turn, st->turn, st->event,
                                              st->rule, at, adj_cell_of(st->state),
                                              st->state->replaced_by};
}

void adj_chronicle_finish(adj_chronicle_t *c, const adj_replay_t *r)
{
    if (c->finished)
        return;
    c->finished = true;
    if (r && c->periods > 0)
        close_period(c, r->leaders);
}

adj_cell_t adj_chronicle_cell(const adj_chronicle_t *c, size_t l, size_t period)
{
    const adj_cell_history_t *h = &c->history[l];
    if (period == SIZE_MAX || h->count == 0 || h->items[0].period > period)
        return c->start[l];
    size_t lo = 0, hi = h->count;  /* the last change at or before `period` */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (h->items[mid].period <= period)
            lo = mid;
        else
            hi = mid;
    }
    return h->items[lo].cell;
}

/* ---- the columns ---- */

typedef struct turn_at_s {
    int64_t turn;
    size_t period;
} turn_at_t;

static int turn_at_cmp(const void *a, const void *b)
{
    const turn_at_t *x = a, *y = b;
    if (x->turn != y->turn)
        return x->turn < y->turn ? -1 : 1;
    return (x->period > y->period) - (x->period < y->period);
}

/* Each turn begun, once, with the last stretch in which it was current,
 * in turn order. Returns how many. */
static size_t turns_played(const adj_chronicle_t *c, turn_at_t **out)
{
    turn_at_t *t = adj_xcalloc(c->periods ? c->periods : 1, sizeof *t);
    for (size_t p = 0; p < c->periods; p++)
        t[p] = (turn_at_t){c->period_turn[p], p};
    qsort(t, c->periods, sizeof *t, turn_at_cmp);
    size_t n = 0;
    for (size_t i = 0; i < c->periods; i++) {
        if (n && t[n - 1].turn == t[i].turn)
            t[n - 1].period = t[i].period;  /* a later stretch of the same turn */
        else
            t[n++] = t[i];
    }
    *out = t;
    return n;
}

size_t adj_chronicle_columns(const adj_chronicle_t *c, int64_t first_turn,
                             adj_timeline_col_t **cols)
{
    *cols = NULL;
    turn_at_t *t;
    size_t n = turns_played(c, &t);
    adj_timeline_col_t *out = adj_xcalloc(2 * n + 1, sizeof *out);
    size_t count = 0, before = SIZE_MAX;  /* the stretch shown left of a gap */
    bool have_next = false;
    int64_t next = first_turn;  /* the first turn not yet drawn */
    for (size_t i = 0; i < n; i++) {
        if (t[i].turn >= first_turn) {
            int64_t from = have_next ? next : first_turn;
            if (t[i].turn > from)
                out[count++] = (adj_timeline_col_t){from, t[i].turn - 1, false, before, false};
            out[count++] = (adj_timeline_col_t){t[i].turn, t[i].turn, true, t[i].period, false};
        }
        before = t[i].period;
        have_next = t[i].turn >= first_turn && t[i].turn < INT64_MAX;
        next = t[i].turn < INT64_MAX ? t[i].turn + 1 : t[i].turn;
        if (t[i].turn < first_turn)
            have_next = false;
    }
    free(t);
    if (count == 0) {
        free(out);
        return 0;
    }
    *cols = out;
    return count;
}
