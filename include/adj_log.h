/* SPDX-License-Identifier: MIT */
/*
 * adj_log.h - the typed form of an adjutant/1 log (SPEC sections 1 and 2).
 *
 * The reader produces these; the engine consumes them and never sees YAML.
 * Every value here has already passed the shape checks of SPEC 3.1 step 1:
 * types and ranges are right and every leader id is resolved to a roster
 * index. Rule checks (die ranges, sequence, state) are the engine's.
 */
#ifndef ADJ_LOG_H
#define ADJ_LOG_H

#include "adj_common.h"

/* Event fields (SPEC 2), the keys an event may hold besides its kind key:
 * X(ENUM, key, "Label", DEFAULT). The order is the order unknown-field
 * diagnostics of misplaced fields come in; `note` (every kind takes it)
 * stays last. "Label" is what the page's Record form calls it (SPEC 10.1);
 * DEFAULT, the value an absent field is read as, in JSON (NULL: none). */
#define ADJ_FIELD_LIST(X)                                                             \
    X(ROLL, roll, "Roll", NULL) X(MODIFIER, modifier, "Modifier", "0")                \
    X(MP, mp, "MP", NULL) X(TO, to, "To", NULL)                                       \
    X(ENEMY_ZOC, enemy_zoc, "Enemy ZOC", "false") X(RESULT, result, "Result", NULL)   \
    X(LEVEL, level, "Level", NULL) X(BY, by, "By", NULL)                              \
    X(POINTS, points, "Points", NULL) X(LEADER, leader, "Leader", NULL)               \
    X(REASON, reason, "Reason", NULL) X(STATUS, status, "Status", NULL)               \
    X(INACTIVE, inactive, "Inactive", NULL) X(NOTE, note, "Note", NULL)

typedef enum adj_field_e {
#define ADJ_X(e, ...) ADJ_F_##e,
    ADJ_FIELD_LIST(ADJ_X)
#undef ADJ_X
    ADJ_FIELD_COUNT
} adj_field_t;

/* The bounds that keep every VP tally exact in a signed 64-bit integer
 * (SPEC 1, 2, 3.8): a `vp` event's `points` lie in -ADJ_MAX_VP..ADJ_MAX_VP,
 * a roster `vp` in 0..ADJ_MAX_VP, a claimed total in
 * -ADJ_MAX_CLAIM..ADJ_MAX_CLAIM; a value outside is bad-field. A tally
 * would need 9 * 10^12 awards, some 100 TB of log, to leave 64 bits. */
#define ADJ_MAX_VP 1000000
#define ADJ_MAX_CLAIM INT64_C(1000000000000000)

/* The catalogue of event kinds (SPEC 2), the one place a kind is declared:
 *
 *   X(ENUM, key, WORDS, SUBJECT, F1, F2, F3, F4)
 *
 * `key` is the kind key as written (stringified) and names the engine's
 * handler, on_<key>. WORDS say what the kind records, after its name in the
 * page's list of kinds ("" for none). SUBJECT is the type of the kind key's value; each Fi is
 * F(FIELD, TYPE, REQUIRED) -- FIELD a row of ADJ_FIELD_LIST, REQUIRED 1 or
 * 0 -- or N for no field. Types: INT, INT_NONNEG, INT_POS, POINTS (an
 * integer of at most ADJ_MAX_VP in size), BOOL, STRING, ID
 * (a roster id), RESULT_ILLNESS, RESULT_DURATION, FLIP_TO, STATUS and NOTE
 * (any scalar; `end` reads its claim itself). Every kind also takes `note`.
 * Derived from it: the kind enum and names (below), the reader's kind specs,
 * allowed fields, key table and the kind list of its messages
 * (reader_event.c), the engine's handler table and the generator's kinds. */
#define ADJ_EVENT_CATALOGUE(X, F, N)                                                            \
    X(TURN, turn, "a game turn begins", INT, N, N, N, N)                                        \
    X(ACTIVATE, activate, "IMC roll", ID, F(ROLL, INT, 1), F(MODIFIER, INT, 0),                 \
      F(MP, INT_NONNEG, 0), N)                                                                  \
    X(MOVE, move, "", ID, F(TO, STRING, 0), F(MP, INT_NONNEG, 0), F(ENEMY_ZOC, BOOL, 0), N)     \
    X(ILLNESS, illness, "the 8.13 check", ID, F(ROLL, INT, 1),                                  \
      F(RESULT, RESULT_ILLNESS, 0), N, N)                                                       \
    X(DURATION, duration, "the 8.13 duration roll", ID, F(ROLL, INT, 1),                        \
      F(RESULT, RESULT_DURATION, 0), N, N)                                                      \
    X(SUSTAIN, sustain, "Sustain the Attack", ID, F(ROLL, INT, 1), F(RESULT, STRING, 0), N, N)  \
    X(WOUND, wound, "a casualty", ID, F(LEVEL, INT_POS, 1), N, N, N)                            \
    X(FLIP, flip, "the counter turned", ID, F(TO, FLIP_TO, 1), N, N, N)                         \
    X(REPLACE, replace, "a lost leader replaced", ID, F(BY, ID, 1), N, N, N)                    \
    X(VP, vp, "victory points", STRING, F(POINTS, POINTS, 1), F(LEADER, ID, 0),                 \
      F(REASON, STRING, 0), N)                                                                  \
    X(STATE, state, "a leader's state as recorded", ID, F(STATUS, STATUS, 1),                   \
      F(LEVEL, INT, 0), F(INACTIVE, BOOL, 0), N)                                                \
    X(END, end, "the game ends", NOTE, N, N, N, N)

/* The kinds alone: X(ENUM, key, WORDS, SUBJECT, ...) (the fields dropped). */
#define ADJ_EVENT_FIELD_DROP(field, type, required)
#define ADJ_EVENT_LIST(X) ADJ_EVENT_CATALOGUE(X, ADJ_EVENT_FIELD_DROP, )

typedef enum adj_event_kind_e {
#define ADJ_X(e, key, ...) ADJ_EV_##e,
    ADJ_EVENT_LIST(ADJ_X)
#undef ADJ_X
    ADJ_EVENT_COUNT
} adj_event_kind_t;

const char *adj_event_name(adj_event_kind_t k);

/* The kinds that carry a die (SPEC 3.5-3.7, 7): X(ROW, KIND, FIELD, "row",
 * 'letter', "words"), in the order of `dice`'s rows. FIELD holds the die's
 * face; "row" is its row in `dice` (SPEC 7), 'letter' its letter in the
 * summary's game signature (SPEC 5.1), "words" what `dice`'s verdict calls
 * its rolls. Derived from it: dice's row kinds (adj_dice.h), the summary's
 * letters, the verdict's words, the catalogue's `die` and `dice`, and the
 * `die` type of the field. */
#define ADJ_DIE_LIST(X)                                             \
    X(IMC, ACTIVATE, ROLL, "imc", 'i', "IMC rolls")                 \
    X(ILLNESS, ILLNESS, ROLL, "illness", 'l', "illness rolls")      \
    X(DURATION, DURATION, ROLL, "duration", 'd', "duration rolls")  \
    X(SUSTAIN, SUSTAIN, ROLL, "sustain", 's', "Sustain rolls")

/* The field holding kind k's die, or ADJ_FIELD_COUNT when it carries none. */
static inline adj_field_t adj_event_die(adj_event_kind_t k)
{
    switch (k) {
#define ADJ_X(row, kind, field, ...) case ADJ_EV_##kind: return ADJ_F_##field;
    ADJ_DIE_LIST(ADJ_X)
#undef ADJ_X
    default: return ADJ_FIELD_COUNT;
    }
}

/* The header's keys (SPEC 1), in the order a log writes them:
 * X(ENUM, "key", TYPE, REQUIRED), TYPE one of the catalogue's types (SPEC
 * 11.1). The reader's key table and the catalogue come from it. */
#define ADJ_HEADER_KEY_LIST(X)                      \
    X(FORMAT, "format", text, 1)                    \
    X(GAME, "game", text, 0)                        \
    X(SCENARIO, "scenario", text, 0)                \
    X(ROUND, "round", int, 0)                       \
    X(PLAYED, "played", text, 0)                    \
    X(FIRST_TURN, "first_turn", int, 0)             \
    X(LAST_TURN, "last_turn", int, 1)               \
    X(OPTIONAL_RULES, "optional_rules", list, 0)    \
    X(SIDES, "sides", list, 1)                      \
    X(PLAYERS, "players", map, 0)                   \
    X(RULINGS, "rulings", map, 0)                   \
    X(LEADERS, "leaders", list, 1)                  \
    X(IMC, "imc", map, 0)                           \
    X(EVENTS, "events", list, 1)

/* A roster entry's keys (SPEC 1, `leaders[]`): X(ENUM, "key", TYPE, REQUIRED). */
#define ADJ_ROSTER_KEY_LIST(X)          \
    X(ID, "id", text, 1)                \
    X(NAME, "name", text, 0)            \
    X(SIDE, "side", side, 1)            \
    X(INITIATIVE, "initiative", int, 0) \
    X(VP, "vp", int, 0)                 \
    X(WOUND, "wound", int, 0)           \
    X(RESERVE, "reserve", bool, 0)

/* Leader statuses: X(ENUM, "name", IN_PLAY), IN_PLAY 1 for a leader on
 * the map (he may be activated and must check for illness), 0 for one out
 * of play; adj_status_in_play and the catalogue's `statuses_in_play` read it. */
#define ADJ_STATUS_LIST(X)                 \
    X(FIT, "fit", 1)                       \
    X(WOUNDED, "wounded", 1)               \
    X(ILL, "ill", 1)                       \
    X(INCAPACITATED, "incapacitated", 0)   \
    X(DEAD, "dead", 0)                     \
    X(RESERVE, "reserve", 0)

typedef enum adj_status_e {
#define ADJ_X(e, name, in_play) ADJ_ST_##e,
    ADJ_STATUS_LIST(ADJ_X)
#undef ADJ_X
    ADJ_STATUS_COUNT
} adj_status_t;

const char *adj_status_name(adj_status_t s);

/* Claimed results of an illness (none/inactive/ill) or duration roll
 * (ill/wounded/incapacitated/dead). */
#define ADJ_RESULT_LIST(X)          \
    X(NONE, "none")                 \
    X(INACTIVE, "inactive")         \
    X(ILL, "ill")                   \
    X(WOUNDED, "wounded")           \
    X(INCAPACITATED, "incapacitated") \
    X(DEAD, "dead")

typedef enum adj_result_e {
#define ADJ_X(e, name) ADJ_RES_##e,
    ADJ_RESULT_LIST(ADJ_X)
#undef ADJ_X
    ADJ_RESULT_COUNT
} adj_result_t;

const char *adj_result_name(adj_result_t r);

/* The results each roll may claim (SPEC 2): an illness check none..ill, a
 * duration roll ill..dead, in ADJ_RESULT_LIST's order. */
#define ADJ_RESULT_ILLNESS_FIRST ADJ_RES_NONE
#define ADJ_RESULT_ILLNESS_LAST ADJ_RES_ILL
#define ADJ_RESULT_DURATION_FIRST ADJ_RES_ILL
#define ADJ_RESULT_DURATION_LAST ADJ_RES_DEAD

/* A flip's `to` (SPEC 2): its values, index 1 turning the leader Inactive. */
#define ADJ_FLIP_NAMES {"active", "inactive"}

/* One kept roster entry. */
typedef struct adj_leader_def_s {
    char *id;              /* owned */
    size_t id_len;
    char *name;            /* owned, NULL when not given */
    int side;              /* 0 or 1: index into adj_header_t.sides */
    bool has_initiative;
    int64_t initiative;
    int64_t vp;            /* >= 0, VPs the other side gains at his death */
    int64_t wound;         /* 0..5, starting wound level */
    bool reserve;
    int32_t imc_row;       /* index into adj_header_t.imc_rows, -1 when none */
    adj_mark_t mark;       /* the entry's start */
} adj_leader_def_t;

/* A `rulings` entry of a log as written (SPEC 1.2 step 7): the reader knows
 * no ruling; the replay checks it. name NULL: the key is not a usable
 * scalar; value NULL: the value is not a scalar. */
typedef struct adj_ruling_raw_s {
    char *name, *value;   /* owned */
    adj_mark_t name_mark, value_mark;
} adj_ruling_raw_t;

/* The checked header. Owned by the reader; valid until the reader is freed. */
typedef struct adj_header_s {
    char *sides[2];               /* owned; may hold NUL bytes (quoted "\0") */
    size_t side_len[2];           /* their lengths, for exact comparison */
    int64_t first_turn;
    int64_t last_turn;
    bool illness;                 /* optional rule 8.13 in force */
    adj_leader_def_t *leaders;    /* owned array, roster order (kept entries) */
    size_t leader_count;
    bool has_imc;                 /* an imc table was given and is well-formed */
    int64_t (*imc_rows)[6];       /* owned array of rows, MPs for modified roll 1..6 */
    size_t imc_row_count;
    char *players[2];             /* owned; the player named for each side (the ladder's
                                     canonical name when a ladder knows him), or NULL;
                                     bytes with a length: may hold NUL bytes */
    size_t player_len[2];
    char *written[2];             /* owned; that name as the log writes it (spaces
                                     trimmed), NULL exactly when players[s] is */
    size_t written_len[2];
    adj_ruling_raw_t *rulings;    /* owned: the log's `rulings`, file order */
    size_t ruling_count;
    bool rulings_bad;             /* `rulings` is not a mapping (at rulings_mark) */
    adj_mark_t rulings_mark;
    int64_t round;                /* `round`: the ladder round, >= 1; 0 when not given */
    int64_t played_month;         /* `played`: year * 12 + month - 1; 0 when not given */
    char played[11];              /* `played` as YYYY-MM-DD, or "" */
    bool from_ladder;             /* a scenario of a ladder completed the header */
    adj_mark_t scenario_mark;     /* the log's `scenario` value (when from_ladder) */
} adj_header_t;

/* Where a value stands in the file: the offset of its first byte from the
 * file's start and its length in bytes, quotes and block indicators
 * included (0 for a list or mapping). Bytes as stored: a byte-order mark
 * counts, and in UTF-16 input every code unit is two bytes. The reader
 * converts libyaml's marks (which count characters) once per value. */
typedef struct adj_span_s {
    uint64_t offset;     /* ADJ_SPAN_UNKNOWN: see adj_reader.h's limits */
    uint64_t length;
} adj_span_t;

#define ADJ_SPAN_UNKNOWN UINT64_MAX

/* One `end` claim item, as written. */
typedef struct adj_claim_item_s {
    int side;             /* 0/1, or -1 when the key is not a side */
    bool value_ok;        /* the value is an integer within ADJ_MAX_CLAIM in size */
    int64_t value;
    const char *key;      /* borrowed key text (NULL if the key is not a scalar) */
    adj_mark_t key_mark;
    adj_mark_t value_mark;
    adj_span_t value_at;  /* the value's bytes; offset ADJ_SPAN_UNKNOWN when it is
                             a collection (whose end is not kept) */
} adj_claim_item_t;


/* One event that passed the shape checks. Borrowed from the reader: valid
 * until the next adj_reader_next call. Fields not used by a kind are zero. */
typedef struct adj_entry_s {
    adj_event_kind_t kind;
    adj_mark_t mark;          /* the event's first key */
    int32_t leader;           /* subject leader (roster index), -1 for turn/vp/end */
    int32_t other;            /* `by` of replace, `leader` of vp; -1 when absent */
    int side;                 /* vp: the subject side */
    int64_t turn;             /* turn: N */
    int64_t roll;             /* activate/illness/duration/sustain */
    int64_t modifier;         /* activate, default 0 */
    bool has_mp;
    int64_t mp;               /* activate: MPs from the IMC; move: MPs spent */
    bool enemy_zoc;           /* move */
    const char *to;           /* move: borrowed hex text, NULL when absent */
    bool has_result;
    adj_result_t result;      /* illness/duration claimed result */
    int64_t level;            /* wound: level k; state: level */
    bool has_level;           /* state */
    bool flip_inactive;       /* flip: true for `to: inactive` */
    int64_t points;           /* vp */
    const char *reason;       /* vp: borrowed, NULL when absent */
    adj_status_t status;      /* state */
    bool has_inactive;
    bool inactive;            /* state */
    bool has_claim;           /* end: CLAIM is a mapping (false: null) */
    const adj_claim_item_t *claim; /* end: borrowed items, file order */
    size_t claim_count;
    adj_span_t subject_at;    /* the kind key's value; `end`'s claim mapping whole */
    adj_span_t at[ADJ_FIELD_COUNT]; /* each field's value; {0, 0} when absent */
} adj_entry_t;

#endif
