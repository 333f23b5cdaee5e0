/* SPDX-License-Identifier: MIT */
/*
 * report_html.c - the HTML reporter (SPEC 9): one self-contained HTML5
 * document for a tournament director to publish. In order: the verdict,
 * the diagnostics (each a link to its line), the log with every line
 * numbered and anchored (report_html_log.c), the leaders' final state, the
 * timeline (report_html_timeline.c), the tally and what it is made of, and
 * each leader's story in a <details>. A large log is shown within the
 * bounds of SPEC 9 "Bounded" (report_html.h: lines, diagnostics, leaders,
 * columns, cells, steps), and each section says what it left out.
 *
 * The document loads nothing: no script, no event handler, no URL but
 * `#L<n>` links; its Content-Security-Policy forbids everything else. Its
 * colours are CSS variables, with a dark set (prefers-color-scheme) and a
 * print set; every text and background pair is at least 4.5:1
 * (tests/html/check_html.py measures them).
 */
#include "adj_ladder.h"
#include "report_html.h"

#include <stdlib.h>
#include <string.h>

static const char style[] =
    ":root{--bg:#ffffff;--ink:#1a1a1a;--muted:#4d4d4d;--link:#0b50a8;--line:#8c8c8c;"
    "--err:#a3001b;--err-bg:#fdeceb;--warn:#7a4100;--warn-bg:#fdf3e1;--mark:#fff6cc;"
    "--panel:#f3f3f3;"
    "--fit:#c9ebcc;--wd:#ffd49a;--ill:#ddcdf3;--inc:#d4d4d4;--dead:#f3b9b5;--res:#cfe2f6}\n"
    "@media (prefers-color-scheme:dark){:root{--bg:#121212;--ink:#e8e8e8;--muted:#b3b3b3;"
    "--link:#8ab8ff;--line:#8c8c8c;--err:#ff9b92;--err-bg:#3a1715;--warn:#ffc870;"
    "--warn-bg:#36260c;--mark:#3a3413;--panel:#1f1f1f;"
    "--fit:#1f4a28;--wd:#5a3a0a;--ill:#42305c;--inc:#3b3b3b;--dead:#5c1e1b;--res:#1c3d5c}}\n"
    "@media print{:root{--bg:#ffffff;--ink:#000000;--muted:#333333;--link:#000000;"
    "--line:#666666;--err:#8a0017;--err-bg:#ffffff;--warn:#5c3100;--warn-bg:#ffffff;"
    "--mark:#ffffff;--panel:#ffffff;"
    "--fit:#c9ebcc;--wd:#ffd49a;--ill:#ddcdf3;--inc:#d4d4d4;--dead:#f3b9b5;--res:#cfe2f6}"
    ".scroll{overflow:visible}details::details-content{content-visibility:visible;"
    "display:block}"
    "a{text-decoration:none}}\n"
    "html{background:var(--bg);color:var(--ink);color-scheme:light dark}\n"
    "body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:72em;padding:0 1em}\n"
    "h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid var(--line);"
    "margin-top:1.6em}\n"
    "a{color:var(--link)}code,.log{font-family:ui-monospace,monospace}\n"
    ".verdict{font-size:1.15em;font-weight:600;padding:.5em .8em;background:var(--panel);"
    "border-left:6px solid var(--line)}\n"
    ".verdict.bad{border-color:var(--err)}.verdict.good{border-color:var(--link)}\n"
    "dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}"
    "dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}\n"
    "b.e,.e>b{color:var(--err)}b.w,.w>b{color:var(--warn)}.code{color:var(--muted)}\n"
    "ol.diags li{margin:.2em 0}\n"
    ".log{font-size:13px;border:1px solid var(--line);padding:.4em 0}\n"
    ".log div{white-space:pre-wrap;word-break:break-all}"
    ".log div>a{display:inline-block;min-width:4.5em;padding-right:1em;text-align:right;"
    "color:var(--muted);user-select:none}\n"
    ".log div:target{outline:2px solid var(--link)}\n"
    ".log div.m{background:var(--mark)}"
    ".log div.m.e>a{color:var(--err);font-weight:700}"
    ".log div.m.w>a{color:var(--warn);font-weight:700}\n"
    ".log p.d{margin:0 0 .2em 5.5em;padding:.2em .6em;white-space:pre-wrap;font-family:"
    "system-ui,sans-serif}.log p.d.e{background:var(--err-bg)}.log p.d.w{background:"
    "var(--warn-bg)}\n"
    "details p.gap{color:var(--muted);font-style:italic}"
    ".log p.gap{margin:.3em 0 .3em 5.5em;color:var(--muted);font-style:italic;font-family:"
    "system-ui,sans-serif}\n"
    "p.bound{background:var(--panel);padding:.3em .6em;border-left:3px solid var(--line)}\n"
    "table{border-collapse:collapse}th,td{text-align:left;padding:.15em .8em .15em 0;"
    "border-bottom:1px solid var(--line)}td.n{text-align:right}\n"
    ".scroll{overflow-x:auto}\n"
    "svg.tl{font:11px system-ui,sans-serif}svg.tl text{fill:var(--ink);text-anchor:middle}"
    "svg.tl text.id{text-anchor:start;font-weight:600}svg.tl text.sm{font-size:10px}"
    "svg.tl text.col.np{font-style:italic}\n"
    "svg.tl rect{stroke:var(--line);stroke-width:1}"
    "svg.tl .mk{stroke:var(--ink);stroke-width:1.5;fill:none}"
    "svg.tl rect.dot{fill:none;stroke:var(--ink);stroke-dasharray:1 3}"
    "svg.tl rect.np{fill:none;stroke:var(--ink);stroke-width:1.5;stroke-dasharray:5 3}\n"
    ".s-fit rect{fill:var(--fit)}.s-wd rect{fill:var(--wd)}.s-ill rect{fill:var(--ill)}"
    ".s-inc rect{fill:var(--inc)}.s-dead rect{fill:var(--dead)}.s-res rect{fill:var(--res)}"
    "svg.tl rect.dot,svg.tl rect.np{fill:none}svg.tl .mk{stroke-width:2}\n"
    ".in text{font-weight:700}\n"
    "ul.legend{list-style:none;padding:0;columns:2 22em}ul.legend li{display:flex;"
    "align-items:center;gap:.6em;margin:.15em 0}ul.legend svg{flex:none}\n"
    "details{margin:.3em 0;border:1px solid var(--line);padding:.3em .6em}"
    "summary{cursor:pointer;font-weight:600}details ol{margin:.4em 0}\n"
    ".now{color:var(--muted)}\n"
    "footer{margin-top:2em;color:var(--muted);font-size:.9em}\n";
const char *const html_style = style;  /* the summary's page shares it */

/* ---- the verdict ---- */

/* "stands", "is wrong" or none, as SPEC 5.1 words it. */
static const char *claim_word(const adj_audit_t *a)
{
    const adj_replay_t *r = &a->result;
    if (!a->replayed || !r->has_claim)
        return NULL;
    bool stands = r->claim_present[0] && r->claim_present[1] && r->claim[0] == r->vp[0] &&
                  r->claim[1] == r->vp[1];
    return stands ? "the claimed tally stands" : "the claimed tally is wrong";
}

/* The ladder file and the players (SPEC 13). */
static void facts_ladder(adj_buf_t *out, const adj_audit_t *a)
{
    if (a->ladder) {
        adj_buf_puts(out, "<dt>ladder</dt><dd><code>");
        html_str(out, adj_ladder_path(a->ladder));
        adj_buf_puts(out, "</code></dd>\n");
    }
    const adj_header_t *h = a->reader ? adj_reader_header(a->reader) : NULL;
    for (int s = 0; h && s < 2; s++) {
        if (!h->players[s])
            continue;
        adj_buf_puts(out, "<dt>player of ");
        html_text(out, h->sides[s], h->side_len[s]);
        adj_buf_puts(out, "</dt><dd>");
        html_text(out, h->players[s], h->player_len[s]);
        adj_buf_puts(out, "</dd>\n");
    }
}

static void facts_rulings(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    const adj_audit_opts_t *ao = o->audit;
    const adj_rulings_t *rs = &a->rulings;
    bool sourced = false;
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        sourced = sourced || rs->src[r];
    adj_buf_puts(out, "<dt>rulings</dt><dd>");
    if (adj_rulings_is_default(rs) && !sourced) {
        adj_buf_puts(out, "the defaults");
    } else {
        bool first = true;
        for (int r = 0; r < ADJ_RULING_COUNT; r++) {
            if (!rs->value[r] && !rs->src[r])
                continue;
            adj_buf_puts(out, first ? "<code>" : ", <code>");
            html_str(out, adj_ruling_name((adj_ruling_t)r));
            adj_buf_putc(out, '=');
            html_str(out, adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
            adj_buf_puts(out, "</code>");
            if (rs->src[r])
                adj_buf_printf(out, " (from the %s)",
                               adj_ruling_src_name((adj_ruling_src_t)rs->src[r]));
            first = false;
        }
        adj_buf_puts(out, " (the others at their defaults)");
    }
    adj_buf_puts(out, "</dd>\n");
    if (ao && ao->at.kind != ADJ_AT_NONE)
        adj_buf_printf(out, "<dt>moment</dt><dd><code>--at %s:%lld</code>: the state at that "
                       "moment of the log</dd>\n",
                       ao->at.kind == ADJ_AT_TURN ? "turn" : "line", (long long)ao->at.value);
}

static void facts(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    adj_buf_puts(out, "<dl class=\"facts\">\n<dt>file</dt><dd><code>");
    html_name(out, a->file);
    adj_buf_puts(out, "</code></dd>\n<dt>scenario</dt><dd>");
    size_t n = 0;
    const char *sc = a->reader ? adj_reader_scenario(a->reader, &n) : NULL;
    if (sc)
        html_text(out, sc, n);
    else
        adj_buf_puts(out, "(not given)");
    adj_buf_printf(out, "</dd>\n<dt>errors</dt><dd>%zu</dd>\n<dt>warnings</dt><dd>%zu</dd>\n",
                   a->diags.errors, a->diags.warnings);
    adj_buf_puts(out, "<dt>claim</dt><dd>");
    const char *cw = claim_word(a);
    if (cw)
        adj_buf_puts(out, cw);
    else if (!a->replayed)
        adj_buf_puts(out, "no claim checked: the log could not be replayed");
    else
        adj_buf_puts(out, a->result.ended ? "no claim: `end` claims no tally"
                                          : "no claim: the log has no `end`");
    adj_buf_puts(out, "</dd>\n");
    facts_ladder(out, a);
    facts_rulings(out, a, o);
    if (a->replayed && a->result.turn_begun)
        adj_buf_printf(out, "<dt>last turn begun</dt><dd>%lld%s</dd>\n",
                       (long long)a->result.turn, a->result.ended ? " (the game ended)" : "");
    adj_buf_puts(out, "</dl>\n");
}

static void html_verdict(adj_buf_t *out, const adj_audit_t *a)
{
    bool bad = a->diags.errors > 0;
    adj_buf_printf(out, "<p class=\"verdict %s\" id=\"verdict\">", bad ? "bad" : "good");
    if (bad)
        adj_buf_printf(out, "%zu error%s", a->diags.errors, a->diags.errors == 1 ? "" : "s");
    else
        adj_buf_puts(out, "Clean");
    adj_buf_printf(out, ", %zu warning%s", a->diags.warnings, a->diags.warnings == 1 ? "" : "s");
    const char *cw = claim_word(a);
    if (a->diags.stopped)
        adj_buf_puts(out, "; the audit stopped early");
    if (cw)
        adj_buf_printf(out, "; %s", cw);
    else if (a->replayed)
        adj_buf_puts(out, "; no claimed tally");
    adj_buf_puts(out, ".</p>\n");
}

static void html_head(adj_buf_t *out, const adj_audit_t *a)
{
    adj_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'unsafe-inline'; img-src data:\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<meta name=\"color-scheme\" content=\"light dark\">\n<title>adjutant: ");
    html_name(out, a->file);
    adj_buf_puts(out, "</title>\n<style>\n");
    adj_buf_puts(out, style);
    adj_buf_puts(out, "</style>\n</head>\n<body>\n<header>\n<h1>Audit of <code>");
    html_name(out, a->file);
    adj_buf_puts(out, "</code></h1>\n");
}

/* ---- the diagnostics ---- */

static void diag_list(adj_buf_t *out, const html_page_t *pg)
{
    const adj_audit_t *a = pg->a;
    const adj_diags_t *d = &pg->diags;
    adj_buf_printf(out, "<section id=\"diagnostics\"><h2>Diagnostics (%zu)</h2>\n",
                   a->diags.errors + a->diags.warnings);
    if (d->count == 0)
        adj_buf_puts(out, "<p>None: every entry is consistent with the rules.</p>\n");
    else
        adj_buf_puts(out, "<ol class=\"diags\">\n");
    for (size_t i = 0; i < d->count; i++) {
        const adj_diag_t *g = &d->items[i];
        bool err = adj_code_severity(g->code) == ADJ_SEV_ERROR;
        adj_buf_puts(out, err ? "<li class=\"e\"><a href=\"#L" : "<li class=\"w\"><a href=\"#L");
        html_num(out, (int64_t)g->mark.line);
        adj_buf_puts(out, "\">line ");
        html_num(out, (int64_t)g->mark.line);
        adj_buf_puts(out, ", column ");
        html_num(out, (int64_t)g->mark.column);
        adj_buf_puts(out, err ? "</a>: <b>error</b>: " : "</a>: <b>warning</b>: ");
        html_str(out, g->message);
        adj_buf_puts(out, " <span class=\"code\">[");
        adj_buf_puts(out, adj_code_name(g->code));
        adj_buf_puts(out, ", rule ");
        adj_buf_puts(out, g->rule);
        adj_buf_puts(out, "]</span></li>\n");
        html_drain(out, pg->o);
    }
    if (d->count)
        adj_buf_puts(out, "</ol>\n");
    if (d->count < a->diags.count)
        adj_buf_printf(out, "<p class=\"bound\">... and %zu more, not shown on this page (it "
                       "shows the first %d, by line; the other formats list them all).</p>\n",
                       a->diags.count - d->count, HTML_MAX_DIAGS);
    if (a->diags.omitted)
        adj_buf_printf(out, "<p>... and %zu more, counted but not listed (adjutant keeps the "
                       "first %d of a file).</p>\n", a->diags.omitted, ADJ_MAX_DIAGS);
    adj_buf_puts(out, "</section>\n");
}

/* ---- the final state ---- */

static void state_cells(adj_buf_t *out, const adj_header_t *h, const adj_leader_state_t *s)
{
    bool in = adj_status_in_play(s->status);
    adj_buf_printf(out, "<td>%s</td><td class=\"n\">%lld</td><td>%s</td><td>",
                   adj_status_name(s->status), (long long)s->level,
                   in ? (s->inactive ? "Inactive" : "Active") : "-");
    if (s->replaced_by >= 0)
        html_str(out, h->leaders[s->replaced_by].id);
    else
        adj_buf_putc(out, '-');
    adj_buf_puts(out, "</td>");
}

static void final_state(adj_buf_t *out, const html_page_t *pg)
{
    const adj_audit_t *a = pg->a;
    adj_buf_puts(out, "<section id=\"leaders\"><h2>The leaders' final state</h2>\n");
    if (!a->replayed) {
        adj_buf_puts(out, "<p>No replay: the log's header could not be read.</p></section>\n");
        return;
    }
    const adj_header_t *h = a->result.header;
    html_leaders_notice(out, pg, "The table shows", pg->kept,
                        "at most " HTML_STR(HTML_MAX_LEADERS));
    adj_buf_puts(out, "<div class=\"scroll\"><table class=\"leaders\"><thead><tr><th>leader</th>"
                      "<th>name</th><th>side</th><th>status</th><th>level</th><th>counter</th>"
                      "<th>replaced by</th></tr></thead><tbody>\n");
    for (size_t k = 0; k < pg->kept; k++) {
        size_t l = pg->keep[k];
        const adj_leader_def_t *d = &h->leaders[l];
        adj_buf_puts(out, "<tr><td><code>");
        html_str(out, d->id);
        adj_buf_puts(out, "</code></td><td>");
        if (d->name)
            html_str(out, d->name);
        adj_buf_puts(out, "</td><td>");
        html_text(out, h->sides[d->side], h->side_len[d->side]);
        adj_buf_puts(out, "</td>");
        state_cells(out, h, &a->result.leaders[l]);
        adj_buf_puts(out, "</tr>\n");
        html_drain(out, pg->o);
    }
    adj_buf_puts(out, "</tbody></table></div></section>\n");
}

/* ---- the tally ---- */

static void tally_parts(adj_buf_t *out, const html_page_t *pg)
{
    const adj_audit_t *a = pg->a;
    const adj_contrib_t *parts = a->result.parts;
    size_t total = a->result.part_count;
    size_t shown = total < ADJ_MAX_CONTRIBS ? total : ADJ_MAX_CONTRIBS;
    const adj_header_t *h = a->result.header;
    adj_buf_puts(out, "<p>The regenerated tally is made of:</p>\n");
    if (total == 0) {
        adj_buf_puts(out, "<p>nothing: no leader died and no VPs were awarded.</p>\n");
        return;
    }
    adj_buf_puts(out, "<ul class=\"parts\">\n");
    for (size_t i = 0; i < shown; i++) {
        const adj_contrib_t *c = &parts[i];
        adj_buf_puts(out, "<li>");
        html_text(out, h->sides[c->side], h->side_len[c->side]);
        adj_buf_printf(out, " %lld ", (long long)c->points);
        if (c->leader >= 0) {
            adj_buf_puts(out, "for the death of <code>");
            html_str(out, h->leaders[c->leader].id);
            adj_buf_puts(out, "</code>");
        } else {
            adj_buf_puts(out, "awarded");
        }
        adj_buf_puts(out, " (");
        html_line_ref(out, pg, c->line);
        adj_buf_puts(out, ")</li>\n");
    }
    if (total > shown)
        adj_buf_printf(out, "<li>and %zu more, not listed</li>\n", total - shown);
    adj_buf_puts(out, "</ul>\n");
}

static void html_tally(adj_buf_t *out, const html_page_t *pg)
{
    const adj_audit_t *a = pg->a;
    adj_buf_puts(out, "<section id=\"tally\"><h2>The tally</h2>\n");
    if (!a->replayed) {
        adj_buf_puts(out, "<p>No replay, so no tally.</p></section>\n");
        return;
    }
    const adj_replay_t *r = &a->result;
    adj_buf_puts(out, "<table class=\"tally\"><thead><tr><th>VP</th>");
    for (int s = 0; s < 2; s++) {
        adj_buf_puts(out, "<th>");
        html_text(out, r->header->sides[s], r->header->side_len[s]);
        adj_buf_puts(out, "</th>");
    }
    adj_buf_puts(out, "</tr></thead><tbody>\n<tr><th>regenerated</th>");
    for (int s = 0; s < 2; s++)
        adj_buf_printf(out, "<td class=\"n\">%lld</td>", (long long)r->vp[s]);
    adj_buf_puts(out, "</tr>\n<tr><th>claimed</th>");
    for (int s = 0; s < 2 && r->has_claim; s++) {
        if (r->claim_present[s])
            adj_buf_printf(out, "<td class=\"n\">%lld</td>", (long long)r->claim[s]);
        else
            adj_buf_puts(out, "<td class=\"n\">missing</td>");
    }
    if (!r->has_claim)
        adj_buf_printf(out, "<td colspan=\"2\">%s</td>",
                       r->ended ? "no claim at <code>end</code>" : "no <code>end</code>");
    adj_buf_puts(out, "</tr>\n</tbody></table>\n");
    tally_parts(out, pg);
    adj_buf_puts(out, "</section>\n");
}

/* ---- the stories ---- */

static void story_step(adj_buf_t *out, const html_page_t *pg, const adj_chronicle_t *ch,
                       const adj_chron_step_t *st)
{
    const adj_header_t *h = pg->a->result.header;
    adj_buf_puts(out, "<li>");
    html_line_ref(out, pg, st->line);
    if (st->has_turn) {
        adj_buf_puts(out, ", turn ");
        html_num(out, st->turn);
    }
    adj_buf_puts(out, ", <code>");
    adj_buf_puts(out, st->event);
    adj_buf_puts(out, "</code> [");
    adj_buf_puts(out, st->rule);
    adj_buf_puts(out, "]: ");
    html_str(out, ch->texts.data + st->text);
    adj_buf_puts(out, " <span class=\"now\">now: ");
    html_cell_text(out, st->after);
    if (st->replaced_by >= 0) {
        adj_buf_puts(out, ", replaced by ");
        html_str(out, h->leaders[st->replaced_by].id);
    }
    adj_buf_puts(out, "</span></li>\n");
    html_drain(out, pg->o);
}

/* His steps: all of them, or past his share of HTML_MAX_STEPS the first
 * and the last half of it, with a note of those between. */
static void story_steps(adj_buf_t *out, const html_page_t *pg, const adj_chronicle_t *ch,
                        size_t l)
{
    const adj_chron_story_t *s = &ch->stories[l];
    if (s->count == 0) {
        adj_buf_puts(out, "<p>No event of the replay names him.</p>\n");
        return;
    }
    size_t share = HTML_MAX_STEPS / (pg->kept ? pg->kept : 1);
    size_t head = s->count <= share ? s->count : share / 2;
    size_t tail = s->count <= share ? s->count : s->count - (share - head);
    adj_buf_puts(out, "<ol>\n");
    for (size_t i = 0; i < head; i++)
        story_step(out, pg, ch, &s->steps[i]);
    if (tail > head)
        adj_buf_printf(out, "</ol>\n<p class=\"gap\">steps %zu\u2013%zu of his %zu not shown "
                       "(a page tells at most %d steps in all)</p>\n<ol>\n", head + 1, tail,
                       s->count, HTML_MAX_STEPS);
    for (size_t i = tail; i < s->count; i++)
        story_step(out, pg, ch, &s->steps[i]);
    adj_buf_puts(out, "</ol>\n");
}

/* The diagnostics about each leader, as lists threaded through `next`
 * (in sorted order): one pass, however large the roster. */
typedef struct about_s {
    size_t *first, *next;   /* owned; SIZE_MAX ends a list */
} about_t;

static void about_build(about_t *ab, const html_page_t *pg, size_t leaders)
{
    const adj_audit_t *a = pg->a;
    const adj_diags_t *d = &pg->diags;
    ab->first = adj_xcalloc(leaders ? leaders : 1, sizeof *ab->first);
    ab->next = adj_xcalloc(d->count ? d->count : 1, sizeof *ab->next);
    memset(ab->first, 0xFF, (leaders ? leaders : 1) * sizeof *ab->first);
    for (size_t i = d->count; i-- > 0;) {
        const adj_diag_t *g = &d->items[i];
        int32_t l = g->leader && leaders ? adj_reader_leader_index(a->reader, g->leader) : -1;
        ab->next[i] = SIZE_MAX;
        if (l < 0 || (size_t)l >= leaders)
            continue;
        ab->next[i] = ab->first[l];
        ab->first[l] = i;
    }
}

static void story_diags(adj_buf_t *out, const html_page_t *pg, const about_t *ab, size_t l)
{
    const adj_audit_t *a = pg->a;
    size_t about = 0;
    for (size_t i = ab->first[l]; i != SIZE_MAX; i = ab->next[i]) {
        const adj_diag_t *g = &a->diags.items[i];
        adj_buf_puts(out, about++ ? "" : "<p>Diagnostics about him:</p>\n<ul>\n");
        bool err = adj_code_severity(g->code) == ADJ_SEV_ERROR;
        adj_buf_printf(out, "<li class=\"%s\"><a href=\"#L%zu\">line %zu</a>: ", err ? "e" : "w",
                       g->mark.line, g->mark.line);
        html_str(out, g->message);
        adj_buf_printf(out, " <span class=\"code\">[%s]</span></li>\n", adj_code_name(g->code));
    }
    adj_buf_puts(out, about ? "</ul>\n" : "<p>No diagnostic is about him.</p>\n");
}

/* One leader's story in its <details>. */
static void html_story(adj_buf_t *out, const html_page_t *pg, const about_t *ab, size_t l)
{
    const adj_audit_t *a = pg->a;
    const adj_header_t *h = a->result.header;
    const adj_leader_def_t *d = &h->leaders[l];
    adj_buf_puts(out, "<details><summary><code>");
    html_str(out, d->id);
    adj_buf_puts(out, "</code>");
    if (d->name) {
        adj_buf_puts(out, " (");
        html_str(out, d->name);
        adj_buf_putc(out, ')');
    }
    adj_buf_puts(out, ", ");
    html_text(out, h->sides[d->side], h->side_len[d->side]);
    adj_buf_printf(out, ", worth %lld VP if he dies: ends ", (long long)d->vp);
    html_cell_text(out, adj_cell_of(&a->result.leaders[l]));
    adj_buf_printf(out, "</summary>\n<p>At the start: %s", d->reserve ? "in reserve"
                                                            : d->wound ? "wounded" : "fit");
    if (!d->reserve && d->wound)
        adj_buf_printf(out, " %lld", (long long)d->wound);
    adj_buf_puts(out, ".</p>\n");
    story_steps(out, pg, pg->o->log->chronicle, l);
    story_diags(out, pg, ab, l);
    adj_buf_puts(out, "</details>\n");
}

static void stories(adj_buf_t *out, const html_page_t *pg, const about_t *ab)
{
    const adj_audit_t *a = pg->a;
    adj_buf_puts(out, "<section id=\"stories\"><h2>Each leader's story</h2>\n");
    const adj_chronicle_t *ch = pg->o->log ? pg->o->log->chronicle : NULL;
    if (!a->replayed || !ch || ch->leaders != a->result.header->leader_count) {
        adj_buf_puts(out, "<p>No story to tell: no event was replayed.</p></section>\n");
        return;
    }
    html_leaders_notice(out, pg, "The stories are told of", pg->kept,
                        "at most " HTML_STR(HTML_MAX_LEADERS));
    for (size_t k = 0; k < pg->kept; k++) {
        html_story(out, pg, ab, pg->keep[k]);
        html_drain(out, pg->o);
    }
    adj_buf_puts(out, "</section>\n");
}

/* ---- the bounds (the choice itself: report_html_bounds.c) ---- */

/* Each leader's rank (SPEC 9 "Bounded"): 0 a diagnostic is about him, 1
 * his drawn state changes, 2 neither. */
static void rank_leaders(html_page_t *pg, const about_t *ab)
{
    const adj_chronicle_t *ch = pg->o->log ? pg->o->log->chronicle : NULL;
    size_t n = pg->a->replayed ? pg->a->result.header->leader_count : 0;
    pg->rank = adj_xcalloc(n ? n : 1, 1);
    for (size_t l = 0; l < n; l++) {
        bool diag = ab->first[l] != SIZE_MAX;
        bool change = ch && ch->leaders == n && ch->history[l].count > 0;
        pg->rank[l] = diag ? 0 : change ? 1 : 2;
        pg->with_diag += diag;
        pg->changing += !diag && change;
    }
}

static void html_audit(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    html_page_t pg = {.a = a, .o = o, .diags = a->diags};
    if (pg.diags.count > HTML_MAX_DIAGS)
        pg.diags.count = HTML_MAX_DIAGS;
    pg.lines = o->log ? html_count_lines(o->log) : 0;
    pg.cut = pg.lines > HTML_MAX_LINES;
    about_t ab;
    about_build(&ab, &pg, a->replayed ? a->result.header->leader_count : 0);
    rank_leaders(&pg, &ab);
    size_t roster = a->replayed ? a->result.header->leader_count : 0;
    pg.keep = adj_xcalloc(roster ? roster : 1, sizeof *pg.keep);
    pg.kept = html_choose(&pg, HTML_MAX_LEADERS, pg.keep);
    html_head(out, a);
    html_verdict(out, a);
    facts(out, a, o);
    adj_buf_puts(out, "</header>\n<main>\n");
    diag_list(out, &pg);
    html_log_listing(out, &pg);
    final_state(out, &pg);
    html_timeline(out, &pg);
    html_tally(out, &pg);
    stories(out, &pg, &ab);
    adj_buf_printf(out, "</main>\n<footer>Made by adjutant %s (log format adjutant/1).</footer>\n"
                   "</body>\n</html>\n", ADJ_VERSION);
    free(ab.first);
    free(ab.next);
    free(pg.keep);
    free(pg.rank);
}

const adj_reporter_t adj_reporter_html = {
    .name = "html",
    .help = "a page to publish (one FILE)",
    .one_file = true,
    .audit = html_audit,
    .summary_holds = true,  /* --summary: a results page (report_summary_html.c) */
    .summary_diags = true,
    .summary = adj_html_summary,
    .summary_end = adj_html_summary_end,
};
