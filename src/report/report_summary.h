/* SPDX-License-Identifier: MIT */
/*
 * report_summary.h - the summary (SPEC 5.1) in each format, private to
 * report_*.c: each format's reporter row points at these.
 */
#ifndef ADJ_REPORT_SUMMARY_H
#define ADJ_REPORT_SUMMARY_H

#include "adj_report.h"

/* report_summary_text.c */
void adj_text_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o);
void adj_text_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o);

/* report_summary_json.c */
void adj_json_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o);
void adj_json_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o);

/* report_summary_html.c */
void adj_html_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                      const adj_report_opts_t *o);
void adj_html_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                          const adj_summary_t *s, const adj_report_opts_t *o);

/* What the text shows for a game's verdict ("2 errors, unfinished, turn 4
 * of 7") and result ("Ann Carter (CSA) wins by 5, decisive"; "CSA wins by
 * 5" when no one is named for the side), raw: escape for the destination. */
void adj_summary_verdict_text(adj_buf_t *out, const adj_summary_game_t *g);
void adj_summary_result_text(adj_buf_t *out, const adj_summary_game_t *g);

#endif
