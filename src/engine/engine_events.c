/* SPDX-License-Identifier: MIT */
/*
 * engine_events.c - the other rolls and events (SPEC 3.7: sustain,
 * wound, flip, replace, state) and the victory points (SPEC 3.8: vp, end).
 */
#include "engine_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Other rolls and events (SPEC 3.7)                                   */
/* ------------------------------------------------------------------ */

static void out_of_order(adj_engine_t *e, const adj_entry_t *en, const char *what)
{
    for (size_t i = 0; i < e->pending_count; i++) {
        const adj_obligation_t *o = &e->pending[i];
        if (!engine_ob[o->kind].roll)
            continue;
        diag(e, ADJ_D_ROLL_OUT_OF_ORDER, en->mark, NULL, en->leader,
             "%s while the %s for %s (line %zu) is still owed; 8.13 makes it come first",
             what, engine_ob[o->kind].words, engine_lid(e, o->leader), o->mark.line);
        return;
    }
}

void engine_on_sustain(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    if (engine_owed(e, ADJ_OB_SUSTAIN, l)) {
        size_t from = engine_meet(e, ADJ_OB_SUSTAIN, l);
        story(e, en, l, adj_status_in_play(e->leaders[l].status) ? "base" : "8.13",
              "Sustain roll %lld for the move into an enemy ZOC on line %zu%s",
              (long long)en->roll, from,
              adj_status_in_play(e->leaders[l].status) ? ""
                                                        : " (required even though he is lost)");
    } else if (engine_refused_out_of_play(e, en, " and cannot roll to Sustain; the event is ignored",
                                   "Sustain roll")) {
        return;
    } else {
        story(e, en, l, "base", "Sustain roll %lld", (long long)en->roll);
    }
    if (e->pending_rolls)
        out_of_order(e, en, "a Sustain roll");
    if (!engine_roll_ok(en->roll))
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, NULL, l,
             "Sustain roll %lld is not a die roll (1-6)", (long long)en->roll);
}

void engine_on_wound(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    if (engine_refused_out_of_play(e, en, " and cannot be wounded; the event is ignored", "wound"))
        return;
    if (e->pending_rolls && adj_ruling_wound_is_roll(&e->rulings))
        out_of_order(e, en, "a wound (a casualty roll)");
    int64_t k = en->level, revised = k;
    const char *rule = "base";
    char how[160];
    if (s->status == ADJ_ST_ILL) {
        int64_t add = adj_ruling_illness_left(&e->rulings, s->level, e->book[l].ill_rolled);
        revised = adj_sat_add(k, add);
        rule = adj_ruling_clause(&e->rulings, ADJ_RULING_ILLNESS_LEFT, "8.13b");
        snprintf(how, sizeof how, "wound %lld + illness %lld = %lld", (long long)k,
                 (long long)add, (long long)revised);
    } else if (s->status == ADJ_ST_WOUNDED) {
        revised = adj_ruling_repeat_wound(&e->rulings, s->level, k);
        rule = adj_ruling_clause(&e->rulings, ADJ_RULING_REPEAT_WOUND, "base");
        snprintf(how, sizeof how, "wounded %lld, wound %lld: level %lld", (long long)s->level,
                 (long long)k, (long long)revised);
    } else {
        snprintf(how, sizeof how, "wound level %lld", (long long)k);
    }
    if (revised >= 6) {
        engine_kill(e, l, en);
        story(e, en, l, rule, "%s: he dies; %s gains %lld VP", how,
              e->header->sides[engine_other_side(d->side)], (long long)d->vp);
    } else {
        engine_set_condition(e, l, ADJ_ST_WOUNDED, revised);
        story(e, en, l, rule, "%s: he is wounded at %lld", how, (long long)revised);
    }
}

void engine_on_flip(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    if (engine_refused_out_of_play(e, en, "; his counter cannot be flipped", "flip"))
        return;
    engine_set_inactive(e, l, en->flip_inactive);
    e->book[l].inactive_line = en->mark.line;
    e->book[l].inactive_by_roll = false;
    story(e, en, l, "base", "his counter is flipped to its %s side",
          en->flip_inactive ? "Inactive" : "Active");
}

void engine_on_replace(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader, r = en->other;
    adj_leader_state_t *ls = &e->leaders[l], *rs = &e->leaders[r];
    const adj_leader_def_t *ld = &e->header->leaders[l], *rd = &e->header->leaders[r];
    if ((ls->status != ADJ_ST_DEAD && ls->status != ADJ_ST_INCAPACITATED) ||
        ls->replaced_by >= 0) {
        char why[200];  /* the roll that could have made him lost, never made */
        engine_why_missed(e, l, ": ", why, sizeof why);
        if (ls->replaced_by >= 0)
            diag(e, ADJ_D_REPLACE_NOT_GONE, en->mark, NULL, l,
                 "%s was already replaced by %s on line %zu; the event is ignored", ld->id,
                 engine_lid(e, ls->replaced_by), e->causes[l].replaced_line);
        else
            diag(e, ADJ_D_REPLACE_NOT_GONE, en->mark, NULL, l,
                 "%s is %s, not dead or incapacitated%s; only a lost leader is replaced; the "
                 "event is ignored",
                 ld->id, adj_status_name(ls->status), why);
        e->causes[r].refused_in_line = en->mark.line;  /* r stays where he was */
        e->causes[r].refused_in_code = ADJ_D_REPLACE_NOT_GONE;
        story(e, en, l, "base", "replacement by %s refused: he is not lost, or already replaced",
              rd->id);
        if (r != l)  /* one step per event for each leader it names (SPEC 6.3) */
            story(e, en, r, "base", "cannot replace %s: %s is not lost, or already replaced",
                  ld->id, ld->id);
        return;
    }
    const char *why = NULL;
    if (r == l)
        why = "a leader cannot replace himself";
    else if (rd->side != ld->side)
        why = "he is on the other side";
    else if (rs->status == ADJ_ST_DEAD || rs->status == ADJ_ST_INCAPACITATED)
        why = rs->status == ADJ_ST_DEAD ? "he is dead" : "he is incapacitated";
    else if (e->book[r].replacing)
        why = "he already replaces another leader";
    if (why) {
        diag(e, ADJ_D_REPLACEMENT_UNAVAILABLE, en->mark, NULL, l,
             "%s cannot replace %s: %s; the event is ignored", rd->id, ld->id, why);
        e->causes[r].refused_in_line = en->mark.line;
        e->causes[r].refused_in_code = ADJ_D_REPLACEMENT_UNAVAILABLE;
        e->causes[l].refused_out_line = en->mark.line;
        story(e, en, l, "base", "replacement by %s refused: %s", rd->id, why);
        if (r != l)
            story(e, en, r, "base", "cannot replace %s: %s", ld->id, why);
        return;
    }
    bool from_reserve = rs->status == ADJ_ST_RESERVE;
    if (from_reserve) {
        rs->status = ADJ_ST_FIT;
        rs->level = 0;
        engine_set_inactive(e, r, false);
    }
    ls->replaced_by = r;
    e->causes[l].replaced_line = en->mark.line;
    e->book[r].replacing = true;
    if (engine_owed(e, ADJ_OB_REPLACE, l))
        engine_meet(e, ADJ_OB_REPLACE, l);
    story(e, en, l, ls->status == ADJ_ST_INCAPACITATED ? "8.13a" : "base",
          "replaced by %s", rd->id);
    story(e, en, r, "base", "replaces %s%s", ld->id,
          from_reserve ? ": he enters play from reserve, fit and Active" : "");
}

void engine_on_vp(adj_engine_t *e, const adj_entry_t *en)
{
    const char *side = e->header->sides[en->side];
    if (en->other < 0) {
        e->vp[en->side] = adj_sat_add(e->vp[en->side], en->points);
        engine_contrib(e, en->mark.line, en->side, en->points, -1);
        return;
    }
    int32_t l = en->other;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    bool verdict_ok = false;
    if (s->status == ADJ_ST_INCAPACITATED) {
        diag(e, ADJ_D_VP_FOR_ILLNESS, en->mark, NULL, l,
             "%s was incapacitated by illness, which gives no VPs (8.13a)", d->id);
    } else if (s->status != ADJ_ST_DEAD) {
        char why[200];  /* the roll that could have killed him, never made */
        engine_why_missed(e, l, ": ", why, sizeof why);
        diag(e, ADJ_D_VP_LEADER_ALIVE, en->mark, NULL, l,
             "VPs claimed for the death of %s, who is %s%s", d->id, adj_status_name(s->status),
             why);
    } else if (en->side == d->side) {
        diag(e, ADJ_D_VP_MISMATCH, en->mark, NULL, l,
             "%s's death gives VPs to %s, not to his own side %s", d->id,
             e->header->sides[engine_other_side(d->side)], side);
    } else if (en->points != d->vp) {
        diag(e, ADJ_D_VP_MISMATCH, en->mark, NULL, l,
             "%s's death is worth %lld VP (roster), not %lld", d->id, (long long)d->vp,
             (long long)en->points);
    } else if (e->book[l].death_claimed) {
        diag(e, ADJ_D_VP_MISMATCH, en->mark, NULL, l,
             "VPs for %s's death were already claimed on line %zu; adjutant counts them once",
             d->id, e->causes[l].claim_line);
    } else {
        verdict_ok = true;
    }
    if (s->status != ADJ_ST_DEAD && e->living_claims++ == 0)
        e->living_claim = (adj_contrib_t){.line = en->mark.line, .side = en->side,
                                          .points = en->points, .leader = l},
        e->living_status = s->status;
    if (s->status == ADJ_ST_DEAD && !e->book[l].death_claimed)
        e->causes[l].claim_line = en->mark.line;
    if (s->status == ADJ_ST_DEAD)
        e->book[l].death_claimed = true;
    story(e, en, l, s->status == ADJ_ST_INCAPACITATED ? "8.13a" : "base",
          "%s claims %lld VP for his death: %s (the replay counts deaths itself)", side,
          (long long)en->points, verdict_ok ? "agrees with the replay" : "refused");
}

void engine_on_state(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    const adj_leader_state_t *s = &e->leaders[l];
    bool same = en->status == s->status && (!en->has_level || en->level == s->level) &&
                (!en->has_inactive || en->inactive == s->inactive);
    if (!same || e->on_step) {
        adj_buf_t claimed = {0}, replay = {0};
        engine_why_state(&claimed, en->status, en->has_level, en->level, en->has_inactive,
                         en->inactive);
        engine_why_state(&replay, s->status, true, s->level, adj_status_in_play(s->status),
                         s->inactive);
        char why[200];  /* a roll never made leaves the replay without what it gave */
        engine_why_missed(e, l, "; ", why, sizeof why);
        if (!same)
            diag(e, ADJ_D_STATE_MISMATCH, en->mark, NULL, l,
                 "the log records %s as %s, but the replay has him %s%s", engine_lid(e, l),
                 claimed.data, replay.data, why);
        story(e, en, l, "base", "the players record him as %s: %s", claimed.data,
              same ? "the replay agrees" : "the replay differs");
        adj_buf_free(&claimed);
        adj_buf_free(&replay);
    }
}

/* Append the tally's composition to a message, for vp-tally-mismatch. */
void engine_on_end(adj_engine_t *e, const adj_entry_t *en)
{
    engine_expire_at(e, "`end`", en->mark.line);
    e->ended = true;
    e->has_claim = en->has_claim;
    for (size_t i = 0; i < en->claim_count; i++) {
        const adj_claim_item_t *c = &en->claim[i];
        if (c->side < 0) {
            adj_buf_t tmp = {0};
            if (c->key)
                adj_escape_text(&tmp, c->key, strlen(c->key) > 40 ? 40 : strlen(c->key));
            diag(e, ADJ_D_BAD_FIELD, c->key_mark, NULL, -1,
                 "claim key \"%s\" is not one of `sides` (%s, %s); the entry is dropped",
                 tmp.data ? tmp.data : "", e->header->sides[0], e->header->sides[1]);
            adj_buf_free(&tmp);
        } else if (!c->value_ok) {
            diag(e, ADJ_D_BAD_FIELD, c->value_mark, NULL, -1,
                 "the VP total claimed for %s must be an integer from %lld to %lld; the "
                 "entry is dropped",
                 e->header->sides[c->side], (long long)-ADJ_MAX_CLAIM, (long long)ADJ_MAX_CLAIM);
        } else {
            e->claim_present[c->side] = true;
            e->claim[c->side] = c->value;
        }
    }
    if (!e->has_claim)
        return;
    bool agree = true;
    for (int s = 0; s < 2; s++)
        agree = agree && e->claim_present[s] && e->claim[s] == e->vp[s];
    if (agree)
        return;
    adj_buf_t m = {0};
    adj_buf_puts(&m, "the claimed tally is ");
    for (int s = 0; s < 2; s++) {
        if (e->claim_present[s])
            adj_buf_printf(&m, "%s%s %lld", s ? ", " : "", e->header->sides[s],
                           (long long)e->claim[s]);
        else
            adj_buf_printf(&m, "%s%s missing", s ? ", " : "", e->header->sides[s]);
    }
    adj_buf_printf(&m, " but the replay gives %s %lld, %s %lld", e->header->sides[0],
                   (long long)e->vp[0], e->header->sides[1], (long long)e->vp[1]);
    engine_why_tally(e, &m);
    engine_why_double_award(e, &m);
    engine_why_living_claim(e, &m);
    diag(e, ADJ_D_VP_TALLY_MISMATCH, en->mark, NULL, -1, "%s", m.data);
    adj_buf_free(&m);
}
