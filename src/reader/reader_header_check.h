/* SPDX-License-Identifier: MIT */
/*
 * reader_header_check.h - SPEC 1.2, shared by the header stage
 * (reader_header.c), its checks (reader_header_check.c: step 1) and what
 * is kept of it at `events` (reader_header_keep.c: steps 2-6).
 */
#ifndef ADJ_READER_HEADER_CHECK_H
#define ADJ_READER_HEADER_CHECK_H

#include "reader_private.h"

/* One bad-document of SPEC 1.2 step 1 (or 3): at key k's value, or at the
 * document's start when k is absent. */
#define header_bad(r, k, ...)                                                            \
    reader_stop(&(r)->st, ADJ_D_BAD_DOCUMENT,                                                 \
                (r)->header_seen[k] ? (r)->hv_mark[k] : (r)->doc_start, __VA_ARGS__)

/* Step 1 of SPEC 1.2 (reader_header_check.c): every header problem, each
 * in its own bad-document. False when any applied (the audit stops). */
bool reader_header_problems(adj_reader_t *r, hv_t events);

/* reader_header_keep.c: steps 1-6 of SPEC 1.2 at `events`; false when a
 * bad-document stopped the audit. `events`: the state of its value
 * (HV_ABSENT: the key is missing). */
bool reader_header_keep(adj_reader_t *r, hv_t events);
/* The raw players, and the raw roster, freed. */
void reader_players_free(adj_reader_t *r);
void reader_roster_free(adj_reader_t *r);

#endif
