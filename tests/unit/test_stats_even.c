/* SPDX-License-Identifier: MIT */
/*
 * test_stats_even.c - dice too even (SPEC 7): the project's log and
 * lgamma, the exact lower tail of the multinomial (against exact rational
 * sums worked with Python's fractions), its bounds and fallback, the
 * chi-square lower tail and its inverse (against 200-bit mpmath values),
 * and a game's score.
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

static void assert_rel(double got, double want, double tol)
{
    if (!(fabs(got - want) <= tol * fabs(want)))
        fail_msg("got %.17g (%a), want %.17g (relative %g)", got, got, want, tol);
}

static uint64_t ulps(double got, double want)
{
    int64_t a, b;
    memcpy(&a, &got, sizeof a);
    memcpy(&b, &want, sizeof b);
    return (uint64_t)(a > b ? a - b : b - a);
}

/* log against the correctly rounded values (mpmath, 200 bits): within 2
 * units in the last place, subnormals and the ends of the range included. */
static void test_log_is_within_two_ulps(void **state)
{
    (void)state;
    static const struct { double x, want; } v[] = {
        {2.0, 0x1.62e42fefa39efp-1},   {0.5, -0x1.62e42fefa39efp-1},
        {10.0, 0x1.26bb1bbb55516p+1},  {1e-300, -0x1.5963447f87fb5p+9},
        {1e300, 0x1.5963447f87fb5p+9}, {3.7, 0x1.4eeee650ae550p+0},
        {2.5, 0x1.d5240f0e0e078p-1},   {0x1.fffffffffffffp-1, -0x1.0000000000000p-53},
        {0x0.0000000000001p-1022, -0x1.74385446d71c3p+9},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (ulps(adj_log(v[i].x), v[i].want) > 2)
            fail_msg("log(%a) = %a, want %a", v[i].x, adj_log(v[i].x), v[i].want);
    assert_true(adj_log(1.0) == 0.0);
    assert_true(adj_log(0.0) == -HUGE_VAL);
    assert_true(isnan(adj_log(-1.0)));
}

/* lgamma against mpmath's loggamma: a relative 1e-14 from 3 up (where the
 * chi-square tails call it, at df/2 + 1 >= 1.5), an absolute 1e-14 below. */
static void test_lgamma_matches_reference_values(void **state)
{
    (void)state;
    static const struct { double x, want; } v[] = {
        {3.5, 0x1.3373018970a36p+0},   {10.0, 0x1.99a8921a7f7cfp+3},
        {17.5, 0x1.00a61f910a7fap+5},  {100.5, 0x1.696f7f9481308p+8},
        {12500.5, 0x1.9bcb77cd4bf7bp+16}, {7.25, 0x1.c35701a50ff06p+2},
        {1000000.0, 0x1.871921236750dp+23},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        assert_rel(adj_lgamma(v[i].x), v[i].want, 1e-14);
    assert_true(fabs(adj_lgamma(0.5) - 0x1.250d048e7a1bdp-1) < 1e-14);
    assert_true(fabs(adj_lgamma(1e-3) - 0x1.ba0f3807161acp+2) < 1e-14);
    assert_true(fabs(adj_lgamma(1.0)) < 1e-14 && fabs(adj_lgamma(2.0)) < 1e-14);
    assert_true(isnan(adj_lgamma(0.0)) && isnan(adj_lgamma(-2.5)));
}

/* The exact chance of counts at least this even, P(sum c^2 <= observed),
 * against the exact rational sum over every such vector of n! / prod c! /
 * 6^n (Python's fractions, rounded once). [5]*6 is 30! / 5!^6 / 6^30
 * alone; [61, 61, 60, 60, 59, 59] a deck of 36 ten times less a few cards. */
static void test_even_is_the_exact_multinomial_tail(void **state)
{
    (void)state;
    static const struct { int64_t c[6]; double want; } v[] = {
        {{5, 5, 5, 5, 5, 5}, 0x1.a5579d149426bp-12},
        {{6, 5, 5, 5, 5, 4}, 0x1.56572fa0b85f7p-7},
        {{60, 60, 60, 60, 60, 60}, 0x1.d8b6f95820b10p-21},
        {{61, 61, 60, 60, 59, 59}, 0x1.b23d13d81483dp-14},
        {{12, 9, 15, 10, 11, 13}, 0x1.47a8bf1329b90p-3},
        {{10, 10, 10, 10, 10, 11}, 0x1.b191c8b338bafp-12},  /* n % 6 != 0 */
        {{1, 0, 0, 0, 0, 0}, 1.0},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        bool exact = false;
        assert_rel(adj_stats_even(v[i].c, ADJ_STATS_FACES, &exact), v[i].want, 1e-13);
        assert_true(exact);
    }
    int64_t none[6] = {0};
    bool exact = true;
    assert_true(adj_stats_even(none, ADJ_STATS_FACES, &exact) == 1.0 && !exact);
}

/* The same over the 36 cells of pairs: five of each in 180 pairs is
 * 180! / 5!^36 / 36^180; one cell off by one; every cell one or two off. */
static void test_even_pairs_is_exact(void **state)
{
    (void)state;
    int64_t c[36];
    bool exact = false;
    for (int i = 0; i < 36; i++)
        c[i] = 5;
    assert_rel(adj_stats_even(c, ADJ_STATS_CELLS, &exact), 0x1.9bec487615daap-86, 1e-13);
    assert_true(exact);
    c[0] = 6;
    c[1] = 4;
    assert_rel(adj_stats_even(c, ADJ_STATS_CELLS, &exact), 0x1.a6c8c35f32ee2p-76, 1e-13);
    c[0] = 7;
    c[1] = 3;
    for (int i = 2; i < 36; i++)
        c[i] = i % 2 ? 4 : 6;
    assert_rel(adj_stats_even(c, ADJ_STATS_CELLS, &exact), 0x1.1bd7ff3d0aaa7p-20, 1e-13);
}

/* Exact up to the stated excess over the least sum of squares, then the
 * chi-square lower tail: 600 rolls off by (20, -20, 10, -10, 0, 0) are an
 * excess of 1000, by (21, -19, 10, -10, -1, -1) 1004; 100,001 rolls are
 * past the exact bound whatever their counts. Pinned to the bit: every
 * build gives these doubles. */
static void test_even_bounds_and_fallback(void **state)
{
    (void)state;
    bool exact = false;
    int64_t at[6] = {120, 80, 110, 90, 100, 100}, past[6] = {121, 81, 110, 90, 99, 99};
    adj_stats_even(at, ADJ_STATS_FACES, &exact);
    assert_true(exact);
    double p = adj_stats_even(past, ADJ_STATS_FACES, &exact);
    assert_false(exact);
    assert_true(p == adj_stats_chi2_lower(5, adj_stats_chi2(past)));
    int64_t big[6] = {16667, 16667, 16667, 16667, 16667, 16666};
    p = adj_stats_even(big, ADJ_STATS_FACES, &exact);  /* n = 100,001 */
    assert_false(exact);
    assert_true(p == adj_stats_chi2_lower(5, adj_stats_chi2(big)));
    int64_t pairs[36];
    for (int i = 0; i < 36; i++)
        pairs[i] = 15;
    pairs[0] += 10, pairs[1] -= 10, pairs[2] += 7, pairs[3] -= 7, pairs[4] += 1, pairs[5] -= 1;
    adj_stats_even(pairs, ADJ_STATS_CELLS, &exact);  /* excess 300 */
    assert_true(exact);
    pairs[6] += 1, pairs[7] -= 1;  /* 302 */
    adj_stats_even(pairs, ADJ_STATS_CELLS, &exact);
    assert_false(exact);
    int64_t deck[6] = {60, 60, 60, 60, 60, 60};
    assert_true(adj_stats_even(deck, ADJ_STATS_FACES, &exact) == 0x1.d8b6f95820b0cp-21);
}

/* Hostile counts stay bounded: a huge archive, one face only, and the
 * most even 100,000 rolls (exact, excess 0) all return at once. */
static void test_even_never_runs_away(void **state)
{
    (void)state;
    bool exact;
    int64_t huge[6] = {INT64_C(1) << 40, 0, 0, 0, 0, 0};
    assert_true(adj_stats_even(huge, ADJ_STATS_FACES, &exact) == 1.0 && !exact);
    int64_t even[6] = {16666, 16667, 16667, 16667, 16667, 16666};
    double p = adj_stats_even(even, ADJ_STATS_FACES, &exact);
    assert_true(exact && p > 0 && p < 1e-10);
}

/* P(df/2, x/2) against mpmath's regularised gammainc: relative 1e-13 (1e-11
 * at 5000 degrees of freedom, where lgamma is 3e4), on both sides of the
 * switch from the series to the continued fraction at x/2 = df/2 + 1. */
static void test_chi2_lower_matches_reference_values(void **state)
{
    (void)state;
    static const struct { int64_t df; double x, want, tol; } v[] = {
        {5, 0.0667, 0x1.f4a1d53a55b9dp-15, 1e-13}, {5, 3.0, 0x1.3336e9bcf3c90p-2, 1e-13},
        {5, 1e-3, 0x1.ce342ddbbbf4dp-30, 1e-13},   {35, 10.0, 0x1.5e6a8ca03ce48p-17, 1e-13},
        {35, 40.0, 0x1.7c04142c000c8p-1, 1e-13},   {25, 4.2, 0x1.e4159e6dd86bfp-21, 1e-13},
        {5000, 4000.0, 0x1.d3516f8a3d87ap-89, 1e-11}, {5000, 5100.0, 0x1.aec6d2c3a44f4p-1, 1e-11},
        {1, 0.5, 0x1.0a7ef5c18edd2p-1, 1e-13},     {2, 3.0, 0x1.8dc1e236d28f9p-1, 1e-13},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        assert_rel(adj_stats_chi2_lower(v[i].df, v[i].x), v[i].want, v[i].tol);
    assert_true(adj_stats_chi2_lower(5, 0.0) == 0.0);
    assert_true(adj_stats_chi2_lower(5, 1e6) == 1.0);
    assert_true(adj_stats_chi2_lower(5, 1.6) == 0x1.947b913d35a0fp-4);
}

/* The inverse: the smallest double whose tail reaches p (against mpmath's
 * root of P = 1e-5); p = 1 is finite (where the tail rounds to 1). */
static void test_chi2_lower_inverse(void **state)
{
    (void)state;
    double x = adj_stats_chi2_lower_inv(5, 1e-5);
    assert_rel(x, 0.03248439915542489, 1e-12);
    assert_true(adj_stats_chi2_lower(5, x) >= 1e-5);
    assert_true(adj_stats_chi2_lower(5, nextafter(x, 0)) < 1e-5);
    double top = adj_stats_chi2_lower_inv(5, 1.0);
    assert_true(top > 50 && top < 200 && adj_stats_chi2_lower(5, top) == 1.0);
    assert_true(adj_stats_chi2_lower_inv(5, 0.0) == 0.0);
}

/* A game's score is the chi-square value of its exact p: [5]*6 has p
 * 0.000401823..., the chi-square (5) value of that tail is 0.144619...;
 * past the exact bounds, its chi2. */
static void test_game_score(void **state)
{
    (void)state;
    int64_t c[6] = {5, 5, 5, 5, 5, 5};
    double p;
    assert_rel(adj_stats_even_score(c, &p), 0.14461932222292248, 1e-12);
    assert_rel(p, 0x1.a5579d149426bp-12, 1e-13);
    int64_t past[6] = {121, 81, 110, 90, 99, 99};
    assert_true(adj_stats_even_score(past, &p) == adj_stats_chi2(past));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_is_within_two_ulps),
        cmocka_unit_test(test_lgamma_matches_reference_values),
        cmocka_unit_test(test_even_is_the_exact_multinomial_tail),
        cmocka_unit_test(test_even_pairs_is_exact),
        cmocka_unit_test(test_even_bounds_and_fallback),
        cmocka_unit_test(test_even_never_runs_away),
        cmocka_unit_test(test_chi2_lower_matches_reference_values),
        cmocka_unit_test(test_chi2_lower_inverse),
        cmocka_unit_test(test_game_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
