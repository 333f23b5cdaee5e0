/* SPDX-License-Identifier: MIT */
/*
 * stats_even.c - the dice audit's lower tails (SPEC 7, dice too even): the
 * exact chance that fair dice give counts at least as even as those seen,
 * the chi-square lower tail past the exact bounds, and its inverse for
 * combining games. See adj_stats.h.
 *
 * The exact tail is a dynamic programme over the cells, one at a time, on
 * (t, e): t the rolls given to the cells so far and e the excess over the
 * least sum of squares that any completion of those cells can reach. e
 * never falls as cells are added, so every state past the observed excess
 * b is dropped: the states left are the near-even ones, at most
 * (2 sqrt(b j (k-j) / k) + 3) (b + 1) after j cells. Each state carries the
 * probability of its counts relative to the most even vector's, so that no
 * number leaves the range of a double whatever n is.
 */
#include "adj_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "adj_mathfn.h"

/* ---- the chi-square lower tail ---- */

static double ev_abs(double v)
{
    return v < 0 ? -v : v;
}

/* P(a, y) by its series, for y < a + 1: y^a e^-y / Gamma(a+1) times
 * sum over k of y^k / ((a+1) ... (a+k)); every term positive. */
static double ev_gamma_series(double a, double y)
{
    double sum = 1.0, term = 1.0;
    for (int k = 1; k < 1000000 && term > sum * 0x1p-60; k++) {
        term = term * y / (a + k);
        sum = sum + term;
    }
    return adj_exp(a * adj_log(y) - y - adj_lgamma(a + 1)) * sum;
}

/* Q(a, y) by its continued fraction (Lentz's method), for y >= a + 1,
 * where Q < 1/2 and so 1 - Q loses nothing. */
static double ev_gamma_fraction(double a, double y)
{
    static const double TINY = 0x1p-1000;
    double b = y + 1 - a, c = 1 / TINY, d = 1 / b, h = d;
    for (int i = 1; i < 1000000; i++) {
        double an = -i * (i - a);
        b = b + 2;
        d = an * d + b;
        d = ev_abs(d) < TINY ? TINY : d;
        c = b + an / c;
        c = ev_abs(c) < TINY ? TINY : c;
        d = 1 / d;
        double delta = d * c;
        h = h * delta;
        if (ev_abs(delta - 1) < 0x1p-60)
            break;
    }
    return adj_exp(a * adj_log(y) - y - adj_lgamma(a)) * h;
}

double adj_stats_chi2_lower(int64_t df, double x)
{
    if (!(x > 0) || df <= 0)
        return x > 0 ? 1.0 : 0.0;
    double a = (double)df / 2, y = x / 2;
    double p = y < a + 1 ? ev_gamma_series(a, y) : 1 - ev_gamma_fraction(a, y);
    return p < 0 ? 0.0 : p < 1.0 ? p : 1.0;
}

double adj_stats_chi2_lower_inv(int64_t df, double p)
{
    if (!(p > 0))
        return 0.0;
    /* bisection on the bits of the positive doubles (ordered as integers):
     * lo has a tail below p, hi one at least p (1e300: the tail is 1) */
    uint64_t lo = 0, hi;
    double top = 1e300;
    memcpy(&hi, &top, sizeof hi);
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        double x;
        memcpy(&x, &mid, sizeof x);
        if (adj_stats_chi2_lower(df, x) >= p)
            hi = mid;
        else
            lo = mid;
    }
    double x;
    memcpy(&x, &hi, sizeof x);
    return x;
}

/* ---- the exact lower tail ---- */

/* The least sum of squares of r counts that add up to m: r - m % r of
 * them q = m / r and the others q + 1 (r = 0 holds only m = 0). */
static int64_t ev_least(int64_t r, int64_t m)
{
    if (r == 0)
        return 0;
    int64_t q = m / r, s = m % r;
    return r * q * q + s * (2 * q + 1);
}

/* The DP's shape: k cells, n rolls, the bound b; after j cells, t runs
 * over [lo[j], hi[j]]; a cell's count over [clo, chi]. */
typedef struct ev_dp_s {
    int k;
    int64_t n, b, q, s;         /* n = q k + s */
    int64_t lo[ADJ_STATS_CELLS], hi[ADJ_STATS_CELLS];
    int64_t clo, chi;
    double *g[2];               /* per count in [clo, chi]: its weight for a cell
                                   whose most even count is q (g[0]) or q + 1 (g[1]) */
} ev_dp_t;

/* The excess that t rolls in the first j cells force at least. */
static int64_t ev_forced(const ev_dp_t *dp, int j, int64_t t)
{
    return ev_least(j, t) + ev_least(dp->k - j, dp->n - t) - ev_least(dp->k, dp->n);
}

/* Each layer's range of t (the excess forced is convex in t, 0 at the
 * most even split), each cell's range of counts, and the weights: a
 * vector's probability is the most even one's times the product over
 * cells of c0! / c! (n/k)^(c - c0), every factor near 1 close to c0. */
static void ev_shape(ev_dp_t *dp)
{
    dp->q = dp->n / dp->k;
    dp->s = dp->n % dp->k;
    dp->lo[0] = dp->hi[0] = 0;  /* no cell yet: no roll */
    for (int j = 1; j < dp->k; j++) {
        int64_t mid = j * dp->q + (j < dp->s ? j : dp->s);
        dp->lo[j] = dp->hi[j] = mid;
        while (dp->lo[j] > 0 && ev_forced(dp, j, dp->lo[j] - 1) <= dp->b)
            dp->lo[j]--;
        while (dp->hi[j] < dp->n && ev_forced(dp, j, dp->hi[j] + 1) <= dp->b)
            dp->hi[j]++;
    }
    /* one cell's count c forces c^2 + least(k - 1, n - c) - least(k, n) */
    dp->clo = dp->n - dp->hi[dp->k - 1];
    dp->chi = dp->n - dp->lo[dp->k - 1];
    double lambda = (double)dp->n / dp->k;
    for (int h = 0; h < 2; h++) {
        int64_t c0 = dp->q + h;
        double *g = dp->g[h] = adj_xcalloc((size_t)(dp->chi - dp->clo + 1), sizeof *g);
        if (c0 < dp->clo || c0 > dp->chi)
            continue;  /* q + 1 when n % k == 0: no cell has it */
        g[c0 - dp->clo] = 1.0;
        for (int64_t c = c0 + 1; c <= dp->chi; c++)
            g[c - dp->clo] = g[c - 1 - dp->clo] * lambda / (double)c;
        for (int64_t c = c0 - 1; c >= dp->clo; c--)
            g[c - dp->clo] = g[c + 1 - dp->clo] * (double)(c + 1) / lambda;
    }
}

/* The probability of the most even vector, n! / (prod c0!) / k^n, as a
 * product of n factors r / (k l_r), l_r the r-th smallest of the numbers
 * 1..c0 of every cell: each factor at most 1, so it never overflows, and
 * never falls below the result. */
static double ev_most_even(const ev_dp_t *dp)
{
    double p = 1.0;
    for (int64_t r = 1; r <= dp->n; r++) {
        int64_t l = r <= dp->q * dp->k ? (r + dp->k - 1) / dp->k : dp->q + 1;
        p = p * ((double)r / (double)(dp->k * l));
    }
    return p;
}

/* Layer j (states (t, e), e <= b, row t - lo[j]) into layer j + 1: cell j
 * takes each count c its ranges allow. */
static void ev_step(const ev_dp_t *dp, int j, const double *cur, double *next)
{
    size_t width = (size_t)dp->b + 1;
    const double *g = dp->g[j < dp->s];
    for (int64_t t = dp->lo[j]; t <= dp->hi[j]; t++) {
        int64_t rem = dp->n - t, before = ev_least(dp->k - j, rem);
        const double *from = cur + (size_t)(t - dp->lo[j]) * width;
        for (int64_t c = dp->clo; c <= dp->chi && c <= rem; c++) {
            int64_t t2 = t + c;
            if (t2 < dp->lo[j + 1])
                continue;
            if (t2 > dp->hi[j + 1])
                break;
            int64_t inc = c * c + ev_least(dp->k - j - 1, rem - c) - before;
            if (inc > dp->b)
                continue;
            double w = g[c - dp->clo];
            double *to = next + (size_t)(t2 - dp->lo[j + 1]) * width + inc;
            for (int64_t e = 0; e + inc <= dp->b; e++)
                if (from[e] != 0)
                    to[e] = to[e] + from[e] * w;
        }
    }
}

/* The exact lower tail, P(sum of squares <= least + b). */
static double ev_exact(int k, int64_t n, int64_t b)
{
    ev_dp_t dp = {.k = k, .n = n, .b = b};
    ev_shape(&dp);
    size_t width = (size_t)b + 1;
    double *cur = adj_xcalloc(width, sizeof *cur);
    cur[0] = 1.0;  /* layer 0: t = 0, e = 0 */
    for (int j = 0; j + 1 < k; j++) {
        double *next = adj_xcalloc((size_t)(dp.hi[j + 1] - dp.lo[j + 1] + 1) * width,
                                   sizeof *next);
        ev_step(&dp, j, cur, next);
        free(cur);
        cur = next;
    }
    double sum = 0;  /* the last cell takes what is left, n - t */
    for (int64_t t = dp.lo[k - 1]; t <= dp.hi[k - 1]; t++) {
        const double *row = cur + (size_t)(t - dp.lo[k - 1]) * width;
        double w = dp.g[0][dp.n - t - dp.clo];
        for (size_t e = 0; e < width; e++)
            sum = sum + row[e] * w;
    }
    free(cur);
    free(dp.g[0]);
    free(dp.g[1]);
    double p = ev_most_even(&dp) * sum;
    return p < 1.0 ? p : 1.0;
}

double adj_stats_even(const int64_t *counts, int k, bool *exact)
{
    int64_t n = 0;
    unsigned __int128 squares = 0;
    for (int c = 0; c < k; c++) {
        n += counts[c];
        squares += (unsigned __int128)counts[c] * (unsigned __int128)counts[c];
    }
    *exact = false;
    if (n >= 1 && n <= ADJ_STATS_EVEN_MAX_N) {
        unsigned __int128 b = squares - (unsigned __int128)ev_least(k, n);
        *exact = b <= (unsigned __int128)adj_stats_even_max_excess(k);
        if (*exact)
            return ev_exact(k, n, (int64_t)b);
    }
    double chi2 = k == ADJ_STATS_FACES ? adj_stats_chi2(counts) : adj_stats_chi2_pairs(counts);
    return n ? adj_stats_chi2_lower(k - 1, chi2) : 1.0;
}

double adj_stats_even_score(const int64_t counts[ADJ_STATS_FACES], double *p)
{
    bool exact;
    *p = adj_stats_even(counts, ADJ_STATS_FACES, &exact);
    return exact ? adj_stats_chi2_lower_inv(ADJ_STATS_FACES - 1, *p) : adj_stats_chi2(counts);
}
