/* SPDX-License-Identifier: MIT */
/*
 * report_html.h - the pieces of the HTML reporter (SPEC 9), private to
 * report_html*.c: escaping, the page's bounds, the log listing and the
 * timeline.
 *
 * Every string that came from the log or the command line goes through
 * html_text (or html_cp): it is escaped (& < > " '), invalid UTF-8 becomes
 * U+FFFD and control characters become visible symbols (C0 and DEL their
 * pictures, U+2400..; C1 and the bidirectional controls U+FFFD), so no log
 * can add markup or reorder the page, and the document holds no URL but
 * `#L<n>` links.
 */
#ifndef ADJ_REPORT_HTML_H
#define ADJ_REPORT_HTML_H

#include "report_summary.h"

/* The pages' style sheet (report_html.c): colours for light, dark and print. */
extern const char *const html_style;

/* One code point, escaped for text and attribute values alike. */
void html_cp(adj_buf_t *out, uint32_t cp);

/* Bytes read as UTF-8 (invalid sequences: U+FFFD), escaped. */
void html_text(adj_buf_t *out, const char *s, size_t n);
void html_str(adj_buf_t *out, const char *s);  /* NUL-terminated */
void html_name(adj_buf_t *out, const char *name);  /* a file name, as SPEC 5 shows names */

/* Hand the buffer to the command line once it is large (opts->drain). */
void html_drain(adj_buf_t *out, const adj_report_opts_t *o);

/* "fit", "wounded 2", "ill 1, Inactive": a state as people say it. */
void html_cell_text(adj_buf_t *out, adj_cell_t cell);

/* SPEC 9 "Bounded": what one page holds at most, so a browser opens it. */
#define HTML_MAX_LINES 20000  /* a longer log lists only its diagnostics' lines */
#define HTML_CONTEXT 2        /* lines of context either side of such a line */
#define HTML_MAX_LEADERS 1000 /* leaders in the timeline and in the stories */
#define HTML_MAX_COLS 400     /* timeline columns; later turns fold into the last */
#define HTML_MAX_PX 60000     /* an SVG's width or height */
#define HTML_MAX_DIAGS 10000  /* diagnostics shown (the first, by line); the rest counted */
#define HTML_MAX_CELLS 60000  /* timeline cells: fewer rows when the columns are many */
#define HTML_MAX_STEPS 50000  /* story steps in all: each story's first and last */
#define HTML_STR_(x) #x
#define HTML_STR(x) HTML_STR_(x)

/* One page in the making: the audit, and what the bounds let it show. */
typedef struct html_page_s {
    const adj_audit_t *a;
    const adj_report_opts_t *o;
    adj_diags_t diags; /* the audit's, its count cut to HTML_MAX_DIAGS: those shown */
    size_t lines;      /* the log's lines as libyaml counts them (0: no text) */
    bool cut;          /* more than HTML_MAX_LINES: only the diagnostics' lines */
    unsigned char *rank; /* owned, per leader: 0 a diagnostic is about him, 1 his drawn
                          * state changes, 2 neither: who is shown first when not all are */
    size_t *keep;      /* owned: the leaders the table and the stories show, roster order */
    size_t kept;       /* how many (all of the roster up to HTML_MAX_LEADERS) */
    size_t with_diag;  /* of the roster: leaders of rank 0 */
    size_t changing;   /* of the roster: leaders of rank 1 */
} html_page_t;

/* report_html_bounds.c: up to `limit` leaders into keep (roster order), rank 0 first, then 1,
 * then 2, each in roster order; returns how many. */
size_t html_choose(const html_page_t *pg, size_t limit, size_t *keep);

/* n in decimal, without printf (the listing and the timeline write many). */
void html_num(adj_buf_t *out, int64_t n);

/* The log's lines as libyaml counts them (SPEC 4). */
size_t html_count_lines(const adj_report_log_t *log);

/* Whether line n has its anchor in the listing. */
bool html_line_listed(const html_page_t *pg, size_t n);

/* "line N", a link to its anchor when the listing holds it. */
void html_line_ref(adj_buf_t *out, const html_page_t *pg, size_t n);

/* The log, every line numbered with its anchor (or, cut, the lines near a
 * diagnostic), each diagnostic under its line (section 3 of SPEC 9). */
void html_log_listing(adj_buf_t *out, const html_page_t *pg);

/* report_html_bounds.c: "... left out" for a section that shows `kept` of the roster, chosen by
 * html_choose; `most`: its bound, in words. */
void html_leaders_notice(adj_buf_t *out, const html_page_t *pg, const char *what, size_t kept,
                         const char *most);

/* The timeline as inline SVG, with its legend (section 5). */
void html_timeline(adj_buf_t *out, const html_page_t *pg);

#endif
