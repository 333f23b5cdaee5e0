/* SPDX-License-Identifier: MIT */
/*
 * adj_chronicle.h - what a report to share (SPEC 9) shows beyond the audit:
 * each leader's state at the end of every turn (the timeline) and every
 * step of his story (explain, SPEC 6.3), gathered from the engine's turn and
 * step callbacks during the one replay.
 *
 * Memory: the timeline keeps a state only when it changed since the last
 * turn boundary (each event changes a few), and a story step is a small
 * record plus its text, so both grow with the log, never with roster x turns.
 *
 *     adj_chronicle_t c;  adj_chronicle_init(&c, &audit.reader);
 *     opts.on_turn = adj_chronicle_on_turn;  opts.turn_ctx = &c;
 *     opts.on_step = adj_chronicle_on_step;  opts.step_ctx = &c;
 *     ... audit ...
 *     adj_chronicle_finish(&c, audit.replayed ? &audit.result : NULL);
 */
#ifndef ADJ_CHRONICLE_H
#define ADJ_CHRONICLE_H

#include "adj_audit.h"

/* A leader's state as a report draws it, in one byte: status (bits 0-2),
 * Inactive (bit 3), level (bits 4-7; the engine's levels stay below 6). */
typedef uint8_t adj_cell_t;

adj_cell_t adj_cell_of(const adj_leader_state_t *s);
adj_status_t adj_cell_status(adj_cell_t c);
bool adj_cell_inactive(adj_cell_t c);
int adj_cell_level(adj_cell_t c);

/* A state change at the end of stretch `period` (the period-th turn event). */
typedef struct adj_cell_change_s {
    size_t period;
    adj_cell_t cell;
} adj_cell_change_t;

typedef struct adj_cell_history_s {
    adj_cell_change_t *items;   /* owned, by period */
    size_t count, cap;
} adj_cell_history_t;

/* One step of a story, kept small: its text lives in the chronicle's arena. */
typedef struct adj_chron_step_s {
    size_t line;
    bool has_turn;
    int64_t turn;
    const char *event;          /* static */
    const char *rule;           /* static */
    size_t text;                /* offset of its NUL-terminated text in `texts` */
    adj_cell_t after;
    int32_t replaced_by;        /* his state after it: who replaced him, -1 */
} adj_chron_step_t;

typedef struct adj_chron_story_s {
    adj_chron_step_t *steps;    /* owned */
    size_t count, cap;
} adj_chron_story_t;

typedef struct adj_chronicle_s {
    adj_reader_t *const *reader;  /* borrowed: the audit's reader, for the roster size */
    size_t leaders;               /* roster size, once the header is read (0 before) */
    int64_t *period_turn;         /* owned: the turn each turn event began */
    size_t periods, period_cap;
    adj_cell_t *start;            /* owned: each leader's state before the first turn */
    adj_cell_t *last;             /* owned: each leader's last state kept */
    adj_cell_history_t *history;  /* owned: per leader, his changes */
    size_t *dirty;                /* owned: leaders named by a step since the last boundary */
    size_t dirty_count;
    bool *is_dirty;               /* owned: per leader, in `dirty` */
    adj_chron_story_t *stories;   /* owned: per leader */
    adj_buf_t texts;              /* owned: the steps' texts */
    bool finished;
} adj_chronicle_t;

void adj_chronicle_init(adj_chronicle_t *c, adj_reader_t *const *reader);
void adj_chronicle_free(adj_chronicle_t *c);

/* The audit's callbacks (adj_turn_fn, adj_step_fn); ctx is the chronicle.
 * Install both: the steps say which leaders a boundary must look at. */
void adj_chronicle_on_turn(void *ctx, const adj_turn_edge_t *edge);
void adj_chronicle_on_step(void *ctx, const adj_step_t *step);

/* The replay is over (r: its final state, NULL when it never began): the
 * last stretch ends with the final state. */
void adj_chronicle_finish(adj_chronicle_t *c, const adj_replay_t *r);

/* Leader l's state at the end of stretch `period`; SIZE_MAX: at the start. */
adj_cell_t adj_chronicle_cell(const adj_chronicle_t *c, size_t l, size_t period);

/* A column of the timeline: one turn played, or a run the log skipped. */
typedef struct adj_timeline_col_s {
    int64_t from, to;           /* the turns it covers (from == to when played) */
    bool played;
    size_t period;              /* the stretch whose end it shows; SIZE_MAX: the start */
    bool folded;                /* a report's last column, holding the turns past its bound */
} adj_timeline_col_t;

/* The columns from `first_turn` to the highest turn begun (SPEC 9): one
 * per turn played, shown at the last moment it was current, and one per
 * run skipped, repeating the state before it. At most 2 x periods + 1.
 * Returns the count; *cols is owned by the caller (NULL when none). */
size_t adj_chronicle_columns(const adj_chronicle_t *c, int64_t first_turn,
                             adj_timeline_col_t **cols);

#endif
