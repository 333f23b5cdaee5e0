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

/* Append v in the shortest "%.*g" form that strtod reads back as v
 * (finite v only). */
void adj_stats_put_double(adj_buf_t *out, double v);

#endif
