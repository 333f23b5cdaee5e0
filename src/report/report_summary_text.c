/* SPDX-License-Identifier: MIT */
/*
 * report_summary_text.c - the summary (SPEC 5.1) as text: one line per
 * file, its columns aligned, then the standings and one line of totals.
 *
 * A game's line is held as cells separated by tabs (escaped text never
 * holds one) until the last file, so that the columns align.
 */
#include "report_summary.h"

#include <string.h>

enum { CELLS = 9, NAME_CUT = 24, SIDE_CUT = 10, SCENARIO_CUT = 24 };


static void put_name(adj_buf_t *out, const char *s) { adj_escape_text_cut(out, s, strlen(s), 0); }

void adj_summary_verdict_text(adj_buf_t *out, const adj_summary_game_t *g)
{
    if (g->errors)
        adj_buf_printf(out, "%zu error%s", g->errors, g->errors == 1 ? "" : "s");
    else if (!g->unfinished)
        adj_buf_puts(out, "clean");
    if (!g->unfinished)
        return;
    adj_buf_puts(out, g->errors ? ", unfinished" : "unfinished");
    if (g->turn_begun)
        adj_buf_printf(out, ", turn %lld of %lld", (long long)g->turn, (long long)g->last_turn);
    else
        adj_buf_puts(out, ", no turn begun");
}

/* Raw text cut to `width` bytes with "..." (as the columns cut names),
 * never inside a UTF-8 sequence. */
static void put_cut(adj_buf_t *out, const char *s, size_t n, size_t width)
{
    if (n <= width) {
        adj_buf_put(out, s, n);
        return;
    }
    size_t cut = width - 3;
    while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
        cut--;
    adj_buf_put(out, s, cut);
    adj_buf_puts(out, "...");
}

void adj_summary_result_text(adj_buf_t *out, const adj_summary_game_t *g)
{
    if (!g->has_result) {
        adj_buf_puts(out, "no result");
        return;
    }
    if (g->winner < 0) {  /* a margin below every row of the table is a draw too */
        adj_buf_puts(out, "draw");
        if (g->margin)
            adj_buf_printf(out, " (margin %lld)", (long long)g->margin);
        return;
    }
    int w = g->winner;
    if (g->players[w]) {  /* "Ann Carter (CSA) wins by 3" */
        put_cut(out, g->players[w], g->player_len[w], NAME_CUT);
        adj_buf_puts(out, " (");
        put_cut(out, g->sides[w], g->side_len[w], SIDE_CUT);
        adj_buf_putc(out, ')');
    } else {
        put_cut(out, g->sides[w], g->side_len[w], SIDE_CUT);
    }
    adj_buf_printf(out, " wins by %lld", (long long)g->margin);
    if (g->level)
        adj_buf_printf(out, ", %s", g->level);
}

/* "Ann Carter v Ben Moore", in the order of `sides`; "-" for a side no
 * one is named for, and alone when none is. */
static void players_cell(adj_buf_t *out, const adj_summary_game_t *g)
{
    if (!g->players[0] && !g->players[1]) {
        adj_buf_puts(out, "-\t");
        return;
    }
    for (int s = 0; s < 2; s++) {
        adj_buf_puts(out, s ? " v " : "");
        if (g->players[s])
            adj_escape_text_cut(out, g->players[s], g->player_len[s], NAME_CUT);
        else
            adj_buf_putc(out, '-');
    }
    adj_buf_putc(out, '\t');
}

/* "CSA 4, USA 0" after `label`; a side missing from a claim is "-". */
static void tally_cell(adj_buf_t *out, const char *label, const adj_summary_game_t *g,
                       const int64_t vp[2], const bool *present)
{
    adj_buf_puts(out, label);
    for (int s = 0; s < 2; s++) {
        adj_buf_puts(out, s ? ", " : "");
        adj_escape_text_cut(out, g->sides[s], g->side_len[s], SIDE_CUT);
        if (!present || present[s])
            adj_buf_printf(out, " %lld", (long long)vp[s]);
        else
            adj_buf_puts(out, " -");
    }
    adj_buf_putc(out, '\t');
}

void adj_text_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o)
{
    (void)more;
    (void)o;
    static const char *const claim_text[] = {"no claim", "claim stands", "claim wrong"};
    adj_summary_verdict_text(out, g);
    adj_buf_printf(out, "\t%zu warning%s\t", g->warnings, g->warnings == 1 ? "" : "s");
    if (g->scenario)  /* the scenario, SPEC 5.1 */
        adj_escape_text_cut(out, g->scenario, g->scenario_len, SCENARIO_CUT);
    else
        adj_buf_putc(out, '-');
    adj_buf_putc(out, '\t');
    players_cell(out, g);
    if (g->replayed)
        tally_cell(out, "", g, g->vp, NULL);
    else
        adj_buf_puts(out, "-\t");
    if (g->replayed && g->has_claim)
        tally_cell(out, "claimed ", g, g->claim, g->claim_present);
    else
        adj_buf_puts(out, "-\t");
    adj_buf_printf(out, "%s\t", claim_text[g->claim_verdict]);
    adj_buf_t res = {0};
    adj_summary_result_text(&res, g);
    adj_escape_text_cut(out, res.data, res.len, 0);
    adj_buf_free(&res);
    adj_buf_putc(out, '\t');
    put_name(out, g->file);
    if (g->duplicate_of) {
        adj_buf_puts(out, "  duplicate of ");
        put_name(out, g->duplicate_of);
    }
    adj_buf_putc(out, '\n');
}

/* Columns of UTF-8 text: its code points (wide characters count one). */
static size_t columns(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

/* Without `out`: each column's widest cell over every row. With it: the
 * rows, each cell but the last (the file) padded to its width and two
 * spaces. */
static void cells(const adj_buf_t *rows, size_t width[CELLS], adj_buf_t *out)
{
    const char *p = rows->data, *end = rows->data + rows->len;
    while (p < end) {
        for (int c = 0; c < CELLS; c++) {
            const char *stop = c + 1 < CELLS ? "\t" : "\n";
            size_t n = strcspn(p, stop);
            size_t w = columns(p, n);
            if (!out) {
                width[c] = w > width[c] ? w : width[c];
            } else {
                adj_buf_put(out, p, n);
                for (; c + 1 < CELLS && w < width[c] + 2; w++)
                    adj_buf_putc(out, ' ');
            }
            p += n + 1;
        }
        if (out)
            adj_buf_putc(out, '\n');
    }
}

/* A player's name as the standings show it: marked when he is not one of
 * the ladder's players (SPEC 5.1). */
static void standing_name(adj_buf_t *out, const adj_standing_t *p)
{
    adj_buf_reset(out);
    adj_escape_text_cut(out, p->name, p->name_len, 0);
    if (p->in_ladder == 0)
        adj_buf_puts(out, " (not in the ladder)");
}

/* The standings: one row per player, the name column as wide as the widest. */
static void standings(adj_buf_t *out, const adj_summary_t *s)
{
    if (!s->standing_count)
        return;
    adj_buf_t name = {0};
    size_t w = strlen("player");
    for (size_t i = 0; i < s->standing_count; i++) {
        standing_name(&name, &s->standings[i]);
        size_t c = columns(name.data, name.len);
        w = c > w ? c : w;
    }
    adj_buf_printf(out, "standings:\n%-*s  games  wins  draws  losses  with errors  unfinished\n",
                   (int)w, "player");
    for (size_t i = 0; i < s->standing_count; i++) {
        const adj_standing_t *p = &s->standings[i];
        standing_name(&name, p);
        adj_buf_put(out, name.data, name.len);
        for (size_t c = columns(name.data, name.len); c < w; c++)
            adj_buf_putc(out, ' ');
        adj_buf_printf(out, "  %5zu  %4zu  %5zu  %6zu  %11zu  %10zu\n", p->games, p->wins,
                       p->draws, p->losses, p->with_errors, p->unfinished);
    }
    adj_buf_free(&name);
}

/* The season's ratings (docs/ladder.md): how they were made, a row per
 * player rated, then each game left out and why. */
static void text_ratings(adj_buf_t *out, const adj_summary_t *s)
{
    const adj_season_t *se = s->season;
    if (!se)
        return;
    const adj_ld_ratings_t *c = se->cfg;
    adj_buf_printf(out, "ratings: Glicko-2, a period a %s, tau %g, from %g, RD %g, volatility %g",
                   c->period == ADJ_PERIOD_MONTH ? "month" : "round", c->tau, c->rating, c->rd,
                   c->volatility);
    if (se->r.periods) {
        adj_buf_puts(out, "; ");
        adj_season_span(out, se);
    }
    adj_buf_printf(out, ": %zu game%s rated\n", se->game_count, se->game_count == 1 ? "" : "s");
    adj_buf_t name = {0};
    size_t w = strlen("player");
    for (size_t i = 0; i < se->rated; i++) {
        size_t k = se->order[i];
        adj_buf_reset(&name);
        adj_escape_text_cut(&name, se->name[k], se->name_len[k], 0);
        size_t cw = columns(name.data, name.len);
        w = cw > w ? cw : w;
    }
    if (se->rated)
        adj_buf_printf(out, "%-*s   rating      RD  volatility  games\n", (int)w, "player");
    for (size_t i = 0; i < se->rated; i++) {
        size_t k = se->order[i];
        const adj_glicko_t *g = &se->r.final[k];
        adj_buf_reset(&name);
        adj_escape_text_cut(&name, se->name[k], se->name_len[k], 0);
        adj_buf_put(out, name.data, name.len);
        for (size_t cw = columns(name.data, name.len); cw < w; cw++)
            adj_buf_putc(out, ' ');
        adj_buf_printf(out, "  %7.2f  %6.2f  %10.6f  %5zu\n", g->rating, g->rd, g->vol,
                       se->r.games[k]);
    }
    adj_buf_free(&name);
    for (size_t i = 0; i < se->left_count; i++) {
        adj_buf_puts(out, "left out of the ratings: ");
        put_name(out, se->left[i].file);
        adj_buf_printf(out, " (%s)\n", se->left[i].reason);
    }
}

void adj_text_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o)
{
    (void)more;
    (void)o;
    for (size_t i = 0; i < s->ladder_count; i++) {  /* each ladder file used (SPEC 13) */
        adj_buf_puts(out, "ladder: ");
        adj_escape_name(out, adj_ladder_path(s->ladders[i]));
        if (adj_ladder_name(s->ladders[i])) {
            adj_buf_puts(out, " (");
            put_name(out, adj_ladder_name(s->ladders[i]));
            adj_buf_putc(out, ')');
        }
        adj_buf_putc(out, '\n');
    }
    size_t width[CELLS] = {0};
    if (rows->len) {
        cells(rows, width, NULL);
        cells(rows, width, out);
    }
    standings(out, s);
    text_ratings(out, s);
    const adj_summary_total_t *t = &s->total;
    adj_buf_printf(out, "total: %zu file%s, %zu clean, %zu with errors, %zu unfinished, "
                   "%zu claim%s wrong, %zu not read\n",
                   t->files, t->files == 1 ? "" : "s", t->clean, t->with_errors, t->unfinished,
                   t->claims_wrong, t->claims_wrong == 1 ? "" : "s", t->not_read);
}
