/* SPDX-License-Identifier: MIT */
/*
 * test_stats.c - the dice audit's arithmetic (SPEC 7), against numbers
 * worked by hand or read from published chi-square tables.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adj_mathfn.h"
#include "adj_stats.h"

static void assert_near(double got, double want, double tol)
{
    if (fabs(got - want) > tol)
        fail_msg("got %.17g, want %.17g (tolerance %g)", got, want, tol);
}

/* The critical values of chi-square with 5 degrees of freedom in every
 * printed table: 11.0705 at 5%, 20.515 at 0.1%. */
static void test_q5_matches_the_tables(void **state)
{
    (void)state;
    assert_near(adj_stats_q5(11.0705), 0.05, 0.00005);
    assert_near(adj_stats_q5(20.515), 0.001, 0.0000005);
    assert_near(adj_stats_q5(0.0), 1.0, 0.0);
    /* Far out it underflows to 0 instead of going negative or NaN. */
    assert_true(adj_stats_q5(2000.0) >= 0.0);
    assert_true(adj_stats_q5(2000.0) < 1e-300);
}

/* Fair counts give 0; [10,5,5,5,5,0] of 30: (25 + 0 + 0 + 0 + 0 + 25) / 5. */
static void test_chi2_is_the_exact_ratio(void **state)
{
    (void)state;
    int64_t fair[6] = {5, 5, 5, 5, 5, 5};
    int64_t skew[6] = {10, 5, 5, 5, 5, 0};
    int64_t odd[6] = {1, 2, 3, 4, 5, 6}; /* n = 21: (6c - 21)^2 sum = 630; / 126 */
    assert_true(adj_stats_chi2(fair) == 0.0);
    assert_true(adj_stats_chi2(skew) == 10.0);
    assert_true(adj_stats_chi2(odd) == 630.0 / 126.0);
}

/* A large archive's counts do not overflow the exact integer sum. */
static void test_chi2_survives_huge_counts(void **state)
{
    (void)state;
    int64_t big[6] = {INT64_C(1) << 40, 0, 0, 0, 0, 0};
    /* n = 2^40: (5n)^2 + 5 n^2 = 30 n^2, over 6n: 5n. */
    assert_true(adj_stats_chi2(big) == 5.0 * (double)(INT64_C(1) << 40));
}

/* The textbook example (Benjamini and Hochberg's eight p-values), given in
 * shuffled row order with the adjusted values worked by hand:
 * m p/j = .008 .032 .104 .082 .0672 .08 .0846 .205, then the running
 * minimum from the largest rank down. */
static void test_bh_worked_example(void **state)
{
    (void)state;
    const double p[8] = {0.042, 0.205, 0.001, 0.06, 0.039, 0.008, 0.074, 0.041};
    const double want[8] = {0.0672, 0.205, 0.008, 0.08, 0.0672, 0.032, 0.0845714285714286,
                            0.0672};
    double adj[8];
    size_t scratch[16];
    adj_stats_bh(p, adj, scratch, 8);
    for (int i = 0; i < 8; i++)
        assert_near(adj[i], want[i], 1e-12);
}

/* Ties keep row order, and tied p-values share the adjusted value of the
 * later rank: p = .01 .04 .03 .04 .5 -> ranks .01 .03 .04(row 1) .04(row 3)
 * .5; m p/j = .05 .075 .0667 .05 .5; running minimum .05 .05 .05 .05 .5. */
static void test_bh_ties(void **state)
{
    (void)state;
    const double p[5] = {0.01, 0.04, 0.03, 0.04, 0.5};
    double adj[5];
    size_t scratch[10];
    adj_stats_bh(p, adj, scratch, 5);
    for (int i = 0; i < 4; i++)
        assert_near(adj[i], 0.05, 1e-15);
    assert_near(adj[4], 0.5, 1e-15);
    /* Two rows, no monotone fix-up needed: 2 x .3 / 1 and 2 x .9 / 2. */
    const double q[2] = {0.9, 0.3};
    adj_stats_bh(q, adj, scratch, 2);
    assert_near(adj[0], 0.9, 1e-15);
    assert_near(adj[1], 0.6, 1e-15);
}

/* One row: its adjusted p is p itself. Three rows .9 .95 1: m p/j =
 * 2.7, 1.425, 1; the running minimum makes each 1, never above it. */
static void test_bh_single_row_and_cap(void **state)
{
    (void)state;
    const double p[3] = {1.0, 0.9, 0.95};
    const double one[1] = {0.25};
    double adj[3];
    size_t scratch[6];
    adj_stats_bh(one, adj, scratch, 1);
    assert_true(adj[0] == 0.25);
    adj_stats_bh(p, adj, scratch, 3);
    for (int i = 0; i < 3; i++)
        assert_true(adj[i] == 1.0);
}

/* Units in the last place between got and want (finite, same sign). */
static uint64_t ulps(double got, double want)
{
    int64_t a, b;
    memcpy(&a, &got, sizeof a);
    memcpy(&b, &want, sizeof b);
    return (uint64_t)(a > b ? a - b : b - a);
}

/* The project's exp against the correctly rounded values (worked with
 * 200-bit arithmetic, mpmath): within 2 units in the last place. */
static void test_exp_is_within_two_ulps(void **state)
{
    (void)state;
    static const struct { double x, want; } v[] = {
        {1.0, 0x1.5bf0a8b145769p+1},    {-1.0, 0x1.78b56362cef38p-2},
        {0.5, 0x1.a61298e1e069cp+0},    {-20.5, 0x1.57a3afeed00abp-30},
        {100.0, 0x1.3494a9b171bf5p+144}, {-700.0, 0x1.14f2b0fb9307fp-1010},
        {1e-10, 0x1.000000006df38p+0},
        /* past 2^1023 (k > 1023), and into the subnormals (k < -1021):
         * a mutant that doubled these passed every test (issue 33 item 26) */
        {709.5, 0x1.81e9b4b52d0c9p+1023}, {-708.5, 0x0.e6cf6d08897acp-1022},
        {-720.0, 0x0.0000993b4dc95p-1022}, {-745.0, 0x0.0000000000001p-1022},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (ulps(adj_exp(v[i].x), v[i].want) > 2)
            fail_msg("exp(%g) = %a, want %a", v[i].x, adj_exp(v[i].x), v[i].want);
    assert_true(adj_exp(0.0) == 1.0);
    assert_true(adj_exp(-800.0) == 0.0);
    assert_true(adj_exp(800.0) > 1e308);
}

/* erfc on both sides of the switch from the series (x < 1.5) to the
 * continued fraction, against 200-bit values: within a relative 1e-13. */
static void test_erfc_matches_reference_values(void **state)
{
    (void)state;
    static const struct { double x, want; } v[] = {
        {0.1, 0x1.c66b42bb6099ap-1},  {0.5, 0x1.eb02147ce245cp-2},  {1.0, 0x1.4226162fbddd5p-3},
        {1.4999, 0x1.15c39ae72c307p-5}, {1.5, 0x1.15aaa8ec85205p-5}, {2.0, 0x1.328f5ec350e67p-8},
        {3.0, 0x1.729df6503422ap-16}, {5.0, 0x1.b0c1a759f7739p-40}, {10.0, 0x1.7d8a7f2a8a2d0p-149},
        {26.0, 0x1.284bfe1cdea24p-981},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        assert_near(adj_erfc(v[i].x) / v[i].want, 1.0, 1e-13);
    assert_true(adj_erfc(0.0) == 1.0);
    assert_true(adj_erfc(30.0) == 0.0);
    assert_near(adj_erfc(-1.0), 2.0 - 0x1.4226162fbddd5p-3, 1e-15);
}

/* The same bytes on every platform: these are what every build must give
 * (the page's are compared with the CLI's by tests/web/dice_same.js). */
static void test_p_values_are_pinned_to_the_bit(void **state)
{
    (void)state;
    assert_true(adj_stats_q5(24.0) == 0x1.c7519fbbbdfe2p-13);
    assert_true(adj_stats_q35(49.8018) == 0x1.999a9d62acb5fp-5);
}

/* Chi-square with 35 degrees of freedom: 49.8018 at 5%, 66.6188 at 0.1%. */
static void test_q35_matches_the_tables(void **state)
{
    (void)state;
    assert_near(adj_stats_q35(49.8018), 0.05, 0.000005);
    assert_near(adj_stats_q35(66.6188), 0.001, 0.0000001);
    assert_true(adj_stats_q35(0.0) == 1.0);
    for (double x = 0.001; x < 3; x *= 1.5)
        assert_true(adj_stats_q35(x) <= 1.0 && adj_stats_q5(x) <= 1.0);  /* never above 1 */
    int64_t cells[36] = {0};
    cells[1] = 180;  /* every pair (1,2): (36*180 - 180)^2 + 35 * 180^2 over 36*180 */
    assert_true(adj_stats_chi2_pairs(cells) == 6300.0);
}

/* Residual (count - n/6) / sqrt(n/6) reaching 3: n = 600 expects 100 with
 * sqrt 10, so 130 and 70 are exactly 3 away; 129 and 71 are not. */
static void test_residual_of_three(void **state)
{
    (void)state;
    assert_true(adj_stats_residual_off(130, 600, 6));
    assert_true(adj_stats_residual_off(70, 600, 6));
    assert_false(adj_stats_residual_off(129, 600, 6));
    assert_false(adj_stats_residual_off(71, 600, 6));
    /* pairs: n = 3600 expects 100 per cell, sqrt 10 */
    assert_true(adj_stats_residual_off(130, 3600, 36));
    assert_false(adj_stats_residual_off(129, 3600, 36));
}

/* The repeat bound: P / 6 / ... / 6, L times, capped at 1. */
static void test_repeat_bound(void **state)
{
    (void)state;
    assert_true(adj_stats_repeat_p(36, 2) == 1.0);
    assert_true(adj_stats_repeat_p(36, 3) == 1.0 / 6);
    assert_true(adj_stats_repeat_p(1, 0) == 1.0);
    assert_true(adj_stats_repeat_p(5, 0) == 1.0);
    double p = 15000;
    for (int i = 0; i < 50; i++)
        p /= 6;
    assert_true(adj_stats_repeat_p(15000, 50) == p);
    assert_true(adj_stats_repeat_p(1, 5000) == 0.0);
}

static void put(double v, const char *want)
{
    adj_buf_t b = {0};
    adj_stats_put_double(&b, v);
    assert_string_equal(b.data, want);
    assert_true(strtod(b.data, NULL) == v);
    adj_buf_free(&b);
}

/* Shortest text that reads back as the same double. */
static void test_double_round_trips(void **state)
{
    (void)state;
    put(0.0, "0");
    put(0.1, "0.1");
    put(3.5, "3.5");
    put(1.0 / 3.0, "0.3333333333333333");
    put(2.0 / 3.0, "0.6666666666666666");
    put(1e-300, "1e-300");
    put(0.001, "0.001");
    put(12345678901234567.0, "12345678901234568");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_q5_matches_the_tables),
        cmocka_unit_test(test_chi2_is_the_exact_ratio),
        cmocka_unit_test(test_chi2_survives_huge_counts),
        cmocka_unit_test(test_bh_worked_example),
        cmocka_unit_test(test_bh_ties),
        cmocka_unit_test(test_bh_single_row_and_cap),
        cmocka_unit_test(test_double_round_trips),
        cmocka_unit_test(test_exp_is_within_two_ulps),
        cmocka_unit_test(test_erfc_matches_reference_values),
        cmocka_unit_test(test_p_values_are_pinned_to_the_bit),
        cmocka_unit_test(test_q35_matches_the_tables),
        cmocka_unit_test(test_residual_of_three),
        cmocka_unit_test(test_repeat_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
