/* SPDX-License-Identifier: MIT */
/*
 * stats.c - the dice audit's arithmetic (SPEC 7). See adj_stats.h.
 */
#include "adj_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "adj_mathfn.h"

/* sum over k cells of (k count - n)^2, exact, over the one division by k n. */
static double chi2_cells(const int64_t *counts, int k)
{
    /* 128-bit so that no archive's count overflows the exact sum. */
    unsigned __int128 sum = 0;
    int64_t n = 0;
    for (int f = 0; f < k; f++)
        n += counts[f];
    for (int f = 0; f < k; f++) {
        __int128 d = (__int128)k * counts[f] - n;
        sum += (unsigned __int128)(d * d);
    }
    return (double)sum / ((double)k * (double)n);
}

double adj_stats_chi2(const int64_t counts[ADJ_STATS_FACES])
{
    return chi2_cells(counts, ADJ_STATS_FACES);
}

double adj_stats_chi2_pairs(const int64_t counts[ADJ_STATS_CELLS])
{
    return chi2_cells(counts, ADJ_STATS_CELLS);
}

/* Q for odd degrees of freedom 2K+3: erfc(sqrt(x/2)) + sqrt(2x/pi) e^(-x/2)
 * sum for k = 0..K of x^k / (1 * 3 * ... * (2k+1)), capped at 1. */
static double q_odd(double x, int terms)
{
    static const double pi = 3.14159265358979323846;
    if (x <= 0)
        return 1.0;
    double sum = 1.0, term = 1.0;
    for (int k = 1; k <= terms; k++) {
        term = term * x / (2 * k + 1);
        sum = sum + term;
    }
    double q = adj_erfc(sqrt(x / 2)) + sqrt(2 * x / pi) * adj_exp(-x / 2) * sum;
    return q < 1.0 ? q : 1.0;
}

double adj_stats_q5(double x)
{
    return q_odd(x, 1);
}

double adj_stats_q35(double x)
{
    return q_odd(x, 16);
}

/* Pearson's residual reaches 3 in absolute value: |k c - n| / k >= 3
 * sqrt(n / k), squared and in integers: (k c - n)^2 >= 9 k n. */
bool adj_stats_residual_off(int64_t count, int64_t n, int k)
{
    __int128 d = (__int128)k * count - n;
    return d * d >= (__int128)9 * k * n;
}

double adj_stats_repeat_p(unsigned __int128 pairs, int64_t len)
{
    double p = (double)pairs;
    for (int64_t i = 0; i < len && p > 0; i++)
        p = p / 6;
    return p < 1.0 ? p : 1.0;
}

/* Stable merge sort of row indices by p (ties stay in row order), bottom
 * up: idx and tmp each hold m indices. An archive may hold thousands of
 * rows, so no n^2 sort. */
static void rank_rows(const double *p, size_t *idx, size_t *tmp, size_t m)
{
    for (size_t i = 0; i < m; i++)
        idx[i] = i;
    for (size_t width = 1; width < m; width *= 2) {
        for (size_t lo = 0; lo < m; lo += 2 * width) {
            size_t mid = lo + width < m ? lo + width : m;
            size_t hi = mid + width < m ? mid + width : m;
            size_t a = lo, b = mid, o = lo;
            while (a < mid && b < hi)
                tmp[o++] = p[idx[b]] < p[idx[a]] ? idx[b++] : idx[a++];
            while (a < mid)
                tmp[o++] = idx[a++];
            while (b < hi)
                tmp[o++] = idx[b++];
        }
        for (size_t i = 0; i < m; i++)
            idx[i] = tmp[i];
    }
}

void adj_stats_bh(const double *p, double *adjusted, size_t *scratch, size_t m)
{
    rank_rows(p, scratch, scratch + m, m);
    double running = 1.0;
    for (size_t rank = m; rank >= 1; rank--) {
        size_t row = scratch[rank - 1];
        double q = (double)m * p[row] / (double)rank;
        if (q < running)
            running = q;
        adjusted[row] = running;
    }
}

void adj_stats_put_double(adj_buf_t *out, double v)
{
    char text[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(text, sizeof text, "%.*g", prec, v);
        if (strtod(text, NULL) == v)
            break;
    }
    adj_buf_puts(out, text);
}
