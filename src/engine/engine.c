/* SPDX-License-Identifier: MIT */
/*
 * engine.c - replays typed entries through rule 8.13 and the base-game
 * mechanics it touches (SPEC 3); engine_impl.h draws statuses and duties.
 * Here: a leader's state (3.1), the obligations (3.4), the turns (3.2) and
 * the replay's life; each kind's rules in the file of its section:
 * engine_activation.c (3.3), engine_illness.c (3.5, 3.6), engine_events.c
 * (3.7, 3.8).
 */
#include "engine_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

bool adj_status_in_play(adj_status_t s)
{
    static const bool in[ADJ_STATUS_COUNT] = {
#define ADJ_X(e, name, in_play) in_play,
        ADJ_STATUS_LIST(ADJ_X)
#undef ADJ_X
    };
    return in[s];
}

const char *engine_lid(const adj_engine_t *e, int32_t l)
{
    return e->header->leaders[l].id;
}

int engine_other_side(int side) { return 1 - side; }

/* ---- the lists a turn boundary walks ---- */

/* Each leader is at most once in each list, and both are sized by the
 * roster, so adding never allocates. */
static void list_add(int32_t *list, size_t *count, int32_t l, int32_t *at)
{
    if (*at >= 0)
        return;
    list[*count] = l;
    *at = (int32_t)*count;
    (*count)++;
}

static void afflicted_add(adj_engine_t *e, int32_t l)
{
    list_add(e->afflicted, &e->afflicted_count, l, &e->book[l].afflicted_at);
}

static void afflicted_remove(adj_engine_t *e, int32_t l)
{
    int32_t at = e->book[l].afflicted_at;
    if (at < 0)
        return;
    int32_t last = e->afflicted[--e->afflicted_count];
    e->afflicted[at] = last;
    e->book[last].afflicted_at = at;
    e->book[l].afflicted_at = -1;
}

void engine_set_inactive(adj_engine_t *e, int32_t l, bool inactive)
{
    engine_book_t *b = &e->book[l];
    e->leaders[l].inactive = inactive;
    if (inactive) {
        list_add(e->inactive_list, &e->inactive_count, l, &b->inactive_at);
    } else if (b->inactive_at >= 0) {
        int32_t last = e->inactive_list[--e->inactive_count];
        e->inactive_list[b->inactive_at] = last;
        e->book[last].inactive_at = b->inactive_at;
        b->inactive_at = -1;
    }
}

/* Give leader l a new status and level; keeps the lists in step. */
void engine_set_condition(adj_engine_t *e, int32_t l, adj_status_t status, int64_t level)
{
    adj_leader_state_t *s = &e->leaders[l];
    s->status = status;
    s->level = (status == ADJ_ST_WOUNDED || status == ADJ_ST_ILL) ? level : 0;
    e->book[l].set_this_turn = true;
    if (s->level > 0)
        afflicted_add(e, l);
    else
        afflicted_remove(e, l);
    if (!adj_status_in_play(status))
        engine_set_inactive(e, l, false);
}

void engine_contrib(adj_engine_t *e, size_t line, int side, int64_t points, int32_t leader)
{
    if (e->contrib_count < ADJ_MAX_CONTRIBS)
        e->contribs[e->contrib_count] = (adj_contrib_t){line, side, points, leader, e->turn};
    e->contrib_count++;
}

/* Leader l dies: the other side gains his VPs (SPEC 3.8). */
void engine_kill(adj_engine_t *e, int32_t l, const adj_entry_t *en)
{
    engine_set_condition(e, l, ADJ_ST_DEAD, 0);
    const adj_leader_def_t *d = &e->header->leaders[l];
    int gain = engine_other_side(d->side);
    e->vp[gain] = adj_sat_add(e->vp[gain], d->vp);
    engine_contrib(e, en->mark.line, gain, d->vp, l);
}

/* ---- obligations ---- */

void engine_oblige(adj_engine_t *e, adj_obligation_kind_t kind, int32_t l, adj_mark_t mark)
{
    if (e->pending_count == e->pending_cap) {
        e->pending_cap = e->pending_cap ? e->pending_cap * 2 : 4;
        e->pending = adj_xreallocarray(e->pending, e->pending_cap, sizeof *e->pending);
    }
    e->pending[e->pending_count++] = (adj_obligation_t){kind, l, mark, e->turn, 0};
    e->book[l].pending |= (uint8_t)(1u << kind);
    if (engine_ob[kind].roll)
        e->pending_rolls++;
}

bool engine_owed(const adj_engine_t *e, adj_obligation_kind_t kind, int32_t l)
{
    return (e->book[l].pending >> kind) & 1u;
}

/* Meet the pending obligation (kind, l); returns its creating line. */
size_t engine_meet(adj_engine_t *e, adj_obligation_kind_t kind, int32_t l)
{
    size_t line = 0;
    for (size_t i = 0; i < e->pending_count; i++) {
        adj_obligation_t *o = &e->pending[i];
        if (o->kind == kind && o->leader == l) {
            line = o->mark.line;
            memmove(o, o + 1, (e->pending_count - i - 1) * sizeof *o);
            e->pending_count--;
            break;
        }
    }
    e->book[l].pending &= (uint8_t) ~(1u << kind);
    if (engine_ob[kind].roll)
        e->pending_rolls--;
    return line;
}

static int ob_cmp(const void *a, const void *b)
{
    const adj_obligation_t *x = a, *y = b;
    if (x->mark.line != y->mark.line)
        return x->mark.line < y->mark.line ? -1 : 1;
    return (x->mark.column > y->mark.column) - (x->mark.column < y->mark.column);
}

/* Expire every pending obligation (SPEC 3.4) and close the activation.
 * `where` says what closed the window, for the messages. */
static void expire(adj_engine_t *e, const char *where)
{
    if (e->pending_count > 1)
        qsort(e->pending, e->pending_count, sizeof *e->pending, ob_cmp);
    for (size_t i = 0; i < e->pending_count; i++) {
        const adj_obligation_t *o = &e->pending[i];
        const engine_ob_t *ob = &engine_ob[o->kind];
        /* the base game's (the Sustain roll): 8.13 only orders it */
        const char *rule = !ob->base ? NULL : e->header->illness ? "8.13" : "base";
        char dropped[160];  /* the roll dropped or replacement refused that was meant for it */
        engine_why_dropped(e, o, dropped, sizeof dropped);
        adj_diags_add(e->diags, ob->code, o->mark, rule, engine_lid(e, o->leader), &o->turn,
                      "%s %s %s%s", engine_lid(e, o->leader), ob->missed, where, dropped);
        engine_cause_missed(e, o);  /* for the findings that follow from it */
        e->book[o->leader].pending = 0;
    }
    e->pending_count = 0;
    e->pending_rolls = 0;
    e->act_leader = -1;
}

/* Expire at an event: the message is only formatted when something expires
 * (this runs at every activation). */
void engine_expire_at(adj_engine_t *e, const char *what, size_t line)
{
    e->act_note.leader = e->ill_note.leader = -1;  /* the window closes */
    if (e->pending_count == 0) {
        e->act_leader = -1;
        return;
    }
    char where[96];
    snprintf(where, sizeof where, "before %s on line %zu", what, line);
    expire(e, where);
}

/* ------------------------------------------------------------------ */
/* Turns (SPEC 3.2)                                                    */
/* ------------------------------------------------------------------ */

static void cross_boundaries(adj_engine_t *e, const adj_entry_t *en, int64_t crossed)
{
    /* mending: walk the afflicted list; removals swap from the end */
    for (size_t i = 0; i < e->afflicted_count;) {
        int32_t l = e->afflicted[i];
        adj_leader_state_t *s = &e->leaders[l];
        int64_t mend = adj_ruling_mend(&e->rulings, crossed, e->book[l].set_this_turn);
        e->book[l].set_this_turn = false;
        if (mend <= 0) {
            i++;
            continue;
        }
        int64_t before = s->level;
        adj_status_t was = s->status;
        s->level = s->level > mend ? s->level - mend : 0;
        /* one step per leader and turn: his counter turns Active here too */
        bool flipped = s->inactive;
        if (flipped)
            engine_set_inactive(e, l, false);
        const char *rule = adj_ruling_clause(&e->rulings, ADJ_RULING_RECOVERY,
                                             was == ADJ_ST_ILL ? "8.13a" : "base");
        const char *flip_note = flipped ? "; his counter returns to its Active side" : "";
        if (s->level == 0) {
            s->status = ADJ_ST_FIT;
            afflicted_remove(e, l);  /* swaps another leader into slot i */
            story(e, en, l, rule, "%s %lld, %lld turn(s) pass: he is fit again%s",
                  was == ADJ_ST_ILL ? "ill" : "wounded", (long long)before, (long long)mend,
                  flip_note);
        } else {
            i++;
            story(e, en, l, rule, "%s %lld, %lld turn(s) pass: %s %lld%s",
                  was == ADJ_ST_ILL ? "ill" : "wounded", (long long)before, (long long)mend,
                  was == ADJ_ST_ILL ? "ill" : "wounded", (long long)s->level, flip_note);
        }
    }
    while (e->inactive_count > 0) {
        int32_t l = e->inactive_list[e->inactive_count - 1];
        engine_set_inactive(e, l, false);
        story(e, en, l, "base", "a new turn: his counter returns to its Active side");
    }
}

void engine_on_turn(adj_engine_t *e, const adj_entry_t *en)
{
    int64_t n = en->turn;
    /* a turn event's own findings belong to the turn it begins */
    if (!e->turn_begun) {
        if (n != e->header->first_turn)
            adj_diags_add(e->diags, ADJ_D_TURN_SEQUENCE, en->mark, NULL, NULL, &n,
                          "the first turn must be first_turn %lld, not %lld",
                          (long long)e->header->first_turn, (long long)n);
    } else {
        engine_expire_at(e, "the start of the next turn", en->mark.line);
        if (e->turn == INT64_MAX || n != e->turn + 1)
            adj_diags_add(e->diags, ADJ_D_TURN_SEQUENCE, en->mark, NULL, NULL, &n,
                          "turn %lld follows turn %lld; expected turn %lld; %s", (long long)n,
                          (long long)e->turn, (long long)adj_sat_add(e->turn, 1),
                          engine_why_turn(n, e->turn));
        if (n <= e->turn) {
            e->stall_line = en->mark.line;
            e->stall_turn = n;
            e->stall_repeat = n == e->turn;
        }
    }
    if (n > e->header->last_turn)
        adj_diags_add(e->diags, ADJ_D_TURN_OUT_OF_RANGE, en->mark, NULL, NULL, &n,
                      "turn %lld is after last_turn %lld", (long long)n,
                      (long long)e->header->last_turn);
    bool first = !e->turn_begun;
    int64_t prev = e->turn;
    e->turn_begun = true;
    e->turn = n;
    adj_diags_set_turn(e->diags, n);  /* every finding from now on is dated with it */
    if (!first && n > prev) {
        /* n - prev may not fit in int64 (e.g. INT64_MIN -> INT64_MAX) */
        uint64_t gap = (uint64_t)n - (uint64_t)prev;
        int64_t crossed = gap > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)gap;
        cross_boundaries(e, en, crossed);
    }
}

/* ------------------------------------------------------------------ */
/* The API                                                             */
/* ------------------------------------------------------------------ */

adj_engine_t *adj_engine_new(const adj_header_t *header, const adj_rulings_t *rulings,
                             adj_diags_t *diags)
{
    adj_engine_t *e = adj_xcalloc(1, sizeof *e);
    e->header = header;
    if (rulings)
        e->rulings = *rulings;
    e->diags = diags;
    e->act_leader = -1;
    e->act_note.leader = e->ill_note.leader = -1;
    e->leaders = adj_xcalloc(header->leader_count, sizeof *e->leaders);
    e->book = adj_xcalloc(header->leader_count, sizeof *e->book);
    e->causes = adj_xcalloc(header->leader_count, sizeof *e->causes);
    e->afflicted = adj_xcalloc(header->leader_count, sizeof *e->afflicted);
    e->inactive_list = adj_xcalloc(header->leader_count, sizeof *e->inactive_list);
    for (size_t i = 0; i < header->leader_count; i++) {
        adj_leader_state_t *s = &e->leaders[i];
        const adj_leader_def_t *d = &header->leaders[i];
        s->replaced_by = -1;
        e->book[i].afflicted_at = e->book[i].inactive_at = -1;
        if (d->reserve) {
            s->status = ADJ_ST_RESERVE;
        } else if (d->wound > 0) {
            s->status = ADJ_ST_WOUNDED;
            s->level = d->wound;
            afflicted_add(e, (int32_t)i);
        } else {
            s->status = ADJ_ST_FIT;
        }
    }
    return e;
}

void adj_engine_on_step(adj_engine_t *e, adj_step_fn fn, void *ctx)
{
    e->on_step = fn;
    e->step_ctx = ctx;
}

adj_replay_t adj_engine_result(const adj_engine_t *e)
{
    return (adj_replay_t){e->header, e->leaders, e->turn_begun, e->turn, e->ended,
                          {e->vp[0], e->vp[1]}, e->has_claim,
                          {e->claim_present[0], e->claim_present[1]}, {e->claim[0], e->claim[1]},
                          e->pending, e->pending_count, {e->act_leader, e->act_mark,
                          e->act_mp_known, e->act_mp, e->act_spent}, e->contribs, e->contrib_count};
}

void adj_engine_free(adj_engine_t *e)
{
    if (!e)
        return;
    free(e->leaders);
    free(e->book);
    free(e->causes);
    free(e->pending);
    free(e->afflicted);
    free(e->inactive_list);
    adj_buf_free(&e->say);
    free(e);
}

void adj_engine_feed(adj_engine_t *e, const adj_entry_t *en)
{
    /* step 2: its place */
    if (e->ended) {
        diag(e, ADJ_D_EVENT_AFTER_END, en->mark, NULL, en->leader,
             "`%s` after `end`: the game is over; the event is ignored",
             adj_event_name(en->kind));
        return;
    }
    if (!e->turn_begun && en->kind != ADJ_EV_TURN) {
        diag(e, ADJ_D_EVENT_BEFORE_TURN, en->mark, NULL, en->leader,
             "`%s` before the first `turn`; the event is ignored", adj_event_name(en->kind));
        return;
    }
    /* step 3: the rules of its kind: engine_on_<key>, from the catalogue
     * (adj_log.h), each in the file of its SPEC section */
    switch (en->kind) {
#define ADJ_X(E, key, ...) case ADJ_EV_##E: engine_on_##key(e, en); break;
        ADJ_EVENT_LIST(ADJ_X)
#undef ADJ_X
    default: break;
    }
}

void adj_engine_finish_after(adj_engine_t *e, adj_mark_t mark, size_t last_line)
{
    /* a mark past the file's last line stays (SPEC 4); the words name the
     * last line the file shows */
    char where[96], after[64] = "";
    if (last_line) {
        snprintf(after, sizeof after, " after the last event (line %zu)", last_line);
        snprintf(where, sizeof where, "before the events end,%s", after);
    } else {
        snprintf(where, sizeof where, "before the events end on line %zu", mark.line);
    }
    expire(e, where);
    if (!e->ended)
        adj_diags_add(e->diags, ADJ_D_MISSING_END, mark, NULL, NULL, NULL,
                      "the events end%s without an `end` event: the game's final tally is not "
                      "recorded", after);
}

void adj_engine_finish(adj_engine_t *e, adj_mark_t mark)
{
    adj_engine_finish_after(e, mark, 0);
}
