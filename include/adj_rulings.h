/* SPDX-License-Identifier: MIT */
/*
 * adj_rulings.h - the readings of the ambiguous points of rule 8.13
 * (SPEC 6.1). Every alternative reading lives in src/rulings.c, in one
 * table; the engine asks these functions and holds no ruling of its own.
 */
#ifndef ADJ_RULINGS_H
#define ADJ_RULINGS_H

#include "adj_common.h"
#include "adj_log.h"

typedef enum adj_ruling_e {
    ADJ_RULING_RECOVERY,       /* counts-first-turn | full-turns */
    ADJ_RULING_REPEAT_ILLNESS, /* add | as-wound | longer */
    ADJ_RULING_REPEAT_WOUND,   /* add | longer */
    ADJ_RULING_ILLNESS_LEFT,   /* remaining | rolled */
    ADJ_RULING_WOUND_ROLL,     /* counts | ignored */
    ADJ_RULING_COUNT
} adj_ruling_t;

/* Where a ruling in force came from (SPEC 13): weakest first. */
typedef enum adj_ruling_src_e {
    ADJ_RSRC_DEFAULT, ADJ_RSRC_LADDER, ADJ_RSRC_LOG, ADJ_RSRC_COMMAND_LINE
} adj_ruling_src_t;

/* The value chosen for each ruling: an index into its values, 0 = default;
 * and where it came from. */
typedef struct adj_rulings_s {
    int value[ADJ_RULING_COUNT];
    unsigned char src[ADJ_RULING_COUNT];  /* adj_ruling_src_t */
} adj_rulings_t;

/* "ladder", "log", "command line"; NULL for the default. */
const char *adj_ruling_src_name(adj_ruling_src_t s);

/* Set ruling `name` to `value` from `src`: false when adjutant knows no
 * such name (*bad_value false) or value (*bad_value true). */
bool adj_rulings_set(adj_rulings_t *rs, const char *name, const char *value,
                     adj_ruling_src_t src, bool *bad_value);

/* Why `name: value` as written (either NULL when it is not a string) sets
 * no ruling, in words with a did-you-mean, appended to `msg`; true when the
 * value is at fault (the message then points at the value, else the name). */
bool adj_ruling_refusal(adj_buf_t *msg, const char *name, const char *value);

/* A log's or a ladder's `rulings` entries, set into `rs` from `src` in
 * file order: one that sets no ruling is a bad-field finding in `d`, at
 * its name or its value as adj_ruling_refusal says (its message ends with
 * `tail`: "" or "; the entry is dropped"). The one loop the replay (the
 * log's) and the ladder (its house rulings) both run. */
struct adj_diags_s;
void adj_rulings_read(adj_rulings_t *rs, const adj_ruling_raw_t *raw, size_t n,
                      adj_ruling_src_t src, struct adj_diags_s *d, const char *tail);

/* Every ruling `over` set from a stronger source than `rs` holds replaces it. */
void adj_rulings_overlay(adj_rulings_t *rs, const adj_rulings_t *over);

const char *adj_ruling_name(adj_ruling_t r);
const char *adj_ruling_summary(adj_ruling_t r);  /* the question it settles */
int adj_ruling_value_count(adj_ruling_t r);
const char *adj_ruling_value_name(adj_ruling_t r, int v);
const char *adj_ruling_value_doc(adj_ruling_t r, int v);  /* one line, for --help */
bool adj_rulings_is_default(const adj_rulings_t *rs);

/* Parse "NAME=VALUE" into `rs`. On failure returns false and writes a usage
 * message listing the valid names or values into `err`. */
bool adj_rulings_parse(adj_rulings_t *rs, const char *arg, adj_buf_t *err);

/* ---- The alternative readings, as the engine asks them ---- */

/* Levels a condition mends when `crossed` (>= 1) turn boundaries pass;
 * `set_in_last_turn`: the level was set or changed during the turn now
 * ending. */
int64_t adj_ruling_mend(const adj_rulings_t *rs, int64_t crossed, bool set_in_last_turn);

/* A duration roll `d` (1..6) for a leader ill with `t` turns left: the new
 * status (ILL, INCAPACITATED or DEAD) and level. */
typedef struct adj_outcome_s {
    adj_status_t status;
    int64_t level;
} adj_outcome_t;
adj_outcome_t adj_ruling_repeat_illness(const adj_rulings_t *rs, int64_t t, int64_t d);

/* Whether that reading adds t and d (the story shows the sum) or takes the
 * longer of the two. */
bool adj_ruling_repeat_illness_adds(const adj_rulings_t *rs);

/* A wound of level `k` for a leader wounded at `w`: the revised level. */
int64_t adj_ruling_repeat_wound(const adj_rulings_t *rs, int64_t w, int64_t k);

/* A wound on an ill leader adds this to its level: the turns `left`, or the
 * level `rolled` by his last duration roll. */
int64_t adj_ruling_illness_left(const adj_rulings_t *rs, int64_t left, int64_t rolled);

/* Whether a `wound` counts as a die roll for roll-out-of-order. */
bool adj_ruling_wound_is_roll(const adj_rulings_t *rs);

/* The rule clause a ruling-decided step cites: the ruling's name when it is
 * not at its default, else `clause`. */
const char *adj_ruling_clause(const adj_rulings_t *rs, adj_ruling_t r, const char *clause);

#endif
