/*
 * adj_models.h - what each command hands its reporter (adj_report.h) beside
 * a file's audit: explain's stories, compare's differences, --summary's
 * verdicts and totals, status's pending obligations. The dice run's is
 * adj_dice.h's.
 */
#ifndef ADJ_MODELS_H
#define ADJ_MODELS_H

#include "adj_audit.h"
#include "adj_chronicle.h"
#include "adj_dice.h"

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
/* compare.c */
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

#endif
