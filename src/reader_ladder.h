/*
 * reader_ladder.h - what the header stage and the ladder stage
 * (reader_ladder.c) give each other (not an interface: only
 * reader_header.c and reader_ladder.c include it).
 */
#ifndef ADJ_READER_LADDER_H
#define ADJ_READER_LADDER_H

#include "reader_private.h"

/* The value of header key hk (-1: unknown), the current event; false when
 * reading stopped. */
bool reader_header_value(adj_reader_t *r, int hk);

/* ---- reader_ladder.c: a ladder file, and a log's header completed by it ---- */

/* A mapping of scalar -> scalar (`rulings`), the current event its start;
 * false when reading stopped. */
bool reader_read_rulings(adj_reader_t *r, adj_ruling_raw_t **out, size_t *count,
                         bool *bad, adj_mark_t *bad_mark);
/* At `events`: the keys the log lacks, taken from its ladder scenario. */
void reader_complete_header(adj_reader_t *r);

#endif
