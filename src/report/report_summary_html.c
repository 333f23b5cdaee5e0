/* SPDX-License-Identifier: MIT */
/*
 * report_summary_html.c - `audit --summary --format html`: a ladder's
 * results page (SPEC 5.1) under the rules of SPEC 9: the ladder's name,
 * the standings, the games (one row each, anchored `G<n>`), and each game's
 * diagnostics in a <details> under the games.
 *
 * The page loads nothing: the single-game report's head (the exact CSP, no
 * script) and style; no URL but `#G<n>` and `#D<n>` fragments; every
 * string from a log or the command line through html_text (a file name
 * first shown as every report shows a name, SPEC 5). The games' rows and
 * their details are held (rows, more) until the standings are known.
 *
 * Bounded (SPEC 5.1): at most PAGE_ROWS game rows, PAGE_DIAGS diagnostics
 * a game (as the single-game page, SPEC 9), and page_bytes in all, the details
 * dropped from the last game backwards until the page fits. `more` holds
 * each game's details as "\0N\n" then its HTML (escaped text never holds a
 * NUL); once `more` is past page_bytes the HTML is left out (it could not
 * fit), so memory stays bounded too.
 *
 * At any width nothing scrolls sideways: under 48em each game's cells are
 * stacked, each after its label (span.l, hidden on a wide screen); the
 * tables take the page's width.
 */
#include "report_html.h"
#include "report_summary.h"

#include <stdlib.h>
#include <string.h>

enum { PAGE_ROWS = 20000, PAGE_DIAGS = HTML_MAX_DIAGS, PAGE_TAIL = 4096 };
static const size_t page_bytes = (size_t)32 << 20;

static const char extra_style[] =
    "tr:target{outline:2px solid var(--link)}details:target{outline:2px solid var(--link)}\n"
    "td.e{color:var(--err);font-weight:600}td.w{color:var(--warn)}td.u{font-style:italic}\n"
    "th.n{text-align:right}.dup{color:var(--muted)}\n"
    "span.out{color:var(--warn);font-style:italic}\n"
    "table.wide{width:100%}table.wide td{overflow-wrap:anywhere}"
    /* the games' columns shared out, so that no word is broken where room is */
    "body{max-width:100em}table.games{table-layout:fixed}"
    "table.games th:nth-child(1){width:3%}table.games th:nth-child(2){width:9%}"
    "table.games th:nth-child(3),table.games th:nth-child(8){width:6%}"
    "table.games th:nth-child(4){width:9%}table.games th:nth-child(5){width:14%}"
    "table.games th:nth-child(6),table.games th:nth-child(7){width:9%}"
    "table.games th:nth-child(9){width:12%}\n"
    "summary,p{overflow-wrap:anywhere}span.l{display:none}\n"
    /* a phone: each game's cells stacked, each player's numbers in a line */
    "@media (max-width:48em){table.wide thead{display:none}"
    "table.wide,table.wide tbody,table.wide tr,table.wide td{display:block}"
    "table.wide tr{border-bottom:2px solid var(--line);padding:.3em 0}"
    "table.wide td{border:0;padding:.05em 0;white-space:normal;text-align:left}"
    "span.l{display:inline-block;min-width:5.5em;color:var(--muted);font-weight:400;"
    "font-style:normal}"
    "table.games td{padding-left:5.5em}table.games span.l{width:5.5em;margin-left:-5.5em}"
    "table.stand td.n{display:inline-block;margin-right:1em}"
    "table.stand td.n span.l{min-width:0;margin-right:.3em}"
    "table.stand td:first-child{display:inline;margin-right:.4em}"
    "table.stand td:nth-child(2){display:inline;font-weight:600}"
    "table.stand td:nth-child(2)::after{content:\"\";display:block}"
    "table.rate td.n{display:inline-block;margin-right:1em}"
    "table.rate td.n span.l{min-width:0;margin-right:.3em}"
    "table.rate td:first-child{display:inline;margin-right:.4em}"
    "table.rate td:nth-child(2){display:inline;font-weight:600}"
    "table.rate td:nth-child(2)::after{content:\"\";display:block}}\n"
    /* each player's rating over the season: a line, no axis */
    "svg.rt{vertical-align:middle}svg.rt path{fill:none;stroke:var(--link);stroke-width:2;"
    "stroke-linecap:round;stroke-linejoin:round}\n";

/* A cell's label, shown only when the cells are stacked. */
static void label(adj_buf_t *out, const char *l)
{
    adj_buf_printf(out, "<span class=\"l\">%s</span>", l);
}

static void shtml_players_cell(adj_buf_t *out, const adj_summary_game_t *g)
{
    adj_buf_puts(out, "<td>");
    label(out, "players");
    if (!g->players[0] && !g->players[1]) {
        adj_buf_puts(out, "&#8212;</td>");
        return;
    }
    for (int s = 0; s < 2; s++) {
        adj_buf_puts(out, s ? " v " : "");
        if (g->players[s])
            html_text(out, g->players[s], g->player_len[s]);
        else
            adj_buf_puts(out, "&#8212;");
        adj_buf_puts(out, " <span class=\"dup\">(");
        html_text(out, g->sides[s], g->side_len[s]);
        adj_buf_puts(out, ")</span>");
    }
    adj_buf_puts(out, "</td>");
}

static void shtml_tally_cell(adj_buf_t *out, const char *what, const adj_summary_game_t *g,
                             bool show, const int64_t vp[2], const bool *present)
{
    adj_buf_puts(out, "<td>");
    label(out, what);
    if (!show) {
        adj_buf_puts(out, "&#8212;</td>");
        return;
    }
    for (int s = 0; s < 2; s++) {
        adj_buf_puts(out, s ? ", " : "");
        html_text(out, g->sides[s], g->side_len[s]);
        if (!present || present[s])
            adj_buf_printf(out, " %lld", (long long)vp[s]);
        else
            adj_buf_puts(out, " &#8212;");
    }
    adj_buf_puts(out, "</td>");
}

/* A game's diagnostics, in a <details> under the games table. */
static void details(adj_buf_t *out, const adj_summary_game_t *g)
{
    adj_buf_printf(out, "<details id=\"D%zu\"><summary><a href=\"#G%zu\">game %zu</a>, <code>",
                   g->number, g->number, g->number);
    html_name(out, g->file);
    adj_buf_printf(out, "</code>: %zu error%s, %zu warning%s</summary>\n<ol class=\"diags\">\n",
                   g->errors, g->errors == 1 ? "" : "s", g->warnings,
                   g->warnings == 1 ? "" : "s");
    size_t shown = g->diags.count < PAGE_DIAGS ? g->diags.count : PAGE_DIAGS;
    for (size_t i = 0; i < shown; i++) {
        const adj_diag_t *d = &g->diags.items[i];
        bool err = adj_code_severity(d->code) == ADJ_SEV_ERROR;
        adj_buf_printf(out, "<li class=\"%s\">line %zu, column %zu: <b>%s</b>: ",
                       err ? "e" : "w", d->mark.line, d->mark.column,
                       err ? "error" : "warning");
        html_str(out, d->message);
        adj_buf_printf(out, " <span class=\"code\">[%s, rule %s]</span></li>\n",
                       adj_code_name(d->code), d->rule ? d->rule : adj_code_rule(d->code));
    }
    adj_buf_puts(out, "</ol>\n");
    size_t more = g->diags.count - shown + g->diags.omitted;
    if (more)
        adj_buf_printf(out, "<p>%zu more: <code>adjutant audit --format html</code> on the "
                       "file shows them all.</p>\n", more);
    adj_buf_puts(out, "</details>\n");
}

/* The game's details into `more`, delimited (see the top); only the
 * delimiter once `more` is past what a page may hold. */
static void held_details(adj_buf_t *more, const adj_summary_game_t *g)
{
    adj_buf_putc(more, '\0');
    adj_buf_printf(more, "%zu\n", g->number);
    if (more->len <= page_bytes)
        details(more, g);
}

void adj_html_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o)
{
    (void)o;
    static const char *const claim_text[] = {"no claim", "stands", "wrong"};
    if (g->number > PAGE_ROWS)
        return;  /* said under the table; the JSON and CSV hold every game */
    const char *cls = g->errors ? " class=\"e\"" : g->unfinished ? " class=\"u\"" : "";
    adj_buf_printf(out, "<tr id=\"G%zu\"><td class=\"n\">", g->number);
    label(out, "game");
    adj_buf_printf(out, "%zu</td><td%s>", g->number, cls);
    label(out, "verdict");
    adj_buf_t t = {0};
    adj_summary_verdict_text(&t, g);
    html_text(out, t.data ? t.data : "", t.len);
    adj_buf_puts(out, "</td><td class=\"n\">");
    label(out, "warnings");
    adj_buf_printf(out, "%zu</td><td>", g->warnings);
    label(out, "scenario");
    if (g->scenario)
        html_text(out, g->scenario, g->scenario_len);
    else
        adj_buf_puts(out, "&#8212;");
    adj_buf_puts(out, "</td>");
    shtml_players_cell(out, g);
    shtml_tally_cell(out, "tally", g, g->replayed, g->vp, NULL);
    shtml_tally_cell(out, "claimed", g, g->replayed && g->has_claim, g->claim, g->claim_present);
    adj_buf_printf(out, "<td%s>", g->claim_verdict == ADJ_CLAIM_WRONG ? " class=\"e\"" : "");
    label(out, "claim");
    adj_buf_printf(out, "%s</td><td>", claim_text[g->claim_verdict]);
    label(out, "result");
    adj_buf_reset(&t);
    adj_summary_result_text(&t, g);
    html_text(out, t.data ? t.data : "", t.len);
    adj_buf_free(&t);
    adj_buf_puts(out, "</td><td>");
    label(out, "file");
    adj_buf_puts(out, "<code>");
    html_name(out, g->file);
    adj_buf_puts(out, "</code>");
    if (g->duplicate_of) {
        adj_buf_printf(out, " <span class=\"dup\">duplicate of <a href=\"#G%zu\">",
                       g->duplicate_number);
        html_name(out, g->duplicate_of);
        adj_buf_puts(out, "</a></span>");
    }
    if (g->diags.count)
        adj_buf_printf(out, " <a href=\"#D%zu\">findings</a>", g->number);
    adj_buf_puts(out, "</td></tr>\n");
    if (g->diags.count)
        held_details(more, g);
}

/* The title: the ladders' names, each once, or "Ladder results". */
static void title(adj_buf_t *out, const adj_summary_t *s)
{
    size_t shown = 0;
    for (size_t i = 0; i < s->ladder_count; i++) {
        const char *n = adj_ladder_name(s->ladders[i]);
        bool again = !n;
        for (size_t k = 0; !again && k < i; k++)
            again = adj_ladder_name(s->ladders[k]) &&
                    strcmp(adj_ladder_name(s->ladders[k]), n) == 0;
        if (again)
            continue;
        adj_buf_puts(out, shown++ ? ", " : "");
        html_str(out, n);
    }
    if (!shown)
        adj_buf_puts(out, "Ladder results");
}

static void shtml_head(adj_buf_t *out, const adj_summary_t *s)
{
    adj_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'unsafe-inline'; img-src data:\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<meta name=\"color-scheme\" content=\"light dark\">\n<title>");
    title(out, s);
    adj_buf_puts(out, "</title>\n<style>\n");
    adj_buf_puts(out, html_style);
    adj_buf_puts(out, extra_style);
    adj_buf_puts(out, "</style>\n</head>\n<body>\n<header>\n<h1>");
    title(out, s);
    adj_buf_puts(out, "</h1>\n");
}

/* Each ladder file used (SPEC 13), with its name. */
static void ladders(adj_buf_t *out, const adj_summary_t *s)
{
    for (size_t i = 0; i < s->ladder_count; i++) {
        adj_buf_puts(out, "<p>Ladder file: <code>");
        html_name(out, adj_ladder_path(s->ladders[i]));
        adj_buf_puts(out, "</code>");
        if (adj_ladder_name(s->ladders[i])) {
            adj_buf_puts(out, " (");
            html_str(out, adj_ladder_name(s->ladders[i]));
            adj_buf_putc(out, ')');
        }
        adj_buf_puts(out, "</p>\n");
    }
}

static void totals(adj_buf_t *out, const adj_summary_total_t *t)
{
    bool bad = t->with_errors || t->claims_wrong || t->not_read;
    adj_buf_printf(out, "<p class=\"verdict %s\">%zu file%s: %zu clean, %zu with errors, "
                   "%zu unfinished, %zu claim%s wrong, %zu not read.</p>\n",
                   bad ? "bad" : "good", t->files, t->files == 1 ? "" : "s", t->clean,
                   t->with_errors, t->unfinished, t->claims_wrong,
                   t->claims_wrong == 1 ? "" : "s", t->not_read);
}

static void shtml_standings(adj_buf_t *out, const adj_summary_t *s)
{
    adj_buf_puts(out, "<section id=\"standings\"><h2>Standings</h2>\n");
    if (!s->standing_count) {
        adj_buf_puts(out, "<p>No player is named in any game.</p></section>\n");
        return;
    }
    adj_buf_puts(out, "<table class=\"wide stand\">\n<thead><tr><th class=\"n\">#</th>"
                      "<th>player</th><th class=\"n\">games</th><th class=\"n\">wins</th>"
                      "<th class=\"n\">draws</th><th class=\"n\">losses</th>"
                      "<th class=\"n\">with errors</th><th class=\"n\">unfinished</th></tr>"
                      "</thead>\n<tbody>\n");
    for (size_t i = 0; i < s->standing_count; i++) {
        const adj_standing_t *p = &s->standings[i];
        adj_buf_printf(out, "<tr><td class=\"n\">%zu</td><td>", i + 1);
        html_text(out, p->name, p->name_len);
        if (p->in_ladder == 0)  /* SPEC 5.1: marked */
            adj_buf_puts(out, " <span class=\"out\">(not in the ladder)</span>");
        adj_buf_puts(out, "</td>");
        static const char *const col[] = {"games", "wins", "draws", "losses", "with errors",
                                          "unfinished"};
        const size_t v[] = {p->games, p->wins, p->draws, p->losses, p->with_errors,
                            p->unfinished};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            adj_buf_puts(out, "<td class=\"n\">");
            label(out, col[k]);
            adj_buf_printf(out, "%zu</td>", v[k]);
        }
        adj_buf_puts(out, "</tr>\n");
    }
    adj_buf_puts(out, "</tbody></table>\n<p>Sorted by wins, then fewest losses, then "
                      "name. A game logged twice counts once; a game with no result (unfinished, "
                      "or stopped) counts in no column but its own.</p></section>\n");
}

/* ---- the season's ratings (docs/ladder.md, "Ratings over a season") ---- */

enum { RT_W = 160, RT_H = 32, RT_PAD = 4 };

/* "Ann Carter: 1500.00 after round 1, 1337.69 after round 2", escaped. */
static void rt_words(adj_buf_t *out, const adj_season_t *se, size_t k)
{
    adj_buf_t t = {0};
    adj_buf_put(&t, se->name[k], se->name_len[k]);
    adj_buf_puts(&t, "'s rating:");
    for (size_t p = se->r.point_start[k]; p < se->r.point_start[k + 1]; p++) {
        adj_buf_printf(&t, "%s %.2f after ", p > se->r.point_start[k] ? "," : "",
                       se->r.points[p].g.rating);
        adj_season_period_name(&t, se, se->r.period[se->r.points[p].period]);
    }
    html_text(out, t.data, t.len);
    adj_buf_free(&t);
}

/* Player k's rating after each period he played in, as one path over the
 * season's periods, on one scale for every player (lo..hi). */
static void rt_svg(adj_buf_t *out, const adj_season_t *se, size_t k, double lo, double hi)
{
    adj_buf_printf(out, "<svg class=\"rt\" width=\"%d\" height=\"%d\" role=\"img\" "
                   "aria-label=\"", RT_W, RT_H);
    rt_words(out, se, k);
    adj_buf_puts(out, "\"><title>");
    rt_words(out, se, k);
    adj_buf_puts(out, "</title><path d=\"");
    size_t n = se->r.periods;
    for (size_t p = se->r.point_start[k]; p < se->r.point_start[k + 1]; p++) {
        const adj_rating_point_t *pt = &se->r.points[p];
        double x = n > 1 ? RT_PAD + (double)pt->period * (RT_W - 2 * RT_PAD) / (double)(n - 1)
                         : RT_W / 2.0;
        double y = hi > lo ? RT_PAD + (hi - pt->g.rating) * (RT_H - 2 * RT_PAD) / (hi - lo)
                           : RT_H / 2.0;
        adj_buf_printf(out, "%s%.1f %.1f", p > se->r.point_start[k] ? " L" : "M", x, y);
    }
    if (se->r.point_start[k + 1] - se->r.point_start[k] == 1)
        adj_buf_puts(out, " h0.1");  /* one period: a dot */
    adj_buf_puts(out, "\"/></svg>");
}

static void rt_row(adj_buf_t *out, const adj_season_t *se, size_t i, double lo, double hi)
{
    size_t k = se->order[i];
    const adj_glicko_t *g = &se->r.final[k];
    adj_buf_printf(out, "<tr><td class=\"n\">%zu</td><td>", i + 1);
    html_text(out, se->name[k], se->name_len[k]);
    adj_buf_puts(out, "</td><td class=\"n\">");
    label(out, "rating");
    adj_buf_printf(out, "%.2f</td><td class=\"n\">", g->rating);
    label(out, "RD");
    adj_buf_printf(out, "%.2f</td><td class=\"n\">", g->rd);
    label(out, "volatility");
    adj_buf_printf(out, "%.6f</td><td class=\"n\">", g->vol);
    label(out, "games");
    adj_buf_printf(out, "%zu</td><td>", se->r.games[k]);
    rt_svg(out, se, k, lo, hi);
    adj_buf_puts(out, "</td></tr>\n");
}

static void rt_left_out(adj_buf_t *out, const adj_season_t *se)
{
    if (!se->left_count)
        return;
    adj_buf_printf(out, "<p>Left out of the ratings (%zu game%s):</p>\n<ul>\n",
                   se->left_count, se->left_count == 1 ? "" : "s");
    for (size_t i = 0; i < se->left_count; i++) {
        const adj_season_left_t *l = &se->left[i];
        bool link = l->number >= 1 && l->number <= PAGE_ROWS;  /* its row is on the page */
        if (link)
            adj_buf_printf(out, "<li><a href=\"#G%zu\">", l->number);
        else
            adj_buf_puts(out, "<li>");
        html_name(out, l->file);
        adj_buf_puts(out, link ? "</a>: " : ": ");
        html_str(out, l->reason);
        adj_buf_puts(out, "</li>\n");
    }
    adj_buf_puts(out, "</ul>\n");
}

static void shtml_ratings(adj_buf_t *out, const adj_summary_t *s)
{
    const adj_season_t *se = s->season;
    if (!se)
        return;
    const adj_ld_ratings_t *c = se->cfg;
    adj_buf_puts(out, "<section id=\"ratings\"><h2>Ratings</h2>\n");
    adj_buf_printf(out, "<p>Glicko-2 over the season: a rating period a %s, %zu game%s rated",
                   c->period == ADJ_PERIOD_MONTH ? "month" : "round", se->game_count,
                   se->game_count == 1 ? "" : "s");
    if (se->r.periods) {
        adj_buf_t t = {0};
        adj_season_span(&t, se);
        adj_buf_puts(out, ", ");
        html_text(out, t.data, t.len);
        adj_buf_free(&t);
    }
    adj_buf_printf(out, "; a new player starts at %g (RD %g, volatility %g), tau %g.</p>\n",
                   c->rating, c->rd, c->volatility, c->tau);
    if (se->rated) {
        double lo = 0, hi = 0;
        for (size_t p = 0; p < se->r.point_start[se->r.players]; p++) {
            double v = se->r.points[p].g.rating;
            lo = p == 0 || v < lo ? v : lo;
            hi = p == 0 || v > hi ? v : hi;
        }
        adj_buf_puts(out, "<table class=\"wide rate\">\n<thead><tr><th class=\"n\">#</th>"
                          "<th>player</th><th class=\"n\">rating</th><th class=\"n\">RD</th>"
                          "<th class=\"n\">volatility</th><th class=\"n\">games</th>"
                          "<th>over the season</th></tr></thead>\n<tbody>\n");
        for (size_t i = 0; i < se->rated; i++)
            rt_row(out, se, i, lo, hi);
        adj_buf_puts(out, "</tbody></table>\n");
    }
    rt_left_out(out, se);
    adj_buf_puts(out, "</section>\n");
}

/* One held section of `more` (see the top): its game and its HTML. */
typedef struct {
    size_t number;
    const char *html;
    size_t len;
} section_t;

/* The section at *at (a NUL), *at moved past it; false at the end. */
static bool next_section(const adj_buf_t *more, size_t *at, section_t *sec)
{
    if (*at >= more->len)
        return false;
    const char *p = more->data + *at + 1, *end = more->data + more->len;
    sec->number = strtoul(p, NULL, 10);
    sec->html = memchr(p, '\n', (size_t)(end - p)) + 1;
    const char *stop = memchr(sec->html, '\0', (size_t)(end - sec->html));
    sec->len = (size_t)((stop ? stop : end) - sec->html);
    *at = (size_t)(sec->html + sec->len - more->data);
    return true;
}

/* The first game whose details do not fit in `room` bytes, those before
 * it taken (SPEC 5.1: dropped from the last backwards); 0 when all fit.
 * *dropped: how many games' details are left out. */
static size_t first_dropped(const adj_buf_t *more, size_t room, size_t *dropped)
{
    size_t at = 0, used = 0, cut = 0;
    section_t sec;
    *dropped = 0;
    while (next_section(more, &at, &sec)) {
        if (!cut && (!sec.len || used + sec.len > room))
            cut = sec.number;
        if (cut)
            ++*dropped;
        else
            used += sec.len;
    }
    return cut;
}

/* The first `needle` in p[0..n), or NULL (memmem is not C11). */
static const char *shtml_find(const char *p, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (const char *q = p; k <= n && q <= p + n - k; q++) {
        q = memchr(q, needle[0], (size_t)(p + n - k - q) + 1);
        if (!q)
            return NULL;
        if (!memcmp(q, needle, k))
            return q;
    }
    return NULL;
}

/* The rows, the `findings` link left out of each game from `cut` on. */
static void put_rows(adj_buf_t *out, const adj_buf_t *rows, size_t cut)
{
    static const char link[] = " <a href=\"#D";
    const char *p = rows->data, *end = rows->data + rows->len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        eol = eol ? eol + 1 : end;
        const char *a = NULL;
        if (cut && strtoul(p + strlen("<tr id=\"G"), NULL, 10) >= cut)
            a = shtml_find(p, (size_t)(eol - p), link);
        if (a) {
            const char *after = shtml_find(a, (size_t)(eol - a), "</a>") + 4;
            adj_buf_put(out, p, (size_t)(a - p));
            adj_buf_put(out, after, (size_t)(eol - after));
        } else {
            adj_buf_put(out, p, (size_t)(eol - p));
        }
        p = eol;
    }
}

static void put_sections(adj_buf_t *out, const adj_buf_t *more, size_t cut)
{
    size_t at = 0;
    section_t sec;
    while (next_section(more, &at, &sec) && (!cut || sec.number < cut))
        adj_buf_put(out, sec.html, sec.len);
}

static void games(adj_buf_t *out, const adj_buf_t *rows, size_t cut, const adj_summary_t *s)
{
    adj_buf_puts(out, "<section id=\"games\"><h2>Games</h2>\n");
    if (!rows->len) {
        adj_buf_puts(out, "<p>No game was read.</p>\n</section>\n");
        return;
    }
    adj_buf_puts(out, "<table class=\"wide games\">\n<thead><tr><th class=\"n\">#</th>"
                      "<th>verdict</th><th class=\"n\">warnings</th><th>scenario</th>"
                      "<th>players</th><th>tally</th><th>claimed</th><th>claim</th>"
                      "<th>result</th><th>file</th></tr></thead>\n<tbody>\n");
    put_rows(out, rows, cut);
    adj_buf_puts(out, "</tbody></table>\n");
    if (s->total.files > PAGE_ROWS) {
        size_t n = s->total.files - PAGE_ROWS;
        adj_buf_printf(out, "<p class=\"bound\">%zu more game%s after the first %d: the JSON "
                       "and CSV summaries (<code>--format json</code>, <code>--format csv</code>) "
                       "hold every game.</p>\n", n, n == 1 ? "" : "s", PAGE_ROWS);
    }
    adj_buf_puts(out, "</section>\n");
}

void adj_html_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o)
{
    (void)o;
    shtml_head(out, s);
    ladders(out, s);
    totals(out, &s->total);
    adj_buf_puts(out, "</header>\n<main>\n");
    shtml_standings(out, s);
    shtml_ratings(out, s);
    /* what stays whatever is dropped: the page so far, the rows, the tail */
    size_t fixed = out->len + rows->len + PAGE_TAIL;
    size_t dropped = 0;
    size_t cut = first_dropped(more, fixed < page_bytes ? page_bytes - fixed : 0, &dropped);
    games(out, rows, cut, s);
    adj_buf_puts(out, "<section id=\"findings\"><h2>Diagnostics</h2>\n");
    if (more->len)
        put_sections(out, more, cut);
    else
        adj_buf_puts(out, "<p>None: every game read is consistent with the rules.</p>\n");
    if (dropped)
        adj_buf_printf(out, "<p class=\"bound\">The diagnostics of %zu game%s (game %zu and "
                       "after) are left out so that this page stays under 32 MB: "
                       "<code>adjutant audit --format html</code> on a file shows its "
                       "own.</p>\n", dropped, dropped == 1 ? "" : "s", cut);
    adj_buf_printf(out, "</section>\n</main>\n<footer>Made by adjutant %s (log format "
                   "adjutant/1).</footer>\n</body>\n</html>\n", ADJ_VERSION);
}
