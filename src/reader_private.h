/*
 * reader_private.h - what the reader's stages share (not an interface:
 * only src/reader*.c include it).
 *
 * The reader is split by stage, as libyaml's pipeline is:
 *
 *   reader_input.c   the input filter: bytes to libyaml, held back at the
 *                    first byte it rejects; the directive limit; UTF-16;
 *                    the byte offsets of libyaml's character marks
 *   reader_text.c    scalar text: integers, booleans, ids, "did you mean",
 *                    quoting user text in messages, the key set
 *   reader_header.c  the header: roster, sides, imc, optional rules, and
 *                    the checks at `events` (SPEC 1.2)
 *   reader_event.c   one event: its keys, its shape, its typed entry, all
 *                    derived from the catalogue ADJ_EVENT_CATALOGUE
 *   reader.c         the core: pulling events (the reading limits),
 *                    skipping nodes, the document's frame, life cycle
 *
 * Every libyaml event passes through reader_pull.
 */
#ifndef ADJ_READER_PRIVATE_H
#define ADJ_READER_PRIVATE_H

#include "adj_reader.h"
#include "adj_yaml_release.h"

#include <string.h>
#include <yaml.h>

/* ------------------------------------------------------------------ */
/* The key set (reader_text.c)                                          */
/* ------------------------------------------------------------------ */

static inline uint64_t reader_hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* A set of strings (keys seen in one mapping), for duplicate-key. Owns its
 * copies. Cleared per mapping; clearing an unused set costs nothing. */
typedef struct keyset_s {
    char **slots;   /* owned array of owned strings, NULL = empty */
    size_t cap;     /* power of two */
    size_t count;
} keyset_t;

void reader_keyset_free(keyset_t *k);
void reader_keyset_clear(keyset_t *k);
/* Insert; false when the key was already there. */
bool reader_keyset_insert(keyset_t *k, const char *s, size_t n);

/* ------------------------------------------------------------------ */
/* Raw header values, kept until `events` is reached (SPEC 1.2)         */
/* ------------------------------------------------------------------ */

typedef enum hv_e { HV_ABSENT, HV_OK, HV_BAD } hv_t;

typedef struct roster_raw_s {
    adj_mark_t start;       /* first key, or the node's start */
    bool is_map;
    bool has_bad;           /* first ill-typed/out-of-range field, file order */
    adj_mark_t bad_mark;
    char *bad_msg;          /* owned */
    char *id;               /* owned, NULL when absent; borrowed when id_shared */
    bool id_shared;         /* the id of an earlier entry (a duplicate): not a copy */
    char *name;             /* owned */
    char *side;             /* owned */
    size_t side_len;
    adj_mark_t side_mark;
    bool has_initiative;
    int64_t initiative;
    int64_t vp;
    int64_t wound;
    bool reserve;
} roster_raw_t;

typedef struct pending_rule_s {
    adj_mark_t mark;
    char *text;             /* owned, NULL when the item is not a scalar */
} pending_rule_t;

/* One `players` entry as read (SPEC 1.2 step 6), checked at `events`. */
typedef struct player_raw_s {
    adj_mark_t key_mark;
    char *side;             /* owned key text; NULL when the key is not a usable scalar */
    size_t side_len;
    char *name;             /* owned, spaces trimmed; NULL when not a non-empty string */
    size_t name_len;
} player_raw_t;

typedef struct imc_row_raw_s {
    int64_t rating;
    int64_t mp[6];
} imc_row_raw_t;

typedef enum hkey_e {
    HK_FORMAT, HK_GAME, HK_SCENARIO, HK_FIRST_TURN, HK_LAST_TURN, HK_OPTIONAL_RULES,
    HK_SIDES, HK_PLAYERS, HK_LEADERS, HK_IMC, HK_EVENTS, HK_COUNT
} hkey_t;

typedef enum rkey_e {
    RK_ID, RK_NAME, RK_SIDE, RK_INITIATIVE, RK_VP, RK_WOUND, RK_RESERVE, RK_COUNT
} rkey_t;

/* ------------------------------------------------------------------ */
/* Event values (SPEC 2)                                               */
/* ------------------------------------------------------------------ */

/* A field slot: one per row of ADJ_FIELD_LIST, in its order. */
typedef enum slot_e {
#define RD_X(e, key) SL_##e = ADJ_F_##e,
    ADJ_FIELD_LIST(RD_X)
#undef RD_X
    SL_COUNT = ADJ_FIELD_COUNT
} slot_t;

/* Value types, the TYPE column of ADJ_EVENT_CATALOGUE. */
typedef enum ftype_e {
    FT_INT, FT_INT_NONNEG, FT_INT_POS, FT_BOOL, FT_STRING, FT_ID, FT_NOTE,
    FT_RESULT_ILLNESS, FT_RESULT_DURATION, FT_FLIP_TO, FT_STATUS
} ftype_t;

/* One value as read: a scalar's text, or where a collection stood. */
typedef struct raw_value_s {
    bool is_scalar;
    bool plain;
    adj_mark_t key_mark;
    adj_mark_t mark;        /* the value's start */
    adj_span_t span;        /* where it stands in the file, in bytes */
    size_t order;           /* key position in the mapping */
    char *text;             /* owned, NUL-terminated (taken from libyaml); NULL when
                               the value is not a scalar (its text is never read) */
    size_t len;
} raw_value_t;

typedef struct unknown_key_s {
    adj_mark_t mark;
    size_t text_off;        /* into reader.arena; SIZE_MAX: not a scalar key */
    size_t text_len;
} unknown_key_t;

typedef struct claim_raw_s {
    adj_claim_item_t item;
    size_t key_off;         /* into reader.arena; SIZE_MAX: no text */
} claim_raw_t;

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

/* ------------------------------------------------------------------ */
/* The reader                                                          */
/* ------------------------------------------------------------------ */

typedef enum rstate_e {
    RS_START, RS_EVENTS, RS_AFTER_EVENTS, RS_DONE, RS_STOP, RS_IO_ERROR
} rstate_t;

struct adj_reader_s {
    yaml_parser_t parser;
    yaml_event_t ev;            /* the current event, owned (YAML_NO_EVENT: none) */
    const char *filename;       /* borrowed */
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

    size_t depth;               /* open collections */
    uint64_t events;            /* YAML events parsed */
    size_t stop_line;           /* --at line:L, 0 = none */

    adj_mark_t doc_start;

    /* raw header */
    hv_t format, first_turn, last_turn, sides, leaders, imc, optional_rules, players;
    bool header_seen[HK_COUNT];
    adj_mark_t hv_mark[HK_COUNT]; /* where each header key's (first) value starts */
    char *hv_what[HK_COUNT];    /* owned: what a bad value is, for its message (or NULL) */
    int64_t first, last;
    char *side_names[2];        /* owned until moved into header */
    char *scenario;             /* owned: the first `scenario` scalar, NULL when none */
    size_t scenario_len;
    size_t side_lens[2];
    roster_raw_t *roster;       /* owned array */
    size_t roster_count, roster_cap;
    size_t *roster_ids;         /* owned: open addressing, roster index + 1 per id (0: empty) */
    size_t roster_ids_cap, roster_ids_count;
    imc_row_raw_t *imc_raw;     /* owned array, file order */
    size_t imc_count, imc_cap;
    adj_mark_t imc_bad_mark;
    char *imc_bad_msg;          /* owned */
    adj_mark_t rules_bad_mark;
    pending_rule_t *rules_unknown; /* owned array */
    size_t rules_unknown_count, rules_unknown_cap;
    adj_mark_t players_bad_mark;
    player_raw_t *players_raw;  /* owned array, file order */
    size_t players_count, players_cap;
    bool illness;

    adj_header_t header;        /* the checked header, owned */
    bool header_ready;
    int32_t *leader_table;      /* owned: open addressing over header.leaders */
    size_t leader_table_cap;
    int32_t last_leader;        /* the last leader found, -1: none (a cache) */

    keyset_t keys;              /* keys of the mapping being read */
    keyset_t keys2;             /* nested mapping (claim, roster entry) */

    /* the event being read */
    raw_value_t subject;
    raw_value_t slots[SL_COUNT];
    uint32_t slot_mask;         /* bit per slot present in the event being read (has_slot) */
    unknown_key_t *unknown;     /* owned array */
    size_t unknown_count, unknown_cap;
    claim_raw_t *claim_raw;     /* owned array */
    size_t claim_count, claim_cap;
    adj_claim_item_t *claim;    /* owned array, handed out in the entry */
    size_t claim_items_cap;
    adj_buf_t arena;            /* owned: texts of unknown keys and claim keys */
    adj_buf_t msg, tmp;         /* owned scratch for diagnostic messages */
    adj_entry_t entry;
    uint32_t entry_spans;       /* slots whose span entry.at holds (the rest are zero) */
    adj_mark_t events_end;
    size_t events_end_after;    /* the file's last line when events_end lies after it, or 0 */
    size_t suggest_used;        /* roster comparisons made for "did you mean" */
    adj_dropped_t dropped[ADJ_MAX_DROPPED]; /* rolls dropped since the last entry */
    size_t dropped_count;
};

/* ------------------------------------------------------------------ */
/* Small inline helpers, on the hot path of every stage                */
/* ------------------------------------------------------------------ */

static inline adj_mark_t mark_of(yaml_mark_t m)
{
    return (adj_mark_t){m.line + 1, m.column + 1};
}

#define ev_mark(r) mark_of((r)->ev.start_mark)

static inline bool is_scalar(const adj_reader_t *r) { return r->ev.type == YAML_SCALAR_EVENT; }
static inline const char *sc_text(const adj_reader_t *r)
{
    return (const char *)r->ev.data.scalar.value;
}
static inline size_t sc_len(const adj_reader_t *r) { return r->ev.data.scalar.length; }
static inline bool sc_plain(const adj_reader_t *r)
{
    return r->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static inline bool text_is_null(const char *s, size_t n, bool plain)
{
    return plain && (n == 0 || (n == 1 && s[0] == '~') || (n == 4 && memcmp(s, "null", 4) == 0));
}

/* a and b hold the same n bytes: for n <= 16, two overlapping loads from
 * each end, no call. Key names, leader ids, sides and enumerated values are
 * short and compared for every event; memcmp there was a library call each,
 * with branches on n that mispredict (perf: 2.4% of an audit's time). */
static inline bool same_bytes(const char *a, const char *b, size_t n)
{
    if (n > 16)
        return memcmp(a, b, n) == 0;
    if (n >= 8) {
        uint64_t a0, a1, b0, b1;
        memcpy(&a0, a, 8), memcpy(&a1, a + n - 8, 8);
        memcpy(&b0, b, 8), memcpy(&b1, b + n - 8, 8);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n >= 4) {
        uint32_t a0, a1, b0, b1;
        memcpy(&a0, a, 4), memcpy(&a1, a + n - 4, 4);
        memcpy(&b0, b, 4), memcpy(&b1, b + n - 4, 4);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n == 0)
        return true;
    /* 1..3 bytes: first, middle and last */
    return a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1];
}

/* Whether the n bytes at s are exactly `name` (a NUL inside s never matches). */
static inline bool text_is(const char *s, size_t n, const char *name)
{
    return strlen(name) == n && same_bytes(s, name, n);
}

/* ------------------------------------------------------------------ */
/* reader_input.c                                                      */
/* ------------------------------------------------------------------ */

/* Set up the filter and hand it to libyaml. */
void reader_input_init(adj_reader_t *r);
void reader_input_free(adj_reader_t *r);
/* The span from libyaml's character index `start` to `end` (mark.index
 * values), in the file's bytes. Indexes must come in non-decreasing order.
 * The offset is ADJ_SPAN_UNKNOWN (length 0) when a checkpoint it needed
 * was dropped (RD_MAX_CHECKPOINTS). Callers first try the linear stretch:
 * while r->cp_linear, a byte offset is index + r->cp_delta. */
adj_span_t reader_span_slow(adj_reader_t *r, size_t start, size_t end);
/* Where a libyaml reader error (bad encoding) stands. */
adj_mark_t reader_error_mark(const adj_reader_t *r);

/* ------------------------------------------------------------------ */
/* reader_text.c                                                       */
/* ------------------------------------------------------------------ */

bool reader_text_int(const char *s, size_t n, bool plain, int64_t *out);
bool reader_text_bool(const char *s, size_t n, bool plain, bool *out);
bool reader_id_ok(const char *s, size_t n);
/* The closest of `names` to `key` (NULL entries skipped), or NULL when none
 * is close. */
const char *reader_closest(const char *key, size_t n, const char *const *names, size_t count);
/* Append user text to a message (a NUL becomes U+FFFD). */
void reader_put_user_text(adj_buf_t *b, const char *s, size_t n);
/* A short, quoted rendering of user text for messages, in tmp. */
const char *reader_clip(adj_buf_t *tmp, const char *s, size_t n);
/* What a value (its first event) is, for a message saying what it must be
 * instead: "a list", "a mapping", "null", or the scalar quoted. Owned. */
char *reader_value_words(const yaml_event_t *ev, adj_buf_t *tmp);

/* ------------------------------------------------------------------ */
/* reader.c: the core                                                  */
/* ------------------------------------------------------------------ */

/* Pull the next event into r->ev (the previous one released); false when
 * reading stopped (a limit, a libyaml error, the input failed). */
bool reader_pull(adj_reader_t *r);
/* Skip the node whose first event is current; leaves its last event current. */
bool reader_skip(adj_reader_t *r);
/* Add a diagnostic that stops the audit (yaml-syntax, yaml-alias, bad-document). */
void reader_stop(adj_reader_t *r, adj_code_t code, adj_mark_t mark, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
adj_read_status_t reader_status(const adj_reader_t *r);
/* unknown-field for `key` (NULL: not a scalar) in `where`, with a "did you
 * mean" from `names`. Returns the diagnostic (NULL past ADJ_MAX_DIAGS). */
adj_diag_t *reader_unknown_field(adj_reader_t *r, adj_mark_t mark, const char *key, size_t n,
                                 const char *where, const char *const *names, size_t count);
/* Name the leader of a diagnostic (unknown_field names none). */
void reader_set_leader(adj_diag_t *d, const char *id);
/* duplicate-key for the current (key) event, in `where`. */
void reader_duplicate_key(adj_reader_t *r, const char *where);

/* ------------------------------------------------------------------ */
/* reader_header.c                                                     */
/* ------------------------------------------------------------------ */

/* From the stream's start to the `events` key: the header. */
adj_read_status_t reader_read_start(adj_reader_t *r);
int32_t reader_leader_find(const adj_reader_t *r, const char *id, size_t n);
int reader_side_index(const adj_reader_t *r, const char *s, size_t n);
void reader_header_free(adj_reader_t *r);

/* ------------------------------------------------------------------ */
/* reader_event.c                                                      */
/* ------------------------------------------------------------------ */

/* Build the key table once (thread-safe); called by every new reader. */
void reader_event_init(void);
/* What an event's key names: a kind (adj_event_kind_t), KEY_SLOT + a field
 * (adj_field_t), or -1. After reader_event_init. */
#define KEY_SLOT 100
int reader_key_lookup(const char *s, size_t n);
/* Returns 1 with r->entry filled, 0 when the event was diagnosed and
 * dropped, -1 when reading stopped. The current event is the node's first. */
int reader_read_event(adj_reader_t *r);
void reader_event_free(adj_reader_t *r);

#endif
