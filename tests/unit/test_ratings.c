/* SPDX-License-Identifier: MIT */
/*
 * test_ratings.c - Glicko-2 (src/report/ratings.c): Glickman's example in
 * double precision, a draw, a period with no game, the gaps between
 * periods, and a season's result whatever order its games come in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "ratings.h"

static const adj_glicko_t start = {1500, 200, 0.06};

/* Glickman's "Example of the Glicko-2 system": he prints 1464.06, 151.52 and
 * 0.05999 from rounded intermediate values; in double precision the same
 * steps give 1464.0507, 151.5165 and 0.0599960. */
static void test_glickman_example(void **state)
{
    (void)state;
    adj_glicko_t opp[] = {{1400, 30, 0.06}, {1550, 100, 0.06}, {1700, 300, 0.06}};
    double score[] = {1, 0, 0};
    adj_glicko_t g = adj_glicko_update(start, opp, score, 3, 0.5);
    assert_float_equal(g.rating, 1464.0507, 1e-4);
    assert_float_equal(g.rd, 151.5165, 1e-4);
    assert_float_equal(g.vol, 0.0599960, 1e-7);
    /* and the printed values, to 0.01 */
    assert_float_equal(g.rating, 1464.06, 0.01);
    assert_float_equal(g.rd, 151.52, 0.01);
}

/* A draw between equals moves neither rating and narrows both RDs. */
static void test_draw_between_equals(void **state)
{
    (void)state;
    adj_glicko_t opp = start;
    double half = 0.5;
    adj_glicko_t g = adj_glicko_update(start, &opp, &half, 1, 0.5);
    assert_float_equal(g.rating, 1500.0, 1e-9);
    assert_true(g.rd < 200.0);
    /* a draw against a stronger player gains */
    adj_glicko_t strong = {1700, 50, 0.06};
    g = adj_glicko_update(start, &strong, &half, 1, 0.5);
    assert_true(g.rating > 1500.0);
}

/* A period with no game: the RD widens to sqrt(phi^2 + sigma^2), nothing else. */
static void test_no_game_widens_rd(void **state)
{
    (void)state;
    adj_glicko_t g = adj_glicko_update(start, NULL, NULL, 0, 0.5);
    assert_float_equal(g.rating, 1500.0, 0);
    assert_float_equal(g.vol, 0.06, 0);
    double phi = 200 / 173.7178;
    assert_float_equal(g.rd, sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
    assert_true(g.rd > 200.0);
}

/* A season: player 2 sits out round 2 and round 3 holds no game; his RD at
 * the end is widened for rounds 2, 3 and 4, and player 0's for round 3. */
static void test_season_periods_and_gaps(void **state)
{
    (void)state;
    adj_rated_game_t games[] = {
        {1, 0, 1, 1}, {1, 1, 2, 0.5}, {2, 0, 1, 0}, {4, 0, 1, 1}};
    adj_ratings_t r;
    adj_glicko_t init = {1500, 350, 0.06};
    adj_ratings_run(&r, games, 4, 3, init, 0.5);
    assert_int_equal(r.periods, 3);
    assert_int_equal(r.period[0], 1);
    assert_int_equal(r.period[1], 2);
    assert_int_equal(r.period[2], 4);
    assert_int_equal(r.period_games[0], 2);
    assert_int_equal(r.games[0], 3);
    assert_int_equal(r.games[1], 4);
    assert_int_equal(r.games[2], 1);
    assert_int_equal(r.point_start[3] - r.point_start[2], 1);  /* player 2: round 1 only */
    assert_int_equal(r.point_start[1] - r.point_start[0], 3);
    adj_glicko_t after1 = r.points[r.point_start[2]].g;
    double phi = after1.rd / 173.7178;
    assert_float_equal(r.final[2].rd, sqrt(phi * phi + 3 * after1.vol * after1.vol) * 173.7178,
                       1e-9);
    assert_float_equal(r.final[2].rating, after1.rating, 0);
    /* player 0 in round 4 is rated from his round-2 rating widened once (round 3) */
    adj_glicko_t p0 = r.points[r.point_start[0] + 1].g, p1 = r.points[r.point_start[1] + 1].g;
    adj_glicko_t w0 = adj_glicko_update(p0, NULL, NULL, 0, 0.5);
    adj_glicko_t w1 = adj_glicko_update(p1, NULL, NULL, 0, 0.5);
    double one = 1;
    adj_glicko_t want = adj_glicko_update(w0, &w1, &one, 1, 0.5);
    assert_float_equal(r.final[0].rating, want.rating, 1e-9);
    assert_float_equal(r.final[0].rd, want.rd, 1e-9);
    adj_ratings_free(&r);
}

/* The same games in any order: the same result, bit for bit. */
static void test_input_order_does_not_matter(void **state)
{
    (void)state;
    enum { N = 40, P = 7 };
    adj_rated_game_t games[N], shuffled[N];
    unsigned seed = 12345;
    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        size_t a = (seed >> 8) % P, b = (a + 1 + (seed >> 16) % (P - 1)) % P;
        games[i] = (adj_rated_game_t){1 + (seed >> 4) % 5, a, b, ((seed >> 12) % 3) / 2.0};
    }
    for (int i = 0; i < N; i++)
        shuffled[i] = games[(i * 17) % N];
    /* and each game turned round: b's loss is a's win */
    for (int i = 0; i < N; i += 3)
        shuffled[i] = (adj_rated_game_t){shuffled[i].period, shuffled[i].b, shuffled[i].a,
                                         1.0 - shuffled[i].score_a};
    adj_ratings_t x, y;
    adj_glicko_t init = {1500, 350, 0.06};
    adj_ratings_run(&x, games, N, P, init, 0.5);
    adj_ratings_run(&y, shuffled, N, P, init, 0.5);
    assert_int_equal(x.periods, y.periods);
    assert_memory_equal(x.final, y.final, P * sizeof *x.final);
    assert_memory_equal(x.point_start, y.point_start, (P + 1) * sizeof *x.point_start);
    assert_memory_equal(x.points, y.points, x.point_start[P] * sizeof *x.points);
    adj_ratings_free(&x);
    adj_ratings_free(&y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glickman_example),
        cmocka_unit_test(test_draw_between_equals),
        cmocka_unit_test(test_no_game_widens_rd),
        cmocka_unit_test(test_season_periods_and_gaps),
        cmocka_unit_test(test_input_order_does_not_matter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
