/* SPDX-License-Identifier: MIT */
/*
 * engine_why.c - the engine's longer sentences: what caused a finding and
 * what to do about it (the arithmetic of a roll, the event that turned a
 * leader Inactive, a roll dropped for a mistyped id, the parts of a tally).
 * Only called when a diagnostic is made, never on the fast path.
 */
#include "engine_impl.h"

#include <stdarg.h>
#include <stdio.h>

static const char *lid(const adj_engine_t *e, int32_t l) { return e->header->leaders[l].id; }

const engine_ob_t engine_ob[ADJ_OB_COUNT] = {
#define ADJ_X(e, name, words, ev, code, roll, base, because, must, before, missed, owed) \
    {ADJ_EV_##ev, ADJ_D_##code, roll, base, words, missed, owed},
    ADJ_OBLIGATION_LIST(ADJ_X)
#undef ADJ_X
};

uint32_t adj_engine_awaited_rolls(void)
{
    uint32_t kinds = 0;
#define ADJ_X(e, name, words, ev, ...) \
    kinds |= adj_event_die(ADJ_EV_##ev) != ADJ_FIELD_COUNT ? 1u << ADJ_EV_##ev : 0;
    ADJ_OBLIGATION_LIST(ADJ_X)
#undef ADJ_X
    return kinds;
}

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
    size_t refused = e->causes[o->leader].refused_out_line;
    out[0] = '\0';
    if (o->kind == ADJ_OB_REPLACE && refused > o->mark.line)
        snprintf(out, size, " (the `replace` on line %zu was refused: replacement-unavailable)",
                 refused);
    if (!o->dropped_line)
        return;
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
    const engine_book_t *b = &e->book[l];
    char since[128];
    if (e->stall_line > b->inactive_line)
        snprintf(since, sizeof since, "the `turn` on line %zu %s turn %lld, so no new turn began",
                 e->stall_line, e->stall_repeat ? "repeats" : "goes back to",
                 (long long)e->stall_turn);
    else
        snprintf(since, sizeof since, "no new turn has begun since");
    snprintf(out, size, "%s on line %zu turned him Inactive, and %s to turn him Active again",
             b->inactive_by_roll ? "the illness roll of 5" : "the `flip`", b->inactive_line,
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

void engine_why_living_claim(const adj_engine_t *e, adj_buf_t *m)
{
    const adj_contrib_t *c = &e->living_claim;
    if (!e->living_claims)
        return;
    adj_buf_printf(m, "; the `vp` of %s %lld on line %zu names `leader: %s`, so it was taken "
                   "as a claim for his death and not counted (he was %s)",
                   e->header->sides[c->side], (long long)c->points, c->line, lid(e, c->leader),
                   adj_status_name(e->living_status));
    if (e->living_claims > 1)
        adj_buf_printf(m, ", as %zu more such claims were", e->living_claims - 1);
    adj_buf_puts(m, "; an award is written without `leader:`");
}

/* result-mismatch; `why` is the arithmetic that gives `outcome`. */
void engine_why_result(adj_engine_t *e, const adj_entry_t *en, adj_result_t outcome,
                       const char *rule, const char *roll_kind, const char *why)
{
    if (en->has_result && en->result != outcome)
        adj_diags_add(e->diags, ADJ_D_RESULT_MISMATCH, en->mark, rule, lid(e, en->leader), NULL,
                      "%s roll %lld for %s gives `%s` (%s), but the log records `%s`", roll_kind,
                      (long long)en->roll, lid(e, en->leader), adj_result_name(outcome), why,
                      adj_result_name(en->result));
}

/* Tell a step of leader l's story (explain only): the story macro tests
 * on_step first, so an audit neither evaluates its arguments nor calls. */
void engine_story(adj_engine_t *e, const adj_entry_t *en, int32_t l, const char *rule,
                  const char *fmt, ...)
{
    if (l < 0)
        return;
    adj_buf_reset(&e->say);
    va_list ap;
    va_start(ap, fmt);
    adj_buf_vprintf(&e->say, fmt, ap);
    va_end(ap);
    adj_step_t st = {
        .mark = en->mark,
        .has_turn = e->turn_begun,
        .turn = e->turn,
        .event = adj_event_name(en->kind),
        .rule = rule,
        .leader = l,
        .text = e->say.data ? e->say.data : "",
        .state = &e->leaders[l],
    };
    e->on_step(e->step_ctx, &st);
}

void engine_cause_missed(adj_engine_t *e, const adj_obligation_t *o)
{
    if (o->kind != ADJ_OB_ILLNESS_CHECK && o->kind != ADJ_OB_DURATION)
        return;
    e->causes[o->leader].missed = (uint8_t)(1 + o->kind);
    e->causes[o->leader].missed_line = o->mark.line;
}

/* "wounded 2, Inactive", "dead": a state as the players would say it. */
void engine_why_state(adj_buf_t *b, adj_status_t status, bool has_level, int64_t level,
                      bool has_inactive, bool inactive)
{
    adj_buf_puts(b, adj_status_name(status));
    if (has_level && (level || status == ADJ_ST_WOUNDED || status == ADJ_ST_ILL))
        adj_buf_printf(b, " %lld", (long long)level);
    if (has_inactive)
        adj_buf_puts(b, inactive ? ", Inactive" : ", Active");
}

/* ---- knock-ons: a finding that follows from an earlier one names it ---- */

/* The line of the pending obligation (kind, l), 0 when none. */
static size_t pending_line(const adj_engine_t *e, adj_obligation_kind_t kind, int32_t l)
{
    if (!((e->book[l].pending >> kind) & 1u))
        return 0;
    for (size_t i = 0; i < e->pending_count; i++)
        if (e->pending[i].kind == kind && e->pending[i].leader == l)
            return e->pending[i].mark.line;
    return 0;
}

/* The roll that could have taken leader l out of play and was not made:
 * one still owed, else the last one that expired unmet. */
void engine_why_missed(const adj_engine_t *e, int32_t l, const char *lead, char *out,
                       size_t size)
{
    size_t check = pending_line(e, ADJ_OB_ILLNESS_CHECK, l);
    size_t dur = pending_line(e, ADJ_OB_DURATION, l);
    const engine_cause_t *c = &e->causes[l];
    out[0] = '\0';
    if (check || dur) {
        const engine_ob_t *ob = &engine_ob[check ? ADJ_OB_ILLNESS_CHECK : ADJ_OB_DURATION];
        snprintf(out, size, "%sthe %s owed for his %s on line %zu has not been made", lead,
                 ob->words, ob->owed, check ? check : dur);
    } else if (c->missed) {
        const engine_ob_t *ob = &engine_ob[c->missed - 1];
        snprintf(out, size, "%sthe %s owed for his %s on line %zu was never made (%s)", lead,
                 ob->words, ob->owed, c->missed_line, adj_code_name(ob->code));
    }
}

/* A reserve leader refused: the replacement that would have brought him
 * into play was itself refused. */
void engine_why_refused_in(const adj_engine_t *e, int32_t l, char *out, size_t size)
{
    const engine_cause_t *c = &e->causes[l];
    out[0] = '\0';
    if (e->leaders[l].status == ADJ_ST_RESERVE && c->refused_in_line)
        snprintf(out, size, " (the `replace` on line %zu that would have brought him into play "
                 "was refused: %s)", c->refused_in_line, adj_code_name(c->refused_in_code));
}

/* An illness check no raw 1 calls for: his activation in this window was
 * refused, or its roll was no die roll, or his check was already made. */
void engine_why_no_check(const adj_engine_t *e, int32_t l, char *out, size_t size)
{
    const engine_note_t *n = &e->act_note;
    out[0] = '\0';
    if (n->leader == l && n->code == ADJ_D_LEADER_NOT_IN_PLAY)
        snprintf(out, size, " (his activation on line %zu was refused: leader-not-in-play)",
                 n->line);
    else if (n->leader == l)
        snprintf(out, size, " (his IMC roll on line %zu is not a die roll: %s)", n->line,
                 adj_code_name(n->code));
    else if (e->act_leader == l && e->act_checked)
        snprintf(out, size, " (his check for the activation on line %zu was already made)",
                 e->act_mark.line);
}

/* A duration roll no illness roll of 6 calls for: that roll was ignored or
 * no die roll, or his illness check is still owed. */
void engine_why_no_duration(const adj_engine_t *e, int32_t l, char *out, size_t size)
{
    const engine_note_t *n = &e->ill_note;
    size_t check = pending_line(e, ADJ_OB_ILLNESS_CHECK, l);
    out[0] = '\0';
    if (n->leader == l && n->code == ADJ_D_ROLL_OUT_OF_RANGE)
        snprintf(out, size, " (his illness roll on line %zu is not a die roll: %s)", n->line,
                 adj_code_name(n->code));
    else if (n->leader == l)
        snprintf(out, size, " (his illness roll of 6 on line %zu was ignored: %s)", n->line,
                 adj_code_name(n->code));
    else if (check)
        snprintf(out, size, " (the illness check owed for his raw 1 on line %zu has not been "
                 "made)", check);
}
