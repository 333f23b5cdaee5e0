/*
 * adj_reader.h - streaming reader: libyaml events -> typed header and entries.
 *
 * The reader drives libyaml's event API and never builds the document: it
 * keeps the header (proportional to the roster) and one event at a time.
 * It reports every format diagnostic of SPEC 1, 2 and 3.1 step 1 into the
 * caller's adj_diags_t, and knows no game rule.
 *
 *     adj_reader_t *r = adj_reader_new(fd, "game.yaml", &diags, NULL);
 *     for (;;) {
 *         const adj_entry_t *e;
 *         adj_read_status_t s = adj_reader_next(r, &e);
 *         if (s == ADJ_READ_HEADER) ... adj_reader_header(r) ...
 *         else if (s == ADJ_READ_ENTRY) ... feed e ...
 *         else if (s == ADJ_READ_EVENTS_END) ... finish at adj_reader_events_end(r) ...
 *         else break;   // ADJ_READ_DONE or ADJ_READ_STOP
 *     }
 *     adj_reader_free(r);
 */
#ifndef ADJ_READER_H
#define ADJ_READER_H

#include "adj_diag.h"
#include "adj_log.h"

/* Reading limits: a log is read in bounded memory whatever it holds. */
#define ADJ_MAX_DEPTH 64               /* nesting of collections */
#define ADJ_MAX_SCALAR (1u << 20)      /* bytes in one scalar */
#define ADJ_MAX_DIRECTIVES 64          /* %TAG / %YAML lines in a file */
/* A value's byte offset (adj_span_t) comes from checkpoints kept per
 * multibyte character not yet behind the reader, at most 2^19 of them
 * (8 MiB): more than a 1 MiB scalar holds. Past that, in a hostile file,
 * the oldest are dropped and an offset that needed one is ADJ_SPAN_UNKNOWN. */

typedef enum adj_read_status_e {
    ADJ_READ_HEADER,      /* the header passed its checks; the replay begins */
    ADJ_READ_ENTRY,       /* *entry holds the next event that passed shape checks */
    ADJ_READ_EVENTS_END,  /* the events sequence closed: the end of the record */
    ADJ_READ_DONE,        /* the stream ended normally */
    ADJ_READ_STOP,        /* yaml-syntax, yaml-alias or bad-document: stop here */
    ADJ_READ_IO_ERROR     /* the input could not be read (errno set) */
} adj_read_status_t;

typedef struct adj_reader_s adj_reader_t;

/* Read from file descriptor `fd` (not closed by the reader). `filename` is
 * borrowed for messages. `diags` is borrowed: diagnostics are appended to it.
 * Never NULL: allocation failure aborts, as every allocator does (adj_oom). */
adj_reader_t *adj_reader_new(int fd, const char *filename, adj_diags_t *diags);

/* Read from a memory buffer (borrowed; must outlive the reader). For tests
 * and fuzzing. */
adj_reader_t *adj_reader_new_bytes(const void *data, size_t size, const char *filename,
                                   adj_diags_t *diags);

/* Memory input only: deliver it in pieces of these sizes (borrowed), then
 * as libyaml asks; how a pipe may cut it. For tests and fuzzing. */
void adj_reader_set_chunks(adj_reader_t *r, const size_t *sizes, size_t count);

void adj_reader_free(adj_reader_t *r);

/* Advance. On ADJ_READ_ENTRY, *entry points into the reader (valid until the
 * next call). After ADJ_READ_DONE, ADJ_READ_STOP or ADJ_READ_IO_ERROR every
 * further call returns the same status. */
adj_read_status_t adj_reader_next(adj_reader_t *r, const adj_entry_t **entry);

/* The checked header; NULL before ADJ_READ_HEADER was returned. */
const adj_header_t *adj_reader_header(const adj_reader_t *r);

/* Where the events sequence ended (valid after ADJ_READ_EVENTS_END). */
adj_mark_t adj_reader_events_end(const adj_reader_t *r);
/* The file's last line when that mark lies after it (libyaml's mark after
 * the last line break, where the file ends), else 0. */
size_t adj_reader_events_end_after(const adj_reader_t *r);

/* Line of the first key of the event being read next, for `--at line:L`:
 * the reader stops before an event whose first key is past `line` (0: no
 * limit) and reports ADJ_READ_DONE without ADJ_READ_EVENTS_END. */
void adj_reader_stop_after_line(adj_reader_t *r, size_t line);

/* Bytes and events read so far (for progress and benchmarks). */
uint64_t adj_reader_bytes(const adj_reader_t *r);
uint64_t adj_reader_events(const adj_reader_t *r);
/* The errno of the read that failed, after ADJ_READ_IO_ERROR (0 otherwise). */
int adj_reader_io_errno(const adj_reader_t *r);

/* The header's `scenario` (its first value, when a non-null scalar), as
 * read so far: NULL when none. It may hold NUL bytes: `*len` is its length. */
const char *adj_reader_scenario(const adj_reader_t *r, size_t *len);

/* Roster lookup by id; -1 when not in the (kept) roster. Valid after HEADER. */
int32_t adj_reader_leader_index(const adj_reader_t *r, const char *id);

/* A sustain, illness or duration roll dropped as unknown-leader whose id is
 * a slip for roster leader `near`: the engine names it when the roll that
 * leader owed is then found missing. */
typedef struct adj_dropped_s {
    adj_event_kind_t kind;
    size_t line;
    int32_t near;
} adj_dropped_t;

#define ADJ_MAX_DROPPED 4

/* The rolls dropped since the last call (at most ADJ_MAX_DROPPED), into
 * out; returns how many. */
size_t adj_reader_take_dropped(adj_reader_t *r, adj_dropped_t out[ADJ_MAX_DROPPED]);

/* "Did you mean" among `names` (NULL entries skipped): the closest, or NULL. */
const char *adj_closest_name(const char *key, size_t n, const char *const *names, size_t count);

/* "Did you mean": the roster index of the id closest to `key` (the same id
 * but for case, or a slip of one or two letters), or -1. `used` (NULL: no
 * limit) counts the comparisons made in a log; past a budget it gives -1. */
int32_t adj_closest_leader(const adj_header_t *h, const char *key, size_t n, size_t *used);
/* Append " (did you mean `ID`?)", or the case-sensitive variant, to b. */
void adj_put_did_you_mean(adj_buf_t *b, const char *key, size_t n, const char *id);

#endif
