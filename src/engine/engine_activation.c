/* SPDX-License-Identifier: MIT */
/*
 * engine_activation.c - activations and moves (SPEC 3.3): the IMC roll,
 * its MPs and the moves that spend them.
 */
#include "engine_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Activations and moves (SPEC 3.3)                                    */
/* ------------------------------------------------------------------ */

int64_t adj_imc_modified(int64_t roll, int64_t modifier)
{
    int64_t m = adj_sat_add(roll, modifier);
    return m < 1 ? 1 : m > 6 ? 6 : m;
}

bool engine_roll_ok(int64_t roll) { return roll >= 1 && roll <= 6; }

/* Refuse en's leader when he is out of play (leader-not-in-play): "<id> is
 * <status><tail>"; `what` names the refused step in explain. True: refused. */
bool engine_refused_out_of_play(adj_engine_t *e, const adj_entry_t *en, const char *tail,
                                const char *what)
{
    int32_t l = en->leader;
    adj_status_t status = e->leaders[l].status;
    if (adj_status_in_play(status))
        return false;
    char why[160];  /* a reserve leader whose replacement was refused */
    engine_why_refused_in(e, l, why, sizeof why);
    diag(e, ADJ_D_LEADER_NOT_IN_PLAY, en->mark, NULL, l, "%s is %s%s%s", engine_lid(e, l),
         adj_status_name(status), why, tail);
    story(e, en, l, "base", "%s refused: he is %s", what, adj_status_name(status));
    return true;
}

void engine_on_activate(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    engine_expire_at(e, "the next activation", en->mark.line);
    if (engine_refused_out_of_play(e, en, " and cannot be activated; the event is ignored",
                            "activation")) {
        e->act_note = (engine_note_t){l, en->mark.line, ADJ_D_LEADER_NOT_IN_PLAY};
        return;
    }
    if (s->inactive) {
        char why[240];  /* what turned him Inactive, and why no turn turned him back */
        engine_why_inactive(e, l, why, sizeof why);
        diag(e, ADJ_D_LEADER_INACTIVE, en->mark, NULL, l,
             "%s is on his Inactive side and may not be activated: %s", engine_lid(e, l), why);
    }
    e->act_leader = l;
    e->act_mark = en->mark;
    e->act_spent = 0;
    e->act_exceeded = false;
    e->act_checked = false;
    e->act_mp_known = en->has_mp;
    e->act_mp = en->mp;
    if (!engine_roll_ok(en->roll)) {
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, NULL, l,
             "IMC roll %lld is not a die roll (1-6)", (long long)en->roll);
        e->act_note = (engine_note_t){l, en->mark.line, ADJ_D_ROLL_OUT_OF_RANGE};
        story(e, en, l, "base", "activated with an impossible IMC roll of %lld",
              (long long)en->roll);
        return;
    }
    int64_t modified = adj_imc_modified(en->roll, en->modifier);
    bool imc_known = e->header->has_imc && d->imc_row >= 0;
    int64_t expected = imc_known ? e->header->imc_rows[d->imc_row][modified - 1] : 0;
    if (imc_known && en->has_mp && en->mp != expected)
        diag(e, ADJ_D_IMC_MISMATCH, en->mark, NULL, l,
             "the IMC gives %s (initiative %lld) %lld MP for a modified roll of %lld; the log "
             "records %lld",
             d->id, (long long)d->initiative, (long long)expected, (long long)modified,
             (long long)en->mp);
    if (!en->has_mp && imc_known) {
        e->act_mp_known = true;
        e->act_mp = expected;
    }
    bool check = en->roll == 1 && e->header->illness;
    if (check)
        engine_oblige(e, ADJ_OB_ILLNESS_CHECK, l, en->mark);
    if (e->on_step) {
        char mps[64] = "MPs unknown";
        if (e->act_mp_known)
            snprintf(mps, sizeof mps, "%lld MP", (long long)e->act_mp);
        story(e, en, l, "base", "activated: IMC roll %lld, modifier %+lld, modified %lld: %s%s",
              (long long)en->roll, (long long)en->modifier, (long long)modified, mps,
              check ? "; a raw 1 under 8.13: he must check for illness after moving" : "");
    }
}

void engine_on_move(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    if (engine_refused_out_of_play(e, en, " and cannot move; the event is ignored", "move"))
        return;
    if (e->act_leader != l) {
        if (e->act_leader >= 0)
            diag(e, ADJ_D_MOVE_WITHOUT_ACTIVATION, en->mark, NULL, l,
                 "%s moves but %s is the leader activated; the move is ignored", engine_lid(e, l),
                 engine_lid(e, e->act_leader));
        else
            diag(e, ADJ_D_MOVE_WITHOUT_ACTIVATION, en->mark, NULL, l,
                 "%s moves without being activated; the move is ignored", engine_lid(e, l));
        story(e, en, l, "base", "move refused: he is not the leader activated");
        return;
    }
    if (e->act_checked)
        diag(e, ADJ_D_MOVE_AFTER_ILLNESS_CHECK, en->mark, "8.13", l,
             "%s moves after his illness check; 8.13 makes the check on reaching the "
             "destination hex, after the move",
             engine_lid(e, l));
    /* mp >= 0, so an unsigned total saturating at UINT64_MAX (above any
     * int64 MPs available) keeps the comparison exact */
    uint64_t spent;
    if (__builtin_add_overflow(e->act_spent, (uint64_t)en->mp, &spent))
        spent = UINT64_MAX;
    e->act_spent = spent;
    if (e->act_mp_known && !e->act_exceeded && e->act_spent > (uint64_t)e->act_mp) {
        e->act_exceeded = true;
        diag(e, ADJ_D_MOVE_EXCEEDS_MP, en->mark, NULL, l,
             "%s has now spent %llu MP but the activation gave %lld", engine_lid(e, l),
             (unsigned long long)e->act_spent, (long long)e->act_mp);
    }
    bool zoc = en->enemy_zoc && !engine_owed(e, ADJ_OB_SUSTAIN, l);
    if (zoc)
        engine_oblige(e, ADJ_OB_SUSTAIN, l, en->mark);
    story(e, en, l, "base", "moves%s%s, %lld MP (%llu spent this activation)%s",
          en->to ? " to " : "", en->to ? en->to : "", (long long)en->mp,
          (unsigned long long)e->act_spent, en->enemy_zoc ? "; into an enemy ZOC: a Sustain roll is due" : "");
}
