/* SPDX-License-Identifier: MIT */
/*
 * report_summary_json.c - the summary (SPEC 5.1) as JSON Lines: one object
 * per file as it comes (nothing held), then the standings, then the totals.
 */
#include "adj_json.h"
#include "report_summary.h"

/* {SIDE: PLAYER} for each side a player is named for. */
static void sjson_players(adj_json_t *j, const adj_summary_game_t *g)
{
    adj_json_open_object(j);
    for (int s = 0; g->has_header && s < 2; s++)
        if (g->players[s]) {
            adj_json_key_n(j, g->sides[s], g->side_len[s]);
            adj_json_str_n(j, g->players[s], g->player_len[s]);
        }
    adj_json_close_object(j);
}

/* {SIDE: N, SIDE: N}; a side missing from a claim is left out. */
static void sjson_tally(adj_json_t *j, const adj_summary_game_t *g, const int64_t vp[2],
                        const bool *present)
{
    adj_json_open_object(j);
    for (int s = 0; s < 2; s++)
        if (!present || present[s]) {
            adj_json_key_n(j, g->sides[s], g->side_len[s]);
            adj_json_int(j, vp[s]);
        }
    adj_json_close_object(j);
}

static void result(adj_json_t *j, const adj_summary_game_t *g)
{
    if (!g->has_result) {
        adj_json_null(j);
        return;
    }
    adj_json_open_object(j);
    adj_json_key(j, "winner");
    if (g->winner >= 0)
        adj_json_str_n(j, g->sides[g->winner], g->side_len[g->winner]);
    else
        adj_json_null(j);
    adj_json_key(j, "winner_player");
    const char *p = g->winner >= 0 ? g->players[g->winner] : NULL;
    if (p)
        adj_json_str_n(j, p, g->player_len[g->winner]);
    else
        adj_json_null(j);
    adj_json_member_str(j, "level", g->level);
    adj_json_member_int(j, "margin", g->margin);
    adj_json_close_object(j);
}

static void name_or_null(adj_json_t *j, const char *key, const char *name)
{
    if (name) {
        adj_json_member_name(j, key, name);
    } else {
        adj_json_key(j, key);
        adj_json_null(j);
    }
}

void adj_json_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o)
{
    (void)more;
    (void)o;
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_name(&j, "file", g->file);
    adj_json_key(&j, "scenario");  /* as written */
    if (g->scenario)
        adj_json_str_n(&j, g->scenario, g->scenario_len);
    else
        adj_json_null(&j);
    adj_json_key(&j, "players");
    sjson_players(&j, g);
    adj_json_member_bool(&j, "ok", g->errors == 0);
    adj_json_member_uint(&j, "errors", g->errors);
    adj_json_member_uint(&j, "warnings", g->warnings);
    adj_json_key(&j, "vp");
    if (g->replayed)
        sjson_tally(&j, g, g->vp, NULL);
    else
        adj_json_null(&j);
    adj_json_key(&j, "claimed_vp");
    if (g->replayed && g->has_claim)
        sjson_tally(&j, g, g->claim, g->claim_present);
    else
        adj_json_null(&j);
    adj_json_key(&j, "claim_stands");
    if (g->claim_verdict == ADJ_CLAIM_NONE)
        adj_json_null(&j);
    else
        adj_json_bool(&j, g->claim_verdict == ADJ_CLAIM_STANDS);
    adj_json_member_bool(&j, "unfinished", g->unfinished);
    adj_json_key(&j, "turn");
    if (g->replayed && g->turn_begun)
        adj_json_int(&j, g->turn);
    else
        adj_json_null(&j);
    adj_json_key(&j, "result");
    result(&j, g);
    name_or_null(&j, "duplicate_of", g->duplicate_of);
    name_or_null(&j, "ladder", g->ladder);
    adj_json_key(&j, "round");
    if (g->round)
        adj_json_int(&j, g->round);
    else
        adj_json_null(&j);
    adj_json_member_str(&j, "played", g->played[0] ? g->played : NULL);
    adj_json_key(&j, "rated");
    if (g->rated < 0)
        adj_json_null(&j);
    else
        adj_json_bool(&j, g->rated);
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}

static void sjson_standings(adj_json_t *j, const adj_summary_t *s)
{
    adj_json_open_object(j);
    adj_json_key(j, "standings");
    adj_json_open_array(j);
    for (size_t i = 0; i < s->standing_count; i++) {
        const adj_standing_t *p = &s->standings[i];
        adj_json_open_object(j);
        adj_json_key(j, "player");
        adj_json_str_n(j, p->name, p->name_len);
        adj_json_member_uint(j, "games", p->games);
        adj_json_member_uint(j, "wins", p->wins);
        adj_json_member_uint(j, "draws", p->draws);
        adj_json_member_uint(j, "losses", p->losses);
        adj_json_member_uint(j, "with_errors", p->with_errors);
        adj_json_member_uint(j, "unfinished", p->unfinished);
        adj_json_key(j, "in_ladder");
        if (p->in_ladder < 0)
            adj_json_null(j);
        else
            adj_json_bool(j, p->in_ladder);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
    adj_json_close_object(j);
}

/* A period: its round, or its month as "YYYY-MM". */
static void sjson_period(adj_json_t *j, const adj_season_t *se, int64_t period)
{
    if (se->cfg->period == ADJ_PERIOD_ROUND) {
        adj_json_int(j, period);
        return;
    }
    adj_buf_t t = {0};
    adj_season_period_name(&t, se, period);
    adj_json_str_n(j, t.data, t.len);
    adj_buf_free(&t);
}

/* A rating, in fixed decimals: the same bytes on every machine. */
static void sjson_glicko(adj_json_t *j, const adj_glicko_t *g)
{
    adj_json_key(j, "rating");
    adj_json_fixed(j, g->rating, 2);
    adj_json_key(j, "rd");
    adj_json_fixed(j, g->rd, 2);
    adj_json_key(j, "volatility");
    adj_json_fixed(j, g->vol, 6);
}

static void sjson_ratings_players(adj_json_t *j, const adj_season_t *se)
{
    adj_json_key(j, "players");
    adj_json_open_array(j);
    for (size_t i = 0; i < se->rated; i++) {
        size_t k = se->order[i];
        adj_json_open_object(j);
        adj_json_key(j, "player");
        adj_json_str_n(j, se->name[k], se->name_len[k]);
        sjson_glicko(j, &se->r.final[k]);
        adj_json_member_uint(j, "games", se->r.games[k]);
        adj_json_key(j, "periods");
        adj_json_open_array(j);
        for (size_t p = se->r.point_start[k]; p < se->r.point_start[k + 1]; p++) {
            adj_json_open_object(j);
            adj_json_key(j, "period");
            sjson_period(j, se, se->r.period[se->r.points[p].period]);
            sjson_glicko(j, &se->r.points[p].g);
            adj_json_close_object(j);
        }
        adj_json_close_array(j);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* {"ratings": null} with no ladder that rates, else the season. */
static void sjson_ratings(adj_json_t *j, const adj_summary_t *s)
{
    const adj_season_t *se = s->season;
    adj_json_open_object(j);
    adj_json_key(j, "ratings");
    if (!se) {
        adj_json_null(j);
        adj_json_close_object(j);
        return;
    }
    adj_json_open_object(j);
    adj_json_member_name(j, "ladder", adj_ladder_path(se->ladder));
    adj_json_member_str(j, "period", se->cfg->period == ADJ_PERIOD_MONTH ? "month" : "round");
    adj_json_key(j, "tau");
    adj_json_decimal(j, se->cfg->tau);
    adj_json_key(j, "initial");
    adj_json_open_object(j);
    sjson_glicko(j, &(adj_glicko_t){se->cfg->rating, se->cfg->rd, se->cfg->volatility});
    adj_json_close_object(j);
    adj_json_key(j, "periods");
    adj_json_open_array(j);
    for (size_t p = 0; p < se->r.periods; p++)
        sjson_period(j, se, se->r.period[p]);
    adj_json_close_array(j);
    adj_json_member_uint(j, "games", se->game_count);
    sjson_ratings_players(j, se);
    adj_json_key(j, "left_out");
    adj_json_open_array(j);
    for (size_t i = 0; i < se->left_count; i++) {
        adj_json_open_object(j);
        adj_json_member_name(j, "file", se->left[i].file);
        adj_json_member_str(j, "reason", se->left[i].reason);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
    adj_json_close_object(j);
    adj_json_close_object(j);
}

void adj_json_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o)
{
    (void)rows;
    (void)more;
    (void)o;
    adj_json_t j;
    adj_json_init(&j, out);
    sjson_standings(&j, s);
    adj_buf_putc(out, '\n');
    adj_json_init(&j, out);
    sjson_ratings(&j, s);
    adj_buf_putc(out, '\n');
    adj_json_init(&j, out);
    const adj_summary_total_t *t = &s->total;
    adj_json_open_object(&j);
    adj_json_key(&j, "total");
    adj_json_open_object(&j);
    adj_json_member_uint(&j, "files", t->files);
    adj_json_member_uint(&j, "clean", t->clean);
    adj_json_member_uint(&j, "with_errors", t->with_errors);
    adj_json_member_uint(&j, "unfinished", t->unfinished);
    adj_json_member_uint(&j, "claims_wrong", t->claims_wrong);
    adj_json_member_uint(&j, "not_read", t->not_read);
    adj_json_close_object(&j);
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}
