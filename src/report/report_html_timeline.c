/* SPDX-License-Identifier: MIT */
/*
 * report_html_timeline.c - the timeline of SPEC 9 as inline SVG: a row per
 * roster leader, a column per turn (a run of turns the log skipped is one
 * column), each cell his state at the last moment that turn was current.
 * Bounded: at most HTML_MAX_COLS columns (the rest folded into the last)
 * and no wider than HTML_MAX_PX; at most HTML_MAX_LEADERS rows and
 * HTML_MAX_CELLS cells, the leaders chosen by html_choose.
 * A cell tells its status three ways: colour (the stylesheet's palette),
 * a short label, and marks drawn in it (a cross for dead, a stroke for
 * incapacitated, a dotted frame for reserve, a dashed frame for a run not
 * played), so it reads in grey print and without colour vision.
 */
#include "report_html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROW_H = 34, HEAD_H = 40, CELL_W = 56, MAX_ID = 24 };

static const char *const status_class[ADJ_STATUS_COUNT] = {"fit", "wd", "ill", "inc", "dead",
                                                           "res"};

void html_cell_text(adj_buf_t *out, adj_cell_t cell)
{
    adj_status_t st = adj_cell_status(cell);
    adj_buf_puts(out, adj_status_name(st));
    if (st == ADJ_ST_WOUNDED || st == ADJ_ST_ILL)
        adj_buf_printf(out, " %d", adj_cell_level(cell));
    if (adj_cell_inactive(cell) && adj_status_in_play(st))
        adj_buf_puts(out, ", Inactive");
}

/* The label inside a cell: "fit", "wd 2", "ill 1", "inc.", "dead", "res.". */
static void cell_label(adj_buf_t *out, adj_cell_t cell)
{
    adj_status_t st = adj_cell_status(cell);
    static const char *const label[ADJ_STATUS_COUNT] = {"fit", "wd", "ill", "inc.", "dead",
                                                        "res."};
    adj_buf_puts(out, label[st]);
    if (st == ADJ_ST_WOUNDED || st == ADJ_ST_ILL)
        adj_buf_printf(out, " %d", adj_cell_level(cell));
}

/* ` name="v"` for a number. */
static void attr(adj_buf_t *out, const char *name, int64_t v)
{
    adj_buf_puts(out, name);
    html_num(out, v);
    adj_buf_putc(out, '"');
}

/* A rectangle at (x, y), w x h. */
static void rect(adj_buf_t *out, const char *cls, int x, int y, int w, int h)
{
    adj_buf_puts(out, cls);
    attr(out, " x=\"", x);
    attr(out, " y=\"", y);
    attr(out, " width=\"", w);
    attr(out, " height=\"", h);
    adj_buf_puts(out, "/>");
}

/* One cell at (x, y), `w` wide: its drawing and text; the caller wraps it
 * in a <g> holding the <title>. `framed`: a run not played, or folded. */
static void cell_body(adj_buf_t *out, adj_cell_t cell, int x, int y, int w, bool framed)
{
    adj_status_t st = adj_cell_status(cell);
    bool inact = adj_cell_inactive(cell) && adj_status_in_play(st);
    int h = ROW_H - 4;
    rect(out, "<rect", x + 2, y + 2, w - 4, h);
    /* the marks keep to the top right corner, clear of the label */
    int cx = x + w - 12, cy = y + 4;
    if (st == ADJ_ST_DEAD)
        adj_buf_printf(out, "<path class=\"mk\" d=\"M%d %dl8 8m0 -8l-8 8\"/>", cx, cy);
    else if (st == ADJ_ST_INCAPACITATED)
        adj_buf_printf(out, "<path class=\"mk\" d=\"M%d %dl8 -8\"/>", cx, cy + 8);
    if (st == ADJ_ST_RESERVE)
        rect(out, "<rect class=\"dot\"", x + 4, y + 4, w - 8, h - 4);
    if (framed)
        rect(out, "<rect class=\"np\"", x + 2, y + 2, w - 4, h);
    attr(out, "<text x=\"", x + w / 2);
    attr(out, " y=\"", y + (inact ? 15 : 21));
    adj_buf_putc(out, '>');
    cell_label(out, cell);
    adj_buf_puts(out, "</text>");
    if (inact) {
        attr(out, "<text class=\"sm\" x=\"", x + w / 2);
        attr(out, " y=\"", y + 28);
        adj_buf_puts(out, ">Inactive</text>");
    }
}

/* kind: "" played, " np" a run not played, " fd" folded. */
static const char *col_kind(const adj_timeline_col_t *c)
{
    return c->folded ? " fd" : c->played ? "" : " np";
}

static void cell_classes(adj_buf_t *out, adj_cell_t cell, const char *kind)
{
    adj_status_t st = adj_cell_status(cell);
    adj_buf_puts(out, "c s-");
    adj_buf_puts(out, status_class[st]);
    adj_buf_puts(out, adj_cell_inactive(cell) && adj_status_in_play(st) ? " in" : "");
    adj_buf_puts(out, kind);
}

static void turn_range(adj_buf_t *out, const adj_timeline_col_t *c)
{
    html_num(out, c->from);
    if (c->from != c->to) {
        adj_buf_puts(out, "\u2013");
        html_num(out, c->to);
    }
}

static int col_width(const adj_timeline_col_t *c)
{
    char b[64];
    int len = snprintf(b, sizeof b, "%lld", (long long)c->from);
    if (c->from != c->to)
        len += 3 + snprintf(b, sizeof b, "%lld", (long long)c->to);  /* the dash: 3 */
    int w = len * 7 + 14;  /* the label fits, and "not played" under it */
    int least = c->played && !c->folded ? CELL_W : 76;
    return w > least ? w : least;
}

/* The header row: turn numbers; a skipped run or the folded rest says so. */
static void header_row(adj_buf_t *out, const adj_timeline_col_t *cols, size_t n, int label_w)
{
    adj_buf_puts(out, "<g class=\"hd\">");
    int x = label_w;
    for (size_t i = 0; i < n; i++) {
        int w = col_width(&cols[i]);
        bool plain = cols[i].played && !cols[i].folded;
        adj_buf_printf(out, "<text class=\"col%s\" x=\"%d\" y=\"%d\">", plain ? "" : " np",
                       x + w / 2, plain ? 26 : 18);
        turn_range(out, &cols[i]);
        adj_buf_puts(out, "</text>");
        if (!plain)
            adj_buf_printf(out, "<text class=\"sm\" x=\"%d\" y=\"34\">%s</text>", x + w / 2,
                           cols[i].folded ? "folded" : "not played");
        x += w;
    }
    adj_buf_puts(out, "</g>\n");
}

/* His id, cut to MAX_ID bytes with an ellipsis (a cell repeats it). */
static void short_id(adj_buf_t *out, const adj_leader_def_t *d)
{
    bool cut = d->id_len > MAX_ID;
    html_text(out, d->id, cut ? MAX_ID - 1 : d->id_len);
    if (cut)
        adj_buf_puts(out, "\u2026");
}

/* A cell's tooltip: "jackson, turn 3: ill 2, Inactive"; a long id cut. */
static void cell_title(adj_buf_t *out, const adj_leader_def_t *d, const adj_timeline_col_t *c,
                       adj_cell_t cell)
{
    adj_buf_puts(out, "<title>");
    short_id(out, d);
    adj_buf_puts(out, c->from == c->to ? ", turn " : ", turns ");
    turn_range(out, c);
    if (c->folded) {
        adj_buf_puts(out, " (folded: as at turn ");
        html_num(out, c->to);
        adj_buf_puts(out, "): ");
    } else {
        adj_buf_puts(out, c->played ? ": " : " (not played): ");
    }
    html_cell_text(out, cell);
    adj_buf_puts(out, "</title>");
}

static void leader_row(adj_buf_t *out, const adj_audit_t *a, const adj_chronicle_t *ch, size_t l,
                       size_t row, const adj_timeline_col_t *cols, size_t n, int label_w)
{
    const adj_leader_def_t *d = &a->result.header->leaders[l];
    int y = HEAD_H + (int)row * ROW_H;
    adj_buf_puts(out, "<g class=\"row\"><text class=\"id\" x=\"6\" ");
    attr(out, "y=\"", y + 21);
    adj_buf_puts(out, "><title>");
    html_str(out, d->id);
    if (d->name) {
        adj_buf_puts(out, " (");
        html_str(out, d->name);
        adj_buf_putc(out, ')');
    }
    adj_buf_puts(out, "</title>");
    short_id(out, d);
    adj_buf_puts(out, "</text>");
    int x = label_w;
    for (size_t i = 0; i < n; i++) {
        int w = col_width(&cols[i]);
        adj_cell_t cell = adj_chronicle_cell(ch, l, cols[i].period);
        adj_buf_puts(out, "<g class=\"");
        cell_classes(out, cell, col_kind(&cols[i]));
        adj_buf_puts(out, "\">");
        cell_title(out, d, &cols[i], cell);
        cell_body(out, cell, x, y, w, !cols[i].played || cols[i].folded);
        adj_buf_puts(out, "</g>");
        x += w;
    }
    adj_buf_puts(out, "</g>\n");
}

/* One legend entry: a sample cell and what it means. */
static void legend_item(adj_buf_t *out, adj_cell_t cell, bool played, const char *meaning)
{
    adj_buf_puts(out, "<li><svg class=\"tl\" width=\"80\" height=\"34\" aria-hidden=\"true\"><g class=\"");
    cell_classes(out, cell, played ? "" : " np");
    adj_buf_puts(out, "\">");
    cell_body(out, cell, 0, 0, 80, !played);
    adj_buf_printf(out, "</g></svg> %s</li>\n", meaning);
}

static void legend(adj_buf_t *out)
{
    adj_buf_puts(out, "<ul class=\"legend\">\n");
    legend_item(out, ADJ_ST_FIT, true, "fit, in play");
    legend_item(out, (adj_cell_t)(ADJ_ST_WOUNDED | (2 << 4)), true,
                "wounded, at the wound level shown");
    legend_item(out, (adj_cell_t)(ADJ_ST_ILL | (2 << 4)), true, "ill, for the turns shown");
    legend_item(out, (adj_cell_t)(ADJ_ST_FIT | 8), true,
                "in play, his counter on its Inactive side");
    legend_item(out, ADJ_ST_INCAPACITATED, true, "incapacitated by illness (one stroke)");
    legend_item(out, ADJ_ST_DEAD, true, "dead (a cross)");
    legend_item(out, ADJ_ST_RESERVE, true, "in reserve, not yet in play (dotted frame)");
    legend_item(out, ADJ_ST_FIT, false,
                "turns the log skipped (dashed frame): the state before them, repeated");
    adj_buf_puts(out, "</ul>\n");
}

/* The drawn leaders: who they are, in roster order. */
typedef struct rows_s {
    size_t *keep;  /* owned */
    size_t count;
} rows_t;

static int label_width(const adj_header_t *h, const rows_t *rows)
{
    size_t m = 6;
    for (size_t k = 0; k < rows->count; k++)
        m = h->leaders[rows->keep[k]].id_len > m ? h->leaders[rows->keep[k]].id_len : m;
    return 16 + 8 * (int)(m > MAX_ID ? MAX_ID : m);
}

/* The widest a folded column can be: two 20-digit turns. */
enum { FOLD_MAX_W = 43 * 7 + 14 };

/* The columns drawn (SPEC 9 "Bounded"): all of them when they number at
 * most HTML_MAX_COLS and fit in HTML_MAX_PX; otherwise as many as leave
 * room for a last one into which the rest are folded, as at the last. */
static size_t fold_columns(adj_timeline_col_t *cols, size_t n, int label_w)
{
    int x = label_w;
    size_t i = 0;
    for (; i < n; i++) {
        int w = col_width(&cols[i]);
        bool fits = x + w <= HTML_MAX_PX;
        if (i + 1 == n && i < HTML_MAX_COLS && fits)
            return n;  /* all of them */
        if (i + 1 >= HTML_MAX_COLS || x + w + FOLD_MAX_W > HTML_MAX_PX)
            break;
        x += w;
    }
    cols[i] = (adj_timeline_col_t){cols[i].from, cols[n - 1].to, false, cols[n - 1].period,
                                   true};
    return i + 1;
}

static void timeline_svg(adj_buf_t *out, const html_page_t *pg, const rows_t *rows,
                         const adj_timeline_col_t *cols, size_t n)
{
    int label_w = label_width(pg->a->result.header, rows), width = label_w;
    for (size_t i = 0; i < n; i++)
        width += col_width(&cols[i]);
    int height = HEAD_H + (int)rows->count * ROW_H + 4;
    adj_buf_printf(out, "<div class=\"scroll\"><svg class=\"tl\" width=\"%d\" height=\"%d\" "
                   "role=\"img\" aria-label=\"each leader's state at the end of each turn\">\n",
                   width, height);
    header_row(out, cols, n, label_w);
    for (size_t k = 0; k < rows->count; k++) {
        leader_row(out, pg->a, pg->o->log->chronicle, rows->keep[k], k, cols, n, label_w);
        html_drain(out, pg->o);
    }
    adj_buf_puts(out, "</svg></div>\n");
}

/* What the timeline left out, said above it. */
static void bound_notice(adj_buf_t *out, const html_page_t *pg, const rows_t *rows,
                         size_t limit, const adj_timeline_col_t *cols, size_t n, size_t all)
{
    char most[160];
    if (limit < HTML_MAX_LEADERS)
        snprintf(most, sizeof most, "at most %d, and at most %d cells, so %zu rows of %zu columns",
                 HTML_MAX_LEADERS, HTML_MAX_CELLS, limit, n);
    else
        snprintf(most, sizeof most, "at most %d", HTML_MAX_LEADERS);
    html_leaders_notice(out, pg, "The timeline draws", rows->count, most);
    if (n < all) {
        const adj_timeline_col_t *f = &cols[n - 1];
        adj_buf_printf(out, "<p class=\"bound\">Turns %lld\u2013%lld (%zu columns) are folded "
                       "into the last column, which shows each leader's state as at turn %lld "
                       "(at most %d columns, and no drawing wider than %d px).</p>\n",
                       (long long)f->from, (long long)f->to, all - n + 1, (long long)f->to,
                       HTML_MAX_COLS, HTML_MAX_PX);
    }
}

/* The columns (folded to their bound), the leaders drawn (at most
 * HTML_MAX_LEADERS, and HTML_MAX_CELLS cells), the drawing and its legend. */
static void timeline_bounded(adj_buf_t *out, const html_page_t *pg, adj_timeline_col_t *cols,
                             size_t all)
{
    const adj_header_t *h = pg->a->result.header;
    rows_t rows = {adj_xcalloc(h->leader_count ? h->leader_count : 1, sizeof *rows.keep), 0};
    rows.count = html_choose(pg, HTML_MAX_LEADERS, rows.keep);  /* the widest labels */
    size_t n = fold_columns(cols, all, label_width(h, &rows));
    size_t limit = HTML_MAX_CELLS / n < HTML_MAX_LEADERS ? HTML_MAX_CELLS / n : HTML_MAX_LEADERS;
    if (limit < rows.count)
        rows.count = html_choose(pg, limit, rows.keep);
    adj_buf_puts(out, "<p>Each leader's state at the end of each turn (hover over a cell for "
                      "its details).</p>\n");
    bound_notice(out, pg, &rows, limit, cols, n, all);
    timeline_svg(out, pg, &rows, cols, n);
    legend(out);
    free(rows.keep);
}

void html_timeline(adj_buf_t *out, const html_page_t *pg)
{
    const adj_audit_t *a = pg->a;
    adj_buf_puts(out, "<section id=\"timeline\"><h2>Timeline</h2>\n");
    const adj_chronicle_t *ch = pg->o->log ? pg->o->log->chronicle : NULL;
    adj_timeline_col_t *cols = NULL;
    size_t all = ch && a->replayed ? adj_chronicle_columns(ch, a->result.header->first_turn, &cols)
                                   : 0;
    if (all == 0)
        adj_buf_puts(out, "<p>No turn began, so there is no timeline.</p>\n");
    else
        timeline_bounded(out, pg, cols, all);
    free(cols);
    adj_buf_puts(out, "</section>\n");
}
