/* SPDX-License-Identifier: MIT */
/*
 * test_engine.c - the replay engine against SPEC section 3, one test per
 * clause, with entries built in C (no YAML). Every expected outcome is
 * derived from the SPEC text cited in the comment above each test.
 */
#include "engine_fixture.h"

#include <time.h>

/* ================================================================== */
/* 3.3: which IMC rolls call for the illness check                     */
/* ================================================================== */

/* 3.3: "Raw roll 1 (the unmodified die) with rule 8.13 in force:
 * obligation ILLNESS-CHECK(L)"; 3.4: expired unmet -> illness-check-missing
 * at the creating line. */
static void test_raw_one_requires_illness_check(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_activate(f, "hill", 3, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
    assert_string_equal(fx_diag(f, 0)->leader, "jackson");
}

/* 3.3: the check follows the raw (unmodified) die only. */
static void test_modified_one_from_raw_two_requires_no_check(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 2, -1, NO_MP);
    feed_activate(f, "hill", 3, 0, NO_MP);
    feed_end_null(f);
    assert_no_diags(f);
}

static void test_raw_one_with_plus_two_modifier_still_requires_check(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 2, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
}

/* 3.3: only "with rule 8.13 in force". */
static void test_raw_one_without_illness_rule_requires_no_check(void **state)
{
    fx_t *f = *state;
    f->h.illness = false;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_activate(f, "hill", 1, 0, NO_MP);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.4: `illness: L` meets ILLNESS-CHECK(L): the roll is applied (a 5
 * flips him Inactive) and nothing expires unmet; a second check finds
 * nothing owed. */
static void test_illness_check_after_raw_one_meets_obligation(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 1, false);
    feed_illness(f, "jackson", 5);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, true);
    size_t again = feed_illness(f, "jackson", 3);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_UNWARRANTED, again);
}

/* ================================================================== */
/* 3.3, 3.4: the check comes after the move and before any other roll */
/* ================================================================== */

/* 3.3 move: "L's illness check for this activation already made:
 * move-after-illness-check ...; the move still counts", and "the first
 * move that takes the total above the MPs available" is move-exceeds-mp. */
static void test_move_after_illness_check_is_flagged_and_counts_for_mp(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, 3);
    feed_move(f, "jackson", 2, false);
    feed_illness(f, "jackson", 2);
    size_t m = feed_move(f, "jackson", 2, false);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_MOVE_AFTER_ILLNESS_CHECK, m);
    assert_diag(f, 1, ADJ_D_MOVE_EXCEEDS_MP, m);
}

/* 3.4: a sustain while an ILLNESS-CHECK is pending is roll-out-of-order;
 * "that event is still applied and the obligation stays pending": the
 * SUSTAIN is met (no sustain-missing) and the later check is warranted. */
static void test_sustain_while_illness_check_pending_is_out_of_order(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    size_t s = feed_sustain(f, "jackson", 4);
    feed_illness(f, "jackson", 2);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, s);
    /* 4: "the message names that entry's line" (the raw 1 that is owed) */
    char want[32];
    snprintf(want, sizeof want, "line %zu", a);
    assert_message_has(f, 0, want);
}

/* 3.4: the obligation stays pending after the out-of-order roll, so with
 * no check at all it still expires as illness-check-missing. */
static void test_sustain_out_of_order_leaves_illness_check_pending(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    size_t s = feed_sustain(f, "jackson", 4);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
    assert_diag(f, 1, ADJ_D_ROLL_OUT_OF_ORDER, s);
}

/* 3.4 (ruling wound roll): a wound while a DURATION is pending is
 * roll-out-of-order, applied (wounded 2), and the duration is still owed;
 * 3.6 then adds: wounded 2 + duration 3 = wounded 5. */
static void test_wound_while_duration_pending_is_out_of_order_and_applied(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    size_t w = feed_wound(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 2, false);
    feed_duration(f, "jackson", 3);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, w);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 5, false);
}

/* 3.4: "While an ILLNESS-CHECK or a DURATION is pending (for any leader)". */
static void test_wound_of_other_leader_while_check_pending_is_out_of_order(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 1, false);
    size_t w = feed_wound(f, "mcclellan", 2);
    feed_illness(f, "jackson", 1);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, w);
    assert_state(f, "mcclellan", ADJ_ST_WOUNDED, 2, false);
}

/* 3.4: only "a sustain or wound event that is not ignored"; 3.7: a wound
 * on a leader not in play is leader-not-in-play and ignored. */
static void test_ignored_wound_while_check_pending_is_not_out_of_order(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t w = feed_wound(f, "ewell", 2);
    feed_illness(f, "jackson", 1);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, w);
    assert_state(f, "ewell", ADJ_ST_RESERVE, 0, false);
}

/* ================================================================== */
/* 3.5: the illness roll                                               */
/* ================================================================== */

/* 3.5: "1-4: no effect"; result `none` agrees. */
static void test_illness_rolls_one_to_four_have_no_effect(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    for (int r = 1; r <= 4; r++) {
        feed_activate(f, "jackson", 1, 0, NO_MP);
        feed_illness_r(f, "jackson", r, true, ADJ_RES_NONE);
        assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    }
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.5: "5: L flips to Inactive"; 3.2: at the next boundary every leader in
 * play flips to his Active side. */
static void test_illness_roll_five_flips_inactive(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness_r(f, "jackson", 5, true, ADJ_RES_INACTIVE);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, true);
    feed_turn(f, 2);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.5: "6: L is seriously ill: obligation DURATION(L)"; 3.4: it expires at
 * the next activate as duration-missing at the illness line. */
static void test_illness_roll_six_without_duration_is_duration_missing(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t i = feed_illness_r(f, "jackson", 6, true, ADJ_RES_ILL);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_DURATION_MISSING, i);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
}

/* ================================================================== */
/* 3.6: the duration roll, 3.2: recovery                               */
/* ================================================================== */

/* 3.6: "L fit: d = 1..5: L is ill for d turns." */
static void test_duration_one_to_five_makes_fit_leader_ill_that_many_turns(void **state)
{
    fx_t *f = *state;
    static const char *const who[5] = {"jackson", "hill", "longstreet", "mcclellan", "porter"};
    feed_turn(f, 1);
    for (int d = 1; d <= 5; d++) {
        feed_activate(f, who[d - 1], 1, 0, NO_MP);
        feed_illness(f, who[d - 1], 6);
        feed_duration_r(f, who[d - 1], d, true, ADJ_RES_ILL);
        assert_state(f, who[d - 1], ADJ_ST_ILL, d, false);
    }
    feed_end_null(f);
    assert_no_diags(f);
    assert_vp(f, 0, 0);
}

/* 3.2: once per boundary every ill leader's level decreases by 1;
 * reaching 0 makes him fit. */
static void test_ill_leader_mends_one_level_per_turn_boundary(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    feed_turn(f, 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 2, false);
    feed_turn(f, 3);
    assert_state(f, "jackson", ADJ_ST_ILL, 1, false);
    feed_turn(f, 4);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.2: wounded leaders mend the same way (a roster wound of 2). */
static void test_wounded_leader_mends_one_level_per_turn_boundary(void **state)
{
    fx_t *f = *state;
    f->defs[HILL].wound = 2;
    assert_state(f, "hill", ADJ_ST_WOUNDED, 2, false);
    feed_turn(f, 1);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 2, false);
    feed_turn(f, 2);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 1, false);
    feed_turn(f, 3);
    assert_state(f, "hill", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.6: "d = 6: L is incapacitated for the rest of the game, no VPs to
 * anyone, obligation REPLACE(L)"; 3.4: replacement-missing at the duration
 * line when the next activate comes first. */
static void test_duration_six_incapacitates_for_game_and_owes_replacement(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    size_t d = feed_duration_r(f, "jackson", 6, true, ADJ_RES_INCAPACITATED);
    assert_state(f, "jackson", ADJ_ST_INCAPACITATED, 0, false);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_turn(f, 2);
    feed_turn(f, 3);
    assert_state(f, "jackson", ADJ_ST_INCAPACITATED, 0, false);
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_MISSING, d);
    assert_vp(f, 0, 0);
}

/* 3.4/3.7: `replace: L` before the next activate meets REPLACE(L). */
static void test_duration_six_replaced_at_once_meets_replacement(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 6);
    feed_replace(f, "jackson", "ewell");
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end(f, 0, 0);
    assert_no_diags(f);
    assert_int_equal(fx_state(f, "jackson")->replaced_by, EWELL);
}

/* 3.6: "L wounded (level w) - 8.13b: revised level w + d", below 6 he stays
 * wounded; result `wounded` agrees. */
static void test_wounded_two_then_duration_three_is_wounded_five(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 2);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    feed_duration_r(f, "jackson", 3, true, ADJ_RES_WOUNDED);
    feed_end_null(f);
    assert_no_diags(f);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 5, false);
}

/* 3.6: "6 or more: L dies (VPs to the other side, 3.8)". */
static void test_wounded_leader_revised_level_six_dies_and_other_side_gains_vp(void **state)
{
    fx_t *f = *state;
    f->defs[JACKSON].wound = 3;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    feed_duration_r(f, "jackson", 3, true, ADJ_RES_DEAD);
    feed_end(f, 0, 2);
    assert_no_diags(f);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    assert_vp(f, 0, 2);
}

/* 3.6: a wounded leader's duration 6 is w + 6 >= 6: he dies, VPs awarded,
 * and no REPLACE is owed (that is only for incapacity). */
static void test_wounded_leader_rolling_duration_six_dies_with_vps(void **state)
{
    fx_t *f = *state;
    f->defs[MCCLELLAN].wound = 1;
    feed_turn(f, 1);
    feed_activate(f, "mcclellan", 1, 0, NO_MP);
    feed_illness(f, "mcclellan", 6);
    feed_duration_r(f, "mcclellan", 6, true, ADJ_RES_DEAD);
    feed_activate(f, "porter", 2, 0, NO_MP);
    feed_end(f, 3, 0);
    assert_no_diags(f);
    assert_state(f, "mcclellan", ADJ_ST_DEAD, 0, false);
    assert_vp(f, 3, 0);
}

/* 3.7: "L ill (t turns left) - 8.13b: revised level k + t"; Ruling
 * (illness left): t is the turns still to run. Ill 4 on turn 1, turn 2
 * leaves 3, wound 2 -> wounded 5. */
static void test_ill_four_one_turn_passes_wound_two_is_wounded_five(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 4);
    feed_turn(f, 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    feed_wound(f, "jackson", 2);
    feed_end_null(f);
    assert_no_diags(f);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 5, false);
}

/* 3.7: k + t of 6 or more: L dies (3.8: VPs to the other side). */
static void test_ill_leader_wound_reaching_six_dies_with_vps(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 4);
    feed_wound(f, "jackson", 2);
    feed_end(f, 0, 2);
    assert_no_diags(f);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    assert_vp(f, 0, 2);
}

/* 3.6 Ruling (repeat illness): ill t, duration d: t + d; 6 or more is
 * incapacitated as for a 6 (REPLACE owed, no VPs). */
static void test_ill_leader_duration_adds_and_six_incapacitates(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 2);
    fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 4, false);
    size_t d = fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_INCAPACITATED, 0, false);
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_MISSING, d);
    assert_vp(f, 0, 0);
}

/* ================================================================== */
/* 8.13: required rolls are still made for a leader just lost          */
/* ================================================================== */

/* 3.7: `sustain: L` "meets SUSTAIN(L) if pending - even when L was lost
 * during this activation". Jackson (wounded 3) dies of duration 4. */
static void test_sustain_still_required_after_duration_kills_leader(void **state)
{
    fx_t *f = *state;
    f->defs[JACKSON].wound = 3;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    feed_illness(f, "jackson", 6);
    feed_duration_r(f, "jackson", 4, true, ADJ_RES_DEAD);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    feed_sustain(f, "jackson", 2);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end(f, 0, 2);
    assert_no_diags(f);
    assert_vp(f, 0, 2);
}

/* 3.4: the lost leader's SUSTAIN still expires unmet. */
static void test_sustain_missing_for_leader_lost_to_illness(void **state)
{
    fx_t *f = *state;
    f->defs[JACKSON].wound = 3;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_illness(f, "jackson", 6);
    feed_duration(f, "jackson", 4);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_SUSTAIN_MISSING, m);
}

/* 3.7: the same for a leader incapacitated by illness: the SUSTAIN owed
 * for his ZOC move is still owed after the duration roll (and expires
 * unmet without it), and a Sustain roll then meets it. */
static void test_sustain_still_required_after_duration_incapacitates_leader(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_illness(f, "jackson", 6);
    feed_duration(f, "jackson", 6);
    assert_state(f, "jackson", ADJ_ST_INCAPACITATED, 0, false);
    feed_replace(f, "jackson", "ewell");
    feed_turn(f, 2);
    feed_activate(f, "hill", 1, 0, NO_MP);
    feed_move(f, "hill", 1, true);
    feed_illness(f, "hill", 6);
    feed_duration(f, "hill", 6);
    feed_sustain(f, "hill", 5);
    feed_replace(f, "hill", "early");
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_SUSTAIN_MISSING, m);
}

/* 3.7: no SUSTAIN pending and L not in play: leader-not-in-play, ignored
 * (no roll-out-of-range for its roll). */
static void test_sustain_of_dead_leader_without_obligation_is_not_in_play(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    size_t s = feed_sustain(f, "jackson", 9);
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, s);
}

/* 3.5: a check for a leader lost since his activation: met, no effect, no
 * DURATION, result not compared. */
static void test_illness_check_for_leader_lost_since_activation_has_no_effect(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t w = feed_wound(f, "jackson", 6);
    feed_illness_r(f, "jackson", 6, true, ADJ_RES_NONE);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, w);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
}

/* 3.6: a duration for a leader lost since the illness 6: met, no effect
 * (no incapacity, no REPLACE), result not compared. */
static void test_duration_for_leader_lost_since_illness_has_no_effect(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    size_t w = feed_wound(f, "jackson", 6);
    feed_duration_r(f, "jackson", 6, true, ADJ_RES_ILL);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, w);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    assert_vp(f, 0, 2);
}

/* ================================================================== */
/* 3.5, 3.6: unwarranted rolls, rule off, result claims, ranges        */
/* ================================================================== */

/* 3.5: "No ILLNESS-CHECK(L) pending: illness-check-unwarranted ...,
 * ignored": the 5 flips no one. */
static void test_illness_check_without_raw_one_is_unwarranted(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 2, 0, NO_MP);
    size_t i = feed_illness(f, "jackson", 5);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_UNWARRANTED, i);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
}

/* 3.5: the check owed is jackson's; hill's is unwarranted and jackson's
 * stays owed. */
static void test_illness_check_for_other_leader_is_unwarranted(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t i = feed_illness(f, "hill", 5);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
    assert_diag(f, 1, ADJ_D_ILLNESS_CHECK_UNWARRANTED, i);
    assert_state(f, "hill", ADJ_ST_FIT, 0, false);
}

/* 3.5: "(whatever L's state)": a dead leader's check with none owed is
 * unwarranted, not leader-not-in-play. */
static void test_illness_check_for_dead_leader_is_unwarranted(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    size_t i = feed_illness(f, "jackson", 3);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_UNWARRANTED, i);
}

/* 3.6: "No DURATION(L) pending: duration-unwarranted, ignored". */
static void test_duration_without_illness_six_is_unwarranted(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 4);
    size_t d = feed_duration(f, "jackson", 3);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_DURATION_UNWARRANTED, d);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
}

/* 3.5, 3.6: "8.13 not in force: illness-rule-off, ignored" - for both. */
static void test_illness_and_duration_with_rule_off_are_illness_rule_off(void **state)
{
    fx_t *f = *state;
    f->h.illness = false;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t i = feed_illness(f, "jackson", 6);
    size_t d = feed_duration(f, "jackson", 3);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ILLNESS_RULE_OFF, i);
    assert_diag(f, 1, ADJ_D_ILLNESS_RULE_OFF, d);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
}

/* 3.5: a result that differs from the outcome is result-mismatch; the
 * outcome is the roll's, not the claim's. */
static void test_illness_result_mismatch_keeps_roll_outcome(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t i1 = feed_illness_r(f, "jackson", 5, true, ADJ_RES_NONE);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, true);
    feed_activate(f, "hill", 1, 0, NO_MP);
    size_t i2 = feed_illness_r(f, "hill", 6, true, ADJ_RES_INACTIVE);
    feed_duration(f, "hill", 2);
    feed_activate(f, "longstreet", 1, 0, NO_MP);
    size_t i3 = feed_illness_r(f, "longstreet", 2, true, ADJ_RES_ILL);
    feed_end_null(f);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_RESULT_MISMATCH, i1);
    assert_diag(f, 1, ADJ_D_RESULT_MISMATCH, i2);
    assert_diag(f, 2, ADJ_D_RESULT_MISMATCH, i3);
    assert_state(f, "hill", ADJ_ST_ILL, 2, false);
    assert_state(f, "longstreet", ADJ_ST_FIT, 0, false);
}

/* 3.6: the same for the duration roll's claim. */
static void test_duration_result_mismatch_keeps_roll_outcome(void **state)
{
    fx_t *f = *state;
    f->defs[HILL].wound = 1;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    size_t d1 = feed_duration_r(f, "jackson", 3, true, ADJ_RES_WOUNDED);
    feed_activate(f, "hill", 1, 0, NO_MP);
    feed_illness(f, "hill", 6);
    size_t d2 = feed_duration_r(f, "hill", 2, true, ADJ_RES_DEAD);
    feed_activate(f, "longstreet", 1, 0, NO_MP);
    feed_illness(f, "longstreet", 6);
    size_t d3 = feed_duration_r(f, "longstreet", 6, true, ADJ_RES_DEAD);
    feed_replace(f, "longstreet", "ewell");
    feed_end_null(f);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_RESULT_MISMATCH, d1);
    assert_diag(f, 1, ADJ_D_RESULT_MISMATCH, d2);
    assert_diag(f, 2, ADJ_D_RESULT_MISMATCH, d3);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 3, false);
    assert_state(f, "longstreet", ADJ_ST_INCAPACITATED, 0, false);
    assert_vp(f, 0, 0);
}

/* 3.3: IMC roll outside 1..6: roll-out-of-range; the activation opens
 * (moves count), no IMC check, MPs available = `mp`. */
static void test_imc_roll_out_of_range_opens_activation_with_given_mp(void **state)
{
    fx_t *f = *state;
    fx_use_imc(f);
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 7, 0, 2);
    feed_move(f, "jackson", 2, false);
    size_t m = feed_move(f, "jackson", 1, false);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_RANGE, a);
    assert_diag(f, 1, ADJ_D_MOVE_EXCEEDS_MP, m);
}

/* 3.3: without `mp`, an out-of-range roll leaves the MPs unknown: no move
 * can exceed them, and no illness check is owed (raw 0 with modifier +1). */
static void test_imc_roll_out_of_range_without_mp_leaves_mp_unknown(void **state)
{
    fx_t *f = *state;
    fx_use_imc(f);
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 0, 1, NO_MP);
    feed_move(f, "jackson", 1000, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_RANGE, a);
}

/* 3.5: "Roll outside 1..6: roll-out-of-range, no effect", the check counts
 * as made, `result` not compared. */
static void test_illness_roll_out_of_range_meets_check_with_no_effect(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t i = feed_illness_r(f, "jackson", 11, true, ADJ_RES_ILL);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_RANGE, i);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
}

/* 3.5: an out-of-range check still counts as made, so a move after it is
 * move-after-illness-check; and it owes no duration. */
static void test_illness_roll_out_of_range_counts_as_check_made(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t i = feed_illness(f, "jackson", 0);
    size_t m = feed_move(f, "jackson", 1, false);
    size_t d = feed_duration(f, "jackson", 3);
    feed_end_null(f);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_RANGE, i);
    assert_diag(f, 1, ADJ_D_MOVE_AFTER_ILLNESS_CHECK, m);
    assert_diag(f, 2, ADJ_D_DURATION_UNWARRANTED, d);
}

/* 3.6: "Roll outside 1..6: roll-out-of-range; the obligation is met, with
 * no effect", result not compared. */
static void test_duration_roll_out_of_range_meets_obligation_with_no_effect(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    size_t d = feed_duration_r(f, "jackson", INT64_MIN, true, ADJ_RES_INCAPACITATED);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_RANGE, d);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
}

/* 3.7: a sustain out of range still meets SUSTAIN ("whatever the roll") and
 * is roll-out-of-range. */
static void test_sustain_roll_out_of_range_still_meets_sustain(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    size_t s = feed_sustain(f, "jackson", INT64_MAX);
    feed_activate(f, "hill", 2, 0, NO_MP);
    size_t s2 = feed_sustain(f, "hill", -1);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_RANGE, s);
    assert_diag(f, 1, ADJ_D_ROLL_OUT_OF_RANGE, s2);
}

/* 3.7: "Then roll-out-of-order (3.4), and a roll outside 1..6 is
 * roll-out-of-range": both, in that order, on one sustain. */
static void test_sustain_out_of_order_and_out_of_range_draws_both(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    size_t s = feed_sustain(f, "jackson", 0);
    feed_illness(f, "jackson", 1);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, s);
    assert_diag(f, 1, ADJ_D_ROLL_OUT_OF_RANGE, s);
}

/* ================================================================== */
/* 3.2: turns                                                          */
/* ================================================================== */

/* 3.2: "The first turn event must be first_turn ... (turn-sequence; the
 * number given is accepted)". */
static void test_first_turn_other_than_first_turn_is_turn_sequence_and_accepted(void **state)
{
    fx_t *f = *state;
    f->defs[HILL].wound = 2;
    size_t t = feed_turn(f, 2);
    assert_int_equal(f->e->turn, 2);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 2, false); /* no boundary before the first */
    feed_turn(f, 3);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 1, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
}

/* 3.2: a skipped turn is turn-sequence, accepted, and mends once per
 * boundary crossed (1 -> 3: two). */
static void test_skipped_turn_is_turn_sequence_and_mends_each_boundary(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    size_t t = feed_turn(f, 3);
    assert_int_equal(f->e->turn, 3);
    assert_state(f, "jackson", ADJ_ST_ILL, 1, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
}

/* 3.2: a turn that does not advance is turn-sequence and mends nothing
 * ("none for a turn that does not advance"), but it still expires the
 * pending obligations ("At each turn event after the first"). */
static void test_repeated_or_earlier_turn_mends_nothing_but_expires(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_turn(f, 2);
    fx_fall_ill(f, "jackson", 3);
    size_t a = feed_activate(f, "hill", 1, 0, NO_MP);
    size_t t1 = feed_turn(f, 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    size_t t2 = feed_turn(f, 1);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    assert_int_equal(f->e->turn, 1);
    feed_end_null(f);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
    assert_diag(f, 1, ADJ_D_TURN_SEQUENCE, t1);
    assert_diag(f, 2, ADJ_D_TURN_SEQUENCE, t2);
}

/* 3.2: "A turn above last_turn is turn-out-of-range (accepted)". */
static void test_turn_above_last_turn_is_out_of_range_and_accepted(void **state)
{
    fx_t *f = *state;
    f->h.last_turn = 2;
    feed_turn(f, 1);
    feed_turn(f, 2);
    fx_fall_ill(f, "jackson", 2);
    size_t t = feed_turn(f, 3);
    assert_int_equal(f->e->turn, 3);
    assert_state(f, "jackson", ADJ_ST_ILL, 1, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_OUT_OF_RANGE, t);
}

/* 3.2: an event before the first turn is event-before-turn and ignored;
 * 3.1: it "opens no activation" (so the raw 1 owes nothing). */
static void test_event_before_first_turn_is_ignored(void **state)
{
    fx_t *f = *state;
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t w = feed_wound(f, "hill", 3);
    feed_turn(f, 1);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_end_null(f);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_EVENT_BEFORE_TURN, a);
    assert_diag(f, 1, ADJ_D_EVENT_BEFORE_TURN, w);
    assert_diag(f, 2, ADJ_D_MOVE_WITHOUT_ACTIVATION, m);
    assert_state(f, "hill", ADJ_ST_FIT, 0, false);
}

/* 3.2: "Any event after end ... is event-after-end and is ignored" - a turn
 * included; and the finish warns no missing-end. */
static void test_event_after_end_is_ignored(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_end_null(f);
    size_t w = feed_wound(f, "jackson", 3);
    size_t t = feed_turn(f, 2);
    size_t a = feed_activate(f, "hill", 1, 0, NO_MP);
    size_t e = feed_end_null(f);
    fx_finish(f);
    assert_diag_count(f, 4);
    assert_diag(f, 0, ADJ_D_EVENT_AFTER_END, w);
    assert_diag(f, 1, ADJ_D_EVENT_AFTER_END, t);
    assert_diag(f, 2, ADJ_D_EVENT_AFTER_END, a);
    assert_diag(f, 3, ADJ_D_EVENT_AFTER_END, e);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    assert_int_equal(f->e->turn, 1);
}

/* 3.2: a leap of a billion turns mends arithmetically: everyone is fit and
 * Active, at once (the engine's header promises O(afflicted) per turn). */
static void test_leap_of_a_billion_turns_mends_everyone_quickly(void **state)
{
    fx_t *f = *state;
    f->h.last_turn = 2000000000;
    f->defs[JACKSON].wound = 5;
    f->defs[MCCLELLAN].wound = 3;
    feed_turn(f, 1);
    fx_fall_ill(f, "hill", 5);
    feed_flip(f, "porter", true);
    clock_t start = clock();
    size_t t = feed_turn(f, 1000000000);
    double secs = (double)(clock() - start) / CLOCKS_PER_SEC;
    assert_true(secs < 0.5);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    assert_state(f, "hill", ADJ_ST_FIT, 0, false);
    assert_state(f, "mcclellan", ADJ_ST_FIT, 0, false);
    assert_state(f, "porter", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
}

/* 3.2 with INT64 extremes: no overflow (UBSan), and the arithmetic is right:
 * INT64_MIN -> INT64_MAX mends everything; INT64_MAX again is not INT64_MAX
 * + 1 (turn-sequence); the gap INT64_MAX -> INT64_MIN does not advance. */
static void test_turn_int64_extremes_do_not_overflow(void **state)
{
    fx_t *f = *state;
    f->h.first_turn = INT64_MIN;
    f->h.last_turn = INT64_MAX;
    f->defs[JACKSON].wound = 5;
    feed_turn(f, INT64_MIN);
    size_t t1 = feed_turn(f, INT64_MAX);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    fx_fall_ill(f, "hill", 4);
    size_t t2 = feed_turn(f, INT64_MAX);
    size_t t3 = feed_turn(f, INT64_MIN);
    assert_state(f, "hill", ADJ_ST_ILL, 4, false);
    size_t t4 = feed_turn(f, INT64_MIN + 2);
    assert_state(f, "hill", ADJ_ST_ILL, 2, false);
    feed_end_null(f);
    assert_diag_count(f, 4);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t1);
    assert_diag(f, 1, ADJ_D_TURN_SEQUENCE, t2);
    assert_diag(f, 2, ADJ_D_TURN_SEQUENCE, t3);
    assert_diag(f, 3, ADJ_D_TURN_SEQUENCE, t4);
}

/* 3.2: first_turn = last_turn = INT64_MAX: the first turn is in sequence
 * and in range; a repeat of it is turn-sequence only. */
static void test_turn_int64_max_as_first_and_last_turn(void **state)
{
    fx_t *f = *state;
    f->h.first_turn = INT64_MAX;
    f->h.last_turn = INT64_MAX;
    feed_turn(f, INT64_MAX);
    size_t t = feed_turn(f, INT64_MAX);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
}

/* 3.2: a leader flipped Inactive turns Active at the next boundary; one
 * who dies is Active ("always false out of play", 3.1). */
static void test_turn_boundary_flips_leaders_in_play_to_active(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_flip(f, "jackson", true);
    feed_flip(f, "hill", true);
    assert_state(f, "hill", ADJ_ST_FIT, 0, true);
    feed_wound(f, "hill", 7);
    assert_state(f, "hill", ADJ_ST_DEAD, 0, false);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, true);
    feed_turn(f, 2);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    feed_end(f, 0, 1);
    assert_no_diags(f);
}

/* ================================================================== */
/* 3.3: activations and moves                                          */
/* ================================================================== */

/* 3.3: activate closes the previous activation first, then a leader not in
 * play is leader-not-in-play and no activation opens (moves are refused,
 * the raw 1 owes nothing). */
static void test_activating_leader_not_in_play_is_ignored_but_closes_previous(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a1 = feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t a2 = feed_activate(f, "ewell", 1, 0, NO_MP);
    size_t i = feed_illness(f, "jackson", 3);
    size_t m1 = feed_move(f, "jackson", 1, false);
    size_t m2 = feed_move(f, "ewell", 1, false);
    feed_end_null(f);
    assert_diag_count(f, 5);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a1);
    assert_diag(f, 1, ADJ_D_LEADER_NOT_IN_PLAY, a2);
    assert_diag(f, 2, ADJ_D_ILLNESS_CHECK_UNWARRANTED, i);
    assert_diag(f, 3, ADJ_D_MOVE_WITHOUT_ACTIVATION, m1);
    assert_diag(f, 4, ADJ_D_LEADER_NOT_IN_PLAY, m2);
}

/* 3.3: a dead leader cannot be activated either. */
static void test_activating_dead_leader_is_leader_not_in_play(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "porter", 6);
    size_t a = feed_activate(f, "porter", 1, 0, NO_MP);
    feed_end(f, 1, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, a);
}

/* 3.1 Ruling (in play): wounded and ill leaders may be activated. */
static void test_wounded_and_ill_leaders_may_be_activated(void **state)
{
    fx_t *f = *state;
    f->defs[HILL].wound = 4;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 4, false);
    feed_activate_mp(f, "jackson", 3, 1);
    size_t mj = feed_move(f, "jackson", 2, false);
    feed_activate_mp(f, "hill", 3, 1);
    size_t mh = feed_move(f, "hill", 2, false);
    feed_end_null(f);
    /* each move is his activation's: beyond its MPs, not without one */
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_MOVE_EXCEEDS_MP, mj);
    assert_diag(f, 1, ADJ_D_MOVE_EXCEEDS_MP, mh);
}

/* 3.3: "L inactive: leader-inactive; the activation proceeds" (a raw 1
 * still owes the check, moves are his). */
static void test_activating_inactive_leader_is_flagged_and_proceeds(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_flip(f, "jackson", true);
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_move(f, "jackson", 2, false);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_LEADER_INACTIVE, a);
    assert_diag(f, 1, ADJ_D_ILLNESS_CHECK_MISSING, a);
}

/* 3.3: expected = row[clamp(roll + modifier, 1, 6) - 1]; jackson's row is
 * 1..6 MP, so the expected MP is the clamped modified roll. */
static void test_imc_check_uses_clamped_modified_roll(void **state)
{
    fx_t *f = *state;
    fx_use_imc(f);
    feed_turn(f, 1);
    feed_activate(f, "jackson", 4, 0, 4);
    feed_activate(f, "jackson", 5, 3, 6);
    feed_activate(f, "jackson", 2, -4, 1);
    feed_activate(f, "jackson", 3, INT64_MAX, 6);
    feed_activate(f, "jackson", 3, INT64_MIN, 1);
    feed_activate(f, "jackson", 6, INT64_MAX, 6);
    feed_activate(f, "jackson", 2, INT64_MIN, 1);
    feed_activate(f, "mcclellan", 6, 0, 3);
    feed_activate(f, "mcclellan", 4, -1, 1);
    size_t wrong = feed_activate(f, "jackson", 2, -5, 2);  /* clamped to 1: 1 MP */
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_IMC_MISMATCH, wrong);
}

static void test_imc_mismatch_when_mp_differs_from_chart(void **state)
{
    fx_t *f = *state;
    fx_use_imc(f);
    feed_turn(f, 1);
    size_t a1 = feed_activate(f, "jackson", 4, 1, 4);         /* 5 */
    size_t a2 = feed_activate(f, "jackson", 3, INT64_MAX, 5); /* 6 */
    size_t a3 = feed_activate(f, "jackson", 3, INT64_MIN, 0); /* 1 */
    size_t a4 = feed_activate(f, "mcclellan", 2, 0, 2);       /* 1 */
    feed_end_null(f);
    assert_diag_count(f, 4);
    assert_diag(f, 0, ADJ_D_IMC_MISMATCH, a1);
    assert_diag(f, 1, ADJ_D_IMC_MISMATCH, a2);
    assert_diag(f, 2, ADJ_D_IMC_MISMATCH, a3);
    assert_diag(f, 3, ADJ_D_IMC_MISMATCH, a4);
}

/* 3.3: no IMC check without a table, without an initiative row, or without
 * `mp`. */
static void test_imc_not_checked_without_table(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 4, 0, 99); /* no imc table */
    feed_end_null(f);
    assert_no_diags(f);
}

static void test_imc_not_checked_for_leader_without_row(void **state)
{
    fx_t *f = *state;
    fx_use_imc(f);
    feed_turn(f, 1);
    feed_activate(f, "hill", 4, 0, 99);
    feed_move(f, "hill", 99, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.3: "MPs available: mp if given, else the IMC value if computable":
 * jackson, roll 3: 3 MP; a 4th is move-exceeds-mp. */
static void test_mp_available_from_imc_when_mp_absent(void **state)
{
    fx_t *f = *state;
    fx_use_imc(f);
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    feed_move(f, "jackson", 3, false);
    size_t m = feed_move(f, "jackson", 1, false);
    feed_activate(f, "hill", 3, 0, NO_MP); /* no row: unknown */
    feed_move(f, "hill", 1000, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_MOVE_EXCEEDS_MP, m);
}

/* 3.3: a move by a leader who is not the one activated (or with none open)
 * is move-without-activation and ignored: its enemy ZOC owes no Sustain. */
static void test_move_without_activation_is_ignored(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t m1 = feed_move(f, "jackson", 1, true);
    feed_activate(f, "hill", 3, 0, NO_MP);
    size_t m2 = feed_move(f, "jackson", 1, true);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_MOVE_WITHOUT_ACTIVATION, m1);
    assert_diag(f, 1, ADJ_D_MOVE_WITHOUT_ACTIVATION, m2);
}

/* 3.3: a turn closes the activation: a move after it is without one. */
static void test_move_after_turn_boundary_is_without_activation(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    feed_turn(f, 2);
    size_t m = feed_move(f, "jackson", 1, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_MOVE_WITHOUT_ACTIVATION, m);
}

/* 3.3: "the first move that takes the total above the MPs available" -
 * once per activation. */
static void test_move_exceeds_mp_only_on_first_move_over(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, 3);
    feed_move(f, "jackson", 2, false);
    size_t m = feed_move(f, "jackson", 2, false);
    feed_move(f, "jackson", 1, false);
    feed_activate(f, "jackson", 3, 0, 1);
    size_t m2 = feed_move(f, "jackson", 2, false);
    feed_move(f, "jackson", 2, false);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_MOVE_EXCEEDS_MP, m);
    assert_diag(f, 1, ADJ_D_MOVE_EXCEEDS_MP, m2);
}

/* 3.3: "MPs spent add up": INT64_MAX + 1 is above INT64_MAX available. */
static void test_move_mp_total_beyond_int64_still_exceeds(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate_mp(f, "jackson", 3, INT64_MAX);
    feed_move(f, "jackson", INT64_MAX, false);
    size_t m = feed_move(f, "jackson", 1, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_MOVE_EXCEEDS_MP, m);
}

/* 3.3: "enemy_zoc: true: obligation SUSTAIN(L), unless one is already
 * pending": two ZOC moves owe one Sustain, reported at the first. */
static void test_two_zoc_moves_create_one_sustain(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    size_t m1 = feed_move(f, "jackson", 1, true);
    feed_move(f, "jackson", 1, true);
    feed_activate(f, "hill", 3, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_SUSTAIN_MISSING, m1);
}

static void test_one_sustain_meets_two_zoc_moves(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    feed_move(f, "jackson", 1, true);
    feed_sustain(f, "jackson", 3);
    feed_activate(f, "hill", 3, 0, NO_MP);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.3: once met, a new ZOC move owes a new Sustain. */
static void test_zoc_move_after_sustain_owes_another(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    feed_move(f, "jackson", 1, true);
    feed_sustain(f, "jackson", 3);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_SUSTAIN_MISSING, m);
}

/* 3.7: a Sustain no move made necessary is allowed. */
static void test_sustain_without_zoc_move_is_allowed(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_sustain(f, "porter", 4);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 3.7: flip of a leader not in play is leader-not-in-play. */
static void test_flip_of_leader_not_in_play_is_refused(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t l = feed_flip(f, "sumner", true);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, l);
    assert_state(f, "sumner", ADJ_ST_RESERVE, 0, false);
}

/* 3.7: a state record that differs is one state-mismatch; the replay is
 * kept. */
static void test_state_record_differing_is_one_state_mismatch(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    feed_state(f, "jackson", ADJ_ST_ILL, true, 3, true, false);
    size_t s = feed_state(f, "jackson", ADJ_ST_WOUNDED, true, 2, true, true);
    feed_state(f, "jackson", ADJ_ST_ILL, false, 0, false, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_STATE_MISMATCH, s);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
}

/* ================================================================== */
/* 3.7: replacement                                                    */
/* ================================================================== */

/* 3.7: "L not dead nor incapacitated, or already replaced:
 * replace-not-gone, ignored". */
static void test_replacing_leader_not_gone_is_refused(void **state)
{
    fx_t *f = *state;
    f->defs[HILL].wound = 2;
    feed_turn(f, 1);
    size_t r1 = feed_replace(f, "jackson", "ewell");
    size_t r2 = feed_replace(f, "hill", "ewell");
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_REPLACE_NOT_GONE, r1);
    assert_diag(f, 1, ADJ_D_REPLACE_NOT_GONE, r2);
    assert_state(f, "ewell", ADJ_ST_RESERVE, 0, false);
    assert_int_equal(fx_state(f, "jackson")->replaced_by, -1);
}

static void test_replacing_leader_already_replaced_is_refused(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    feed_replace(f, "jackson", "ewell");
    size_t r = feed_replace(f, "jackson", "early");
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACE_NOT_GONE, r);
    assert_int_equal(fx_state(f, "jackson")->replaced_by, EWELL);
    assert_state(f, "early", ADJ_ST_RESERVE, 0, false);
}

/* 3.7: "R is L, on the other side, dead, incapacitated, or already
 * replacing someone: replacement-unavailable, ignored". */
static void test_replacement_unavailable_self_other_side_dead_or_replacing(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);  /* USA +2 */
    feed_wound(f, "hill", 6);     /* USA +1 */
    feed_replace(f, "hill", "ewell");
    size_t r1 = feed_replace(f, "jackson", "jackson");
    size_t r2 = feed_replace(f, "jackson", "sumner");
    size_t r3 = feed_replace(f, "jackson", "hill");
    size_t r4 = feed_replace(f, "jackson", "ewell");
    assert_int_equal(fx_state(f, "jackson")->replaced_by, -1);
    assert_state(f, "sumner", ADJ_ST_RESERVE, 0, false);
    feed_replace(f, "jackson", "longstreet");
    feed_end(f, 0, 3);
    assert_diag_count(f, 4);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_UNAVAILABLE, r1);
    assert_diag(f, 1, ADJ_D_REPLACEMENT_UNAVAILABLE, r2);
    assert_diag(f, 2, ADJ_D_REPLACEMENT_UNAVAILABLE, r3);
    assert_diag(f, 3, ADJ_D_REPLACEMENT_UNAVAILABLE, r4);
    assert_int_equal(fx_state(f, "jackson")->replaced_by, LONGSTREET);
}

static void test_replacement_unavailable_when_incapacitated(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "hill", 6);
    feed_replace(f, "hill", "ewell");
    feed_wound(f, "jackson", 6);
    size_t r = feed_replace(f, "jackson", "hill");
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_UNAVAILABLE, r);
}

/* 3.7: "R enters play if in reserve (fit, Active)"; he can then be
 * activated, which a reserve leader cannot. */
static void test_reserve_replacement_enters_play_fit_and_active(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "ewell", 3, 0, NO_MP);
    fx_fall_ill(f, "jackson", 6);
    feed_replace(f, "jackson", "ewell");
    assert_state(f, "ewell", ADJ_ST_FIT, 0, false);
    feed_activate(f, "ewell", 3, 0, NO_MP);
    feed_move(f, "ewell", 1, false);
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, a);
}

/* ================================================================== */
/* 3.8: victory points                                                 */
/* ================================================================== */

/* 3.8: claim for a leader incapacitated by illness: vp-for-illness; never
 * added. */
static void test_vp_claim_for_incapacitated_leader_is_vp_for_illness(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 6);
    feed_replace(f, "jackson", "ewell");
    size_t v = feed_vp(f, "USA", 2, "jackson");
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_FOR_ILLNESS, v);
    assert_vp(f, 0, 0);
}

/* 3.8: "L not dead: vp-leader-alive" (fit, wounded or in reserve). */
static void test_vp_claim_for_living_leader_is_vp_leader_alive(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "hill", 2);
    size_t v1 = feed_vp(f, "USA", 2, "jackson");
    size_t v2 = feed_vp(f, "USA", 1, "hill");
    size_t v3 = feed_vp(f, "CSA", 1, "sumner");
    feed_end(f, 0, 0);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_VP_LEADER_ALIVE, v1);
    assert_diag(f, 1, ADJ_D_VP_LEADER_ALIVE, v2);
    assert_diag(f, 2, ADJ_D_VP_LEADER_ALIVE, v3);
    assert_vp(f, 0, 0);
}

/* 3.8: a claim for the right side and points agrees; own side or wrong
 * points is vp-mismatch; a second claim after his death is vp-mismatch. */
static void test_vp_claim_to_own_side_is_vp_mismatch(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    size_t v = feed_vp(f, "CSA", 2, "jackson");
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_MISMATCH, v);
    assert_vp(f, 0, 2);
}

static void test_vp_claim_with_wrong_points_is_vp_mismatch(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    size_t v = feed_vp(f, "USA", 3, "jackson");
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_MISMATCH, v);
    assert_vp(f, 0, 2);
}

static void test_second_vp_claim_after_death_is_vp_mismatch(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    feed_vp(f, "USA", 2, "jackson");
    size_t v = feed_vp(f, "USA", 2, "jackson");
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_MISMATCH, v);
    assert_vp(f, 0, 2);
}

/* 3.8: "an earlier claim for L was made after his death (whatever its own
 * verdict)": a refused first claim still makes a correct second one a
 * mismatch; a claim made while he lived does not. */
static void test_earlier_refused_claim_after_death_makes_next_vp_mismatch(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t v0 = feed_vp(f, "CSA", 3, "mcclellan");
    feed_wound(f, "mcclellan", 6);
    feed_vp(f, "CSA", 3, "mcclellan");
    feed_wound(f, "jackson", 6);
    size_t v1 = feed_vp(f, "USA", 5, "jackson");
    size_t v2 = feed_vp(f, "USA", 2, "jackson");
    feed_end(f, 3, 2);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_VP_LEADER_ALIVE, v0);
    assert_diag(f, 1, ADJ_D_VP_MISMATCH, v1);
    assert_diag(f, 2, ADJ_D_VP_MISMATCH, v2);
    assert_vp(f, 3, 2);
}

/* 3.8: vp-for-illness comes first of the claim checks, even for his own
 * side with wrong points. */
static void test_vp_claim_checks_report_only_the_first_that_applies(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 6);
    feed_replace(f, "jackson", "ewell");
    size_t v = feed_vp(f, "CSA", 9, "jackson");
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_FOR_ILLNESS, v);
}

/* 3.8: "vp: S without leader: S gains points". */
static void test_vp_award_without_leader_is_added(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_vp(f, "CSA", 3, NULL);
    feed_vp(f, "USA", 1, NULL);
    feed_vp(f, "CSA", 2, NULL);
    feed_end(f, 5, 1);
    assert_no_diags(f);
    assert_vp(f, 5, 1);
}

/* 3.8: a differing claim is one vp-tally-mismatch at `end`, and the message
 * lists what the tally is made of, each with its line. */
static void test_end_claim_differing_is_vp_tally_mismatch_listing_parts(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t w = feed_wound(f, "jackson", 6);
    size_t v = feed_vp(f, "USA", 2, NULL);
    size_t e = feed_end(f, 0, 2);
    assert_vp(f, 0, 4);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_TALLY_MISMATCH, e);
    char want[32];
    snprintf(want, sizeof want, "line %zu", w);
    assert_message_has(f, 0, want);
    snprintf(want, sizeof want, "line %zu", v);
    assert_message_has(f, 0, want);
    assert_message_has(f, 0, "jackson");
}

/* 3.8: a claim that agrees draws nothing; `end: ~` claims nothing. */
static void test_end_claim_that_agrees_draws_nothing(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "mcclellan", 7);
    feed_vp(f, "USA", 1, NULL);
    feed_end(f, 3, 1);
    assert_no_diags(f);
    assert_true(f->e->ended);
}

static void test_end_null_claims_nothing(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_vp(f, "USA", 1, NULL);
    feed_end_null(f);
    assert_no_diags(f);
    assert_false(f->e->has_claim);
}

/* 3.8: a side missing from the claim is a vp-tally-mismatch. */
static void test_end_claim_missing_a_side_is_vp_tally_mismatch(void **state)
{
    fx_t *f = *state;
    const char *keys[1] = {"CSA"};
    int64_t values[1] = {0};
    feed_turn(f, 1);
    size_t e = feed_end_items(f, 1, keys, values, NULL);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_VP_TALLY_MISMATCH, e);
}

/* 3.8: a key not a side or a value not an integer is bad-field for that
 * entry (at key / value), which is dropped (so counts as missing); the
 * game still ends. */
static void test_end_claim_bad_entries_are_bad_field_and_dropped(void **state)
{
    fx_t *f = *state;
    const char *keys[3] = {"CSA", NULL, "USA"};
    int64_t values[3] = {0, 0, 0};
    bool ok[3] = {false, true, true};
    feed_turn(f, 1);
    size_t e = feed_end_items(f, 3, keys, values, ok);
    assert_true(f->e->ended);
    assert_false(f->e->claim_present[0]);
    assert_diag_count(f, 3);
    assert_diag(f, 0, ADJ_D_VP_TALLY_MISMATCH, e);
    assert_diag(f, 1, ADJ_D_BAD_FIELD, e + 1);
    assert_int_equal(fx_diag(f, 1)->mark.column, 18);
    assert_diag(f, 2, ADJ_D_BAD_FIELD, e + 2);
    assert_int_equal(fx_diag(f, 2)->mark.column, 5);
}

/* 3.8: "An events sequence that ends without an end is warned missing-end"
 * at the end of the sequence (4); a warning, not an error. */
static void test_missing_end_warned_at_finish(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t end = fx_finish(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_MISSING_END, end);
    assert_int_equal(f->diags.warnings, 1);
    assert_int_equal(f->diags.errors, 0);
}

/* 3.2: the end of the events expires obligations, at their lines. */
static void test_finish_expires_pending_obligations(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t end = fx_finish(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
    assert_diag(f, 1, ADJ_D_MISSING_END, end);
}

/* SPEC 8: the replay snapshot carries what is owed (in the order created)
 * and the open activation, until the next turn closes both. */
static void test_result_shows_pending_and_open_activation(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "jackson", 1, 0, 2);
    size_t m = feed_move(f, "jackson", 1, true);
    adj_replay_t r = adj_engine_result(f->e);
    assert_int_equal(r.pending_count, 2);
    assert_int_equal(r.pending[0].kind, ADJ_OB_ILLNESS_CHECK);
    assert_int_equal(r.pending[0].leader, JACKSON);
    assert_int_equal(r.pending[0].mark.line, a);
    assert_int_equal(r.pending[1].kind, ADJ_OB_SUSTAIN);
    assert_int_equal(r.pending[1].mark.line, m);
    assert_int_equal(r.activation.leader, JACKSON);
    assert_int_equal(r.activation.mark.line, a);
    assert_true(r.activation.mp_known);
    assert_int_equal(r.activation.mp, 2);
    assert_int_equal(r.activation.spent, 1);
    feed_turn(f, 2);
    r = adj_engine_result(f->e);
    assert_int_equal(r.pending_count, 0);
    assert_int_equal(r.activation.leader, -1);
}

/* ================================================================== */
/* 3.4: expiry                                                         */
/* ================================================================== */

/* 3.4: "Several obligations expiring at once are reported in the order of
 * their lines", each at the creating line; checked in the order found,
 * before any sorting. */
static void test_obligations_expiring_together_are_reported_in_line_order(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_illness(f, "jackson", 6);
    size_t d = feed_duration(f, "jackson", 6);
    feed_activate(f, "longstreet", 1, 0, NO_MP);
    feed_illness(f, "longstreet", 6);
    size_t m2 = feed_move(f, "longstreet", 1, true); /* after the check */
    size_t i2 = f->line - 1;
    size_t t = feed_turn(f, 2);
    /* raw order: first expiry (at longstreet's activate) then the turn's */
    assert_int_equal(f->diags.count, 5);
    const adj_diag_t *g = f->diags.items;
    assert_int_equal(g[0].code, ADJ_D_SUSTAIN_MISSING);
    assert_int_equal(g[0].mark.line, m);
    assert_int_equal(g[1].code, ADJ_D_REPLACEMENT_MISSING);
    assert_int_equal(g[1].mark.line, d);
    assert_int_equal(g[2].code, ADJ_D_MOVE_AFTER_ILLNESS_CHECK);
    assert_int_equal(g[3].code, ADJ_D_DURATION_MISSING);
    assert_int_equal(g[3].mark.line, i2);
    assert_int_equal(g[4].code, ADJ_D_SUSTAIN_MISSING);
    assert_int_equal(g[4].mark.line, m2);
    assert_string_equal(g[3].leader, "longstreet");
    (void)t;
}

/* 3.4 / 4: an expired obligation points at the creating event, whatever
 * closed it; the leader is the obligation's. */
static void test_expired_obligation_points_at_creating_line(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t a = feed_activate(f, "mcclellan", 1, 0, NO_MP);
    feed_move(f, "mcclellan", 1, false);
    feed_sustain(f, "porter", 3); /* out of order */
    size_t t = feed_turn(f, 2);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
    assert_string_equal(fx_diag(f, 0)->leader, "mcclellan");
    assert_diag(f, 1, ADJ_D_ROLL_OUT_OF_ORDER, a + 2);
    (void)t;
}

/* 3.3: the move after the check "still counts": into an enemy ZOC it owes
 * a Sustain like any other. */
static void test_zoc_move_after_illness_check_still_owes_sustain(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 4);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_activate(f, "hill", 3, 0, NO_MP);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_MOVE_AFTER_ILLNESS_CHECK, m);
    assert_diag(f, 1, ADJ_D_SUSTAIN_MISSING, m);
}

/* 3.3: inactive is checked before the roll's range; both are reported and
 * the activation still opens. */
static void test_inactive_leader_with_out_of_range_roll_draws_both(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_flip(f, "jackson", true);
    size_t a = feed_activate(f, "jackson", 8, 0, 2);
    feed_move(f, "jackson", 2, false);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_LEADER_INACTIVE, a);
    assert_diag(f, 1, ADJ_D_ROLL_OUT_OF_RANGE, a);
}

/* 3.4: a sustain ignored as leader-not-in-play is not roll-out-of-order
 * ("a sustain or wound event that is not ignored"). */
static void test_ignored_sustain_while_check_pending_is_not_out_of_order(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t s = feed_sustain(f, "ewell", 9);
    feed_illness(f, "jackson", 2);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, s);
}

/* 3.7: a replacement made late (after replacement-missing) is still made:
 * only "not dead nor incapacitated, or already replaced" refuses it. */
static void test_late_replacement_of_incapacitated_leader_is_accepted(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    size_t d = fx_fall_ill(f, "jackson", 6);
    feed_turn(f, 2);
    feed_replace(f, "jackson", "ewell");
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_MISSING, d);
    assert_state(f, "ewell", ADJ_ST_FIT, 0, false);
    assert_int_equal(fx_state(f, "jackson")->replaced_by, EWELL);
}

/* 3.2: an `end` before the first turn is event-before-turn and ignored, so
 * the game has not ended: missing-end at the finish. */
static void test_end_before_first_turn_is_ignored_and_game_not_ended(void **state)
{
    fx_t *f = *state;
    size_t e = feed_end(f, 5, 5);
    size_t fin = fx_finish(f);
    assert_false(f->e->ended);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_EVENT_BEFORE_TURN, e);
    assert_diag(f, 1, ADJ_D_MISSING_END, fin);
}

/* 3.8: "an ignored end checks none" of its claim entries. */
static void test_end_after_end_checks_no_claim_entries(void **state)
{
    fx_t *f = *state;
    const char *keys[2] = {NULL, "USA"};
    int64_t values[2] = {1, 99};
    feed_turn(f, 1);
    feed_end(f, 0, 0);
    size_t e = feed_end_items(f, 2, keys, values, NULL);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_EVENT_AFTER_END, e);
    assert_int_equal(f->e->claim[1], 0);
}

/* 3.6, 3.7 with INT64 extremes: levels k + t and w + k beyond 64 bits are
 * "6 or more" - he dies - with no overflow (UBSan). */
static void test_huge_wound_levels_kill_without_overflow(void **state)
{
    fx_t *f = *state;
    f->defs[PORTER].wound = 5;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    feed_wound(f, "jackson", INT64_MAX);
    feed_wound(f, "porter", INT64_MAX);
    feed_wound(f, "hill", INT64_MAX);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    assert_state(f, "porter", ADJ_ST_DEAD, 0, false);
    assert_state(f, "hill", ADJ_ST_DEAD, 0, false);
    feed_end(f, 1, 3);
    assert_no_diags(f);
    assert_vp(f, 1, 3);
}

/* 3.1: "reserve if reserve: true; else wounded ... if wound > 0": a reserve
 * leader's roster wound does not apply; 3.7: he enters play fit. */
static void test_reserve_leader_with_roster_wound_enters_play_fit(void **state)
{
    fx_t *f = *state;
    f->defs[EWELL].wound = 3;
    assert_state(f, "ewell", ADJ_ST_RESERVE, 0, false);
    feed_turn(f, 1);
    feed_wound(f, "jackson", 6);
    feed_replace(f, "jackson", "ewell");
    assert_state(f, "ewell", ADJ_ST_FIT, 0, false);
    feed_turn(f, 2);
    assert_state(f, "ewell", ADJ_ST_FIT, 0, false);
    feed_end(f, 0, 2);
    assert_no_diags(f);
}

/* 3.2: a first turn that is not first_turn and is above last_turn draws
 * both, in the order the SPEC lists them. */
static void test_first_turn_beyond_last_turn_draws_sequence_and_out_of_range(void **state)
{
    fx_t *f = *state;
    f->h.last_turn = 2;
    size_t t = feed_turn(f, 5);
    feed_end_null(f);
    assert_diag_count(f, 2);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
    assert_diag(f, 1, ADJ_D_TURN_OUT_OF_RANGE, t);
}

/* 3.3 move: "L not in play: leader-not-in-play, ignored" comes first, even
 * for the leader of the open activation (lost during it). */
static void test_move_of_activated_leader_lost_meanwhile_is_not_in_play(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_activate(f, "jackson", 3, 0, NO_MP);
    feed_wound(f, "jackson", 6);
    size_t m = feed_move(f, "jackson", 1, true);
    feed_activate(f, "hill", 3, 0, NO_MP);
    feed_end(f, 0, 2);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_LEADER_NOT_IN_PLAY, m);
}

/* The rolls whose drop for a mistyped id the reader keeps are those an
 * obligation waits for (ADJ_OBLIGATION_LIST's events with a die): the
 * illness check, the duration and the Sustain roll; not the IMC roll (no
 * obligation waits for one) nor replace (no die). */
static void test_awaited_rolls_are_the_obligations_rolls(void **state)
{
    (void)state;
    assert_int_equal(adj_engine_awaited_rolls(),
                     1u << ADJ_EV_ILLNESS | 1u << ADJ_EV_DURATION | 1u << ADJ_EV_SUSTAIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        FX_TEST(test_raw_one_requires_illness_check),
        FX_TEST(test_modified_one_from_raw_two_requires_no_check),
        FX_TEST(test_raw_one_with_plus_two_modifier_still_requires_check),
        FX_TEST(test_raw_one_without_illness_rule_requires_no_check),
        FX_TEST(test_illness_check_after_raw_one_meets_obligation),
        FX_TEST(test_move_after_illness_check_is_flagged_and_counts_for_mp),
        FX_TEST(test_sustain_while_illness_check_pending_is_out_of_order),
        FX_TEST(test_sustain_out_of_order_leaves_illness_check_pending),
        FX_TEST(test_wound_while_duration_pending_is_out_of_order_and_applied),
        FX_TEST(test_wound_of_other_leader_while_check_pending_is_out_of_order),
        FX_TEST(test_ignored_wound_while_check_pending_is_not_out_of_order),
        FX_TEST(test_illness_rolls_one_to_four_have_no_effect),
        FX_TEST(test_illness_roll_five_flips_inactive),
        FX_TEST(test_illness_roll_six_without_duration_is_duration_missing),
        FX_TEST(test_duration_one_to_five_makes_fit_leader_ill_that_many_turns),
        FX_TEST(test_ill_leader_mends_one_level_per_turn_boundary),
        FX_TEST(test_wounded_leader_mends_one_level_per_turn_boundary),
        FX_TEST(test_duration_six_incapacitates_for_game_and_owes_replacement),
        FX_TEST(test_duration_six_replaced_at_once_meets_replacement),
        FX_TEST(test_wounded_two_then_duration_three_is_wounded_five),
        FX_TEST(test_wounded_leader_revised_level_six_dies_and_other_side_gains_vp),
        FX_TEST(test_wounded_leader_rolling_duration_six_dies_with_vps),
        FX_TEST(test_ill_four_one_turn_passes_wound_two_is_wounded_five),
        FX_TEST(test_ill_leader_wound_reaching_six_dies_with_vps),
        FX_TEST(test_ill_leader_duration_adds_and_six_incapacitates),
        FX_TEST(test_sustain_still_required_after_duration_kills_leader),
        FX_TEST(test_sustain_missing_for_leader_lost_to_illness),
        FX_TEST(test_sustain_still_required_after_duration_incapacitates_leader),
        FX_TEST(test_sustain_of_dead_leader_without_obligation_is_not_in_play),
        FX_TEST(test_illness_check_for_leader_lost_since_activation_has_no_effect),
        FX_TEST(test_duration_for_leader_lost_since_illness_has_no_effect),
        FX_TEST(test_illness_check_without_raw_one_is_unwarranted),
        FX_TEST(test_illness_check_for_other_leader_is_unwarranted),
        FX_TEST(test_illness_check_for_dead_leader_is_unwarranted),
        FX_TEST(test_duration_without_illness_six_is_unwarranted),
        FX_TEST(test_illness_and_duration_with_rule_off_are_illness_rule_off),
        FX_TEST(test_illness_result_mismatch_keeps_roll_outcome),
        FX_TEST(test_duration_result_mismatch_keeps_roll_outcome),
        FX_TEST(test_imc_roll_out_of_range_opens_activation_with_given_mp),
        FX_TEST(test_imc_roll_out_of_range_without_mp_leaves_mp_unknown),
        FX_TEST(test_illness_roll_out_of_range_meets_check_with_no_effect),
        FX_TEST(test_illness_roll_out_of_range_counts_as_check_made),
        FX_TEST(test_duration_roll_out_of_range_meets_obligation_with_no_effect),
        FX_TEST(test_sustain_roll_out_of_range_still_meets_sustain),
        FX_TEST(test_sustain_out_of_order_and_out_of_range_draws_both),
        FX_TEST(test_first_turn_other_than_first_turn_is_turn_sequence_and_accepted),
        FX_TEST(test_skipped_turn_is_turn_sequence_and_mends_each_boundary),
        FX_TEST(test_repeated_or_earlier_turn_mends_nothing_but_expires),
        FX_TEST(test_turn_above_last_turn_is_out_of_range_and_accepted),
        FX_TEST(test_event_before_first_turn_is_ignored),
        FX_TEST(test_event_after_end_is_ignored),
        FX_TEST(test_leap_of_a_billion_turns_mends_everyone_quickly),
        FX_TEST(test_turn_int64_extremes_do_not_overflow),
        FX_TEST(test_turn_int64_max_as_first_and_last_turn),
        FX_TEST(test_turn_boundary_flips_leaders_in_play_to_active),
        FX_TEST(test_activating_leader_not_in_play_is_ignored_but_closes_previous),
        FX_TEST(test_activating_dead_leader_is_leader_not_in_play),
        FX_TEST(test_wounded_and_ill_leaders_may_be_activated),
        FX_TEST(test_activating_inactive_leader_is_flagged_and_proceeds),
        FX_TEST(test_imc_check_uses_clamped_modified_roll),
        FX_TEST(test_imc_mismatch_when_mp_differs_from_chart),
        FX_TEST(test_imc_not_checked_without_table),
        FX_TEST(test_imc_not_checked_for_leader_without_row),
        FX_TEST(test_mp_available_from_imc_when_mp_absent),
        FX_TEST(test_move_without_activation_is_ignored),
        FX_TEST(test_move_after_turn_boundary_is_without_activation),
        FX_TEST(test_move_exceeds_mp_only_on_first_move_over),
        FX_TEST(test_move_mp_total_beyond_int64_still_exceeds),
        FX_TEST(test_two_zoc_moves_create_one_sustain),
        FX_TEST(test_one_sustain_meets_two_zoc_moves),
        FX_TEST(test_zoc_move_after_sustain_owes_another),
        FX_TEST(test_sustain_without_zoc_move_is_allowed),
        FX_TEST(test_flip_of_leader_not_in_play_is_refused),
        FX_TEST(test_state_record_differing_is_one_state_mismatch),
        FX_TEST(test_replacing_leader_not_gone_is_refused),
        FX_TEST(test_replacing_leader_already_replaced_is_refused),
        FX_TEST(test_replacement_unavailable_self_other_side_dead_or_replacing),
        FX_TEST(test_replacement_unavailable_when_incapacitated),
        FX_TEST(test_reserve_replacement_enters_play_fit_and_active),
        FX_TEST(test_vp_claim_for_incapacitated_leader_is_vp_for_illness),
        FX_TEST(test_vp_claim_for_living_leader_is_vp_leader_alive),
        FX_TEST(test_vp_claim_to_own_side_is_vp_mismatch),
        FX_TEST(test_vp_claim_with_wrong_points_is_vp_mismatch),
        FX_TEST(test_second_vp_claim_after_death_is_vp_mismatch),
        FX_TEST(test_earlier_refused_claim_after_death_makes_next_vp_mismatch),
        FX_TEST(test_vp_claim_checks_report_only_the_first_that_applies),
        FX_TEST(test_vp_award_without_leader_is_added),
        FX_TEST(test_end_claim_differing_is_vp_tally_mismatch_listing_parts),
        FX_TEST(test_end_claim_that_agrees_draws_nothing),
        FX_TEST(test_end_null_claims_nothing),
        FX_TEST(test_end_claim_missing_a_side_is_vp_tally_mismatch),
        FX_TEST(test_end_claim_bad_entries_are_bad_field_and_dropped),
        FX_TEST(test_missing_end_warned_at_finish),
        FX_TEST(test_finish_expires_pending_obligations),
        FX_TEST(test_result_shows_pending_and_open_activation),
        FX_TEST(test_obligations_expiring_together_are_reported_in_line_order),
        FX_TEST(test_expired_obligation_points_at_creating_line),
        FX_TEST(test_zoc_move_after_illness_check_still_owes_sustain),
        FX_TEST(test_inactive_leader_with_out_of_range_roll_draws_both),
        FX_TEST(test_ignored_sustain_while_check_pending_is_not_out_of_order),
        FX_TEST(test_late_replacement_of_incapacitated_leader_is_accepted),
        FX_TEST(test_end_before_first_turn_is_ignored_and_game_not_ended),
        FX_TEST(test_end_after_end_checks_no_claim_entries),
        FX_TEST(test_huge_wound_levels_kill_without_overflow),
        FX_TEST(test_reserve_leader_with_roster_wound_enters_play_fit),
        FX_TEST(test_first_turn_beyond_last_turn_draws_sequence_and_out_of_range),
        FX_TEST(test_move_of_activated_leader_lost_meanwhile_is_not_in_play),
        cmocka_unit_test(test_awaited_rolls_are_the_obligations_rolls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
