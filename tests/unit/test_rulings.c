/* SPDX-License-Identifier: MIT */
/*
 * test_rulings.c - every value of every ruling of SPEC 6.1 gives the
 * outcome its table states, replayed through the engine; and
 * adj_rulings_parse accepts each NAME=VALUE and refuses anything else with
 * a message that lists the valid choices.
 */
#include "engine_fixture.h"

/* Choose a ruling for the fixture's replay, by its SPEC spelling. */
static void fx_ruling(fx_t *f, const char *arg)
{
    adj_buf_t err = {0};
    bool ok = adj_rulings_parse(&f->rulings, arg, &err);
    if (!ok)
        fail_msg("--ruling %s refused: %s", arg, err.data ? err.data : "");
    adj_buf_free(&err);
}

/* ================================================================== */
/* recovery                                                            */
/* ================================================================== */

/* 3.2 / 6.1 counts-first-turn: ill 2 on turn 3 is fit when turn 5 begins. */
static void test_recovery_counts_first_turn_ill_two_on_turn_three_fit_at_turn_five(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "recovery=counts-first-turn");
    feed_turn(f, 1);
    feed_turn(f, 2);
    feed_turn(f, 3);
    fx_fall_ill(f, "jackson", 2);
    feed_turn(f, 4);
    assert_state(f, "jackson", ADJ_ST_ILL, 1, false);
    feed_turn(f, 5);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 6.1 full-turns: "a leader taken ill for 2 on turn 3 is fit when turn 6
 * begins". */
static void test_recovery_full_turns_ill_two_on_turn_three_fit_at_turn_six(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "recovery=full-turns");
    feed_turn(f, 1);
    feed_turn(f, 2);
    feed_turn(f, 3);
    fx_fall_ill(f, "jackson", 2);
    feed_turn(f, 4);
    assert_state(f, "jackson", ADJ_ST_ILL, 2, false);
    feed_turn(f, 5);
    assert_state(f, "jackson", ADJ_ST_ILL, 1, false);
    feed_turn(f, 6);
    assert_state(f, "jackson", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 6.1 full-turns: a wound set during turn 1 does not mend at the boundary
 * that ends turn 1, only at later ones. */
static void test_recovery_full_turns_wound_first_mends_a_turn_later(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "recovery=full-turns");
    feed_turn(f, 1);
    feed_wound(f, "mcclellan", 3);
    feed_turn(f, 2);
    assert_state(f, "mcclellan", ADJ_ST_WOUNDED, 3, false);
    feed_turn(f, 3);
    assert_state(f, "mcclellan", ADJ_ST_WOUNDED, 2, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 6.1 full-turns: a starting wound (set before any turn, not during one)
 * mends at every boundary. */
static void test_recovery_full_turns_roster_wound_mends_at_first_boundary(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "recovery=full-turns");
    f->defs[HILL].wound = 2;
    feed_turn(f, 1);
    feed_turn(f, 2);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 1, false);
    feed_turn(f, 3);
    assert_state(f, "hill", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 6.1 full-turns: a level *changed* during turn T (wounded 1 + duration 2
 * on turn 2) does not mend at the boundary that ends T. */
static void test_recovery_full_turns_level_changed_in_turn_skips_its_boundary(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "recovery=full-turns");
    f->defs[JACKSON].wound = 2;
    feed_turn(f, 1);
    feed_turn(f, 2);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 1, false);
    fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 3, false);
    feed_turn(f, 3);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 3, false);
    feed_turn(f, 4);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 2, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* 6.1 full-turns over a leap: of the boundaries 1|2, 2|3, 3|4 only the one
 * ending turn 1 (when the wound was set) is skipped: wounded 3 -> 1. Under
 * counts-first-turn all three mend: fit. */
static void test_recovery_full_turns_leap_skips_only_the_boundary_ending_the_turn(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "recovery=full-turns");
    feed_turn(f, 1);
    feed_wound(f, "porter", 3);
    size_t t = feed_turn(f, 4);
    assert_state(f, "porter", ADJ_ST_WOUNDED, 1, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
}

static void test_recovery_counts_first_turn_leap_mends_every_boundary(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    feed_wound(f, "porter", 3);
    assert_state(f, "porter", ADJ_ST_WOUNDED, 3, false);
    size_t t = feed_turn(f, 4);
    assert_state(f, "porter", ADJ_ST_FIT, 0, false);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_TURN_SEQUENCE, t);
}

/* ================================================================== */
/* repeat-illness                                                      */
/* ================================================================== */

/* 6.1 add (3.6): ill t, duration d: ill t + d; 6 or more incapacitates
 * (no VPs, REPLACE owed). */
static void test_repeat_illness_add_sums_below_six(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-illness=add");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 5, false);
    feed_end_null(f);
    assert_no_diags(f);
}

static void test_repeat_illness_add_six_or_more_incapacitates(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-illness=add");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    size_t d = feed_duration_r(f, "jackson", 3, true, ADJ_RES_INCAPACITATED);
    assert_state(f, "jackson", ADJ_ST_INCAPACITATED, 0, false);
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_MISSING, d);
    assert_vp(f, 0, 0);
}

/* 6.1 as-wound: t + d; 6 or more kills him as 8.13b does (VPs awarded);
 * a death owes no replacement. */
static void test_repeat_illness_as_wound_sums_below_six(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-illness=as-wound");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 5, false);
    feed_end_null(f);
    assert_no_diags(f);
}

static void test_repeat_illness_as_wound_six_or_more_kills_with_vps(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-illness=as-wound");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    feed_duration_r(f, "jackson", 3, true, ADJ_RES_DEAD);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    feed_activate(f, "hill", 2, 0, NO_MP);
    feed_end(f, 0, 2);
    assert_no_diags(f);
    assert_vp(f, 0, 2);
}

/* 6.1 longer: d = 6 incapacitates him as 8.13a, else ill for max(t, d). */
static void test_repeat_illness_longer_keeps_the_longer_illness(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-illness=longer");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 3, false);
    fx_fall_ill(f, "jackson", 5);
    assert_state(f, "jackson", ADJ_ST_ILL, 5, false);
    fx_fall_ill(f, "jackson", 4);
    assert_state(f, "jackson", ADJ_ST_ILL, 5, false);
    feed_end_null(f);
    assert_no_diags(f);
}

static void test_repeat_illness_longer_six_incapacitates(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-illness=longer");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 1);
    size_t d = fx_fall_ill(f, "jackson", 6);
    assert_state(f, "jackson", ADJ_ST_INCAPACITATED, 0, false);
    feed_end(f, 0, 0);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_REPLACEMENT_MISSING, d);
    assert_vp(f, 0, 0);
}

/* ================================================================== */
/* repeat-wound                                                        */
/* ================================================================== */

/* 6.1 add (3.7): wounded w, wound k: w + k; 6 or more kills. */
static void test_repeat_wound_add_sums_levels(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-wound=add");
    feed_turn(f, 1);
    feed_wound(f, "jackson", 2);
    feed_wound(f, "jackson", 3);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 5, false);
    feed_wound(f, "jackson", 1);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    feed_end(f, 0, 2);
    assert_no_diags(f);
    assert_vp(f, 0, 2);
}

/* 6.1 longer: max(w, k), 6 or more kills. */
static void test_repeat_wound_longer_keeps_the_worse_wound(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-wound=longer");
    feed_turn(f, 1);
    feed_wound(f, "jackson", 2);
    feed_wound(f, "jackson", 3);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 3, false);
    feed_wound(f, "jackson", 1);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 3, false);
    feed_wound(f, "hill", 5);
    feed_wound(f, "hill", 5);
    assert_state(f, "hill", ADJ_ST_WOUNDED, 5, false);
    feed_end(f, 0, 0);
    assert_no_diags(f);
    assert_vp(f, 0, 0);
}

static void test_repeat_wound_longer_six_or_more_kills(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "repeat-wound=longer");
    feed_turn(f, 1);
    feed_wound(f, "mcclellan", 2);
    feed_wound(f, "mcclellan", 6);
    assert_state(f, "mcclellan", ADJ_ST_DEAD, 0, false);
    feed_end(f, 3, 0);
    assert_no_diags(f);
    assert_vp(f, 3, 0);
}

/* ================================================================== */
/* illness-left                                                        */
/* ================================================================== */

/* 6.1 remaining (3.7): ill 4 on turn 1, one turn passes (3 left), wound 2:
 * wounded 5. */
static void test_illness_left_remaining_adds_turns_left(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "illness-left=remaining");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 4);
    feed_turn(f, 2);
    feed_wound(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 5, false);
    feed_end(f, 0, 0);
    assert_no_diags(f);
}

/* 6.1 rolled: the same wound adds the 4 rolled: 6, he dies (VPs). */
static void test_illness_left_rolled_adds_level_rolled(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "illness-left=rolled");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 4);
    feed_turn(f, 2);
    feed_wound(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_DEAD, 0, false);
    feed_end(f, 0, 2);
    assert_no_diags(f);
    assert_vp(f, 0, 2);
}

/* 6.1 rolled: "the level his illness was set to by his last duration roll":
 * ill 3, a turn (2 left), duration 2 sets it to 4, a turn (3 left), wound 1:
 * rolled 1 + 4 = 5; remaining would be 1 + 3 = 4. */
static void test_illness_left_rolled_uses_level_set_by_last_duration_roll(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "illness-left=rolled");
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    feed_turn(f, 2);
    fx_fall_ill(f, "jackson", 2);
    assert_state(f, "jackson", ADJ_ST_ILL, 4, false);
    feed_turn(f, 3);
    feed_wound(f, "jackson", 1);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 5, false);
    feed_end_null(f);
    assert_no_diags(f);
}

static void test_illness_left_remaining_after_repeat_illness_adds_turns_left(void **state)
{
    fx_t *f = *state;
    feed_turn(f, 1);
    fx_fall_ill(f, "jackson", 3);
    feed_turn(f, 2);
    fx_fall_ill(f, "jackson", 2);
    feed_turn(f, 3);
    feed_wound(f, "jackson", 1);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 4, false);
    feed_end_null(f);
    assert_no_diags(f);
}

/* ================================================================== */
/* wound-roll                                                          */
/* ================================================================== */

/* 6.1 counts (3.4): a wound while a check is owed is roll-out-of-order. */
static void test_wound_roll_counts_wound_while_check_owed_is_out_of_order(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "wound-roll=counts");
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    size_t w = feed_wound(f, "porter", 2);
    feed_illness(f, "jackson", 3);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, w);
    assert_state(f, "porter", ADJ_ST_WOUNDED, 2, false);
}

/* 6.1 ignored: "a wound is never roll-out-of-order" - still applied; a
 * Sustain still is out of order. */
static void test_wound_roll_ignored_wound_while_check_owed_is_allowed(void **state)
{
    fx_t *f = *state;
    fx_ruling(f, "wound-roll=ignored");
    feed_turn(f, 1);
    feed_activate(f, "jackson", 1, 0, NO_MP);
    feed_illness(f, "jackson", 6);
    feed_wound(f, "porter", 2);
    feed_wound(f, "jackson", 1);
    size_t s = feed_sustain(f, "jackson", 3);
    feed_duration(f, "jackson", 2);
    feed_end_null(f);
    assert_diag_count(f, 1);
    assert_diag(f, 0, ADJ_D_ROLL_OUT_OF_ORDER, s);
    assert_state(f, "porter", ADJ_ST_WOUNDED, 2, false);
    assert_state(f, "jackson", ADJ_ST_WOUNDED, 3, false);
}

/* ================================================================== */
/* adj_rulings_parse                                                   */
/* ================================================================== */

/* The SPEC 6.1 table, in order; the first value is the default. */
static const struct {
    adj_ruling_t r;
    const char *name;
    int count;
    const char *values[3];
} spec_table[] = {
    {ADJ_RULING_RECOVERY, "recovery", 2, {"counts-first-turn", "full-turns"}},
    {ADJ_RULING_REPEAT_ILLNESS, "repeat-illness", 3, {"add", "as-wound", "longer"}},
    {ADJ_RULING_REPEAT_WOUND, "repeat-wound", 2, {"add", "longer"}},
    {ADJ_RULING_ILLNESS_LEFT, "illness-left", 2, {"remaining", "rolled"}},
    {ADJ_RULING_WOUND_ROLL, "wound-roll", 2, {"counts", "ignored"}},
};
#define SPEC_RULINGS (sizeof spec_table / sizeof spec_table[0])

static void test_ruling_catalogue_matches_spec_table(void **state)
{
    (void)state;
    assert_int_equal(ADJ_RULING_COUNT, SPEC_RULINGS);
    for (size_t i = 0; i < SPEC_RULINGS; i++) {
        assert_string_equal(adj_ruling_name(spec_table[i].r), spec_table[i].name);
        assert_int_equal(adj_ruling_value_count(spec_table[i].r), spec_table[i].count);
        for (int v = 0; v < spec_table[i].count; v++)
            assert_string_equal(adj_ruling_value_name(spec_table[i].r, v),
                                spec_table[i].values[v]);
    }
}

/* Every NAME=VALUE is accepted and sets that ruling, and only it. */
static void test_rulings_parse_accepts_every_name_and_value(void **state)
{
    (void)state;
    for (size_t i = 0; i < SPEC_RULINGS; i++) {
        for (int v = 0; v < spec_table[i].count; v++) {
            char arg[64];
            snprintf(arg, sizeof arg, "%s=%s", spec_table[i].name, spec_table[i].values[v]);
            adj_rulings_t rs = {{0}, {0}};
            adj_buf_t err = {0};
            if (!adj_rulings_parse(&rs, arg, &err))
                fail_msg("%s refused: %s", arg, err.data ? err.data : "");
            adj_buf_free(&err);
            for (size_t j = 0; j < SPEC_RULINGS; j++)
                assert_int_equal(rs.value[spec_table[j].r], j == i ? v : 0);
            assert_true(adj_rulings_is_default(&rs) == (v == 0));
        }
    }
}

/* --ruling is repeatable: choices for different names accumulate, and a
 * later one for the same name replaces the earlier. */
static void test_rulings_parse_accumulates_repeated_options(void **state)
{
    (void)state;
    adj_rulings_t rs = {{0}, {0}};
    adj_buf_t err = {0};
    assert_true(adj_rulings_parse(&rs, "recovery=full-turns", &err));
    assert_true(adj_rulings_parse(&rs, "repeat-illness=longer", &err));
    assert_true(adj_rulings_parse(&rs, "wound-roll=ignored", &err));
    assert_int_equal(rs.value[ADJ_RULING_RECOVERY], 1);
    assert_int_equal(rs.value[ADJ_RULING_REPEAT_ILLNESS], 2);
    assert_int_equal(rs.value[ADJ_RULING_REPEAT_WOUND], 0);
    assert_int_equal(rs.value[ADJ_RULING_WOUND_ROLL], 1);
    assert_true(adj_rulings_parse(&rs, "repeat-illness=as-wound", &err));
    assert_int_equal(rs.value[ADJ_RULING_REPEAT_ILLNESS], 1);
    adj_buf_free(&err);
}

/* The message lists all the valid names. */
static void assert_refused_listing_names(const char *arg)
{
    adj_rulings_t rs = {{0}, {0}};
    adj_buf_t err = {0};
    if (adj_rulings_parse(&rs, arg, &err))
        fail_msg("\"%s\" was accepted", arg);
    assert_non_null(err.data);
    for (size_t i = 0; i < SPEC_RULINGS; i++)
        if (!strstr(err.data, spec_table[i].name))
            fail_msg("\"%s\": message \"%s\" does not list %s", arg, err.data,
                     spec_table[i].name);
    adj_buf_free(&err);
}

/* The message lists all the valid values of ruling i. */
static void assert_refused_listing_values(const char *arg, size_t i)
{
    adj_rulings_t rs = {{0}, {0}};
    adj_buf_t err = {0};
    if (adj_rulings_parse(&rs, arg, &err))
        fail_msg("\"%s\" was accepted", arg);
    assert_non_null(err.data);
    for (int v = 0; v < spec_table[i].count; v++)
        if (!strstr(err.data, spec_table[i].values[v]))
            fail_msg("\"%s\": message \"%s\" does not list %s", arg, err.data,
                     spec_table[i].values[v]);
    adj_buf_free(&err);
}

static void test_rulings_parse_rejects_unknown_name_listing_valid_names(void **state)
{
    (void)state;
    assert_refused_listing_names("recover=full-turns");
    assert_refused_listing_names("recovery-x=full-turns");
    assert_refused_listing_names("Recovery=full-turns");
    assert_refused_listing_names("illness=add");
    assert_refused_listing_names("=add");
    assert_refused_listing_names("");
}

static void test_rulings_parse_rejects_unknown_value_listing_valid_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < SPEC_RULINGS; i++) {
        char arg[64];
        snprintf(arg, sizeof arg, "%s=bogus", spec_table[i].name);
        assert_refused_listing_values(arg, i);
        snprintf(arg, sizeof arg, "%s=", spec_table[i].name);
        assert_refused_listing_values(arg, i);
        snprintf(arg, sizeof arg, "%s", spec_table[i].name);
        assert_refused_listing_values(arg, i);
        snprintf(arg, sizeof arg, "%s=%s ", spec_table[i].name, spec_table[i].values[0]);
        assert_refused_listing_values(arg, i);
    }
    assert_refused_listing_values("recovery=Full-Turns", 0);
    assert_refused_listing_values("recovery=add", 0);
    assert_refused_listing_values("repeat-wound=as-wound", 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        FX_TEST(test_recovery_counts_first_turn_ill_two_on_turn_three_fit_at_turn_five),
        FX_TEST(test_recovery_full_turns_ill_two_on_turn_three_fit_at_turn_six),
        FX_TEST(test_recovery_full_turns_wound_first_mends_a_turn_later),
        FX_TEST(test_recovery_full_turns_roster_wound_mends_at_first_boundary),
        FX_TEST(test_recovery_full_turns_level_changed_in_turn_skips_its_boundary),
        FX_TEST(test_recovery_full_turns_leap_skips_only_the_boundary_ending_the_turn),
        FX_TEST(test_recovery_counts_first_turn_leap_mends_every_boundary),
        FX_TEST(test_repeat_illness_add_sums_below_six),
        FX_TEST(test_repeat_illness_add_six_or_more_incapacitates),
        FX_TEST(test_repeat_illness_as_wound_sums_below_six),
        FX_TEST(test_repeat_illness_as_wound_six_or_more_kills_with_vps),
        FX_TEST(test_repeat_illness_longer_keeps_the_longer_illness),
        FX_TEST(test_repeat_illness_longer_six_incapacitates),
        FX_TEST(test_repeat_wound_add_sums_levels),
        FX_TEST(test_repeat_wound_longer_keeps_the_worse_wound),
        FX_TEST(test_repeat_wound_longer_six_or_more_kills),
        FX_TEST(test_illness_left_remaining_adds_turns_left),
        FX_TEST(test_illness_left_rolled_adds_level_rolled),
        FX_TEST(test_illness_left_rolled_uses_level_set_by_last_duration_roll),
        FX_TEST(test_illness_left_remaining_after_repeat_illness_adds_turns_left),
        FX_TEST(test_wound_roll_counts_wound_while_check_owed_is_out_of_order),
        FX_TEST(test_wound_roll_ignored_wound_while_check_owed_is_allowed),
        cmocka_unit_test(test_ruling_catalogue_matches_spec_table),
        cmocka_unit_test(test_rulings_parse_accepts_every_name_and_value),
        cmocka_unit_test(test_rulings_parse_accumulates_repeated_options),
        cmocka_unit_test(test_rulings_parse_rejects_unknown_name_listing_valid_names),
        cmocka_unit_test(test_rulings_parse_rejects_unknown_value_listing_valid_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
