/* SPDX-License-Identifier: MIT */
/*
 * summary_ratings.c - the season's ratings in a summary (docs/ladder.md,
 * "Ratings over a season"): which games are rated, in which period, and why
 * the others are left out; then Glicko-2 over them (ratings.c), the players
 * numbered by their names' keys so that the order of the files changes
 * nothing.
 *
 * Memory: per game under the rated ladder, one rated game (32 bytes) or one
 * left-out entry; per player, his ratings after each period he played in.
 */
#include "report_summary.h"

#include <stdlib.h>
#include <string.h>

/* Why g, under the rated ladder, is not rated; NULL when it is. */
static const char *season_reason(const adj_season_t *se, const adj_summary_game_t *g,
                                 const size_t at[2])
{
    if (g->duplicate_of)
        return "a duplicate";
    if (g->errors)
        return "not audited clean";
    if (g->unfinished)
        return "unfinished";
    if (!g->has_result)
        return "no result";
    if (!g->players[0] || !g->players[1])
        return "a side with no player named";
    if (at[0] == at[1])
        return "one player for both sides";
    if (se->cfg->period == ADJ_PERIOD_ROUND && !g->round)
        return "no round";
    if (se->cfg->period == ADJ_PERIOD_MONTH && !g->played_month)
        return "no played date";
    return NULL;
}

void adj_season_add(adj_summary_t *s, adj_summary_game_t *g, const char *file,
                    const size_t at[2])
{
    g->rated = -1;
    const adj_ladder_doc_t *doc = g->ladder_of ? adj_ladder_doc(g->ladder_of) : NULL;
    if (!doc || !doc->ratings.on)
        return;
    if (!s->season) {
        s->season = adj_xcalloc(1, sizeof *s->season);
        s->season->ladder = g->ladder_of;
        s->season->cfg = &doc->ratings;
    }
    adj_season_t *se = s->season;
    g->unrated = g->ladder_of == se->ladder ? season_reason(se, g, at)
                                            : "under another ladder's ratings";
    g->rated = !g->unrated;
    if (g->unrated) {
        if (se->left_count == se->left_cap) {
            se->left_cap = se->left_cap ? 2 * se->left_cap : 8;
            se->left = adj_xreallocarray(se->left, se->left_cap, sizeof *se->left);
        }
        se->left[se->left_count++] = (adj_season_left_t){file, g->unrated, g->number};
        return;
    }
    if (se->game_count == se->game_cap) {
        se->game_cap = se->game_cap ? 2 * se->game_cap : 16;
        se->games = adj_xreallocarray(se->games, se->game_cap, sizeof *se->games);
    }
    int64_t period = se->cfg->period == ADJ_PERIOD_ROUND ? g->round : g->played_month;
    double score = g->winner < 0 ? 0.5 : g->winner == 0 ? 1.0 : 0.0;
    se->games[se->game_count++] = (adj_rated_game_t){period, at[0], at[1], score};
}

/* The standings' keys, for sorting their indexes (qsort has no context). */
static const adj_standing_t *season_keys;

static int season_key_cmp(const void *x, const void *y)
{
    const adj_standing_t *a = &season_keys[*(const size_t *)x];
    const adj_standing_t *b = &season_keys[*(const size_t *)y];
    size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
    int c = memcmp(a->key, b->key, n);
    return c ? c : (a->key_len > b->key_len) - (a->key_len < b->key_len);
}

static const adj_season_t *season_by_rating;

static int season_rating_cmp(const void *x, const void *y)
{
    const adj_season_t *se = season_by_rating;
    size_t p = *(const size_t *)x, q = *(const size_t *)y;
    double a = se->r.final[p].rating, b = se->r.final[q].rating;
    if (a != b)
        return a > b ? -1 : 1;
    size_t n = se->name_len[p] < se->name_len[q] ? se->name_len[p] : se->name_len[q];
    int c = memcmp(se->name[p], se->name[q], n);
    if (c)
        return c;
    return p < q ? -1 : p > q;
}

void adj_season_finish(adj_summary_t *s)
{
    adj_season_t *se = s->season;
    if (!se)
        return;
    size_t n = s->standing_count;
    size_t *by_key = adj_xcalloc(n ? n : 1, sizeof *by_key);
    size_t *rank = adj_xcalloc(n ? n : 1, sizeof *rank);
    for (size_t i = 0; i < n; i++)
        by_key[i] = i;
    season_keys = s->standings;  /* the summary is finished on one thread */
    qsort(by_key, n, sizeof *by_key, season_key_cmp);
    se->name = adj_xcalloc(n ? n : 1, sizeof *se->name);
    se->name_len = adj_xcalloc(n ? n : 1, sizeof *se->name_len);
    for (size_t k = 0; k < n; k++) {
        rank[by_key[k]] = k;
        se->name[k] = s->standings[by_key[k]].name;  /* the bytes stay when the rows move */
        se->name_len[k] = s->standings[by_key[k]].name_len;
    }
    for (size_t i = 0; i < se->game_count; i++) {
        se->games[i].a = rank[se->games[i].a];
        se->games[i].b = rank[se->games[i].b];
    }
    const adj_ld_ratings_t *c = se->cfg;
    adj_ratings_run(&se->r, se->games, se->game_count, n,
                    (adj_glicko_t){c->rating, c->rd, c->volatility}, c->tau);
    se->order = adj_xcalloc(n ? n : 1, sizeof *se->order);
    for (size_t k = 0; k < n; k++)
        if (se->r.games[k])
            se->order[se->rated++] = k;
    season_by_rating = se;
    qsort(se->order, se->rated, sizeof *se->order, season_rating_cmp);
    free(by_key);
    free(rank);
}

void adj_season_period_name(adj_buf_t *out, const adj_season_t *se, int64_t period)
{
    if (se->cfg->period == ADJ_PERIOD_ROUND)
        adj_buf_printf(out, "round %lld", (long long)period);
    else
        adj_buf_printf(out, "%04lld-%02lld", (long long)(period / 12),
                       (long long)(period % 12 + 1));
}

void adj_season_span(adj_buf_t *out, const adj_season_t *se)
{
    if (!se->r.periods)
        return;
    adj_season_period_name(out, se, se->r.period[0]);
    if (se->r.periods == 1)
        return;
    adj_buf_puts(out, " to ");
    adj_season_period_name(out, se, se->r.period[se->r.periods - 1]);
}

void adj_season_free(adj_summary_t *s)
{
    adj_season_t *se = s->season;
    if (!se)
        return;
    free(se->games);
    free(se->left);
    adj_ratings_free(&se->r);
    free(se->name);
    free(se->name_len);
    free(se->order);
    free(se);
    s->season = NULL;
}
