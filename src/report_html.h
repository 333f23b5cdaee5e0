/*
 * report_html.h - the pieces of the HTML reporter (SPEC 9), private to
 * report_html*.c: escaping, the log listing and the timeline.
 *
 * Every string that came from the log or the command line goes through
 * html_text (or html_cp): it is escaped (& < > " '), invalid UTF-8 becomes
 * U+FFFD and control characters become visible symbols, so no log can add
 * markup, and the document holds no URL but `#L<n>` links.
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

/* Hand the buffer to the command line once it is large (opts->drain). */
void html_drain(adj_buf_t *out, const adj_report_opts_t *o);

/* "fit", "wounded 2", "ill 1, Inactive": a state as people say it. */
void html_cell_text(adj_buf_t *out, adj_cell_t cell);

/* The log, every line numbered with its anchor, each diagnostic under its
 * line (section 3 of SPEC 9). */
void html_log_listing(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o);

/* The timeline as inline SVG, with its legend (section 5). */
void html_timeline(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o);

/* Cells past which the timeline is not drawn (a hostile roster x turns). */
#define HTML_MAX_CELLS 200000

#endif
