/* SPDX-License-Identifier: MIT */
/*
 * ratings.c - Glicko-2 over a season (ratings.h): one player's period as
 * Glickman's example computes it, then the season's periods in one
 * canonical order.
 */
#include "ratings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "adj_common.h"
#include "adj_mathfn.h"

#define RATINGS_SCALE 173.7178
#define RATINGS_PI 3.14159265358979323846
#define RATINGS_EPSILON 0.000001
#define RATINGS_MAX_STEPS 200  /* the Illinois loop and the bracket's search, bounded */

static double ratings_g(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (RATINGS_PI * RATINGS_PI));
}

/* Step 5's f(x). */
static double ratings_f(double x, double delta2, double phi2, double v, double a, double tau)
{
    double ex = adj_exp(x);
    double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double ratings_volatility(double sigma, double delta, double phi, double v, double tau)
{
    double a = adj_log(sigma * sigma), delta2 = delta * delta, phi2 = phi * phi;
    double A = a, B;
    if (delta2 > phi2 + v) {
        B = adj_log(delta2 - phi2 - v);
    } else {
        int k = 1;
        while (k < RATINGS_MAX_STEPS && ratings_f(a - k * tau, delta2, phi2, v, a, tau) < 0)
            k++;
        B = a - k * tau;
    }
    double fA = ratings_f(A, delta2, phi2, v, a, tau), fB = ratings_f(B, delta2, phi2, v, a, tau);
    for (int i = 0; i < RATINGS_MAX_STEPS && fabs(B - A) > RATINGS_EPSILON; i++) {
        double C = A + (A - B) * fA / (fB - fA);
        double fC = ratings_f(C, delta2, phi2, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA = fA / 2.0;
        }
        B = C;
        fB = fC;
    }
    return adj_exp(A / 2.0);
}

adj_glicko_t adj_glicko_update(adj_glicko_t me, const adj_glicko_t *opp, const double *score,
                               size_t n, double tau)
{
    double mu = (me.rating - 1500.0) / RATINGS_SCALE, phi = me.rd / RATINGS_SCALE;
    if (n == 0) {
        me.rd = sqrt(phi * phi + me.vol * me.vol) * RATINGS_SCALE;
        return me;
    }
    double vinv = 0, sum = 0;
    for (size_t j = 0; j < n; j++) {
        double muj = (opp[j].rating - 1500.0) / RATINGS_SCALE, phij = opp[j].rd / RATINGS_SCALE;
        double g = ratings_g(phij);
        double E = 1.0 / (1.0 + adj_exp(-g * (mu - muj)));
        vinv += g * g * E * (1.0 - E);
        sum += g * (score[j] - E);
    }
    double v = 1.0 / vinv, delta = v * sum;
    double sigma = ratings_volatility(me.vol, delta, phi, v, tau);
    double phistar = sqrt(phi * phi + sigma * sigma);
    double phinew = 1.0 / sqrt(1.0 / (phistar * phistar) + 1.0 / v);
    double munew = mu + phinew * phinew * sum;
    return (adj_glicko_t){munew * RATINGS_SCALE + 1500.0, phinew * RATINGS_SCALE, sigma};
}

/* ---- the season ---- */

/* One side of a game: the player, his opponent, his score. */
typedef struct ratings_side_s {
    int64_t period;
    size_t me, opp;
    double score;
} ratings_side_t;

static int ratings_side_cmp(const void *x, const void *y)
{
    const ratings_side_t *p = x, *q = y;
    if (p->period != q->period)
        return p->period < q->period ? -1 : 1;
    if (p->me != q->me)
        return p->me < q->me ? -1 : 1;
    if (p->opp != q->opp)
        return p->opp < q->opp ? -1 : 1;
    return p->score < q->score ? -1 : p->score > q->score;
}

/* Player p's RD widened for the `k` periods he sat out. */
static void ratings_widen(adj_glicko_t *g, int64_t k)
{
    if (k <= 0)
        return;
    double phi = g->rd / RATINGS_SCALE;
    g->rd = sqrt(phi * phi + (double)k * g->vol * g->vol) * RATINGS_SCALE;
}

/* The period of sides[i..j), every player's rating `cur` brought up to it
 * (last[p]: the period he was last rated in), written into next[]. */
static void ratings_period(const ratings_side_t *sides, size_t i, size_t j, adj_glicko_t *cur,
                           adj_glicko_t *next, int64_t *last, unsigned char *joined,
                           adj_glicko_t initial, double tau, adj_glicko_t *opp, double *score)
{
    int64_t period = sides[i].period;
    for (size_t k = i; k < j; k++) {
        size_t p = sides[k].me;
        if (!joined[p]) {
            joined[p] = 1;
            cur[p] = initial;
            last[p] = period - 1;
        } else if (last[p] < period - 1) {
            ratings_widen(&cur[p], period - 1 - last[p]);
            last[p] = period - 1;
        }
    }
    for (size_t k = i; k < j;) {
        size_t p = sides[k].me, n = 0;
        for (; k < j && sides[k].me == p; k++, n++) {
            opp[n] = cur[sides[k].opp];
            score[n] = sides[k].score;
        }
        next[p] = adj_glicko_update(cur[p], opp, score, n, tau);
    }
}

/* Points and finals into out, from the sides in (period, player) order. */
static void ratings_points(adj_ratings_t *out, const ratings_side_t *sides, size_t ns)
{
    size_t np = 0;
    for (size_t k = 0; k < ns; k++)
        if (k == 0 || sides[k].me != sides[k - 1].me || sides[k].period != sides[k - 1].period)
            out->point_start[sides[k].me + 1]++, np++;
    for (size_t p = 0; p < out->players; p++)
        out->point_start[p + 1] += out->point_start[p];
    out->points = adj_xcalloc(np ? np : 1, sizeof *out->points);
}

void adj_ratings_run(adj_ratings_t *out, const adj_rated_game_t *games, size_t n, size_t players,
                     adj_glicko_t initial, double tau)
{
    memset(out, 0, sizeof *out);
    out->players = players;
    size_t ns = 2 * n;
    ratings_side_t *sides = adj_xcalloc(ns ? ns : 1, sizeof *sides);
    for (size_t k = 0; k < n; k++) {
        sides[2 * k] = (ratings_side_t){games[k].period, games[k].a, games[k].b, games[k].score_a};
        sides[2 * k + 1] = (ratings_side_t){games[k].period, games[k].b, games[k].a,
                                            1.0 - games[k].score_a};
    }
    qsort(sides, ns, sizeof *sides, ratings_side_cmp);
    size_t cap = players ? players : 1;
    out->final = adj_xcalloc(cap, sizeof *out->final);
    out->games = adj_xcalloc(cap, sizeof *out->games);
    out->point_start = adj_xcalloc(players + 1, sizeof *out->point_start);
    out->period = adj_xcalloc(ns ? ns : 1, sizeof *out->period);
    out->period_games = adj_xcalloc(ns ? ns : 1, sizeof *out->period_games);
    ratings_points(out, sides, ns);
    adj_glicko_t *cur = adj_xcalloc(cap, sizeof *cur), *next = adj_xcalloc(cap, sizeof *next);
    adj_glicko_t *opp = adj_xcalloc(ns ? ns : 1, sizeof *opp);
    double *score = adj_xcalloc(ns ? ns : 1, sizeof *score);
    int64_t *last = adj_xcalloc(cap, sizeof *last);
    unsigned char *joined = adj_xcalloc(cap, 1);
    size_t *fill = adj_xcalloc(cap, sizeof *fill);
    for (size_t i = 0; i < ns;) {
        size_t j = i;
        while (j < ns && sides[j].period == sides[i].period)
            j++;
        size_t pi = out->periods++;
        out->period[pi] = sides[i].period;
        out->period_games[pi] = (j - i) / 2;
        ratings_period(sides, i, j, cur, next, last, joined, initial, tau, opp, score);
        for (size_t k = i; k < j; k++) {
            size_t p = sides[k].me;
            out->games[p]++;
            if (k + 1 < j && sides[k + 1].me == p)
                continue;
            cur[p] = next[p];
            last[p] = sides[i].period;
            out->points[out->point_start[p] + fill[p]++] = (adj_rating_point_t){pi, cur[p]};
        }
        i = j;
    }
    int64_t end = out->periods ? out->period[out->periods - 1] : 0;
    for (size_t p = 0; p < players; p++) {
        out->final[p] = joined[p] ? cur[p] : initial;
        if (joined[p])
            ratings_widen(&out->final[p], end - last[p]);
    }
    free(sides);
    free(cur);
    free(next);
    free(opp);
    free(score);
    free(last);
    free(joined);
    free(fill);
}

void adj_ratings_free(adj_ratings_t *r)
{
    free(r->period);
    free(r->period_games);
    free(r->final);
    free(r->games);
    free(r->point_start);
    free(r->points);
    memset(r, 0, sizeof *r);
}
