/*
 * report_html_timeline.c - the timeline of SPEC 9 as inline SVG: a row per
 * roster leader, a column per turn (a run of turns the log skipped is one
 * column), each cell his state at the last moment that turn was current.
 * A cell tells its status three ways: colour (the stylesheet's palette),
 * a short label, and marks drawn in it (a cross for dead, a stroke for
 * incapacitated, a dotted frame for reserve, a dashed frame for a run not
 * played), so it reads in grey print and without colour vision.
 */
#include "report_html.h"

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

/* One cell at (x, y), `w` wide: its drawing and text; the caller wraps it
 * in a <g> holding the <title>. */
static void cell_body(adj_buf_t *out, adj_cell_t cell, int x, int y, int w, bool played)
{
    adj_status_t st = adj_cell_status(cell);
    bool inact = adj_cell_inactive(cell) && adj_status_in_play(st);
    int h = ROW_H - 4;
    adj_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x + 2, y + 2, w - 4,
                   h);
    /* the marks keep to the top right corner, clear of the label */
    int cx = x + w - 12, cy = y + 4;
    if (st == ADJ_ST_DEAD)
        adj_buf_printf(out, "<path class=\"mk\" d=\"M%d %dl8 8m0 -8l-8 8\"/>", cx, cy);
    else if (st == ADJ_ST_INCAPACITATED)
        adj_buf_printf(out, "<path class=\"mk\" d=\"M%d %dl8 -8\"/>", cx, cy + 8);
    if (st == ADJ_ST_RESERVE)
        adj_buf_printf(out, "<rect class=\"dot\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                       x + 4, y + 4, w - 8, h - 4);
    if (!played)
        adj_buf_printf(out, "<rect class=\"np\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>",
                       x + 2, y + 2, w - 4, h);
    adj_buf_printf(out, "<text x=\"%d\" y=\"%d\">", x + w / 2, y + (inact ? 15 : 21));
    cell_label(out, cell);
    adj_buf_puts(out, "</text>");
    if (inact)
        adj_buf_printf(out, "<text class=\"sm\" x=\"%d\" y=\"%d\">Inactive</text>", x + w / 2,
                       y + 28);
}

static void cell_classes(adj_buf_t *out, adj_cell_t cell, bool played)
{
    adj_status_t st = adj_cell_status(cell);
    adj_buf_printf(out, "c s-%s%s%s", status_class[st],
                   adj_cell_inactive(cell) && adj_status_in_play(st) ? " in" : "",
                   played ? "" : " np");
}

static void turn_range(adj_buf_t *out, const adj_timeline_col_t *c)
{
    if (c->played)
        adj_buf_printf(out, "%lld", (long long)c->from);
    else if (c->from == c->to)
        adj_buf_printf(out, "%lld", (long long)c->from);
    else
        adj_buf_printf(out, "%lld\u2013%lld", (long long)c->from, (long long)c->to);
}

static int col_width(const adj_timeline_col_t *c)
{
    adj_buf_t t = {0};
    turn_range(&t, c);
    int w = (int)t.len * 7 + 14;  /* the label fits, and "not played" under it */
    adj_buf_free(&t);
    int least = c->played ? CELL_W : 76;
    return w > least ? w : least;
}

/* The header row: turn numbers; a skipped run says so. */
static void header_row(adj_buf_t *out, const adj_timeline_col_t *cols, size_t n, int label_w)
{
    adj_buf_puts(out, "<g class=\"hd\">");
    int x = label_w;
    for (size_t i = 0; i < n; i++) {
        int w = col_width(&cols[i]);
        adj_buf_printf(out, "<text class=\"col%s\" x=\"%d\" y=\"%d\">", cols[i].played ? "" : " np",
                       x + w / 2, cols[i].played ? 26 : 18);
        turn_range(out, &cols[i]);
        adj_buf_puts(out, "</text>");
        if (!cols[i].played)
            adj_buf_printf(out, "<text class=\"sm\" x=\"%d\" y=\"34\">not played</text>", x + w / 2);
        x += w;
    }
    adj_buf_puts(out, "</g>\n");
}

static void leader_row(adj_buf_t *out, const adj_audit_t *a, const adj_chronicle_t *ch, size_t l,
                       const adj_timeline_col_t *cols, size_t n, int label_w)
{
    const adj_leader_def_t *d = &a->result.header->leaders[l];
    int y = HEAD_H + (int)l * ROW_H;
    adj_buf_puts(out, "<g class=\"row\"><text class=\"id\" x=\"6\" ");
    adj_buf_printf(out, "y=\"%d\"><title>", y + 21);
    html_str(out, d->id);
    if (d->name) {
        adj_buf_puts(out, " (");
        html_str(out, d->name);
        adj_buf_putc(out, ')');
    }
    adj_buf_puts(out, "</title>");
    bool cut = d->id_len > MAX_ID;
    html_text(out, d->id, cut ? MAX_ID - 1 : d->id_len);
    adj_buf_puts(out, cut ? "\u2026</text>" : "</text>");
    int x = label_w;
    for (size_t i = 0; i < n; i++) {
        int w = col_width(&cols[i]);
        adj_cell_t cell = adj_chronicle_cell(ch, l, cols[i].period);
        adj_buf_puts(out, "<g class=\"");
        cell_classes(out, cell, cols[i].played);
        adj_buf_puts(out, "\"><title>");
        html_str(out, d->id);
        adj_buf_puts(out, cols[i].played || cols[i].from == cols[i].to ? ", turn " : ", turns ");
        turn_range(out, &cols[i]);
        adj_buf_puts(out, cols[i].played ? ": " : " (not played): ");
        html_cell_text(out, cell);
        adj_buf_puts(out, "</title>");
        cell_body(out, cell, x, y, w, cols[i].played);
        adj_buf_puts(out, "</g>");
        x += w;
    }
    adj_buf_puts(out, "</g>\n");
}

/* One legend entry: a sample cell and what it means. */
static void legend_item(adj_buf_t *out, adj_cell_t cell, bool played, const char *meaning)
{
    adj_buf_puts(out, "<li><svg class=\"tl\" width=\"80\" height=\"34\" aria-hidden=\"true\"><g class=\"");
    cell_classes(out, cell, played);
    adj_buf_puts(out, "\">");
    cell_body(out, cell, 0, 0, 80, played);
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

static int label_width(const adj_header_t *h)
{
    size_t m = 6;
    for (size_t l = 0; l < h->leader_count; l++)
        m = h->leaders[l].id_len > m ? h->leaders[l].id_len : m;
    return 16 + 8 * (int)(m > MAX_ID ? MAX_ID : m);
}

static void timeline_svg(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o,
                         const adj_timeline_col_t *cols, size_t n)
{
    const adj_header_t *h = a->result.header;
    int label_w = label_width(h), width = label_w;
    for (size_t i = 0; i < n; i++)
        width += col_width(&cols[i]);
    int height = HEAD_H + (int)h->leader_count * ROW_H + 4;
    adj_buf_printf(out, "<div class=\"scroll\"><svg class=\"tl\" width=\"%d\" height=\"%d\" "
                   "role=\"img\" aria-label=\"each leader's state at the end of each turn\">\n",
                   width, height);
    header_row(out, cols, n, label_w);
    for (size_t l = 0; l < h->leader_count; l++) {
        leader_row(out, a, o->log->chronicle, l, cols, n, label_w);
        html_drain(out, o);
    }
    adj_buf_puts(out, "</svg></div>\n");
}

void html_timeline(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    adj_buf_puts(out, "<section id=\"timeline\"><h2>Timeline</h2>\n");
    const adj_chronicle_t *ch = o->log ? o->log->chronicle : NULL;
    adj_timeline_col_t *cols = NULL;
    size_t n = ch && a->replayed ? adj_chronicle_columns(ch, a->result.header->first_turn, &cols)
                                 : 0;
    size_t leaders = a->replayed ? a->result.header->leader_count : 0;
    if (n == 0) {
        adj_buf_puts(out, "<p>No turn began, so there is no timeline.</p>\n");
    } else if (leaders > HTML_MAX_CELLS / n) {
        adj_buf_printf(out, "<p>The timeline is not drawn: %zu leaders over %zu columns is more "
                       "than %d cells.</p>\n", leaders, n, HTML_MAX_CELLS);
    } else {
        adj_buf_puts(out, "<p>Each leader's state at the end of each turn (hover over a cell for "
                          "its details).</p>\n");
        timeline_svg(out, a, o, cols, n);
        legend(out);
    }
    free(cols);
    adj_buf_puts(out, "</section>\n");
}
