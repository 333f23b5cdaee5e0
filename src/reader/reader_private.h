/* SPDX-License-Identifier: MIT */
/*
 * reader_private.h - what the reader's stages and its top share (not an
 * interface: only src/reader*.c include it).
 *
 * The reader is layered, as libyaml's pipeline is; each layer calls only
 * the ones below it, and knows only their state:
 *
 *   reader.c          the top: the document's frame, life cycle, accessors
 *   reader_event.c    one event: its keys, its shape, its typed entry, all
 *                     derived from the catalogue ADJ_EVENT_CATALOGUE
 *   reader_header.c   the header: roster, sides, imc, optional rules, and
 *                     the checks at `events` (SPEC 1.2)
 *   ---- reader_stream.h: the stream of libyaml events (rd_stream_t)
 *   reader_pull.c     pulling events (the reading limits), skipping nodes,
 *                     stopping, the diagnostics every stage words alike
 *   reader_input.c    the input filter: bytes to libyaml, and their offsets
 *   ---- reader_text.h: pure text functions
 *   reader_text.c     scalar text: integers, booleans, ids, "did you mean",
 *                     quoting user text in messages, the key set
 *
 * The event stage uses the header stage's result (the roster); nothing
 * below the stages sees adj_reader_t.
 */
#ifndef ADJ_READER_PRIVATE_H
#define ADJ_READER_PRIVATE_H

#include "reader_stream.h"

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
    unsigned given;         /* bit per roster key (rkey_t) written */
    size_t ladder_line;     /* lent by a ladder scenario: its line there */
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
    adj_mark_t value_mark;
} player_raw_t;

typedef struct imc_row_raw_s {
    int64_t rating;
    int64_t mp[6];
} imc_row_raw_t;

/* The header's keys and a roster entry's, from their tables (adj_log.h). */
typedef enum hkey_e {
#define RD_X(e, ...) HK_##e,
    ADJ_HEADER_KEY_LIST(RD_X)
#undef RD_X
    HK_COUNT
} hkey_t;

typedef enum rkey_e {
#define RD_X(e, ...) RK_##e,
    ADJ_ROSTER_KEY_LIST(RD_X)
#undef RD_X
    RK_COUNT
} rkey_t;

/* ------------------------------------------------------------------ */
/* Event values (SPEC 2)                                               */
/* ------------------------------------------------------------------ */

/* A field slot: one per row of ADJ_FIELD_LIST, in its order. */
typedef enum slot_e {
#define RD_X(e, ...) SL_##e = ADJ_F_##e,
    ADJ_FIELD_LIST(RD_X)
#undef RD_X
    SL_COUNT = ADJ_FIELD_COUNT
} slot_t;

/* Value types, the TYPE column of ADJ_EVENT_CATALOGUE. */
typedef enum ftype_e {
    FT_INT, FT_INT_NONNEG, FT_INT_POS, FT_POINTS, FT_BOOL, FT_STRING, FT_ID, FT_NOTE,
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

/* ------------------------------------------------------------------ */
/* The reader                                                          */
/* ------------------------------------------------------------------ */

struct adj_reader_s {
    rd_stream_t st;             /* the stream below: libyaml, the input, the current event */
    adj_diags_t *diags;         /* borrowed, st.diags: the stages' findings */
    const char *filename;       /* borrowed */
    size_t stop_line;           /* --at line:L, 0 = none */

    adj_mark_t doc_start;

    /* raw header */
    hv_t format, first_turn, last_turn, sides, leaders, imc, optional_rules, players;
    hv_t round, played;         /* `round` and `played` (the ratings' period) */
    bool header_seen[HK_COUNT];
    adj_mark_t hv_mark[HK_COUNT]; /* where each header key's (first) value starts */
    char *hv_what[HK_COUNT];    /* owned: what a bad value is, for its message (or NULL) */
    int64_t first, last;
    char *side_names[2];        /* owned until moved into header */
    char *scenario;             /* owned: the first `scenario` scalar, NULL when none */
    size_t scenario_len;
    adj_mark_t scenario_mark;   /* its value */
    adj_scenario_fn scenario_fn; /* a ladder's scenarios (SPEC 13), NULL: none */
    adj_player_fn player_fn;    /* a ladder's players, NULL: none */
    void *scenario_ctx;
    const adj_scenario_t *sc;   /* the scenario that completed the header, or NULL */
    bool roster_borrowed;       /* the roster's texts are the scenario's: not freed */
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
    uint32_t keep_dropped;      /* the kinds whose dropped events are kept (1u << kind) */
};

/* ------------------------------------------------------------------ */
/* Small inline helpers, on the hot path of every stage                */
/* ------------------------------------------------------------------ */

/* The stream's current event, as the stages read it. */
#define ev_mark(r) rd_ev_mark(&(r)->st)

static inline bool is_scalar(const adj_reader_t *r)
{
    return r->st.ev.type == YAML_SCALAR_EVENT;
}
static inline const char *sc_text(const adj_reader_t *r)
{
    return (const char *)r->st.ev.data.scalar.value;
}
static inline size_t sc_len(const adj_reader_t *r) { return r->st.ev.data.scalar.length; }
static inline bool sc_plain(const adj_reader_t *r)
{
    return r->st.ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

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
