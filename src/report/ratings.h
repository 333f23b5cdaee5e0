/* SPDX-License-Identifier: MIT */
/*
 * ratings.h - Glicko-2 ratings over a season (docs/ladder.md, "Ratings over
 * a season"), pure: no file, no log, no output. Glickman's "Example of the
 * Glicko-2 system" (2013), step by step, on the Glicko-2 scale
 *
 *   mu = (r - 1500) / 173.7178,   phi = RD / 173.7178
 *   g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)
 *   E      = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))
 *   v      = 1 / sum g(phi_j)^2 E (1 - E)
 *   delta  = v sum g(phi_j) (s_j - E)
 *   sigma' by the Illinois algorithm on f(x) (step 5, epsilon 1e-6)
 *   phi*   = sqrt(phi^2 + sigma'^2),  phi' = 1 / sqrt(1 / phi*^2 + 1 / v)
 *   mu'    = mu + phi'^2 sum g(phi_j) (s_j - E)
 *
 * A player who plays no game in a period keeps mu and sigma, and his phi
 * widens to sqrt(phi^2 + sigma^2). exp and log are adj_exp and adj_log
 * (adj_mathfn.h), so that every build prints the same bytes; sqrt is
 * IEEE's, correctly rounded everywhere.
 *
 * A season is games, each in a period (a round, or a month as a number)
 * between two players given by index, with the first player's score (1, 0.5
 * or 0). adj_ratings_run sorts them into one canonical order first, so the
 * result does not depend on the order the games were given in.
 */
#ifndef ADJ_RATINGS_H
#define ADJ_RATINGS_H

#include <stddef.h>
#include <stdint.h>

/* A rating on the Glicko scale: rating, RD, volatility. */
typedef struct adj_glicko_s {
    double rating, rd, vol;
} adj_glicko_t;

/* One player's period: his rating before it (on the Glicko scale), his
 * games' opponents' ratings before it, and his scores. n == 0: the RD
 * widens only. tau is the system constant (> 0). */
adj_glicko_t adj_glicko_update(adj_glicko_t me, const adj_glicko_t *opp, const double *score,
                               size_t n, double tau);

/* One rated game. */
typedef struct adj_rated_game_s {
    int64_t period;   /* the round, or year * 12 + month - 1 */
    size_t a, b;      /* the players' indexes, a != b */
    double score_a;   /* 1, 0.5 or 0: a's result; b's is 1 - score_a */
} adj_rated_game_t;

/* A player's rating after a period he played in. */
typedef struct adj_rating_point_s {
    size_t period;            /* the index in adj_ratings_t.period */
    adj_glicko_t g;
} adj_rating_point_t;

/* The season's result: the periods that hold a game, ascending; for each
 * player his games rated, his rating after each period he played in (his
 * points, point_start[p] to point_start[p + 1]) and after the season's last
 * period (`final`: the RD widened for the periods since his last game). A
 * player with no game has no point and `final` is `initial`. */
typedef struct adj_ratings_s {
    size_t players, periods;
    int64_t *period;             /* owned: [periods] */
    size_t *period_games;        /* owned: [periods]: the games rated in each */
    adj_glicko_t *final;         /* owned: [players] */
    size_t *games;               /* owned: [players] */
    size_t *point_start;         /* owned: [players + 1] */
    adj_rating_point_t *points;  /* owned: [point_start[players]] */
} adj_ratings_t;

/* Rate `n` games among `players` players, each
 * starting at `initial` in the first period he plays in. Every round or
 * month from the first to the last that holds a game is a period: one that
 * holds none, or none of a player's, widens his RD once. */
void adj_ratings_run(adj_ratings_t *out, const adj_rated_game_t *games, size_t n, size_t players,
                     adj_glicko_t initial, double tau);
void adj_ratings_free(adj_ratings_t *r);

#endif
