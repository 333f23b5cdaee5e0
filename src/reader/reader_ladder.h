/* SPDX-License-Identifier: MIT */
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

/* ---- reader_header_ladder.c: the one key loop, every mapping's ---- */

/* How reader_read_map reads one mapping, the current event its start.
 *
 * With `keys` (its n known keys): a known key's value goes to
 * value(r, ctx, k), k its row, and seen[k] is set; a key met before (a
 * known one, or one outside the table when `others` keeps them) is a
 * duplicate-key finding in `where`, an unknown one an unknown-field
 * finding with a did-you-mean, a key that is not a non-null scalar an
 * unknown-field finding: each is skipped with its value. A known key whose
 * bit is in `leave` ends the reading, its value the current event.
 *
 * Without `keys` (any key: imc's ratings, the players' sides, rulings'
 * names): a scalar key `others` holds already is a duplicate-key finding,
 * skipped with its value; every other key goes to item(r, ctx), the key
 * the current event, which reads it and its value.
 *
 * `first`, when set, receives the first key's mark. A callback returns
 * false when the stream stopped. */
typedef struct reader_map_s {
    const char *where;                          /* "the header", "a roster entry", ... */
    const char *const *keys;                    /* n rows, or NULL: any key */
    size_t n;
    bool *seen;                                 /* n flags (with keys) */
    keyset_t *others;                           /* keys met outside the table (NULL: none kept) */
    uint64_t leave;                             /* rows (1 << k) whose value the caller reads */
    adj_mark_t *first;
    bool (*value)(adj_reader_t *r, void *ctx, int k);  /* with keys */
    bool (*item)(adj_reader_t *r, void *ctx);          /* without */
    void *ctx;
} reader_map_t;

typedef enum reader_map_end_e {
    MAP_STOPPED,  /* the stream stopped */
    MAP_END,      /* the mapping's end, the current event */
    MAP_LEFT,     /* at a `leave` key, its value the current event */
} reader_map_end_t;

reader_map_end_t reader_read_map(adj_reader_t *r, const reader_map_t *m);

/* ---- reader_header_ladder.c: the keys the header shares with a ladder ---- */

/* A mapping of scalar -> scalar (`rulings`), the current event its start;
 * false when reading stopped. */
bool reader_read_rulings(adj_reader_t *r, adj_ruling_raw_t **out, size_t *count,
                         bool *bad, adj_mark_t *bad_mark);
/* At `events`: the keys the log lacks, taken from its ladder scenario. */
void reader_complete_header(adj_reader_t *r);

#endif
