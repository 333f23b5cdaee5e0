/* SPDX-License-Identifier: MIT */
/*
 * reader_stream.h - the reader's lower layer: the stream of libyaml events
 * (not an interface: only src/reader*.c include it).
 *
 *   reader_input.c   the input filter: bytes to libyaml, held back at the
 *                    first byte it rejects; the directive limit; UTF-16;
 *                    the byte offsets of libyaml's character marks
 *   reader_pull.c    pulling events (the reading limits), skipping nodes,
 *                    stopping, and the diagnostics every stage words alike
 *
 * It knows nothing of the stages above it (reader_private.h): they read
 * the stream through these functions and its current event, `ev`.
 */
#ifndef ADJ_READER_STREAM_H
#define ADJ_READER_STREAM_H

#include "adj_reader.h"
#include "adj_yaml_release.h"
#include "reader_text.h"

#include <yaml.h>

/* Where the reading stands: the document's frame (RS_START to
 * RS_AFTER_EVENTS, the stages' and reader.c's) or stopped (RS_DONE on). */
typedef enum rstate_e {
    RS_START, RS_EVENTS, RS_AFTER_EVENTS, RS_DONE, RS_STOP, RS_IO_ERROR
} rstate_t;

/* A place in the file as libyaml counts it (characters) and in bytes. */
typedef struct rd_checkpoint_s {
    uint64_t chars;     /* characters before it, a byte-order mark included */
    uint64_t bytes;
} rd_checkpoint_t;

/* At most this many checkpoints are kept (16 bytes each): one per
 * multibyte character between the value being read and libyaml's read
 * position. More than a 1 MiB scalar (ADJ_MAX_SCALAR) can hold, so only a
 * value that is stopped anyway, or text no event points into (a long
 * comment), can outgrow it; a value whose checkpoint was dropped has the
 * offset ADJ_SPAN_UNKNOWN. */
#define RD_MAX_CHECKPOINTS (1u << 19)

typedef struct rd_stream_s {
    yaml_parser_t parser;
    yaml_event_t ev;            /* the current event, owned (YAML_NO_EVENT: none) */
    adj_diags_t *diags;         /* borrowed */
    rstate_t state;

    /* input */
    int fd;                     /* -1 for a memory buffer */
    const unsigned char *mem;   /* borrowed memory input */
    size_t mem_size, mem_pos;
    uint64_t bytes;             /* bytes handed to libyaml */
    bool io_failed;
    int io_errno;
    bool checking;              /* still looking for the first byte libyaml rejects */
    bool prologue;              /* in a directive prologue (see directive_step) */
    unsigned char line;         /* line_state_t where the scan stands */
    size_t directives;          /* %-directives seen */
    bool directive_limit;       /* more than ADJ_MAX_DIRECTIVES: input cut there */
    bool u16, u16_le;           /* the input is UTF-16 (little-endian) */
    int u16_byte;               /* first byte of a code unit split by a chunk, or -1 */
    int32_t u16_high;           /* a high surrogate waiting for its pair, or -1 */
    size_t u16_high_start;      /* where it began in this chunk (0: an earlier one) */
    unsigned char *held;        /* owned: input from that byte on, given to libyaml later */
    size_t held_len, held_pos;
    unsigned char u8_need;      /* continuation bytes of a character cut by a chunk */
    unsigned char u8_width;     /* that character's length */
    uint32_t u8_val;            /* its bits so far */
    const size_t *chunks;       /* borrowed: memory input delivered in these pieces */
    size_t chunk_count, chunk_i;

    /* byte offsets of libyaml's character marks (reader_input.c) */
    rd_checkpoint_t *cps;       /* owned ring: where characters and bytes part */
    size_t cp_cap, cp_head, cp_count;
    bool cp_linear;             /* one checkpoint, UTF-8: offset = index + cp_delta */
    uint64_t cp_delta;
    uint64_t in_units;          /* code units handed to libyaml */
    uint64_t in_cont;           /* of which continuation units (no character) */
    unsigned in_bom;            /* 1 when the file starts with a byte-order mark */
    int in_bom_bytes;           /* bytes of a UTF-8 mark seen at the start; -1: none */
    int in_u16_byte;            /* first byte of a UTF-16 unit split by a chunk, or -1 */

    bool ladder;                /* a ladder file, not a log: messages say so */
    size_t depth;               /* open collections */
    size_t content_end;         /* libyaml's index after the last scalar or flow collection:
                                   where a block collection's own text ends */
    uint64_t events;            /* YAML events parsed */
} rd_stream_t;

static inline adj_mark_t mark_of(yaml_mark_t m)
{
    return (adj_mark_t){m.line + 1, m.column + 1};
}

/* Where the stream's current event starts (the stages say ev_mark(r)). */
static inline adj_mark_t rd_ev_mark(const rd_stream_t *s)
{
    return mark_of(s->ev.start_mark);
}

/* ------------------------------------------------------------------ */
/* reader_input.c                                                      */
/* ------------------------------------------------------------------ */

/* Set up the filter and hand it to libyaml (after yaml_parser_initialize). */
void reader_input_init(rd_stream_t *s);
void reader_input_free(rd_stream_t *s);
/* The span from libyaml's character index `start` to `end` (mark.index
 * values), in the file's bytes. Indexes must come in non-decreasing order.
 * The offset is ADJ_SPAN_UNKNOWN (length 0) when a checkpoint it needed
 * was dropped (RD_MAX_CHECKPOINTS). Callers first try the linear stretch:
 * while s->cp_linear, a byte offset is index + s->cp_delta. */
adj_span_t reader_span_slow(rd_stream_t *s, size_t start, size_t end);
/* Where a libyaml reader error (bad encoding) stands. */
adj_mark_t reader_error_mark(const rd_stream_t *s);

/* ------------------------------------------------------------------ */
/* reader_pull.c                                                       */
/* ------------------------------------------------------------------ */

/* Pull the next event into s->ev (the previous one released); false when
 * reading stopped (a limit, a libyaml error, the input failed). */
bool reader_pull(rd_stream_t *s);
/* Skip the node whose first event is current; leaves its last event current. */
bool reader_skip(rd_stream_t *s);
/* Add a diagnostic that stops the audit (yaml-syntax, yaml-alias, bad-document). */
void reader_stop(rd_stream_t *s, adj_code_t code, adj_mark_t mark, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
adj_read_status_t reader_status(const rd_stream_t *s);
/* unknown-field for `key` (NULL: not a scalar) in `where`, with a "did you
 * mean" from `names`. Returns the diagnostic (NULL past ADJ_MAX_DIAGS). */
adj_diag_t *reader_unknown_field(rd_stream_t *s, adj_mark_t mark, const char *key, size_t n,
                                 const char *where, const char *const *names, size_t count);
/* Name the leader of a diagnostic (unknown_field names none). */
void reader_set_leader(adj_diag_t *d, const char *id);
/* duplicate-key for the current (key) event, in `where`. */
void reader_duplicate_key(rd_stream_t *s, const char *where);

#endif
