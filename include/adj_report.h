/*
 * adj_report.h - the output formats. Each format is one reporter: a row of
 * functions in one table (report.c), looked up by its `--format` name. A
 * reporter appends to a buffer and never prints; the command line writes
 * the buffer. Adding a format is one new report_NAME.c (CMake picks it up)
 * and one row in report.c's table.
 */
#ifndef ADJ_REPORT_H
#define ADJ_REPORT_H

#include "adj_audit.h"
#include "adj_dice.h"
#include "adj_chronicle.h"

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

/* ---- explain: one leader's story (SPEC 6.3) ---- */

typedef struct adj_story_step_s {
    adj_mark_t mark;
    bool has_turn;
    int64_t turn;
    const char *event;    /* static */
    const char *rule;     /* static */
    char *text;           /* owned */
    adj_leader_state_t after;
} adj_story_step_t;

typedef struct adj_story_s {
    const char *id;            /* borrowed from argv */
    int32_t leader;            /* roster index, once the audit is done */
    adj_story_step_t *steps;   /* owned array */
    size_t count, cap;
} adj_story_t;

/* ---- compare: one log under the default rulings and under others (SPEC 6.4) ---- */

typedef struct adj_compare_s {
    const char *file;              /* borrowed */
    const adj_audit_t *run[2];     /* borrowed: [0] the default reading, [1] the alternative */
    const adj_rulings_t *alt;      /* borrowed: the alternative's rulings */
    bool replayed;                 /* both replays began: leaders and tallies compare */
    bool *only[2];                 /* owned: per diagnostic of run[k], true if not in the other */
    size_t only_count[2];
    size_t leaders_differ;
    bool tally_differs;
} adj_compare_t;

/* Compare two finished audits of one file; free with adj_compare_free. */
void adj_compare_init(adj_compare_t *c, const char *file, const adj_audit_t *def,
                      const adj_audit_t *alt, const adj_rulings_t *alt_rulings);
void adj_compare_free(adj_compare_t *c);

/* The same state, as compare sees it (what reports show). */
bool adj_state_same(const adj_leader_state_t *x, const adj_leader_state_t *y);

/* ---- --summary: a ladder's summary (SPEC 5.1) ---- */

/* Whether the tally claimed at `end` stands against the replay's. */
typedef enum adj_claim_e {
    ADJ_CLAIM_NONE,    /* no claim, or no replay */
    ADJ_CLAIM_STANDS,  /* every side claimed, each as regenerated */
    ADJ_CLAIM_WRONG,   /* a side missing from it or differing */
} adj_claim_t;

adj_claim_t adj_claim_verdict(const adj_audit_t *a);

/* A run's totals: files = clean + with_errors + not_read. */
typedef struct adj_summary_total_s {
    size_t files, clean, with_errors, claims_wrong, not_read;
} adj_summary_total_t;

/* ---- status: a game in progress (SPEC 8) ---- */

/* The obligations pending in `r` (NULL: none), in the reports' order: by
 * the line that created them, then ILLNESS-CHECK, DURATION, SUSTAIN,
 * REPLACE. Returns an owned array (NULL when none) and its length. */
adj_obligation_t *adj_pending_sorted(const adj_replay_t *r, size_t *count);

/* Its name in reports: "illness-check", "duration", "sustain", "replacement". */
const char *adj_obligation_name(adj_obligation_kind_t kind);

/* Append the sentence saying what `o` requires and before what ("jackson
 * must check for illness (raw 1 on line 115) before any other die roll"):
 * raw text, which each reporter escapes for its destination. */
void adj_pending_due(adj_buf_t *out, const adj_header_t *h, const adj_obligation_t *o);

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
    /* `--summary` (SPEC 5.1), NULL in both: the default format's. `summary`
     * renders one file's row; the caller keeps a run's rows in input order
     * (one short line per file) and passes them all to `summary_end`, which
     * writes them (text aligns their columns) and then the totals. */
    void (*summary)(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o);
    void (*summary_end)(adj_buf_t *out, const adj_buf_t *rows, const adj_summary_total_t *t,
                        const adj_report_opts_t *o);
    void (*explain)(adj_buf_t *out, const adj_audit_t *a, const adj_story_t *s,
                    const adj_report_opts_t *o);
    void (*compare)(adj_buf_t *out, const adj_compare_t *c, const adj_report_opts_t *o);
    /* `status`: the audit, what is pending and the open activation; NULL:
     * the format does not report a game in progress */
    void (*status)(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o);
    /* `dice`: one report per run (SPEC 7); NULL: the format has none */
    void (*dice)(adj_buf_t *out, const adj_dice_t *d, const adj_report_opts_t *o);
} adj_reporter_t;

/* The reporter named `name`, NULL when there is none. */
const adj_reporter_t *adj_reporter_find(const char *name);

/* The i-th reporter (0 is the default), NULL past the last. */
const adj_reporter_t *adj_reporter_at(size_t i);

/* Each format's reporter is defined in its own report_NAME.c as
 * `const adj_reporter_t adj_reporter_NAME` and listed in report.c's table. */

#endif
