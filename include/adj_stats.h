/* SPDX-License-Identifier: MIT */
/*
 * adj_stats.h - the arithmetic of the dice audit (SPEC 7): the chi-square
 * statistic of six face counts (or 36 pair counts), its p-value with 5 (or
 * 35) degrees of freedom, the repeat bound, Pearson's residuals,
 * Benjamini-Hochberg adjustment, and doubles printed so they read back.
 *
 * Pure functions of their arguments: no allocation, no global state. exp
 * and erfc are the project's own (adj_mathfn.h), so every build (native on
 * any C library, or WebAssembly) gives the same doubles.
 */
#ifndef ADJ_STATS_H
#define ADJ_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "adj_common.h"

#define ADJ_STATS_FACES 6
#define ADJ_STATS_MIN_N 30 /* n >= 30: every face expects at least 5 */
#define ADJ_STATS_CELLS 36 /* pairs of faces (1,1), (1,2), ..., (6,6) */
#define ADJ_STATS_MIN_PAIRS 180 /* n >= 180: every cell expects at least 5 */

/* sum of (count - n/6)^2 / (n/6), computed as an exact integer
 * (sum of (6 count - n)^2) over the one division by 6n. n must be > 0. */
double adj_stats_chi2(const int64_t counts[ADJ_STATS_FACES]);

/* The same over the 36 cells of pairs: (sum of (36 count - n)^2) / (36 n). */
double adj_stats_chi2_pairs(const int64_t counts[ADJ_STATS_CELLS]);

/* The chance that a chi-square variable with 5 degrees of freedom is at
 * least x (x >= 0): erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) (1 + x/3),
 * capped at 1. */
double adj_stats_q5(double x);

/* The same with 35 degrees of freedom: the sum runs over k = 0..16 of
 * x^k / (1 * 3 * ... * (2k+1)). */
double adj_stats_q35(double x);

/* True when (count - n/k) / sqrt(n/k) is at least 3 in absolute value
 * (k = 6 for faces, 36 for pairs), decided in exact integers. */
bool adj_stats_residual_off(int64_t count, int64_t n, int k);

/* The repeat row's bound: min(1, pairs / 6 / 6 / ... / 6), divided len
 * times. */
double adj_stats_repeat_p(unsigned __int128 pairs, int64_t len);

/* Benjamini-Hochberg: p[0..m) in row order; adjusted[i] receives row i's
 * adjusted value. Rows are ranked by p ascending, ties in row order; rank
 * i gets min over ranks j >= i of m p_j / j, capped at 1. `scratch` holds 2m
 * indices (caller-owned, so this never allocates). */
void adj_stats_bh(const double *p, double *adjusted, size_t *scratch, size_t m);

/* ---- too even (stats_even.c) ---- */

/* The exact lower tail is computed when n is at most this and the counts'
 * sum of squares is at most the least possible (every count n/k rounded)
 * plus adj_stats_even_max_excess(k): the work then stays under about 3e7
 * steps and 1 MB whatever the counts. Past it, the chi-square lower tail. */
#define ADJ_STATS_EVEN_MAX_N 100000
#define ADJ_STATS_EVEN_MAX_EXCESS 1000       /* faces: k = 6 */
#define ADJ_STATS_EVEN_MAX_EXCESS_PAIRS 300  /* pairs: k = 36 */
#define adj_stats_even_max_excess(k) \
    ((k) == ADJ_STATS_FACES ? ADJ_STATS_EVEN_MAX_EXCESS : ADJ_STATS_EVEN_MAX_EXCESS_PAIRS)

/* The chance that fair dice give k counts (k = 6 faces or 36 pairs) at
 * least as even as these: a sum of squares at most theirs (so a chi-square
 * at most theirs), exactly (the multinomial distribution) within the
 * bounds above, else adj_stats_chi2_lower(k - 1, chi2). *exact says which.
 * 1 for n = 0. */
double adj_stats_even(const int64_t *counts, int k, bool *exact);

/* The chance that a chi-square variable with df degrees of freedom is at
 * most x: the regularised lower incomplete gamma P(df/2, x/2), by its
 * series for x/2 < df/2 + 1 (never as 1 - Q, where Q would cancel), and
 * past that as 1 - Q by Q's continued fraction (P > 1/2 there). */
double adj_stats_chi2_lower(int64_t df, double x);

/* Its inverse: the smallest double x >= 0 with adj_stats_chi2_lower(df, x)
 * >= p (a bisection on the doubles' bits, 63 steps; 0 for p <= 0). */
double adj_stats_chi2_lower_inv(int64_t df, double p);

/* One game's evenness as a chi-square value with 5 degrees of freedom, for
 * summing over games: the value whose lower tail is the game's exact
 * adj_stats_even p (so that a sum of them is never more even than fair
 * dice make it: Lancaster's combination of discrete p-values), or the
 * game's chi2 itself past the exact bounds. *p receives the game's p. */
double adj_stats_even_score(const int64_t counts[ADJ_STATS_FACES], double *p);

/* Append v in the shortest "%.*g" form that strtod reads back as v
 * (finite v only). */
void adj_stats_put_double(adj_buf_t *out, double v);

#endif
