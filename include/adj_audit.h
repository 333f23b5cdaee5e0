/* SPDX-License-Identifier: MIT */
/*
 * adj_audit.h - one file's audit: the one replay loop (replay.c), the
 * reader feeding the engine, into which every command plugs its observers
 * (explain's steps, html's turns, fix's and dice's entries). The reporters
 * that turn its result into text or JSON are in adj_report.h.
 */
#ifndef ADJ_AUDIT_H
#define ADJ_AUDIT_H

#include "adj_engine.h"
#include "adj_ladder.h"
#include "adj_reader.h"

/* `--at`: replay up to a moment (SPEC 6.2). */
typedef enum adj_at_kind_e { ADJ_AT_NONE, ADJ_AT_TURN, ADJ_AT_LINE } adj_at_kind_t;

typedef struct adj_at_s {
    adj_at_kind_t kind;
    int64_t value;
} adj_at_t;

/* Parse "turn:N" or "line:L"; false on a malformed value. */
bool adj_at_parse(adj_at_t *at, const char *arg);

struct adj_audit_s;

/* A `turn` event the engine takes (SPEC 3.2: not one after `end`) begins a
 * new stretch of play, for SPEC 9's timeline. Told before the engine sees
 * it, so the states are those at the last moment the turn it ends was the
 * current one: the engine's own snapshot (adj_engine_result). */
typedef struct adj_turn_edge_s {
    bool had_turn;          /* a turn had begun: `ended` is the one ending here */
    int64_t ended;
    int64_t next;           /* the turn this event begins */
    const adj_leader_state_t *leaders;  /* borrowed during the call, `count` of them */
    size_t count;
} adj_turn_edge_t;

typedef void (*adj_turn_fn)(void *ctx, const adj_turn_edge_t *edge);

typedef struct adj_audit_opts_s {
    adj_rulings_t rulings;
    adj_at_t at;
    /* `status` (SPEC 8): the end of `events` is a stop, as `--at`'s is:
     * it expires nothing and warns no missing-end */
    bool open_end;
    /* `audit --summary` (SPEC 5.1): the same, only when the events end
     * with no `end`: an unfinished game is replayed as `status` does */
    bool open_unfinished;
    adj_step_fn on_step;      /* explain's story, NULL otherwise */
    void *step_ctx;           /* borrowed */
    /* explain: called with step_ctx once the roster is read, before the
     * first event; false stops the audit there. NULL otherwise. */
    bool (*on_header)(void *ctx, const struct adj_audit_s *a);
    /* explain: past ADJ_MAX_DIAGS, whether a diagnostic about `leader` is
     * kept all the same (adj_diags_t.keep), with step_ctx. NULL otherwise. */
    bool (*diag_keep)(void *ctx, const char *leader);
    const size_t *chunks;     /* borrowed, adj_audit_bytes only: input in these pieces */
    size_t chunk_count;
    adj_turn_fn on_turn;      /* the timeline of an HTML report, NULL otherwise */
    void *turn_ctx;           /* borrowed */
    /* Every entry the reader gives, after the engine took it (fix's
     * corrections): `from` is the first diagnostic it drew, `was_over`
     * whether the game had ended before it. NULL: none. */
    void (*on_entry)(void *ctx, const struct adj_audit_s *a, const adj_entry_t *en,
                     size_t from, bool was_over);
    void *entry_ctx;          /* borrowed */
    /* dice: the reader alone, no engine (a roll counts whatever the rules
     * decide): on_entry is told every entry, `from` and `was_over` unset. */
    bool read_only;
} adj_audit_opts_t;

/* The result of auditing one file. */
typedef struct adj_audit_s {
    char *file;               /* owned: the name as given ("-" for stdin) */
    adj_diags_t diags;        /* sorted once the audit is done */
    bool io_error;            /* the file could not be opened or read */
    int io_errno;
    adj_reader_t *reader;     /* owned: holds the header */
    adj_engine_t *engine;     /* owned, opaque: NULL when the replay never began */
    bool replayed;            /* the replay began: `result` holds what it produced */
    adj_replay_t result;      /* what the reporters read (a view into reader and engine) */
    uint64_t bytes;           /* bytes read */
    uint64_t events;          /* YAML events parsed */
    const struct adj_ladder_s *ladder; /* the ladder file used (SPEC 13), or NULL */
    adj_rulings_t rulings;    /* the rulings in force: ladder, log, command line */
    bool at_reached;          /* --at turn:N: the replay stopped at `turn: N` */
    bool at_whole;            /* --at: no event lies after the moment: the events ended and
                                 the log was replayed whole, as without --at */
    bool events_ended;        /* the reader reached the end of `events` */
} adj_audit_t;

/* a->io_errno of a log whose ladder file is not valid (SPEC 13): it is
 * not audited. */
#define ADJ_ELADDER (-1000)

/* What went wrong reading a log: strerror, or the ladder's fault. */
const char *adj_audit_strerror(int err);

/* --at turn:N asked for a turn the replay never began (SPEC 6.2 warns). */
bool adj_audit_at_missed(const adj_audit_t *a, const adj_audit_opts_t *o);

/* Audit `path` ("-": standard input). Always fills `a`; free it with
 * adj_audit_free. Returns false on an I/O failure (a->io_error). */
bool adj_audit_file(adj_audit_t *a, const char *path, const adj_audit_opts_t *o);

/* Open a log for reading: `-` is standard input (returned as is, never
 * closed by the caller), a directory fails with EISDIR. -1 and errno on
 * failure. Every command opens its files through this one function. */
int adj_log_open(const char *path);

/* slurp.c: read all of `path` ("-": standard input) once into `out`, at
 * most `limit` bytes. False on failure: *st says which (errno set for IO). */
typedef enum adj_slurp_status_e { ADJ_SLURP_OK, ADJ_SLURP_IO, ADJ_SLURP_TOO_BIG } adj_slurp_status_t;
#define ADJ_MAX_SLURP ((size_t)64 << 20)  /* what compare reads into memory */
bool adj_slurp(const char *path, size_t limit, adj_buf_t *out, adj_slurp_status_t *st);

/* Audit a buffer already in memory (tests, fuzzing). */
void adj_audit_bytes(adj_audit_t *a, const void *data, size_t size, const char *name,
                     const adj_audit_opts_t *o);

void adj_audit_free(adj_audit_t *a);

#endif
