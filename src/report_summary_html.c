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
 */
#include "report_html.h"

#include <string.h>

/* Diagnostics shown per game: the page of a large archive stays one a
 * browser opens (SPEC 9's spirit); the single-game page has them all. */
enum { PAGE_DIAGS = 200 };

static const char extra_style[] =
    "tr:target{outline:2px solid var(--link)}details:target{outline:2px solid var(--link)}\n"
    "td.e{color:var(--err);font-weight:600}td.w{color:var(--warn)}td.u{font-style:italic}\n"
    "th.n{text-align:right}.dup{color:var(--muted)}td.nw{white-space:nowrap}\n";

static void players_cell(adj_buf_t *out, const adj_summary_game_t *g)
{
    adj_buf_puts(out, "<td>");
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

static void tally_cell(adj_buf_t *out, const adj_summary_game_t *g, bool show,
                       const int64_t vp[2], const bool *present)
{
    adj_buf_puts(out, "<td class=\"nw\">");
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

void adj_html_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o)
{
    (void)o;
    static const char *const claim_text[] = {"no claim", "stands", "wrong"};
    const char *cls = g->errors ? " class=\"e\"" : g->unfinished ? " class=\"u\"" : "";
    adj_buf_printf(out, "<tr id=\"G%zu\"><td class=\"n\">%zu</td><td%s>", g->number,
                   g->number, cls);
    adj_buf_t t = {0};
    adj_summary_verdict_text(&t, g);
    html_text(out, t.data ? t.data : "", t.len);
    adj_buf_printf(out, "</td><td class=\"n\">%zu</td>", g->warnings);
    players_cell(out, g);
    tally_cell(out, g, g->replayed, g->vp, NULL);
    tally_cell(out, g, g->replayed && g->has_claim, g->claim, g->claim_present);
    adj_buf_printf(out, "<td%s>%s",
                   g->claim_verdict == ADJ_CLAIM_WRONG ? " class=\"e\"" : "",
                   claim_text[g->claim_verdict]);
    adj_buf_puts(out, "</td><td class=\"nw\">");
    adj_buf_reset(&t);
    adj_summary_result_text(&t, g);
    html_text(out, t.data ? t.data : "", t.len);
    adj_buf_free(&t);
    adj_buf_puts(out, "</td><td><code>");
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
        details(more, g);
}

static void head(adj_buf_t *out, const char *name)
{
    adj_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'unsafe-inline'; img-src data:\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<meta name=\"color-scheme\" content=\"light dark\">\n<title>");
    if (name)
        html_str(out, name);
    else
        adj_buf_puts(out, "Ladder results");
    adj_buf_puts(out, "</title>\n<style>\n");
    adj_buf_puts(out, html_style);
    adj_buf_puts(out, extra_style);
    adj_buf_puts(out, "</style>\n</head>\n<body>\n<header>\n<h1>");
    if (name)
        html_str(out, name);
    else
        adj_buf_puts(out, "Ladder results");
    adj_buf_puts(out, "</h1>\n");
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

static void standings(adj_buf_t *out, const adj_summary_t *s)
{
    adj_buf_puts(out, "<section id=\"standings\"><h2>Standings</h2>\n");
    if (!s->standing_count) {
        adj_buf_puts(out, "<p>No player is named in any game.</p></section>\n");
        return;
    }
    adj_buf_puts(out, "<div class=\"scroll\"><table>\n<thead><tr><th class=\"n\">#</th>"
                      "<th>player</th><th class=\"n\">games</th><th class=\"n\">wins</th>"
                      "<th class=\"n\">draws</th><th class=\"n\">losses</th>"
                      "<th class=\"n\">with errors</th><th class=\"n\">unfinished</th></tr>"
                      "</thead>\n<tbody>\n");
    for (size_t i = 0; i < s->standing_count; i++) {
        const adj_standing_t *p = &s->standings[i];
        adj_buf_printf(out, "<tr><td class=\"n\">%zu</td><td>", i + 1);
        html_text(out, p->name, p->name_len);
        adj_buf_printf(out, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td>"
                       "<td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td>"
                       "<td class=\"n\">%zu</td></tr>\n",
                       p->games, p->wins, p->draws, p->losses, p->with_errors, p->unfinished);
    }
    adj_buf_puts(out, "</tbody></table></div>\n<p>Sorted by wins, then fewest losses, then "
                      "name. A game logged twice counts once; a game with no result (unfinished, "
                      "or stopped) counts in no column but its own.</p></section>\n");
}

void adj_html_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o)
{
    (void)o;
    head(out, s->ladder_name);
    if (s->ladder) {  /* the ladder file used (SPEC 13) */
        adj_buf_puts(out, "<p>Ladder file: <code>");
        html_name(out, s->ladder);
        adj_buf_puts(out, "</code></p>\n");
    }
    totals(out, &s->total);
    adj_buf_puts(out, "</header>\n<main>\n");
    standings(out, s);
    adj_buf_puts(out, "<section id=\"games\"><h2>Games</h2>\n");
    if (rows->len) {
        adj_buf_puts(out, "<div class=\"scroll\"><table>\n<thead><tr><th class=\"n\">#</th>"
                          "<th>verdict</th><th class=\"n\">warnings</th><th>players</th>"
                          "<th>tally</th><th>claimed</th><th>claim</th><th>result</th>"
                          "<th>file</th></tr></thead>\n<tbody>\n");
        adj_buf_put(out, rows->data, rows->len);
        adj_buf_puts(out, "</tbody></table></div>\n");
    } else {
        adj_buf_puts(out, "<p>No game was read.</p>\n");
    }
    adj_buf_puts(out, "</section>\n<section id=\"findings\"><h2>Diagnostics</h2>\n");
    if (more->len)
        adj_buf_put(out, more->data, more->len);
    else
        adj_buf_puts(out, "<p>None: every game read is consistent with the rules.</p>\n");
    adj_buf_printf(out, "</section>\n</main>\n<footer>Made by adjutant %s (log format "
                   "adjutant/1).</footer>\n</body>\n</html>\n", ADJ_VERSION);
}
