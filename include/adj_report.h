/* SPDX-License-Identifier: MIT */
/*
 * adj_report.h - the output formats. Each format is one reporter: a row of
 * functions in one table (reporters.c), looked up by its `--format` name. A
 * reporter appends to a buffer and never prints; the runner writes the
 * buffer. What each command hands its reporter is in adj_models.h. Adding
 * a format is one new report_NAME.c (CMake picks it up) and one row in
 * reporters.c's table.
 */
#ifndef ADJ_REPORT_H
#define ADJ_REPORT_H

#include "adj_models.h"

/* What a format that shows the whole log (html, SPEC 9) needs beside the
 * audit: the bytes audited and what the replay told on the way. */
typedef struct adj_report_log_s {
    const unsigned char *bytes;          /* borrowed: the log as read, `size` bytes */
    size_t size;
    const adj_chronicle_t *chronicle;    /* borrowed: the timeline and the stories */
} adj_report_log_t;

typedef struct adj_report_opts_s {
    const adj_audit_opts_t *audit;  /* borrowed: rulings and moment */
    bool color;                     /* ANSI colour in text output */
    const adj_report_log_t *log;    /* borrowed: html's extra input; NULL otherwise */
    /* When set, a format that writes much (html) hands `out` here as it
     * goes; the command line writes it out and empties it. */
    void (*drain)(adj_buf_t *out);
} adj_report_opts_t;

/* ---- the reporters ---- */

typedef struct adj_reporter_s {
    const char *name;   /* the --format value */
    const char *help;   /* what it is for, in --help */
    /* A report of exactly one FILE, read once into memory and shown whole
     * (html): audit only, no directory, no --summary; explain and compare
     * are NULL. */
    bool one_file;
    /* One document per run (SARIF): before the first report and after the
     * last; NULL for formats that are one record per file. */
    void (*begin)(adj_buf_t *out, const adj_report_opts_t *o);
    void (*end)(adj_buf_t *out, const adj_report_opts_t *o);
    /* Written between two files' non-empty reports inside one document
     * (SARIF's results are one array); NULL: nothing. */
    const char *separator;
    /* Diagnostics only (SARIF, GitHub): audit without --summary; explain
     * and compare are NULL and refused with it. */
    bool audit_only;
    void (*audit)(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o);
    /* `--summary` (SPEC 5.1), NULL in `summary`: the default format's.
     * `summary_begin` (NULL: nothing) opens the output (CSV's header row).
     * `summary` renders one game, in input order, into `out` and, for a
     * format with a second part (the page's diagnostics), into `more`. A
     * format that `summary_holds` (text aligns, the page orders) has its
     * games' parts kept until `summary_end`; the others' are written at
     * once, so memory stays flat. `summary_end` writes the held parts (or
     * none), the standings and the totals. */
    bool summary_holds;
    /* The summary shows each game's diagnostics (the page): the game
     * keeps them (adj_summary_game_t.diags) until it is rendered. */
    bool summary_diags;
    void (*summary_begin)(adj_buf_t *out, const adj_report_opts_t *o);
    void (*summary)(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                    const adj_report_opts_t *o);
    void (*summary_end)(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                        const adj_summary_t *s, const adj_report_opts_t *o);
    void (*explain)(adj_buf_t *out, const adj_audit_t *a, const adj_story_t *s,
                    const adj_report_opts_t *o);
    void (*compare)(adj_buf_t *out, const adj_compare_t *c, const adj_report_opts_t *o);
    /* `status`: the audit, what is pending and the open activation; NULL:
     * the format does not report a game in progress */
    void (*status)(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o);
    /* `dice`: one report per run (SPEC 7); NULL: the format has none */
    void (*dice)(adj_buf_t *out, const adj_dice_t *d, const adj_report_opts_t *o);
    /* `ladder`: the ladder file, checked (SPEC 13); NULL: the format has none */
    void (*ladder)(adj_buf_t *out, const struct adj_ladder_s *l, const adj_report_opts_t *o);
} adj_reporter_t;

/* The reporter named `name`, NULL when there is none. */
const adj_reporter_t *adj_reporter_find(const char *name);

/* The i-th reporter (0 is the default), NULL past the last. */
const adj_reporter_t *adj_reporter_at(size_t i);

/* The ladder's renderings (report_text_ladder.c, report_json_ladder.c). */
void adj_text_ladder(adj_buf_t *out, const struct adj_ladder_s *l, const adj_report_opts_t *o);
void adj_json_ladder(adj_buf_t *out, const struct adj_ladder_s *l, const adj_report_opts_t *o);

/* Each format's reporter is defined in its own report_NAME.c as
 * `const adj_reporter_t adj_reporter_NAME` and listed in reporters.c's table. */

#endif
