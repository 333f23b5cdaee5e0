/*
 * reader_ladder.h - what the header stage (reader_header.c,
 * reader_header_ladder.c) gives the ladder stage (reader_ladder.c), one
 * way: the ladder stage reads a scenario's keys as the header reads them.
 * Not an interface: only those files include it.
 */
#ifndef ADJ_READER_LADDER_H
#define ADJ_READER_LADDER_H

#include "reader_private.h"

/* The value of header key hk (-1: unknown), the current event; false when
 * reading stopped. */
bool reader_header_value(adj_reader_t *r, int hk);

/* A scalar that is not null (a name, a value). */
static inline bool usable_scalar(const adj_reader_t *r)
{
    return is_scalar(r) && !text_is_null(sc_text(r), sc_len(r), sc_plain(r));
}

/* ---- reader_header_ladder.c: the keys the header shares with a ladder ---- */

/* A mapping of scalar -> scalar (`rulings`), the current event its start;
 * false when reading stopped. */
bool reader_read_rulings(adj_reader_t *r, adj_ruling_raw_t **out, size_t *count,
                         bool *bad, adj_mark_t *bad_mark);
/* At `events`: the keys the log lacks, taken from its ladder scenario. */
void reader_complete_header(adj_reader_t *r);

#endif
