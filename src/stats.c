/*
 * stats.c - the dice audit's arithmetic (SPEC 7). See adj_stats.h.
 */
#include "adj_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double adj_stats_chi2(const int64_t counts[ADJ_STATS_FACES])
{
    /* 128-bit so that no archive's count overflows the exact sum. */
    unsigned __int128 sum = 0;
    int64_t n = 0;
    for (int f = 0; f < ADJ_STATS_FACES; f++)
        n += counts[f];
    for (int f = 0; f < ADJ_STATS_FACES; f++) {
        __int128 d = (__int128)6 * counts[f] - n;
        sum += (unsigned __int128)(d * d);
    }
    return (double)sum / (6.0 * (double)n);
}

double adj_stats_q5(double x)
{
    static const double pi = 3.14159265358979323846;
    if (x <= 0)
        return 1.0;
    return erfc(sqrt(x / 2)) + sqrt(2 * x / pi) * exp(-x / 2) * (1 + x / 3);
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
