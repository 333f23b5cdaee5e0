/* SPDX-License-Identifier: MIT */
/*
 * engine_illness.c - the illness check and the duration roll (SPEC 3.5,
 * 3.6): what each roll does to a leader, and what it obliges next.
 */
#include "engine_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The illness check and duration roll (SPEC 3.5, 3.6)                 */
/* ------------------------------------------------------------------ */

adj_result_t adj_illness_result(int64_t roll)
{
    return roll == 5 ? ADJ_RES_INACTIVE : roll == 6 ? ADJ_RES_ILL : ADJ_RES_NONE;
}

void engine_on_illness(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    if (!e->header->illness) {
        diag(e, ADJ_D_ILLNESS_RULE_OFF, en->mark, NULL, l,
             "an illness check, but optional rule 8.13 is not in force (add `illness` to "
             "optional_rules); the event is ignored");
        story(e, en, l, "8.13", "illness check ignored: rule 8.13 is not in force");
        return;
    }
    if (!engine_owed(e, ADJ_OB_ILLNESS_CHECK, l)) {
        char why[160];
        engine_why_no_check(e, l, why, sizeof why);
        diag(e, ADJ_D_ILLNESS_CHECK_UNWARRANTED, en->mark, NULL, l,
             "no raw 1 on an IMC roll of %s calls for an illness check now%s; the event is "
             "ignored",
             engine_lid(e, l), why);
        if (en->roll == 6)  /* a duration roll may follow it */
            e->ill_note = (engine_note_t){l, en->mark.line, ADJ_D_ILLNESS_CHECK_UNWARRANTED};
        story(e, en, l, "8.13", "illness check ignored: no raw 1 called for it");
        return;
    }
    size_t from = engine_meet(e, ADJ_OB_ILLNESS_CHECK, l);
    if (e->act_leader == l)
        e->act_checked = true;
    if (!engine_roll_ok(en->roll)) {
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, "8.13", l,
             "illness roll %lld is not a die roll (1-6); the check counts as made, with no "
             "effect",
             (long long)en->roll);
        e->ill_note = (engine_note_t){l, en->mark.line, ADJ_D_ROLL_OUT_OF_RANGE};
        story(e, en, l, "8.13", "illness check (for the raw 1 on line %zu) with an impossible "
              "roll of %lld: no effect", from, (long long)en->roll);
        return;
    }
    if (!adj_status_in_play(s->status)) {
        story(e, en, l, "8.13", "illness roll %lld (for the raw 1 on line %zu): he is already "
              "%s, so it has no effect", (long long)en->roll, from, adj_status_name(s->status));
        return;
    }
    adj_result_t outcome = adj_illness_result(en->roll);
    if (outcome == ADJ_RES_INACTIVE) {
        engine_set_inactive(e, l, true);
        e->book[l].inactive_line = en->mark.line;
        e->book[l].inactive_by_roll = true;
        story(e, en, l, "8.13", "illness roll 5 (for the raw 1 on line %zu): he goes Inactive",
              from);
    } else if (outcome == ADJ_RES_ILL) {
        engine_oblige(e, ADJ_OB_DURATION, l, en->mark);
        story(e, en, l, "8.13", "illness roll 6 (for the raw 1 on line %zu): he is seriously "
              "ill; a duration roll must follow", from);
    } else {
        story(e, en, l, "8.13", "illness roll %lld (for the raw 1 on line %zu): no effect",
              (long long)en->roll, from);
    }
    engine_why_result(e, en, outcome, "8.13", "illness",
                      outcome == ADJ_RES_INACTIVE ? "a 5 turns him Inactive"
                      : outcome == ADJ_RES_ILL    ? "a 6 makes him seriously ill"
                                                  : "1 to 4 have no effect");
}

/* A duration roll dd for wounded leader l: it adds to his wound (8.13b). */
static adj_result_t duration_wounded(adj_engine_t *e, const adj_entry_t *en, int32_t l,
                                     int64_t dd)
{
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    int64_t w = s->level, revised = adj_sat_add(w, dd);
    if (revised >= 6) {
        engine_kill(e, l, en);
        story(e, en, l, "8.13b", "wounded %lld + duration %lld = %lld: he dies; %s gains %lld VP",
              (long long)w, (long long)dd, (long long)revised,
              e->header->sides[engine_other_side(d->side)], (long long)d->vp);
        return ADJ_RES_DEAD;
    }
    engine_set_condition(e, l, ADJ_ST_WOUNDED, revised);
    story(e, en, l, "8.13b", "wounded %lld + duration %lld = %lld: he stays wounded at %lld",
          (long long)w, (long long)dd, (long long)revised, (long long)revised);
    return ADJ_RES_WOUNDED;
}

/* A duration roll dd for leader l, already ill: as the repeat-illness
 * ruling reads it. */
static adj_result_t duration_ill(adj_engine_t *e, const adj_entry_t *en, int32_t l, int64_t dd,
                                 const char *rule)
{
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    int64_t t = s->level;
    adj_outcome_t o = adj_ruling_repeat_illness(&e->rulings, t, dd);
    char sum[96];  /* the arithmetic, as the reading in force does it */
    if (!adj_ruling_repeat_illness_adds(&e->rulings))
        snprintf(sum, sizeof sum, "ill %lld, duration %lld (the longer counts)", (long long)t,
                 (long long)dd);
    else
        snprintf(sum, sizeof sum, "ill %lld + duration %lld = %lld", (long long)t,
                 (long long)dd, (long long)adj_sat_add(t, dd));
    if (o.status == ADJ_ST_DEAD) {
        engine_kill(e, l, en);
        story(e, en, l, rule, "%s: he dies; %s gains %lld VP", sum,
              e->header->sides[engine_other_side(d->side)], (long long)d->vp);
        return ADJ_RES_DEAD;
    }
    if (o.status == ADJ_ST_INCAPACITATED) {
        engine_set_condition(e, l, ADJ_ST_INCAPACITATED, 0);
        engine_oblige(e, ADJ_OB_REPLACE, l, en->mark);
        story(e, en, l, rule, "%s: incapacitated for the rest of the game; no VPs; he must "
              "be replaced at once", sum);
        return ADJ_RES_INCAPACITATED;
    }
    engine_set_condition(e, l, ADJ_ST_ILL, o.level);
    e->book[l].ill_rolled = o.level;
    story(e, en, l, rule, "%s: ill for %lld turn(s)", sum, (long long)o.level);
    return ADJ_RES_ILL;
}

/* A duration roll dd for fit leader l (8.13a). */
static adj_result_t duration_fit(adj_engine_t *e, const adj_entry_t *en, int32_t l, int64_t dd)
{
    if (dd == 6) {
        engine_set_condition(e, l, ADJ_ST_INCAPACITATED, 0);
        engine_oblige(e, ADJ_OB_REPLACE, l, en->mark);
        story(e, en, l, "8.13a", "duration 6: incapacitated for the rest of the game; no VPs; "
              "he must be replaced at once");
        return ADJ_RES_INCAPACITATED;
    }
    engine_set_condition(e, l, ADJ_ST_ILL, dd);
    e->book[l].ill_rolled = dd;
    story(e, en, l, "8.13a", "duration %lld: ill for %lld turn(s), as if wounded", (long long)dd,
          (long long)dd);
    return ADJ_RES_ILL;
}

void engine_on_duration(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    if (!e->header->illness) {
        diag(e, ADJ_D_ILLNESS_RULE_OFF, en->mark, NULL, l,
             "a duration roll, but optional rule 8.13 is not in force; the event is ignored");
        story(e, en, l, "8.13", "duration roll ignored: rule 8.13 is not in force");
        return;
    }
    if (!engine_owed(e, ADJ_OB_DURATION, l)) {
        char why[160];
        engine_why_no_duration(e, l, why, sizeof why);
        diag(e, ADJ_D_DURATION_UNWARRANTED, en->mark, NULL, l,
             "no illness roll of 6 for %s calls for a duration roll now%s; the event is ignored",
             d->id, why);
        story(e, en, l, "8.13", "duration roll ignored: no illness roll of 6 called for it");
        return;
    }
    size_t from = engine_meet(e, ADJ_OB_DURATION, l);
    int64_t dd = en->roll;
    if (!engine_roll_ok(dd)) {
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, "8.13a", l,
             "duration roll %lld is not a die roll (1-6); the roll counts as made, with no "
             "effect",
             (long long)dd);
        story(e, en, l, "8.13a", "duration roll with an impossible %lld: no effect",
              (long long)dd);
        return;
    }
    if (!adj_status_in_play(s->status)) {
        story(e, en, l, "8.13a", "duration roll %lld (for line %zu): he is already %s, so it "
              "has no effect", (long long)dd, from, adj_status_name(s->status));
        return;
    }
    adj_result_t outcome;
    const char *rule;
    adj_status_t was = s->status;
    int64_t level = s->level;
    if (s->status == ADJ_ST_WOUNDED) {
        rule = "8.13b";
        outcome = duration_wounded(e, en, l, dd);
    } else if (s->status == ADJ_ST_ILL) {
        rule = adj_ruling_clause(&e->rulings, ADJ_RULING_REPEAT_ILLNESS, "8.13a");
        outcome = duration_ill(e, en, l, dd, rule);
    } else {
        rule = "8.13a";
        outcome = duration_fit(e, en, l, dd);
    }
    if (en->has_result && en->result != outcome) {
        char why[96];
        engine_why_duration(e, was, level, dd, why, sizeof why);
        engine_why_result(e, en, outcome, rule, "duration", why);
    }
}
