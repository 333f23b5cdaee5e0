/* SPDX-License-Identifier: MIT */
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

#include "adj_reader.h"
#include "adj_rulings.h"

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
 * of name[0..len) (SPEC 7), or NULL when none: borrowed from the ladder,
 * its bytes with their length (a name may hold NUL bytes). */
const adj_ld_text_t *adj_ladder_player(const adj_ladder_t *l, const char *name, size_t len);

/* ---- Beyond the summary's interface: finding and using a ladder ---- */

/* How a run finds its ladder files: by the upward search (the CLI's
 * default), the one file `--ladder FILE` names, or none (`--no-ladder`;
 * the library's default). Called once, before any log is read. */
typedef enum adj_ladder_mode_e { ADJ_LADDER_NONE, ADJ_LADDER_FIND, ADJ_LADDER_FILE } adj_ladder_mode_t;
void adj_ladder_configure(adj_ladder_mode_t mode, const char *file);

/* The ladder that applies to a log read from `log` ("-": the working
 * directory's), or, with is_dir, to directory `path`: 1 and *out when a
 * valid one applies, 0 when none does, -1 when it is not valid (its
 * problems written on standard error the first time it is read). Each
 * file is read once per run; safe from several threads at once. */
int adj_ladder_for(const char *log, const adj_ladder_t **out);
int adj_ladder_find(const char *path, bool is_dir, const adj_ladder_t **out);

/* Let reader r complete its log's header from the ladder (scenarios,
 * players); nothing when l is NULL. */
void adj_ladder_hook(const adj_ladder_t *l, adj_reader_t *r);

/* The file as read, and the ladder's rulings (src ADJ_RSRC_LADDER where set). */
const adj_ladder_doc_t *adj_ladder_doc(const adj_ladder_t *l);
const adj_rulings_t *adj_ladder_rulings(const adj_ladder_t *l);

/* ---- The language server's (SPEC 14): ladder files that change in a run ---- */

/* Where a ladder file's text comes from when an editor holds it: `text`
 * gives it (borrowed until the next call here) and true, or false to read
 * the file. NULL: always the file. */
void adj_ladder_set_source(bool (*text)(void *ctx, const char *path, const char **data,
                                        size_t *len),
                           void *ctx);
/* Forget every ladder file read so far: each is read again when next
 * used. No adj_ladder_t from before stays valid (no audit may hold one). */
void adj_ladder_reset(void);
/* A ladder file read in this run has changed on disk since (modification
 * time, size, inode), or --ladder's could not be found. */
bool adj_ladder_stale(void);
/* The problems of a ladder file's text (SPEC 13), added to `d` (sorted):
 * true when it is valid. */
bool adj_ladder_check(const char *data, size_t n, const char *path, adj_diags_t *d);

#endif
