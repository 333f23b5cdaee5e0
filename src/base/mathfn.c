/* SPDX-License-Identifier: MIT */
/*
 * mathfn.c - exp and erfc written from the math (SPEC 7). See adj_mathfn.h.
 */
#include "adj_mathfn.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "the dice audit's numbers need FLT_EVAL_METHOD 0 (no excess precision): build for SSE2 or wasm"
#endif

/* 2^k for -1022 <= k <= 1023, from its bits (no libm). */
static double pow2(int k)
{
    uint64_t bits = (uint64_t)(k + 1023) << 52;
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

double adj_exp(double x)
{
    /* ln 2 split so that k * LN2_HI is exact for |k| < 2^11: LN2_HI is ln 2
     * cut to 32 significant bits, LN2_LO the rest rounded. */
    static const double LN2_HI = 0x1.62e42feep-1;
    static const double LN2_LO = 0x1.a39ef35793c76p-33;
    static const double INV_LN2 = 0x1.71547652b82fep0;
    if (x != x)
        return x;
    if (x > 709.782712893384)
        return HUGE_VAL;
    if (x < -745.2)
        return 0.0;
    double kf = x * INV_LN2;
    int k = (int)(kf < 0 ? kf - 0.5 : kf + 0.5);
    double r = (x - k * LN2_HI) - k * LN2_LO;
    /* e^r = 1 + r (1 + r/2 (1 + r/3 (... (1 + r/14)))) */
    double s = 1.0;
    for (int n = 14; n >= 1; n--)
        s = 1.0 + r * s / n;
    if (k > 1023)
        return s * pow2(1023) * pow2(k - 1023);
    if (k >= -1021)
        return s * pow2(k);
    return (s * pow2(k + 60)) * pow2(-60);  /* one rounding, into the subnormals */
}

/* erf(x) for 0 <= x < 1.5: (2/sqrt(pi)) e^(-x^2) x sum_n (2x^2)^n / (3*5*...*(2n+1)). */
static double erf_series(double x)
{
    static const double TWO_OVER_SQRT_PI = 0x1.20dd750429b6dp0;
    double x2 = x * x;
    double term = x, sum = x;
    for (int n = 1; n < 200 && term > sum * 0x1p-60; n++) {
        term = term * (2.0 * x2) / (2 * n + 1);
        sum = sum + term;
    }
    return TWO_OVER_SQRT_PI * adj_exp(-x2) * sum;
}

/* erfc(x) for x >= 1.5: the continued fraction, from depth 120 inward. */
static double erfc_fraction(double x)
{
    static const double INV_SQRT_PI = 0x1.20dd750429b6dp-1;
    double f = x;
    for (int n = 120; n >= 1; n--)
        f = x + (n * 0.5) / f;
    return INV_SQRT_PI * adj_exp(-(x * x)) / f;
}

double adj_erfc(double x)
{
    if (x != x)
        return x;
    if (x < 0)
        return 2.0 - adj_erfc(-x);
    if (x < 1.5)
        return 1.0 - erf_series(x);
    if (x > 27.3)
        return 0.0;  /* below the smallest subnormal */
    return erfc_fraction(x);
}

double adj_log(double x)
{
    static const double LN2_HI = 0x1.62e42feep-1;  /* as in adj_exp */
    static const double LN2_LO = 0x1.a39ef35793c76p-33;
    static const double SQRT2 = 0x1.6a09e667f3bcdp0;
    if (x != x || x < 0)
        return x != x ? x : (x - x) / (x - x);  /* NaN */
    if (x == 0)
        return -HUGE_VAL;
    if (x > DBL_MAX)
        return x;
    int e = 0;
    if (x < DBL_MIN) {  /* a subnormal: scaled into the normals, exactly */
        x = x * pow2(60);
        e = -60;
    }
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    e += (int)(bits >> 52) - 1023;
    bits = (bits & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1023) << 52);
    double m;  /* in [1, 2), then [sqrt(1/2), sqrt(2)) */
    memcpy(&m, &bits, sizeof m);
    if (m > SQRT2) {
        m = m / 2;
        e++;
    }
    double s = (m - 1) / (m + 1), s2 = s * s;
    /* atanh(s) / s = 1 + s^2/3 + s^4/5 + ... + s^24/25, by Horner */
    double sum = 1.0 / 25;
    for (int i = 11; i >= 0; i--)
        sum = 1.0 / (2 * i + 1) + s2 * sum;
    return (e * LN2_LO + 2 * s * sum) + e * LN2_HI;
}

double adj_lgamma(double x)
{
    static const double HALF_LOG_2PI = 0x1.d67f1c864beb5p-1;
    /* B_2i / (2i (2i - 1)) for i = 1..8 */
    static const double STIRLING[] = {1.0 / 12,         -1.0 / 360,  1.0 / 1260,
                                      -1.0 / 1680,      1.0 / 1188,  -691.0 / 360360,
                                      1.0 / 156,        -3617.0 / 122400};
    if (!(x > 0))
        return (x - x) / (x - x);  /* NaN, for NaN and x <= 0 */
    if (x > DBL_MAX)
        return x;
    double shift = 1.0, z = x;
    while (z < 10) {  /* at most 10 steps: the product stays finite and nonzero */
        shift = shift * z;
        z = z + 1;
    }
    double inv = 1 / z, inv2 = inv * inv, series = 0;
    for (int i = 7; i >= 0; i--)
        series = STIRLING[i] + inv2 * series;
    double lz = adj_log(z);
    double g = ((z - 0.5) * lz - z) + (HALF_LOG_2PI + series * inv);
    return shift == 1.0 ? g : g - adj_log(shift);
}
