/* SPDX-License-Identifier: MIT */
/*
 * report_summary.h - the summary (SPEC 5.1) in each format, private to
 * report_*.c: each format's reporter row points at these.
 */
#ifndef ADJ_REPORT_SUMMARY_H
#define ADJ_REPORT_SUMMARY_H

#include "adj_report.h"
#include "ratings.h"

/* ---- the season's ratings (summary_ratings.c; docs/ladder.md, "Ratings
 * over a season") ---- */

/* A game left out of the ratings: its file (borrowed) and why (static). */
typedef struct adj_season_left_s {
    const char *file;
    const char *reason;
    size_t number;                    /* the game's number, for the page's link */
} adj_season_left_t;

typedef struct adj_season_s {
    const adj_ladder_t *ladder;       /* borrowed: the first ladder met that has `ratings` */
    const adj_ld_ratings_t *cfg;      /* its `ratings` */
    adj_rated_game_t *games;          /* owned; a and b: standing indexes, then (once
                                         adj_season_finish ran) the players' ranks by key */
    size_t game_count, game_cap;
    adj_season_left_t *left;          /* owned, input order */
    size_t left_count, left_cap;
    adj_ratings_t r;                  /* after adj_season_finish: player i is rank i */
    const char **name;                /* [r.players], borrowed from the standings */
    size_t *name_len;
    size_t *order;                    /* the ranks of the players rated, by final rating
                                         (highest first), then name */
    size_t rated;                     /* how many: order's length */
} adj_season_t;

/* Game g (its players' standing indexes at[], valid for each side that
 * names one) into the season: rated, left out with its reason, or not under
 * the rated ladder (g->rated, g->unrated). */
void adj_season_add(adj_summary_t *s, adj_summary_game_t *g, const char *file,
                    const size_t at[2]);
/* Before the standings are sorted: the ratings computed. */
void adj_season_finish(adj_summary_t *s);
void adj_season_free(adj_summary_t *s);
/* The season's periods: "round 1 to round 4", "round 2" when it is one. */
void adj_season_span(adj_buf_t *out, const adj_season_t *se);
/* The period's name: "round 3", "2026-04". */
void adj_season_period_name(adj_buf_t *out, const adj_season_t *se, int64_t period);

/* report_summary_text.c */
void adj_text_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o);
void adj_text_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o);

/* report_summary_json.c */
void adj_json_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o);
void adj_json_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o);

/* report_summary_html.c */
void adj_html_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o);
void adj_html_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o);

/* What the text shows for a game's verdict ("2 errors, unfinished, turn 4
 * of 7") and result ("Ann Carter (CSA) wins by 5, decisive"; "CSA wins by
 * 5" when no one is named for the side), raw: escape for the destination. */
void adj_summary_verdict_text(adj_buf_t *out, const adj_summary_game_t *g);
void adj_summary_result_text(adj_buf_t *out, const adj_summary_game_t *g);

#endif
