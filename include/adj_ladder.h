/*
 * adj_ladder.h - a ladder file, adjutant-ladder.yaml (SPEC 13): its name,
 * rulings, players and scenarios, found for a log and read once per run.
 *
 * INTERFACE AGREED BETWEEN THE LADDER AND THE SUMMARY (SPEC 5.1): the
 * functions below are what the summary uses. The ladder module owns every
 * adj_ladder_t; a pointer to one stays valid for the whole run.
 */
#ifndef ADJ_LADDER_H
#define ADJ_LADDER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct adj_ladder_s adj_ladder_t;

/* One row of a scenario's victory table (SPEC 13 `victory`). */
typedef struct {
    long long margin;   /* >= 1 */
    const char *level;  /* owned by the ladder; non-empty */
} adj_victory_row_t;

/* The path shown for the ladder file (formed from the log's path as given). */
const char *adj_ladder_path(const adj_ladder_t *l);

/* The ladder's `name`, or NULL when it has none. */
const char *adj_ladder_name(const adj_ladder_t *l);

/* The victory table of `scenario` (the log's `scenario` without leading
 * and trailing spaces), sorted by margin descending; NULL and *n = 0 when
 * the ladder has no such scenario or the scenario no table. */
const adj_victory_row_t *adj_ladder_victory(const adj_ladder_t *l, const char *scenario,
                                            size_t *n);

/* The canonical name of the ladder player whose name or alias has the key
 * of name[0..len) (SPEC 7), or NULL when none. */
const char *adj_ladder_player(const adj_ladder_t *l, const char *name, size_t len);

#endif
