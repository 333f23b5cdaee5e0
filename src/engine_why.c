/*
 * engine_why.c - the engine's longer sentences: what caused a finding and
 * what to do about it (the arithmetic of a roll, the event that turned a
 * leader Inactive, a roll dropped for a mistyped id, the parts of a tally).
 * Only called when a diagnostic is made, never on the fast path.
 */
#include "engine_impl.h"

#include <stdio.h>

static const char *lid(const adj_engine_t *e, int32_t l) { return e->header->leaders[l].id; }

const engine_ob_t engine_ob[ADJ_OB_COUNT] = {
#define ADJ_X(e, name, words, ev, code, roll, base, because, must, before, missed) \
    {ADJ_EV_##ev, ADJ_D_##code, roll, base, words, missed},
    ADJ_OBLIGATION_LIST(ADJ_X)
#undef ADJ_X
};

void adj_engine_note_dropped(adj_engine_t *e, adj_event_kind_t kind, size_t line, int32_t l)
{
    for (size_t i = 0; i < e->pending_count; i++) {
        adj_obligation_t *o = &e->pending[i];
        if (o->leader == l && engine_ob[o->kind].event == kind && o->mark.line < line &&
            !o->dropped_line)
            o->dropped_line = line;
    }
}

void engine_why_dropped(const adj_engine_t *e, const adj_obligation_t *o, char *out, size_t size)
{
    snprintf(out, size, " (the `%s` on line %zu was dropped: the leader it names is not in the "
             "roster, probably a slip for %s)", adj_event_name(engine_ob[o->kind].event),
             o->dropped_line, lid(e, o->leader));
}

const char *engine_why_turn(int64_t n, int64_t prev)
{
    if (n == prev)
        return "a repeated number begins no new turn: no leader recovers and no counter "
               "returns to its Active side";
    if (n < prev)
        return "a number that goes back begins no new turn: no leader recovers and no counter "
               "returns to its Active side";
    return "the number is taken as given: the skipped turns count as played, so wounds and "
           "illnesses mend for each of them, and every counter returns to its Active side";
}

void engine_why_inactive(const adj_engine_t *e, int32_t l, char *out, size_t size)
{
    const adj_leader_state_t *s = &e->leaders[l];
    char since[128];
    if (e->stall_line > s->inactive_line)
        snprintf(since, sizeof since, "the `turn` on line %zu %s turn %lld, so no new turn began",
                 e->stall_line, e->stall_repeat ? "repeats" : "goes back to",
                 (long long)e->stall_turn);
    else
        snprintf(since, sizeof since, "no new turn has begun since");
    snprintf(out, size, "%s on line %zu turned him Inactive, and %s to turn him Active again",
             s->inactive_by_roll ? "the illness roll of 5" : "the `flip`", s->inactive_line,
             since);
}

void engine_why_duration(const adj_engine_t *e, adj_status_t was, int64_t level, int64_t dd,
                         char *out, size_t size)
{
    if (was == ADJ_ST_WOUNDED)
        snprintf(out, size, "wounded %lld + duration %lld = %lld", (long long)level,
                 (long long)dd, (long long)adj_sat_add(level, dd));
    else if (was == ADJ_ST_ILL && adj_ruling_repeat_illness_adds(&e->rulings))
        snprintf(out, size, "ill %lld + duration %lld = %lld", (long long)level, (long long)dd,
                 (long long)adj_sat_add(level, dd));
    else if (was == ADJ_ST_ILL)
        snprintf(out, size, "ill %lld, duration %lld: the longer counts", (long long)level,
                 (long long)dd);
    else
        snprintf(out, size, "he was fit: 1-5 ill for that many turns, 6 incapacitated");
}

void engine_why_tally(const adj_engine_t *e, adj_buf_t *m)
{
    adj_buf_puts(m, "; the regenerated tally is made of: ");
    if (e->contrib_count == 0)
        adj_buf_puts(m, "nothing (no deaths, no awards)");
    size_t shown = e->contrib_count < ADJ_MAX_CONTRIBS ? e->contrib_count : ADJ_MAX_CONTRIBS;
    for (size_t i = 0; i < shown; i++) {
        const adj_contrib_t *c = &e->contribs[i];
        if (i)
            adj_buf_puts(m, ", ");
        if (c->leader >= 0)
            adj_buf_printf(m, "%s %lld for the death of %s (line %zu)", e->header->sides[c->side],
                           (long long)c->points, lid(e, c->leader), c->line);
        else
            adj_buf_printf(m, "%s %lld awarded (line %zu)", e->header->sides[c->side],
                           (long long)c->points, c->line);
    }
    if (e->contrib_count > shown)
        adj_buf_printf(m, " and %zu more", e->contrib_count - shown);
}

/* A plain award of the same side and points as a death in the same turn is
 * most likely that death logged again: say so, and how to log it. */
void engine_why_double_award(const adj_engine_t *e, adj_buf_t *m)
{
    size_t shown = e->contrib_count < ADJ_MAX_CONTRIBS ? e->contrib_count : ADJ_MAX_CONTRIBS;
    for (size_t i = 0; i < shown; i++) {
        const adj_contrib_t *a = &e->contribs[i];
        for (size_t j = 0; a->leader < 0 && j < shown; j++) {
            const adj_contrib_t *d = &e->contribs[j];
            if (d->leader < 0 || d->side != a->side || d->points != a->points ||
                d->turn != a->turn)
                continue;
            adj_buf_printf(m, "; the award on line %zu is probably the death of %s (line %zu) "
                           "logged a second time: `leader: %s` on that `vp` event makes it a "
                           "claim for his death, which the replay checks but does not add",
                           a->line, lid(e, d->leader), d->line, lid(e, d->leader));
            return;
        }
    }
}
