/* SPDX-License-Identifier: MIT */
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

/* The kinds whose events dropped for an unknown id are kept for
 * adj_reader_take_dropped: a mask of 1u << ADJ_EV_kind (none until set).
 * The replay keeps the rolls an obligation waits for
 * (adj_engine_awaited_rolls): the reader knows no obligation. */
void adj_reader_keep_dropped(adj_reader_t *r, uint32_t kinds);

/* "Did you mean" among `names` (NULL entries skipped): the closest, or NULL. */
const char *adj_closest_name(const char *key, size_t n, const char *const *names, size_t count);
/* The same among names with lengths (lens NULL: C strings), for names that
 * may hold NUL bytes (players): the index of the closest, or SIZE_MAX. */
size_t adj_closest_index(const char *key, size_t n, const char *const *names,
                         const size_t *lens, size_t count);

/* "Did you mean": the roster index of the id closest to `key` (the same id
 * but for case, or a slip of one or two letters), or -1. `used` (NULL: no
 * limit) counts the comparisons made in a log; past a budget it gives -1. */
int32_t adj_closest_leader(const adj_header_t *h, const char *key, size_t n, size_t *used);
/* Append " (did you mean `ID`?)", or the case-sensitive variant, to b. */
void adj_put_did_you_mean(adj_buf_t *b, const char *key, size_t n, const char *id);

/* ---- A ladder file (SPEC 13), as the reader reads it: data only ---- */

/* A text as written, and where. */
typedef struct adj_ld_text_s {
    char *text;             /* owned, NUL-terminated (it may hold NUL bytes) */
    size_t len;
    adj_mark_t mark;
} adj_ld_text_t;

/* A roster entry of a scenario; `given` has bit 1 << ADJ_SCK_* per key written. */
enum { ADJ_SCK_ID, ADJ_SCK_NAME, ADJ_SCK_SIDE, ADJ_SCK_INITIATIVE, ADJ_SCK_VP, ADJ_SCK_WOUND,
       ADJ_SCK_RESERVE };
typedef struct adj_sc_leader_s {
    char *id, *name, *side;  /* owned; name NULL when not given */
    size_t side_len;
    unsigned given;
    bool has_initiative;
    int64_t initiative, vp, wound;
    bool reserve;
    adj_mark_t mark;
} adj_sc_leader_t;

/* The ladder file's keys (SPEC 13), the one table the reader's key loops
 * and the catalogue (`ladder_keys`) read: X(ENUM, "key", TYPE, REQUIRED),
 * TYPE one of the catalogue's types (SPEC 11.1). */
#define ADJ_LADDER_KEY_LIST(X)          \
    X(FORMAT, "format", text, 1)        \
    X(NAME, "name", text, 0)            \
    X(RULINGS, "rulings", map, 0)       \
    X(PLAYERS, "players", list, 0)      \
    X(SCENARIOS, "scenarios", map, 0)   \
    X(RATINGS, "ratings", map, 0)

/* A player's keys (`players[]`). */
#define ADJ_LADDER_PLAYER_KEY_LIST(X)   \
    X(NAME, "name", text, 1)            \
    X(ALIASES, "aliases", list, 0)

/* A scenario's keys (`scenarios.*`), each optional: H(ENUM, "key") a key
 * of a log's header (ADJ_HEADER_KEY_LIST's ENUM, read as the header reads
 * it), V(ENUM, "key", TYPE) the scenario's own. */
#define ADJ_LADDER_SCENARIO_KEY_LIST(H, V)  \
    H(FIRST_TURN, "first_turn")             \
    H(LAST_TURN, "last_turn")               \
    H(SIDES, "sides")                       \
    H(OPTIONAL_RULES, "optional_rules")     \
    H(LEADERS, "leaders")                   \
    H(IMC, "imc")                           \
    V(VICTORY, "victory", list)

/* The ratings' keys (`ratings`: Glicko-2 over a season, docs/ladder.md),
 * each optional, and those of its `initial` mapping. */
#define ADJ_LADDER_RATINGS_KEY_LIST(X)  \
    X(PERIOD, "period", enum, 0)        \
    X(TAU, "tau", number, 0)            \
    X(INITIAL, "initial", map, 0)
#define ADJ_LADDER_INITIAL_KEY_LIST(X)  \
    X(RATING, "rating", number, 0)      \
    X(RD, "rd", number, 0)              \
    X(VOLATILITY, "volatility", number, 0)

/* The ratings' defaults and bounds (docs/ladder.md, "Ratings over a season"). */
#define ADJ_RATINGS_RATING 1500.0
#define ADJ_RATINGS_RD 350.0
#define ADJ_RATINGS_VOLATILITY 0.06
#define ADJ_RATINGS_TAU 0.5

typedef enum adj_period_e { ADJ_PERIOD_ROUND, ADJ_PERIOD_MONTH } adj_period_t;

/* A ladder's `ratings`, defaults filled in. */
typedef struct adj_ld_ratings_s {
    bool on;                 /* the ladder has `ratings` (a mapping) */
    adj_period_t period;
    double tau, rating, rd, volatility;
    adj_mark_t mark;         /* the mapping's start */
} adj_ld_ratings_t;

/* A victory row's keys (`scenarios.*.victory[]`). */
#define ADJ_LADDER_VICTORY_KEY_LIST(X)  \
    X(MARGIN, "margin", int, 1)         \
    X(LEVEL, "level", text, 1)

typedef struct adj_sc_victory_s {
    int64_t margin;
    char *level;            /* owned */
    adj_mark_t mark;
} adj_sc_victory_t;

/* The header keys a scenario holds: ADJ_SC_* bits in `has`. */
enum { ADJ_SC_FIRST_TURN = 1, ADJ_SC_LAST_TURN = 2, ADJ_SC_SIDES = 4,
       ADJ_SC_OPTIONAL_RULES = 8, ADJ_SC_LEADERS = 16, ADJ_SC_IMC = 32, ADJ_SC_VICTORY = 64 };

/* A scenario: the header values it lends a log that lacks them. */
typedef struct adj_scenario_s {
    adj_ld_text_t name;      /* the key in `scenarios` */
    const char *file;        /* borrowed: the ladder file's path, for messages */
    unsigned has;
    int64_t first_turn, last_turn;
    char *sides[2];          /* owned */
    size_t side_len[2];
    bool illness;            /* optional_rules holds `illness` */
    adj_sc_leader_t *leaders;  /* owned, file order */
    size_t leader_count;
    int64_t (*imc)[7];       /* owned: rating, then six MPs; file order */
    size_t imc_count;
    adj_sc_victory_t *victory; /* owned, file order */
    size_t victory_count;
} adj_scenario_t;

typedef struct adj_ld_player_s {
    adj_ld_text_t name;      /* text NULL: missing or not a non-empty string */
    adj_mark_t start;
    adj_ld_text_t *aliases;  /* owned */
    size_t alias_count;
} adj_ld_player_t;

typedef struct adj_ladder_doc_s {
    char *name;              /* owned, NULL when none */
    adj_ruling_raw_t *rulings;  /* owned, file order, as written */
    size_t ruling_count;
    bool rulings_bad;        /* `rulings` is not a mapping */
    adj_mark_t rulings_mark;
    adj_ld_player_t *players;
    size_t player_count;
    adj_scenario_t *scenarios;
    size_t scenario_count;
    adj_ld_ratings_t ratings;
} adj_ladder_doc_t;

/* Read a ladder file from the reader's input (instead of a log): every
 * problem is a diagnostic in the reader's adj_diags_t (codes as a log's).
 * What the ladder module checks itself (rulings, players' keys) is left as
 * written. */
void adj_reader_read_ladder(adj_reader_t *r, adj_ladder_doc_t *doc);
void adj_ladder_doc_free(adj_ladder_doc_t *doc);

/* The scenario a log's header is completed from (SPEC 13): called once,
 * when `events` is reached, with the log's `scenario` (as written) and its
 * value's place; the callback may add diagnostics (unknown-scenario). */
typedef const adj_scenario_t *(*adj_scenario_fn)(void *ctx, const char *name, size_t len,
                                                   adj_mark_t at, adj_diags_t *diags);
/* The canonical name of a player named in the log's `players` (SPEC 13),
 * called once per named side with the name (spaces trimmed) and its
 * value's place: NULL keeps the name as written (the callback may warn
 * unknown-player). The text returned (borrowed, valid while the ladder
 * is) has a length: a name may hold NUL bytes. */
typedef const adj_ld_text_t *(*adj_player_fn)(void *ctx, const char *name, size_t len, adj_mark_t at,
                                     adj_diags_t *diags);
void adj_reader_set_ladder(adj_reader_t *r, adj_scenario_fn scenario, adj_player_fn player,
                           void *ctx);

#endif
