/* SPDX-License-Identifier: MIT */
/*
 * adj_mathfn.h - exp and erfc, the project's own (SPEC 7, "Same numbers
 * everywhere"): the dice audit's p-values must be the same bytes in every
 * build, native on any C library and in the page, so they never come from
 * the platform's libm, whose last bits differ. Written from the math:
 *
 *   exp(x)  = 2^k e^r, k = round(x / ln 2), r = x - k ln 2 in two parts
 *             (Cody-Waite), e^r by its Taylor series to degree 14 (|r| <= 0.35:
 *             the first term left out is below 2^-60 of the sum).
 *   erfc(x) = 1 - (2/sqrt(pi)) e^(-x^2) sum_n (2x^2)^n x / (1*3*...*(2n+1))
 *             for 0 <= x < 1.5 (every term positive: no cancellation inside
 *             the sum), and e^(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/
 *             (x + ...)))) from 1.5 up, the continued fraction evaluated
 *             from a fixed depth (120) inward; 2 - erfc(-x) below 0.
 *
 *   log(x)  = e ln 2 + 2 atanh(s), x = m 2^e with sqrt(1/2) <= m < sqrt(2),
 *             s = (m - 1)/(m + 1) (|s| < 0.172), atanh by its odd series to
 *             s^25 (the first term left out is below 2^-60 of the sum);
 *             ln 2 in two parts as for exp.
 *   lgamma(x) = log Gamma(x) for x > 0: shifted up to z = x + j >= 10 by
 *             Gamma(x) = Gamma(z) / (x (x+1) ... (z-1)), then Stirling's
 *             series (z - 1/2) log z - z + log(2 pi)/2 + sum B_2i /
 *             (2i (2i-1) z^(2i-1)) to i = 8 (the next term is below 1e-17).
 *
 * Only +, -, *, / and sqrt (correctly rounded by IEEE 754 everywhere) are
 * used, in a fixed order; the project builds with -ffp-contract=off so
 * that no compiler fuses them, and mathfn.c refuses to compile where
 * FLT_EVAL_METHOD is not 0 (x87 excess precision). Accuracy: within a few
 * units in the last place of exp and log, a relative 1e-13 of erfc up to
 * x = 27 (where erfc underflows to 0), and an absolute 1e-13 of lgamma up to
 * x = 1e6 (relative 1e-15 past x = 3).
 */
#ifndef ADJ_MATHFN_H
#define ADJ_MATHFN_H

double adj_exp(double x);
double adj_erfc(double x);
double adj_log(double x);     /* x > 0; 0 gives -HUGE_VAL, x < 0 NaN */
double adj_lgamma(double x);  /* x > 0; else NaN */

#endif
