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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
