/*
 * reader.c - libyaml events -> the typed header and one typed entry per
 * event, with every format diagnostic (SPEC 1, 2 and 3.1 step 1).
 *
 * What it reads, in libyaml's event grammar:
 *
 *   stream   ::= STREAM-START document STREAM-END
 *   document ::= DOCUMENT-START MAPPING-START header* events MAPPING-END DOCUMENT-END
 *   header   ::= KEY value            (format, game, scenario, first_turn, ...)
 *   events   ::= "events" SEQUENCE-START event* SEQUENCE-END   (the last key)
 *   event    ::= MAPPING-START (KEY value)* MAPPING-END   (exactly one kind key)
 *
 * The reader never builds a tree: it holds the header (proportional to the
 * roster) and the event being read, and skips everything else node by node.
 * Every event passes through reader_pull, the one place that enforces the
 * reading limits: depth, scalar length, anchors and aliases, libyaml errors.
 */
#include "adj_reader.h"
#include "adj_yaml_release.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ------------------------------------------------------------------ */
/* Small containers                                                    */
/* ------------------------------------------------------------------ */

static uint64_t hash_bytes(const char *s, size_t n)
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

static void keyset_free(keyset_t *k)
{
    for (size_t i = 0; k->count && i < k->cap; i++)
        free(k->slots[i]);
    free(k->slots);
    memset(k, 0, sizeof *k);
}

/* Clearing walks the table, so a table grown by one huge mapping is given
 * back rather than walked again for every later small one (that would be
 * quadratic in a hostile log). */
static void keyset_clear(keyset_t *k)
{
    if (k->count == 0)
        return;
    if (k->cap > 64) {
        keyset_free(k);
        return;
    }
    for (size_t i = 0; i < k->cap; i++) {
        free(k->slots[i]);
        k->slots[i] = NULL;
    }
    k->count = 0;
}

static void keyset_grow(keyset_t *k)
{
    size_t cap = k->cap ? k->cap * 2 : 16;
    char **slots = adj_xcalloc(cap, sizeof *slots);
    for (size_t i = 0; i < k->cap; i++) {
        char *s = k->slots[i];
        if (!s)
            continue;
        size_t j = hash_bytes(s, strlen(s)) & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = s;
    }
    free(k->slots);
    k->slots = slots;
    k->cap = cap;
}

/* Insert; false when the key was already there. */
static bool keyset_insert(keyset_t *k, const char *s, size_t n)
{
    if ((k->count + 1) * 2 > k->cap)
        keyset_grow(k);
    size_t j = hash_bytes(s, n) & (k->cap - 1);
    while (k->slots[j]) {
        if (strlen(k->slots[j]) == n && memcmp(k->slots[j], s, n) == 0)
            return false;
        j = (j + 1) & (k->cap - 1);
    }
    k->slots[j] = adj_xstrndup(s, n);
    k->count++;
    return true;
}

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
    char *id;               /* owned, NULL when absent */
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

typedef struct imc_row_raw_s {
    int64_t rating;
    int64_t mp[6];
} imc_row_raw_t;

typedef enum hkey_e {
    HK_FORMAT, HK_GAME, HK_SCENARIO, HK_FIRST_TURN, HK_LAST_TURN, HK_OPTIONAL_RULES,
    HK_SIDES, HK_LEADERS, HK_IMC, HK_EVENTS, HK_COUNT
} hkey_t;

static const char *const header_keys[HK_COUNT] = {
    "format", "game", "scenario", "first_turn", "last_turn", "optional_rules",
    "sides", "leaders", "imc", "events"};

typedef enum rkey_e {
    RK_ID, RK_NAME, RK_SIDE, RK_INITIATIVE, RK_VP, RK_WOUND, RK_RESERVE, RK_COUNT
} rkey_t;

static const char *const roster_keys[RK_COUNT] = {
    "id", "name", "side", "initiative", "vp", "wound", "reserve"};

/* ------------------------------------------------------------------ */
/* Event fields (SPEC 2)                                               */
/* ------------------------------------------------------------------ */

typedef enum slot_e {
    SL_ROLL, SL_MODIFIER, SL_MP, SL_TO, SL_ENEMY_ZOC, SL_RESULT, SL_LEVEL, SL_BY,
    SL_POINTS, SL_LEADER, SL_REASON, SL_STATUS, SL_INACTIVE, SL_NOTE, SL_COUNT
} slot_t;

static const char *const slot_names[SL_COUNT] = {
    "roll", "modifier", "mp", "to", "enemy_zoc", "result", "level", "by",
    "points", "leader", "reason", "status", "inactive", "note"};

typedef enum ftype_e {
    FT_INT, FT_INT_NONNEG, FT_INT_POS, FT_BOOL, FT_STRING, FT_ID, FT_NOTE,
    FT_RESULT_ILLNESS, FT_RESULT_DURATION, FT_FLIP_TO, FT_STATUS
} ftype_t;

typedef struct fspec_s {
    slot_t slot;
    ftype_t type;
    bool required;
} fspec_t;

#define MAX_FIELDS 4

/* The fields of each kind (besides `note`, which every kind takes). */
static const struct {
    ftype_t subject;
    int count;
    fspec_t fields[MAX_FIELDS];
} kind_spec[ADJ_EVENT_COUNT] = {
    [ADJ_EV_TURN] = {FT_INT, 0, {{0}}},
    [ADJ_EV_ACTIVATE] = {FT_ID, 3,
                         {{SL_ROLL, FT_INT, true}, {SL_MODIFIER, FT_INT, false},
                          {SL_MP, FT_INT_NONNEG, false}}},
    [ADJ_EV_MOVE] = {FT_ID, 3,
                     {{SL_TO, FT_STRING, false}, {SL_MP, FT_INT_NONNEG, false},
                      {SL_ENEMY_ZOC, FT_BOOL, false}}},
    [ADJ_EV_ILLNESS] = {FT_ID, 2,
                        {{SL_ROLL, FT_INT, true}, {SL_RESULT, FT_RESULT_ILLNESS, false}}},
    [ADJ_EV_DURATION] = {FT_ID, 2,
                         {{SL_ROLL, FT_INT, true}, {SL_RESULT, FT_RESULT_DURATION, false}}},
    [ADJ_EV_SUSTAIN] = {FT_ID, 2,
                        {{SL_ROLL, FT_INT, true}, {SL_RESULT, FT_STRING, false}}},
    [ADJ_EV_WOUND] = {FT_ID, 1, {{SL_LEVEL, FT_INT_POS, true}}},
    [ADJ_EV_FLIP] = {FT_ID, 1, {{SL_TO, FT_FLIP_TO, true}}},
    [ADJ_EV_REPLACE] = {FT_ID, 1, {{SL_BY, FT_ID, true}}},
    [ADJ_EV_VP] = {FT_STRING, 3,
                   {{SL_POINTS, FT_INT, true}, {SL_LEADER, FT_ID, false},
                    {SL_REASON, FT_STRING, false}}},
    [ADJ_EV_STATE] = {FT_ID, 3,
                      {{SL_STATUS, FT_STATUS, true}, {SL_LEVEL, FT_INT, false},
                       {SL_INACTIVE, FT_BOOL, false}}},
    [ADJ_EV_END] = {FT_NOTE, 0, {{0}}}, /* CLAIM: read as a mapping or null */
};

/* The slots each kind takes (its fields and `note`), as bitmasks: checked
 * for every event, so not recomputed from kind_spec each time. */
#define B(slot) (1u << (slot))
static const uint32_t kind_allowed[ADJ_EVENT_COUNT] = {
    [ADJ_EV_TURN] = B(SL_NOTE),
    [ADJ_EV_ACTIVATE] = B(SL_ROLL) | B(SL_MODIFIER) | B(SL_MP) | B(SL_NOTE),
    [ADJ_EV_MOVE] = B(SL_TO) | B(SL_MP) | B(SL_ENEMY_ZOC) | B(SL_NOTE),
    [ADJ_EV_ILLNESS] = B(SL_ROLL) | B(SL_RESULT) | B(SL_NOTE),
    [ADJ_EV_DURATION] = B(SL_ROLL) | B(SL_RESULT) | B(SL_NOTE),
    [ADJ_EV_SUSTAIN] = B(SL_ROLL) | B(SL_RESULT) | B(SL_NOTE),
    [ADJ_EV_WOUND] = B(SL_LEVEL) | B(SL_NOTE),
    [ADJ_EV_FLIP] = B(SL_TO) | B(SL_NOTE),
    [ADJ_EV_REPLACE] = B(SL_BY) | B(SL_NOTE),
    [ADJ_EV_VP] = B(SL_POINTS) | B(SL_LEADER) | B(SL_REASON) | B(SL_NOTE),
    [ADJ_EV_STATE] = B(SL_STATUS) | B(SL_LEVEL) | B(SL_INACTIVE) | B(SL_NOTE),
    [ADJ_EV_END] = B(SL_NOTE),
};
#undef B

/* One value as read: a scalar's text, or where a collection stood. */
typedef struct raw_value_s {
    bool is_scalar;
    bool plain;
    adj_mark_t key_mark;
    adj_mark_t mark;        /* the value's start */
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

    size_t depth;               /* open collections */
    uint64_t events;            /* YAML events parsed */
    size_t stop_line;           /* --at line:L, 0 = none */

    adj_mark_t doc_start;

    /* raw header */
    hv_t format, first_turn, last_turn, sides, leaders, imc, optional_rules;
    bool header_seen[HK_COUNT];
    int64_t first, last;
    char *side_names[2];        /* owned until moved into header */
    size_t side_lens[2];
    roster_raw_t *roster;       /* owned array */
    size_t roster_count, roster_cap;
    imc_row_raw_t *imc_raw;     /* owned array, file order */
    size_t imc_count, imc_cap;
    adj_mark_t imc_bad_mark;
    char *imc_bad_msg;          /* owned */
    adj_mark_t rules_bad_mark;
    pending_rule_t *rules_unknown; /* owned array */
    size_t rules_unknown_count, rules_unknown_cap;
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
    adj_mark_t events_end;
};

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

/* libyaml decodes up to 16 KiB ahead of its scanner, so a byte it rejects
 * (bad UTF-8, a control character) would stop the parse before the events
 * just ahead of it were read. The input handler holds back everything from
 * the first such byte until libyaml has taken all that comes before it, so
 * an encoding error stops the audit exactly where it stands. */

/* The same scan counts directives (%TAG, %YAML): libyaml checks each new
 * one against all before it and resolves every tag against all of them,
 * which is quadratic; a game log needs none. YAML reads a directive only
 * in a prologue: at the stream's start or after a `...` line, up to the
 * first content line; a `%` line anywhere else (say inside a quoted note)
 * is text, so the scan follows the line structure, per code point:
 * prologue lines one by one, and in the body only `...` at a line's start. */

typedef enum line_state_e {
    LS_START,       /* at a line's start */
    LS_BLANKS,      /* only blanks so far (prologue) */
    LS_DOTS1, LS_DOTS2, LS_DOTS3,  /* `.`, `..`, `...` from the start (body) */
    LS_REST         /* the rest of the line does not matter */
} line_state_t;

/* One code point; false when it is the directive past the limit. */
static inline bool directive_step(adj_reader_t *r, uint32_t c)
{
    if (c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029) {
        if (r->line == LS_DOTS3)
            r->prologue = true;  /* `...` ended a document */
        r->line = LS_START;
        return true;
    }
    bool blank = c == ' ' || c == '\t';
    if (r->prologue) {
        if (r->line == LS_START && c == '%') {
            r->line = LS_REST;
            if (++r->directives > ADJ_MAX_DIRECTIVES) {
                r->directive_limit = true;
                return false;
            }
            return true;
        }
        if (r->line == LS_START && c == 0xFEFF)
            return true;  /* libyaml skips a BOM at a line's start */
        if (r->line == LS_START || r->line == LS_BLANKS) {
            if (blank)
                r->line = LS_BLANKS;
            else if (c == '#')
                r->line = LS_REST;  /* a comment line */
            else if (r->line == LS_START)
                r->prologue = false;  /* content: the body, this line included */
            else
                r->prologue = false, r->line = LS_REST;
        }
        if (r->prologue)
            return true;
    }
    switch (r->line) {
    case LS_START: r->line = c == '.' ? LS_DOTS1 : LS_REST; break;
    case LS_DOTS1: r->line = c == '.' ? LS_DOTS2 : LS_REST; break;
    case LS_DOTS2: r->line = c == '.' ? LS_DOTS3 : LS_REST; break;
    case LS_DOTS3:
        r->prologue = blank;  /* `... # comment` */
        r->line = LS_REST;
        break;
    default: break;
    }
    return true;
}

enum { BC_BAD = 0, BC_OK = 1, BC_LEAD = 2, BC_DOT = 4 };

/* BC_OK: printable ASCII, tab, LF, CR; BC_DOT: `.`, which may start a
 * `...` line; BC_LEAD: a UTF-8 lead byte; BC_BAD: a byte libyaml rejects
 * where it stands (control, DEL, stray continuation). Only BC_OK has bit
 * 0, so the AND of eight classes is BC_OK when all are. */
static const unsigned char byte_class[256] = {
    [0x09] = BC_OK, [0x0A] = BC_OK, [0x0D] = BC_OK,
    [0x20 ... 0x2D] = BC_OK,
    ['.'] = BC_DOT,
    [0x2F ... 0x7E] = BC_OK,
    [0xC0 ... 0xF7] = BC_LEAD,
};

/* From i, skip whole 16-byte blocks of BC_OK bytes (SSE2 is part of
 * x86-64; elsewhere the eight-at-a-time loop does all the work). The scan
 * runs over every byte of every log, and this is four times fewer
 * instructions than the table. */
static inline size_t plain_run16(const unsigned char *p, size_t i, size_t n)
{
#ifdef __SSE2__
    const __m128i sp = _mm_set1_epi8(0x1F), del = _mm_set1_epi8(0x7F),
                  dot = _mm_set1_epi8('.'), tab = _mm_set1_epi8('\t'),
                  lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        /* signed: bytes 0x80.. are negative, so "> 0x1F" is 0x20..0x7F */
        __m128i text = _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi8(v, del),
                                                     _mm_cmpeq_epi8(v, dot)),
                                        _mm_cmpgt_epi8(v, sp));
        __m128i ctl = _mm_or_si128(_mm_cmpeq_epi8(v, lf),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, cr)));
        if (_mm_movemask_epi8(_mm_or_si128(text, ctl)) != 0xFFFF)
            break;
        i += 16;
    }
#else
    (void)p;
    (void)n;
#endif
    return i;
}

/* The length of the longest prefix libyaml may have (a sequence cut by the
 * end of the chunk counts: the next chunk completes it). Stops before a
 * byte libyaml rejects, or before the directive past the limit. */
static size_t accepted_prefix(adj_reader_t *r, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (;;) {
        /* the body between line starts: eight plain bytes at a time */
        if (!r->prologue && r->line == LS_REST) {
            size_t from = i;
            i = plain_run16(p, i, n);
            while (i + 8 <= n && (byte_class[p[i]] & byte_class[p[i + 1]] & byte_class[p[i + 2]] &
                                  byte_class[p[i + 3]] & byte_class[p[i + 4]] &
                                  byte_class[p[i + 5]] & byte_class[p[i + 6]] &
                                  byte_class[p[i + 7]]) == BC_OK)
                i += 8;
            if (i != from)
                r->line = p[i - 1] == '\n' || p[i - 1] == '\r' ? LS_START : LS_REST;
        }
        if (i >= n)
            return n;
        unsigned char c = p[i];
        if (byte_class[c] == BC_BAD)
            return i;
        if (c < 0x80) {
            if (!directive_step(r, c))
                return i;
            i++;
            continue;
        }
        size_t width = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        uint32_t v = c & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07);
        for (size_t k = 1; k < width; k++) {
            if (i + k >= n)
                return n;  /* cut by the chunk's end */
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            v = (v << 6) | (p[i + k] & 0x3F);
        }
        bool shortest = (width == 2 && v >= 0x80) || (width == 3 && v >= 0x800) ||
                        (width == 4 && v >= 0x10000);
        bool printable = v == 0x85 || (v >= 0xA0 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) ||
                         (v >= 0x10000 && v <= 0x10FFFF);
        if (!shortest || !printable)
            return i;
        directive_step(r, v);  /* never a directive */
        i += width;
    }
}

static bool yaml_printable(uint32_t v)
{
    return v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0x7E) || v == 0x85 ||
           (v >= 0xA0 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) ||
           (v >= 0x10000 && v <= 0x10FFFF);
}

/* The same for UTF-16 (libyaml decodes it when the file starts with its
 * byte-order mark): code units may straddle chunks, so a split unit and a
 * pending high surrogate are carried in the reader. */
static size_t accepted_prefix_u16(adj_reader_t *r, const unsigned char *p, size_t n)
{
    size_t i = 0;
    r->u16_high_start = 0;  /* a pending surrogate began in an earlier chunk */
    for (;;) {
        uint32_t unit;
        size_t start;
        if (r->u16_byte >= 0) {
            if (i >= n)
                return n;
            unit = r->u16_le ? (uint32_t)r->u16_byte | (uint32_t)p[i] << 8
                             : (uint32_t)r->u16_byte << 8 | p[i];
            r->u16_byte = -1;
            start = 0;
            i++;
        } else {
            if (i >= n)
                return n;
            if (i + 1 >= n) {
                r->u16_byte = p[i];
                return n;
            }
            unit = r->u16_le ? (uint32_t)p[i] | (uint32_t)p[i + 1] << 8
                             : (uint32_t)p[i] << 8 | p[i + 1];
            start = i;
            i += 2;
        }
        if (r->u16_high >= 0) {
            if ((unit & 0xFC00) != 0xDC00)
                return r->u16_high_start;
            r->u16_high = -1;
            directive_step(r, 0x10000);  /* a pair: printable, never a directive */
            continue;
        }
        if ((unit & 0xFC00) == 0xDC00 || !((unit & 0xFC00) == 0xD800 || yaml_printable(unit)))
            return start;
        if ((unit & 0xFC00) == 0xD800) {
            r->u16_high = (int32_t)unit;
            r->u16_high_start = start;
            continue;
        }
        if (!directive_step(r, unit))
            return start;
    }
}

static int reader_input(void *data, unsigned char *buffer, size_t size, size_t *size_read)
{
    adj_reader_t *r = data;
    size_t n;
    if (r->directive_limit)
        return 0;  /* libyaml reports an input error; report_yaml_error says why */
    if (r->held_pos < r->held_len) {
        n = r->held_len - r->held_pos < size ? r->held_len - r->held_pos : size;
        memcpy(buffer, r->held + r->held_pos, n);
        r->held_pos += n;
    } else if (r->fd < 0) {
        n = r->mem_size - r->mem_pos;
        if (n > size)
            n = size;
        memcpy(buffer, r->mem + r->mem_pos, n);
        r->mem_pos += n;
    } else {
        ssize_t got;
        do {
            got = read(r->fd, buffer, size);
        } while (got < 0 && errno == EINTR);
        if (got < 0) {
            r->io_failed = true;
            r->io_errno = errno;
            return 0;
        }
        n = (size_t)got;
    }
    if (r->bytes == 0 && n >= 2 &&
        ((buffer[0] == 0xFE && buffer[1] == 0xFF) || (buffer[0] == 0xFF && buffer[1] == 0xFE))) {
        r->u16 = true;  /* libyaml decodes UTF-16 when the file starts with its mark */
        r->u16_le = buffer[0] == 0xFF;
    }
    if (r->checking) {
        size_t ok = r->u16 ? accepted_prefix_u16(r, buffer, n) : accepted_prefix(r, buffer, n);
        if (r->directive_limit) {
            r->checking = false;
            n = ok;  /* nothing past the limit is ever given to libyaml */
            if (n == 0)
                return 0;  /* (no bytes would read as the end of the input) */
        } else if (ok < n) {
            r->checking = false;  /* the rest holds the error: libyaml will see it */
            if (ok > 0) {
                r->held = adj_xmalloc(n - ok);
                memcpy(r->held, buffer + ok, n - ok);
                r->held_len = n - ok;
                r->held_pos = 0;
                n = ok;
            }
        }
    }
    r->bytes += n;
    *size_read = n;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Diagnostics                                                         */
/* ------------------------------------------------------------------ */

static adj_mark_t mark_of(yaml_mark_t m)
{
    return (adj_mark_t){m.line + 1, m.column + 1};
}

#define ev_mark(r) mark_of((r)->ev.start_mark)

/* Append user text to a message. The reporters escape messages (text and
 * JSON alike), so bytes go in as they are, except NUL, which would end the
 * message early: it becomes U+FFFD. */
static void put_user_text(adj_buf_t *b, const char *s, size_t n)
{
    const char *nul;
    while (n && (nul = memchr(s, '\0', n)) != NULL) {
        adj_buf_put(b, s, (size_t)(nul - s));
        adj_buf_puts(b, "\xEF\xBF\xBD");
        n -= (size_t)(nul - s) + 1;
        s = nul + 1;
    }
    adj_buf_put(b, s, n);
}

/* A short, quoted rendering of user text for messages. */
static const char *clip(adj_buf_t *tmp, const char *s, size_t n)
{
    adj_buf_reset(tmp);
    adj_buf_putc(tmp, '"');
    if (n > 40) {
        size_t cut = 37;
        while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
            cut--;  /* do not split a UTF-8 sequence */
        put_user_text(tmp, s, cut);
        adj_buf_puts(tmp, "...");
    } else {
        put_user_text(tmp, s, n);
    }
    adj_buf_putc(tmp, '"');
    return tmp->data;
}

static void stop(adj_reader_t *r, adj_code_t code, adj_mark_t mark, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void stop(adj_reader_t *r, adj_code_t code, adj_mark_t mark, const char *fmt, ...)
{
    adj_buf_t m = {0};
    va_list ap;
    va_start(ap, fmt);
    adj_buf_vprintf(&m, fmt, ap);
    va_end(ap);
    adj_diags_add(r->diags, code, mark, NULL, NULL, NULL, "%s", m.data ? m.data : "");
    adj_buf_free(&m);
    r->diags->stopped = true;
    r->state = RS_STOP;
}

/* Place a libyaml reader error (bad encoding). libyaml decodes ahead of its
 * scanner, so its mark lags; but every character between the scanner and
 * the bad byte is in its decoded (UTF-8) buffer: count the line breaks there. */
static adj_mark_t reader_error_mark(const adj_reader_t *r)
{
    const yaml_parser_t *p = &r->parser;
    size_t line = p->mark.line, col = p->mark.column;
    const unsigned char *c = p->buffer.pointer, *end = p->buffer.last;
    if (!c || !end)
        return (adj_mark_t){line + 1, col + 1};
    for (; c < end; c++) {
        if (*c == '\n' || (*c == '\r' && (c + 1 == end || c[1] != '\n'))) {
            line++;
            col = 0;
        } else if ((*c & 0xC0) != 0x80) {
            col++;
        }
    }
    return (adj_mark_t){line + 1, col + 1};
}

static void report_yaml_error(adj_reader_t *r)
{
    yaml_parser_t *p = &r->parser;
    const char *problem = p->problem ? p->problem : "unknown problem";
    if (p->error == YAML_READER_ERROR && r->directive_limit) {
        stop(r, ADJ_D_YAML_SYNTAX, reader_error_mark(r),
             "more than %d %%-directives (%%TAG, %%YAML): a reading limit; a game log needs none",
             ADJ_MAX_DIRECTIVES);
        return;
    }
    if (p->error == YAML_READER_ERROR) {
        adj_mark_t m = reader_error_mark(r);
        if (p->problem_value >= 0)
            stop(r, ADJ_D_YAML_SYNTAX, m, "%s (byte 0x%02X at offset %zu)", problem,
                 (unsigned)p->problem_value & 0xFF, p->problem_offset);
        else
            stop(r, ADJ_D_YAML_SYNTAX, m, "%s (at offset %zu)", problem, p->problem_offset);
        return;
    }
    if (p->error == YAML_MEMORY_ERROR) {
        stop(r, ADJ_D_YAML_SYNTAX, mark_of(p->mark), "libyaml ran out of memory");
        return;
    }
    adj_mark_t m = mark_of(p->problem_mark);
    if (p->context)
        stop(r, ADJ_D_YAML_SYNTAX, m, "%s %s (at %zu:%zu)", problem, p->context,
             p->context_mark.line + 1, p->context_mark.column + 1);
    else
        stop(r, ADJ_D_YAML_SYNTAX, m, "%s", problem);
}

/* ------------------------------------------------------------------ */
/* Pulling events: the one place the reading limits are enforced       */
/* ------------------------------------------------------------------ */

static bool reader_pull(adj_reader_t *r)
{
    adj_yaml_event_release(&r->ev);
    if (r->state >= RS_DONE)
        return false;
    if (!yaml_parser_parse(&r->parser, &r->ev)) {
        if (r->io_failed)
            r->state = RS_IO_ERROR;
        else
            report_yaml_error(r);
        return false;
    }
    r->events++;
    const char *anchor = NULL;
    switch (r->ev.type) {
    case YAML_ALIAS_EVENT:
        stop(r, ADJ_D_YAML_ALIAS, ev_mark(r),
             "alias *%s: anchors and aliases are not allowed in a game log",
             (const char *)r->ev.data.alias.anchor);
        return false;
    case YAML_SCALAR_EVENT:
        anchor = (const char *)r->ev.data.scalar.anchor;
        if (!anchor && r->ev.data.scalar.length > ADJ_MAX_SCALAR) {
            stop(r, ADJ_D_YAML_SYNTAX, ev_mark(r),
                 "a scalar of %zu bytes is longer than the limit of %u bytes",
                 r->ev.data.scalar.length, ADJ_MAX_SCALAR);
            return false;
        }
        break;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        anchor = r->ev.type == YAML_SEQUENCE_START_EVENT
                     ? (const char *)r->ev.data.sequence_start.anchor
                     : (const char *)r->ev.data.mapping_start.anchor;
        if (!anchor && ++r->depth > ADJ_MAX_DEPTH) {
            stop(r, ADJ_D_YAML_SYNTAX, ev_mark(r),
                 "collections nested deeper than %d levels", ADJ_MAX_DEPTH);
            return false;
        }
        break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        r->depth--;
        break;
    default:
        break;
    }
    if (anchor) {
        stop(r, ADJ_D_YAML_ALIAS, ev_mark(r),
             "anchor &%s: anchors and aliases are not allowed in a game log", anchor);
        return false;
    }
    return true;
}

/* Skip the node whose first event is current; leaves its last event current. */
static bool skip_node(adj_reader_t *r)
{
    if (r->ev.type != YAML_SEQUENCE_START_EVENT && r->ev.type != YAML_MAPPING_START_EVENT)
        return true;
    size_t base = r->depth - 1;
    while (r->depth > base)
        if (!reader_pull(r))
            return false;
    return true;
}

/* ------------------------------------------------------------------ */
/* Scalars (SPEC 1.1)                                                  */
/* ------------------------------------------------------------------ */

static bool is_scalar(const adj_reader_t *r) { return r->ev.type == YAML_SCALAR_EVENT; }
static const char *sc_text(const adj_reader_t *r) { return (const char *)r->ev.data.scalar.value; }
static size_t sc_len(const adj_reader_t *r) { return r->ev.data.scalar.length; }
static bool sc_plain(const adj_reader_t *r)
{
    return r->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

static bool text_is_null(const char *s, size_t n, bool plain)
{
    return plain && (n == 0 || (n == 1 && s[0] == '~') || (n == 4 && memcmp(s, "null", 4) == 0));
}

static bool text_int(const char *s, size_t n, bool plain, int64_t *out)
{
    if (!plain || n == 0)
        return false;
    size_t i = 0;
    bool neg = false;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        i = 1;
    }
    if (i == n)
        return false;
    uint64_t v = 0;
    uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (limit - d) / 10)
            return false;  /* beyond 64 bits: not an integer */
        v = v * 10 + d;
    }
    *out = neg ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v) : (int64_t)v;
    return true;
}

static bool text_bool(const char *s, size_t n, bool plain, bool *out)
{
    if (!plain)
        return false;
    if (n == 4 && memcmp(s, "true", 4) == 0)
        return (*out = true), true;
    if (n == 5 && memcmp(s, "false", 5) == 0)
        return (*out = false), true;
    return false;
}

static bool id_pattern_ok(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-'))
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Did you mean                                                        */
/* ------------------------------------------------------------------ */

static size_t edit_distance(const char *a, size_t n, const char *b, size_t m)
{
    size_t row[33];
    if (n > 32 || m > 32)
        return SIZE_MAX;
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

/* The closest of `names` to `key`, or NULL when none is close. */
static const char *closest(const char *key, size_t n, const char *const *names, size_t count)
{
    const char *best = NULL;
    size_t best_d = SIZE_MAX;
    for (size_t i = 0; i < count; i++) {
        if (!names[i])
            continue;
        size_t m = strlen(names[i]);
        size_t d = edit_distance(key, n, names[i], m);
        size_t limit = (m < 4 ? 1 : 2);
        if (d <= limit && d < best_d && d < n) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}

/* Returns the diagnostic added (NULL when past ADJ_MAX_DIAGS). */
static adj_diag_t *unknown_field(adj_reader_t *r, adj_mark_t mark, const char *key, size_t n,
                                 const char *where, const char *const *names, size_t count)
{
    if (!key)
        return adj_diags_add(r->diags, ADJ_D_UNKNOWN_FIELD, mark, NULL, NULL, NULL,
                             "a key in %s must be a non-null scalar; this one is ignored", where);
    const char *near = closest(key, n, names, count);
    if (near)
        return adj_diags_add(r->diags, ADJ_D_UNKNOWN_FIELD, mark, NULL, NULL, NULL,
                             "unknown key %s in %s (did you mean `%s`?)", clip(&r->tmp, key, n),
                             where, near);
    return adj_diags_add(r->diags, ADJ_D_UNKNOWN_FIELD, mark, NULL, NULL, NULL,
                         "unknown key %s in %s; it is ignored", clip(&r->tmp, key, n), where);
}

/* Name the leader of a diagnostic (unknown_field names none). */
static void set_leader(adj_diag_t *d, const char *id)
{
    if (d && id && !d->leader)
        d->leader = adj_xstrdup(id);
}

static void duplicate_key(adj_reader_t *r, const char *where)
{
    adj_buf_t tmp = {0};
    adj_diags_add(r->diags, ADJ_D_DUPLICATE_KEY, ev_mark(r), NULL, NULL, NULL,
                  "key %s repeated in %s; the first value counts",
                  clip(&tmp, sc_text(r), sc_len(r)), where);
    adj_buf_free(&tmp);
}

/* ------------------------------------------------------------------ */
/* The header                                                          */
/* ------------------------------------------------------------------ */

static void roster_bad(roster_raw_t *e, adj_mark_t mark, char *msg)
{
    if (e->has_bad) {
        free(msg);
        return;
    }
    e->has_bad = true;
    e->bad_mark = mark;
    e->bad_msg = msg;
}

/* One roster entry; the current event is its first. */
static bool read_roster_entry(adj_reader_t *r)
{
    if (r->roster_count == r->roster_cap) {
        r->roster_cap = r->roster_cap ? r->roster_cap * 2 : 16;
        r->roster = adj_xreallocarray(r->roster, r->roster_cap, sizeof *r->roster);
    }
    roster_raw_t *e = &r->roster[r->roster_count++];
    memset(e, 0, sizeof *e);
    e->start = ev_mark(r);
    e->vp = 1;
    if (r->ev.type != YAML_MAPPING_START_EVENT)
        return skip_node(r);
    e->is_map = true;
    bool seen[RK_COUNT] = {false};
    bool first = true;
    adj_buf_t *tmp = &r->tmp;
    keyset_clear(&r->keys2);
    for (;;) {
        if (!reader_pull(r))
            return false;
        if (r->ev.type == YAML_MAPPING_END_EVENT)
            break;
        if (first) {
            e->start = ev_mark(r);
            first = false;
        }
        adj_mark_t key_mark = ev_mark(r);
        int k = -1;
        if (is_scalar(r) && !text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            for (int i = 0; i < RK_COUNT; i++)
                if (strcmp(sc_text(r), roster_keys[i]) == 0 && strlen(roster_keys[i]) == sc_len(r))
                    k = i;
            bool dup = k >= 0 ? seen[k] : !keyset_insert(&r->keys2, sc_text(r), sc_len(r));
            if (dup) {
                duplicate_key(r, "a roster entry");
                if (!reader_pull(r) || !skip_node(r))
                    return false;
                continue;
            }
            if (k < 0)
                unknown_field(r, key_mark, sc_text(r), sc_len(r), "a roster entry",
                              roster_keys, RK_COUNT);
        } else {
            unknown_field(r, key_mark, NULL, 0, "a roster entry", NULL, 0);
            if (!skip_node(r))
                return false;
        }
        if (!reader_pull(r))
            return false;
        if (k < 0) {
            if (!skip_node(r))
                return false;
            continue;
        }
        seen[k] = true;
        adj_mark_t vm = ev_mark(r);
        const char *name = roster_keys[k];
        if (!is_scalar(r)) {
            roster_bad(e, vm, adj_xasprintf("roster field `%s` must be a scalar", name));
            if (!skip_node(r))
                return false;
            continue;
        }
        const char *s = sc_text(r);
        size_t n = sc_len(r);
        bool plain = sc_plain(r);
        int64_t iv;
        bool bv;
        switch ((rkey_t)k) {
        case RK_ID:
            if (text_is_null(s, n, plain) || !id_pattern_ok(s, n))
                roster_bad(e, vm, adj_xasprintf("leader id %s must match [A-Za-z0-9_.-]+",
                                                clip(tmp, s, n)));
            else
                e->id = adj_xstrndup(s, n);
            break;
        case RK_NAME:
            if (text_is_null(s, n, plain))
                roster_bad(e, vm, adj_xasprintf("roster field `name` must be a string, not null"));
            else
                e->name = adj_xstrndup(s, n);
            break;
        case RK_SIDE:
            if (text_is_null(s, n, plain))
                roster_bad(e, vm, adj_xasprintf("roster field `side` must be a string, not null"));
            else {
                e->side = adj_xstrndup(s, n);
                e->side_len = n;
                e->side_mark = vm;
            }
            break;
        case RK_INITIATIVE:
            if (text_int(s, n, plain, &iv)) {
                e->has_initiative = true;
                e->initiative = iv;
            } else {
                roster_bad(e, vm, adj_xasprintf("`initiative` must be an integer, not %s",
                                                clip(tmp, s, n)));
            }
            break;
        case RK_VP:
            if (text_int(s, n, plain, &iv) && iv >= 0)
                e->vp = iv;
            else
                roster_bad(e, vm, adj_xasprintf("`vp` must be an integer >= 0, not %s",
                                                clip(tmp, s, n)));
            break;
        case RK_WOUND:
            if (text_int(s, n, plain, &iv) && iv >= 0 && iv <= 5)
                e->wound = iv;
            else
                roster_bad(e, vm, adj_xasprintf("`wound` must be an integer from 0 to 5, not %s",
                                                clip(tmp, s, n)));
            break;
        case RK_RESERVE:
            if (text_bool(s, n, plain, &bv))
                e->reserve = bv;
            else
                roster_bad(e, vm, adj_xasprintf("`reserve` must be true or false, not %s",
                                                clip(tmp, s, n)));
            break;
        default:
            break;
        }
    }
    return true;
}

static bool read_leaders(adj_reader_t *r)
{
    if (r->ev.type != YAML_SEQUENCE_START_EVENT) {
        r->leaders = HV_BAD;
        return skip_node(r);
    }
    r->leaders = HV_OK;
    for (;;) {
        if (!reader_pull(r))
            return false;
        if (r->ev.type == YAML_SEQUENCE_END_EVENT)
            return true;
        if (!read_roster_entry(r))
            return false;
    }
}

static bool read_sides(adj_reader_t *r)
{
    r->sides = HV_BAD;
    if (r->ev.type != YAML_SEQUENCE_START_EVENT)
        return skip_node(r);
    size_t n = 0;
    bool ok = true;
    for (;;) {
        if (!reader_pull(r))
            return false;
        if (r->ev.type == YAML_SEQUENCE_END_EVENT)
            break;
        if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            ok = false;
            if (!skip_node(r))
                return false;
            n++;
            continue;
        }
        if (n < 2) {
            r->side_names[n] = adj_xstrndup(sc_text(r), sc_len(r));
            r->side_lens[n] = sc_len(r);
        }
        n++;
    }
    if (ok && n == 2 &&
        (r->side_lens[0] != r->side_lens[1] ||
         memcmp(r->side_names[0], r->side_names[1], r->side_lens[0]) != 0))
        r->sides = HV_OK;
    return true;
}

static void imc_bad(adj_reader_t *r, adj_mark_t mark, char *msg)
{
    if (r->imc == HV_BAD) {
        free(msg);
        return;
    }
    r->imc = HV_BAD;
    r->imc_bad_mark = mark;
    r->imc_bad_msg = msg;
}

static bool read_imc(adj_reader_t *r)
{
    adj_buf_t *tmp = &r->tmp;
    r->imc = HV_OK;
    if (r->ev.type != YAML_MAPPING_START_EVENT) {
        imc_bad(r, ev_mark(r), adj_xasprintf("`imc` must be a mapping of rating -> six MPs"));
        return skip_node(r);
    }
    keyset_clear(&r->keys2);
    for (;;) {
        if (!reader_pull(r))
            return false;
        if (r->ev.type == YAML_MAPPING_END_EVENT)
            break;
        int64_t rating = 0;
        bool key_ok = false;
        if (is_scalar(r)) {
            if (!keyset_insert(&r->keys2, sc_text(r), sc_len(r))) {
                duplicate_key(r, "`imc`");
                if (!reader_pull(r) || !skip_node(r))
                    return false;
                continue;
            }
            key_ok = text_int(sc_text(r), sc_len(r), sc_plain(r), &rating);
            if (!key_ok)
                imc_bad(r, ev_mark(r), adj_xasprintf("`imc` rating %s is not an integer",
                                                     clip(tmp, sc_text(r), sc_len(r))));
        } else {
            imc_bad(r, ev_mark(r), adj_xasprintf("`imc` rating is not an integer"));
            if (!skip_node(r))
                return false;
        }
        if (!reader_pull(r))
            return false;
        adj_mark_t vm = ev_mark(r);
        int64_t row[6];
        size_t n = 0;
        bool row_ok = r->ev.type == YAML_SEQUENCE_START_EVENT;
        if (row_ok) {
            for (;;) {
                if (!reader_pull(r))
                    return false;
                if (r->ev.type == YAML_SEQUENCE_END_EVENT)
                    break;
                int64_t v;
                if (is_scalar(r) && text_int(sc_text(r), sc_len(r), sc_plain(r), &v) && v >= 0) {
                    if (n < 6)
                        row[n] = v;
                } else {
                    row_ok = false;
                    if (!skip_node(r))
                        return false;
                }
                n++;
            }
            row_ok = row_ok && n == 6;
        } else if (!skip_node(r)) {
            return false;
        }
        if (!row_ok) {
            imc_bad(r, vm, adj_xasprintf("`imc` row must be a list of six integers >= 0"));
            continue;
        }
        if (key_ok) {
            if (r->imc_count == r->imc_cap) {
                r->imc_cap = r->imc_cap ? r->imc_cap * 2 : 8;
                r->imc_raw = adj_xreallocarray(r->imc_raw, r->imc_cap, sizeof *r->imc_raw);
            }
            r->imc_raw[r->imc_count].rating = rating;
            memcpy(r->imc_raw[r->imc_count].mp, row, sizeof row);
            r->imc_count++;
        }
    }
    return true;
}

static bool read_optional_rules(adj_reader_t *r)
{
    if (r->ev.type != YAML_SEQUENCE_START_EVENT) {
        r->optional_rules = HV_BAD;
        r->rules_bad_mark = ev_mark(r);
        return skip_node(r);
    }
    r->optional_rules = HV_OK;
    for (;;) {
        if (!reader_pull(r))
            return false;
        if (r->ev.type == YAML_SEQUENCE_END_EVENT)
            return true;
        if (is_scalar(r) && sc_len(r) == 7 && memcmp(sc_text(r), "illness", 7) == 0) {
            r->illness = true;
            continue;
        }
        if (r->rules_unknown_count == r->rules_unknown_cap) {
            r->rules_unknown_cap = r->rules_unknown_cap ? r->rules_unknown_cap * 2 : 4;
            r->rules_unknown = adj_xreallocarray(r->rules_unknown, r->rules_unknown_cap,
                                                 sizeof *r->rules_unknown);
        }
        pending_rule_t *p = &r->rules_unknown[r->rules_unknown_count++];
        p->mark = ev_mark(r);
        p->text = is_scalar(r) ? adj_xstrndup(sc_text(r), sc_len(r)) : NULL;
        if (!skip_node(r))
            return false;
    }
}

static bool read_format(adj_reader_t *r)
{
    r->format = is_scalar(r) && sc_len(r) == 10 && memcmp(sc_text(r), "adjutant/1", 10) == 0
                    ? HV_OK
                    : HV_BAD;
    return skip_node(r);
}

static bool read_turn_key(adj_reader_t *r, hv_t *state, int64_t *out)
{
    *state = is_scalar(r) && text_int(sc_text(r), sc_len(r), sc_plain(r), out) ? HV_OK : HV_BAD;
    return skip_node(r);
}

/* ---- the checks at `events` (SPEC 1.2) ---- */

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

static int32_t leader_find(const adj_reader_t *r, const char *id, size_t n)
{
    if (!r->leader_table_cap)
        return -1;
    /* consecutive events mostly name the same leader */
    if (r->last_leader >= 0) {
        const adj_leader_def_t *d = &r->header.leaders[r->last_leader];
        if (d->id_len == n && same_bytes(d->id, id, n))
            return r->last_leader;
    }
    size_t mask = r->leader_table_cap - 1;
    size_t j = hash_bytes(id, n) & mask;
    while (r->leader_table[j] >= 0) {
        const adj_leader_def_t *d = &r->header.leaders[r->leader_table[j]];
        if (d->id_len == n && same_bytes(d->id, id, n))
            return ((adj_reader_t *)r)->last_leader = r->leader_table[j];
        j = (j + 1) & mask;
    }
    return -1;
}

static void leader_table_insert(adj_reader_t *r, int32_t idx)
{
    size_t mask = r->leader_table_cap - 1;
    const char *id = r->header.leaders[idx].id;
    size_t j = hash_bytes(id, strlen(id)) & mask;
    while (r->leader_table[j] >= 0)
        j = (j + 1) & mask;
    r->leader_table[j] = idx;
}

static int side_index(const adj_reader_t *r, const char *s, size_t n)
{
    for (int i = 0; i < 2; i++)
        if (r->header.side_len[i] == n && same_bytes(r->header.sides[i], s, n))
            return i;
    return -1;
}

static const char *header_problem(const adj_reader_t *r, bool events_is_list)
{
    if (r->format == HV_ABSENT)
        return "`format` is missing: a log starts with `format: adjutant/1`";
    if (r->format == HV_BAD)
        return "`format` must be exactly adjutant/1";
    if (r->first_turn == HV_BAD)
        return "`first_turn` must be an integer";
    if (r->last_turn == HV_ABSENT)
        return "`last_turn` is missing";
    if (r->last_turn == HV_BAD)
        return "`last_turn` must be an integer";
    if (r->last < r->first)
        return "`last_turn` is before `first_turn`";
    if (r->sides != HV_OK)
        return "`sides` must be a list of two distinct names";
    if (r->leaders == HV_BAD)
        return "`leaders` must be a list";
    if (!events_is_list)
        return "`events` must be a list";
    return NULL;
}

typedef struct imc_order_s {
    int64_t rating;
    size_t index;   /* file order */
} imc_order_t;

/* By rating, then file order: the first row of a rating sorts first. */
static int imc_order_cmp(const void *a, const void *b)
{
    const imc_order_t *x = a, *y = b;
    if (x->rating != y->rating)
        return x->rating < y->rating ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static void build_imc(adj_reader_t *r)
{
    adj_header_t *h = &r->header;
    size_t n = r->imc_count;
    imc_order_t *order = adj_xmalloc((n ? n : 1) * sizeof *order);
    int64_t *ratings = adj_xmalloc((n ? n : 1) * sizeof *ratings);
    for (size_t i = 0; i < n; i++)
        order[i] = (imc_order_t){r->imc_raw[i].rating, i};
    qsort(order, n, sizeof *order, imc_order_cmp);
    h->imc_rows = adj_xcalloc(n ? n : 1, sizeof *h->imc_rows);
    for (size_t i = 0; i < n; i++) {
        const imc_row_raw_t *row = &r->imc_raw[order[i].index];
        if (h->imc_row_count && ratings[h->imc_row_count - 1] == row->rating)
            continue;
        ratings[h->imc_row_count] = row->rating;
        memcpy(h->imc_rows[h->imc_row_count], row->mp, sizeof row->mp);
        h->imc_row_count++;
    }
    h->has_imc = true;
    for (size_t i = 0; i < h->leader_count; i++) {
        adj_leader_def_t *d = &h->leaders[i];
        if (!d->has_initiative)
            continue;
        size_t lo = 0, hi = h->imc_row_count;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (ratings[mid] < d->initiative)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < h->imc_row_count && ratings[lo] == d->initiative)
            d->imc_row = (int32_t)lo;
    }
    free(order);
    free(ratings);
}

static void free_roster_raw(adj_reader_t *r);

/* Steps 1-5 of SPEC 1.2; false when a bad-document stopped the audit. */
static bool check_header(adj_reader_t *r, bool events_is_list)
{
    if (r->first_turn == HV_ABSENT)
        r->first = 1;
    const char *problem = header_problem(r, events_is_list);
    if (problem) {
        stop(r, ADJ_D_BAD_DOCUMENT, r->doc_start, "%s", problem);
        return false;
    }
    adj_header_t *h = &r->header;
    h->sides[0] = r->side_names[0];
    h->sides[1] = r->side_names[1];
    h->side_len[0] = r->side_lens[0];
    h->side_len[1] = r->side_lens[1];
    r->side_names[0] = r->side_names[1] = NULL;
    h->first_turn = r->first;
    h->last_turn = r->last;

    /* 2. the roster */
    h->leaders = adj_xcalloc(r->roster_count, sizeof *h->leaders);
    size_t cap = 16;
    while (cap < r->roster_count * 2)
        cap *= 2;
    r->leader_table = adj_xmalloc(cap * sizeof *r->leader_table);
    r->leader_table_cap = cap;
    for (size_t i = 0; i < cap; i++)
        r->leader_table[i] = -1;
    adj_buf_t tmp = {0};
    for (size_t i = 0; i < r->roster_count; i++) {
        roster_raw_t *e = &r->roster[i];
        int side = -1;
        if (!e->is_map) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->start, NULL, NULL, NULL,
                          "a roster entry must be a mapping with `id` and `side`");
            continue;
        }
        if (e->has_bad) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->bad_mark, NULL, NULL, NULL,
                          "%s; the roster entry is dropped", e->bad_msg);
            continue;
        }
        if (!e->id || !e->side) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->start, NULL, NULL, NULL,
                          "roster entry lacks `%s`; it is dropped", !e->id ? "id" : "side");
            continue;
        }
        side = side_index(r, e->side, e->side_len);
        if (side < 0) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->side_mark, NULL, e->id, NULL,
                          "side %s of leader %s is not one of `sides` (%s, %s); the entry is "
                          "dropped",
                          clip(&tmp, e->side, e->side_len), e->id, h->sides[0], h->sides[1]);
            continue;
        }
        int32_t have = leader_find(r, e->id, strlen(e->id));
        if (have >= 0) {
            adj_diags_add(r->diags, ADJ_D_DUPLICATE_LEADER, e->start, NULL, e->id, NULL,
                          "leader %s is already in the roster (line %zu); this entry is dropped",
                          e->id, h->leaders[have].mark.line);
            continue;
        }
        adj_leader_def_t *d = &h->leaders[h->leader_count];
        d->id = e->id;
        d->id_len = strlen(e->id);  /* ids match [A-Za-z0-9_.-]+: no NUL */
        d->name = e->name;
        e->id = e->name = NULL;
        d->side = side;
        d->has_initiative = e->has_initiative;
        d->initiative = e->initiative;
        d->vp = e->vp;
        d->wound = e->wound;
        d->reserve = e->reserve;
        d->imc_row = -1;
        d->mark = e->start;
        leader_table_insert(r, (int32_t)h->leader_count);
        h->leader_count++;
    }
    adj_buf_free(&tmp);

    /* 3. an empty roster */
    if (h->leader_count == 0) {
        stop(r, ADJ_D_BAD_DOCUMENT, r->doc_start,
             "the roster holds no usable leader: `leaders` needs at least one good entry");
        return false;
    }

    /* 4. the IMC table (its rows, one per rating: the first counts) */
    if (r->imc == HV_BAD) {
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->imc_bad_mark, NULL, NULL, NULL,
                      "%s; the whole table is dropped", r->imc_bad_msg);
    } else if (r->imc == HV_OK) {
        build_imc(r);
    }

    /* 5. optional rules */
    if (r->optional_rules == HV_BAD) {
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->rules_bad_mark, NULL, NULL, NULL,
                      "`optional_rules` must be a list; no optional rule is in force");
        r->illness = false;
    }
    for (size_t i = 0; i < r->rules_unknown_count; i++) {
        const pending_rule_t *p = &r->rules_unknown[i];
        if (p->text)
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_OPTIONAL_RULE, p->mark, NULL, NULL, NULL,
                          "unknown optional rule %s (adjutant knows `illness`, rule 8.13)",
                          clip(&tmp, p->text, strlen(p->text)));
        else
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_OPTIONAL_RULE, p->mark, NULL, NULL, NULL,
                          "an optional rule must be a name (adjutant knows `illness`)");
    }
    adj_buf_free(&tmp);
    h->illness = r->illness;
    r->header_ready = true;
    free_roster_raw(r);  /* the kept entries moved into the header */
    return true;
}

/* ------------------------------------------------------------------ */
/* Events (SPEC 2, 3.1 step 1)                                          */
/* ------------------------------------------------------------------ */

static size_t arena_put(adj_reader_t *r, const char *s, size_t n)
{
    size_t off = r->arena.len;
    adj_buf_put(&r->arena, s, n);
    adj_buf_putc(&r->arena, '\0');
    return off;
}

static bool has_slot(const adj_reader_t *r, slot_t s) { return r->slot_mask >> s & 1; }

static void raw_drop(raw_value_t *v)
{
    free(v->text);
    v->text = NULL;
    v->len = 0;
}

/* The current event's value into *v. A scalar's string is taken from the
 * event rather than copied (libyaml allocated it anyway, and the copy cost
 * every field a memcpy), and the slot's previous string is put in its place
 * for adj_yaml_event_release to free: one malloc and one free per value, as
 * in a bare event loop, and the freed chunk warm for libyaml's next string. */
static void raw_take(adj_reader_t *r, raw_value_t *v, adj_mark_t key_mark, size_t order)
{
    v->is_scalar = is_scalar(r);
    v->plain = v->is_scalar && sc_plain(r);
    v->key_mark = key_mark;
    v->mark = ev_mark(r);
    v->order = order;
    if (v->is_scalar) {
        char *old = v->text;
        v->text = (char *)r->ev.data.scalar.value;
        v->len = r->ev.data.scalar.length;
        r->ev.data.scalar.value = (yaml_char_t *)old;
    } else {
        raw_drop(v);
    }
}

static bool read_claim(adj_reader_t *r)
{
    keyset_clear(&r->keys2);
    for (;;) {
        if (!reader_pull(r))
            return false;
        if (r->ev.type == YAML_MAPPING_END_EVENT)
            return true;
        claim_raw_t c = {0};
        c.item.key_mark = ev_mark(r);
        c.item.side = -1;
        c.key_off = SIZE_MAX;
        if (is_scalar(r)) {
            if (!keyset_insert(&r->keys2, sc_text(r), sc_len(r))) {
                duplicate_key(r, "the `end` claim");
                if (!reader_pull(r) || !skip_node(r))
                    return false;
                continue;
            }
            if (!text_is_null(sc_text(r), sc_len(r), sc_plain(r)))
                c.item.side = side_index(r, sc_text(r), sc_len(r));
            c.key_off = arena_put(r, sc_text(r), sc_len(r));
        } else if (!skip_node(r)) {
            return false;
        }
        if (!reader_pull(r))
            return false;
        c.item.value_mark = ev_mark(r);
        c.item.value_ok = is_scalar(r) && text_int(sc_text(r), sc_len(r), sc_plain(r),
                                                   &c.item.value);
        if (!skip_node(r))
            return false;
        if (r->claim_count == r->claim_cap) {
            r->claim_cap = r->claim_cap ? r->claim_cap * 2 : 4;
            r->claim_raw = adj_xreallocarray(r->claim_raw, r->claim_cap, sizeof *r->claim_raw);
        }
        r->claim_raw[r->claim_count++] = c;
    }
}

/* A parsed field value. */
typedef struct fval_s {
    int64_t i;
    bool b;
    int e;              /* enum value */
} fval_t;

static const char *const flip_names[2] = {"active", "inactive"};

/* Whether the n bytes at s are exactly `name` (a NUL inside s never matches). */
static bool text_is(const char *s, size_t n, const char *name)
{
    return strlen(name) == n && same_bytes(s, name, n);
}

/* Why a value failed check_value, in msg (replacing what it held): the
 * cold half, so nothing is formatted for a value that passes. */
__attribute__((cold, noinline))
static void check_failed(const raw_value_t *v, ftype_t t, const char *name, adj_buf_t *msg,
                         adj_buf_t *tmp)
{
    const char *s = v->text;
    size_t n = v->len;
    adj_buf_reset(msg);
    if (t == FT_NOTE) {
        adj_buf_printf(msg, "`%s` must be a scalar", name);
        return;
    }
    if (!v->is_scalar) {
        adj_buf_printf(msg, "`%s` must be a scalar, not a list or mapping", name);
        return;
    }
    if (text_is_null(s, n, v->plain)) {
        adj_buf_printf(msg, "`%s` must have a value, not null", name);
        return;
    }
    const char *shown = clip(tmp, s, n);
    switch (t) {
    case FT_INT:
        adj_buf_printf(msg, "`%s` must be an integer, not %s", name, shown);
        break;
    case FT_INT_NONNEG:
        adj_buf_printf(msg, "`%s` must be an integer >= 0, not %s", name, shown);
        break;
    case FT_INT_POS:
        adj_buf_printf(msg, "`%s` must be an integer >= 1, not %s", name, shown);
        break;
    case FT_BOOL:
        adj_buf_printf(msg, "`%s` must be true or false, not %s", name, shown);
        break;
    case FT_RESULT_ILLNESS:
        adj_buf_printf(msg, "`%s` of an illness check must be none, inactive or ill, not %s",
                       name, shown);
        break;
    case FT_RESULT_DURATION:
        adj_buf_printf(msg,
                       "`%s` of a duration roll must be ill, wounded, incapacitated or dead, "
                       "not %s",
                       name, shown);
        break;
    case FT_FLIP_TO:
        adj_buf_printf(msg, "`%s` must be active or inactive, not %s", name, shown);
        break;
    case FT_STATUS:
        adj_buf_printf(msg,
                       "`%s` must be fit, wounded, ill, incapacitated, dead or reserve, not %s",
                       name, shown);
        break;
    default:
        break;
    }
}

/* Check one value against its type into *out; on failure the reason
 * replaces msg's contents (see check_failed). */
static bool check_value(const raw_value_t *v, ftype_t t, const char *name, fval_t *out,
                        adj_buf_t *msg, adj_buf_t *tmp)
{
    const char *s = v->text;
    size_t n = v->len;
    if (v->is_scalar) {
        switch (t) {
        case FT_NOTE:
            return true;
        case FT_INT:
        case FT_INT_NONNEG:
        case FT_INT_POS: {
            int64_t min = t == FT_INT_POS ? 1 : t == FT_INT_NONNEG ? 0 : INT64_MIN;
            if (text_int(s, n, v->plain, &out->i) && out->i >= min)
                return true;
            break;
        }
        case FT_BOOL:
            if (text_bool(s, n, v->plain, &out->b))
                return true;
            break;
        case FT_STRING:
        case FT_ID:
            if (!text_is_null(s, n, v->plain))
                return true;
            break;
        case FT_RESULT_ILLNESS:
        case FT_RESULT_DURATION: {
            /* an illness check claims none..ill, a duration roll ill..dead */
            bool illness = t == FT_RESULT_ILLNESS;
            int last = illness ? ADJ_RES_ILL : ADJ_RES_DEAD;
            for (int i = illness ? ADJ_RES_NONE : ADJ_RES_ILL; i <= last; i++)
                if (text_is(s, n, adj_result_name((adj_result_t)i)))
                    return (out->e = i), true;
            break;
        }
        case FT_FLIP_TO:
            for (int i = 0; i < 2; i++)
                if (text_is(s, n, flip_names[i]))
                    return (out->e = i), true;
            break;
        case FT_STATUS:
            for (int i = 0; i < ADJ_STATUS_COUNT; i++)
                if (text_is(s, n, adj_status_name((adj_status_t)i)))
                    return (out->e = i), true;
            break;
        default:
            break;
        }
    }
    check_failed(v, t, name, msg, tmp);
    return false;
}

/* What a key names: a kind key (0..ADJ_EVENT_COUNT-1), a field slot
 * (KEY_SLOT + slot), or nothing (-1). It runs for every key of every event,
 * so it is one table probe: a hash of the length and three bytes that no two
 * key names share, then one comparison. (A switch on the first byte cost a
 * chain of data-dependent branches per key.) Two names on one index would
 * be an initializer given twice: an error (-Werror=override-init, CMakeLists.txt). */
#define KEY_SLOT 100
#define KEY_HASH(n, c0, c1, clast) (((unsigned)(c0) + (n) + 5u * (c1) + (clast)) & 63u)
#define KEY_ENTRY(name, c0, c1, clast, value) \
    [KEY_HASH(sizeof name - 1, c0, c1, clast)] = {name, sizeof name - 1, value}

static const struct {
    const char *name;
    size_t len;   /* 0: no key hashes here */
    int value;
} key_table[64] = {
    KEY_ENTRY("activate", 'a', 'c', 'e', ADJ_EV_ACTIVATE),
    KEY_ENTRY("by", 'b', 'y', 'y', KEY_SLOT + SL_BY),
    KEY_ENTRY("duration", 'd', 'u', 'n', ADJ_EV_DURATION),
    KEY_ENTRY("end", 'e', 'n', 'd', ADJ_EV_END),
    KEY_ENTRY("enemy_zoc", 'e', 'n', 'c', KEY_SLOT + SL_ENEMY_ZOC),
    KEY_ENTRY("flip", 'f', 'l', 'p', ADJ_EV_FLIP),
    KEY_ENTRY("illness", 'i', 'l', 's', ADJ_EV_ILLNESS),
    KEY_ENTRY("inactive", 'i', 'n', 'e', KEY_SLOT + SL_INACTIVE),
    KEY_ENTRY("level", 'l', 'e', 'l', KEY_SLOT + SL_LEVEL),
    KEY_ENTRY("leader", 'l', 'e', 'r', KEY_SLOT + SL_LEADER),
    KEY_ENTRY("move", 'm', 'o', 'e', ADJ_EV_MOVE),
    KEY_ENTRY("mp", 'm', 'p', 'p', KEY_SLOT + SL_MP),
    KEY_ENTRY("modifier", 'm', 'o', 'r', KEY_SLOT + SL_MODIFIER),
    KEY_ENTRY("note", 'n', 'o', 'e', KEY_SLOT + SL_NOTE),
    KEY_ENTRY("points", 'p', 'o', 's', KEY_SLOT + SL_POINTS),
    KEY_ENTRY("roll", 'r', 'o', 'l', KEY_SLOT + SL_ROLL),
    KEY_ENTRY("result", 'r', 'e', 't', KEY_SLOT + SL_RESULT),
    KEY_ENTRY("replace", 'r', 'e', 'e', ADJ_EV_REPLACE),
    KEY_ENTRY("reason", 'r', 'e', 'n', KEY_SLOT + SL_REASON),
    KEY_ENTRY("sustain", 's', 'u', 'n', ADJ_EV_SUSTAIN),
    KEY_ENTRY("state", 's', 't', 'e', ADJ_EV_STATE),
    KEY_ENTRY("status", 's', 't', 's', KEY_SLOT + SL_STATUS),
    KEY_ENTRY("turn", 't', 'u', 'n', ADJ_EV_TURN),
    KEY_ENTRY("to", 't', 'o', 'o', KEY_SLOT + SL_TO),
    KEY_ENTRY("vp", 'v', 'p', 'p', ADJ_EV_VP),
    KEY_ENTRY("wound", 'w', 'o', 'd', ADJ_EV_WOUND),
};

static int key_lookup(const char *s, size_t n)
{
    if (n < 2)
        return -1;  /* no key name is shorter */
    unsigned h = KEY_HASH(n, (unsigned char)s[0], (unsigned char)s[1], (unsigned char)s[n - 1]);
    if (key_table[h].len == n && same_bytes(s, key_table[h].name, n))
        return key_table[h].value;
    return -1;
}
#undef KEY_ENTRY

/* "an activate event", "a move event" */
static const char *kind_article(adj_event_kind_t kind)
{
    const char *name = adj_event_name(kind);
    return strchr("aeiou", name[0]) ? "an" : "a";
}

static const fspec_t *kind_field(adj_event_kind_t kind, slot_t slot)
{
    for (int i = 0; i < kind_spec[kind].count; i++)
        if (kind_spec[kind].fields[i].slot == slot)
            return &kind_spec[kind].fields[i];
    return NULL;
}

/* The roster id an event's subject names, for the `leader` of its shape
 * diagnostics; NULL when it names none. Called only once the event is known
 * to hold one kind key, whose value is then r->subject. */
static const char *subject_leader(const adj_reader_t *r, adj_event_kind_t kind)
{
    if (kind_spec[kind].subject != FT_ID || !r->subject.is_scalar)
        return NULL;
    int32_t l = leader_find(r, r->subject.text, r->subject.len);
    return l >= 0 ? r->header.leaders[l].id : NULL;
}

static void event_unknown_fields(adj_reader_t *r, adj_event_kind_t kind)
{
    if (r->unknown_count == 0 && (r->slot_mask & ~kind_allowed[kind]) == 0)
        return;
    const char *names[MAX_FIELDS + 1];
    size_t count = 0;
    for (int i = 0; i < kind_spec[kind].count; i++)
        names[count++] = slot_names[kind_spec[kind].fields[i].slot];
    names[count++] = "note";
    char where[32];
    snprintf(where, sizeof where, "%s `%s` event", kind_article(kind), adj_event_name(kind));
    for (size_t i = 0; i < r->unknown_count; i++) {
        const unknown_key_t *u = &r->unknown[i];
        const char *text = u->text_off == SIZE_MAX ? NULL : r->arena.data + u->text_off;
        set_leader(unknown_field(r, u->mark, text, u->text_len, where, names, count),
                   subject_leader(r, kind));
    }
    for (int s = 0; s < SL_NOTE; s++) {
        if (has_slot(r, s) && !kind_field(kind, (slot_t)s)) {
            set_leader(unknown_field(r, r->slots[s].key_mark, slot_names[s],
                                     strlen(slot_names[s]), where, names, count),
                       subject_leader(r, kind));
        }
    }
}

/* An unknown key of the event being read, reported once it is complete. */
static void unknown_push(adj_reader_t *r, unknown_key_t u)
{
    if (r->unknown_count == r->unknown_cap) {
        r->unknown_cap = r->unknown_cap ? r->unknown_cap * 2 : 8;
        r->unknown = adj_xreallocarray(r->unknown, r->unknown_cap, sizeof *r->unknown);
    }
    r->unknown[r->unknown_count++] = u;
}

/* Returns 1 with r->entry filled, 0 when the event was diagnosed and
 * dropped, -1 when reading stopped. The current event is the node's first. */
static int read_event(adj_reader_t *r)
{
    adj_mark_t node = ev_mark(r);
    if (r->ev.type != YAML_MAPPING_START_EVENT) {
        if (r->stop_line && node.line > r->stop_line) {
            r->state = RS_DONE;
            return -1;
        }
        adj_diags_add(r->diags, ADJ_D_UNKNOWN_EVENT, node, NULL, NULL, NULL,
                      "an event must be a mapping with one kind key (turn, activate, move, ...)");
        return skip_node(r) ? 0 : -1;
    }
    r->slot_mask = 0;
    r->unknown_count = 0;
    r->claim_count = 0;
    adj_buf_reset(&r->arena);
    keyset_clear(&r->keys);
    unsigned kinds = 0;
    int nkinds = 0;
    adj_event_kind_t kind = ADJ_EV_TURN;
    bool subject_is_map = false;
    adj_mark_t first = node;
    size_t order = 0;
    for (;;) {
        if (!reader_pull(r))
            return -1;
        if (r->ev.type == YAML_MAPPING_END_EVENT)
            break;
        adj_mark_t key_mark = ev_mark(r);
        if (order++ == 0) {
            first = key_mark;
            if (r->stop_line && first.line > r->stop_line) {
                r->state = RS_DONE;
                return -1;
            }
        }
        /* a known key is never null, so the null test waits for the rest */
        int key = is_scalar(r) ? key_lookup(sc_text(r), sc_len(r)) : -1;
        if (key < 0 && (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r)))) {
            unknown_push(r, (unknown_key_t){key_mark, SIZE_MAX, 0});
            if (!skip_node(r) || !reader_pull(r) || !skip_node(r))
                return -1;
            continue;
        }
        int k = key >= 0 && key < KEY_SLOT ? key : -1;
        if (k >= 0) {
            if (kinds & (1u << k)) {
                duplicate_key(r, "an event");
                if (!reader_pull(r) || !skip_node(r))
                    return -1;
                continue;
            }
            kinds |= 1u << k;
            if (++nkinds == 1)
                kind = (adj_event_kind_t)k;
            if (!reader_pull(r))
                return -1;
            if (nkinds == 1) {
                raw_take(r, &r->subject, key_mark, order);
                if (k == ADJ_EV_END && r->ev.type == YAML_MAPPING_START_EVENT) {
                    subject_is_map = true;
                    if (!read_claim(r))
                        return -1;
                    continue;
                }
            }
            if (!skip_node(r))
                return -1;
            continue;
        }
        int s = key >= KEY_SLOT ? key - KEY_SLOT : -1;
        if (s >= 0) {
            if (has_slot(r, s)) {
                duplicate_key(r, "an event");
                if (!reader_pull(r) || !skip_node(r))
                    return -1;
                continue;
            }
            if (!reader_pull(r))
                return -1;
            raw_take(r, &r->slots[s], key_mark, order);
            r->slot_mask |= 1u << s;
            if (!skip_node(r))
                return -1;
            continue;
        }
        if (!keyset_insert(&r->keys, sc_text(r), sc_len(r))) {
            duplicate_key(r, "an event");
        } else {
            size_t len = sc_len(r);
            unknown_push(r, (unknown_key_t){key_mark, arena_put(r, sc_text(r), len), len});
        }
        if (!reader_pull(r) || !skip_node(r))
            return -1;
    }

    /* the shape checks, in SPEC 3.1 step 1 order */
    if (nkinds != 1) {
        if (nkinds == 0)
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_EVENT, first, NULL, NULL, NULL,
                          "an event needs one kind key (turn, activate, move, illness, "
                          "duration, sustain, wound, flip, replace, vp, state, end); it is "
                          "skipped");
        else
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_EVENT, first, NULL, NULL, NULL,
                          "an event holds exactly one kind key; this one has %d; it is skipped",
                          nkinds);
        return 0;
    }
    event_unknown_fields(r, kind);

    adj_buf_t *msg = &r->msg, *tmp = &r->tmp;
    adj_buf_reset(msg);
    fval_t vals[SL_COUNT];  /* read only where the slot is present */
    fval_t subj = {0};
    size_t bad_order = SIZE_MAX;
    adj_mark_t bad_mark = first;
    /* the subject */
    if (kind == ADJ_EV_END) {
        if (!subject_is_map && (!r->subject.is_scalar ||
                                !text_is_null(r->subject.text, r->subject.len,
                                              r->subject.plain))) {
            adj_buf_puts(msg, "`end` takes a mapping of side -> VP total, or nothing");
            bad_order = r->subject.order;
            bad_mark = r->subject.mark;
        }
    } else {
        const char *what = adj_event_name(kind);
        if (!check_value(&r->subject, kind_spec[kind].subject, what, &subj, msg, tmp)) {
            bad_order = r->subject.order;
            bad_mark = r->subject.mark;
        }
    }
    /* the fields, the first bad one in file order */
    for (int i = 0; i < kind_spec[kind].count; i++) {
        const fspec_t *f = &kind_spec[kind].fields[i];
        const raw_value_t *v = &r->slots[f->slot];
        if (!has_slot(r, f->slot) || v->order >= bad_order)
            continue;
        if (!check_value(v, f->type, slot_names[f->slot], &vals[f->slot], msg, tmp)) {
            bad_order = v->order;
            bad_mark = v->mark;
        }
    }
    if (has_slot(r, SL_NOTE) && r->slots[SL_NOTE].order < bad_order &&
        !r->slots[SL_NOTE].is_scalar) {
        adj_buf_reset(msg);
        adj_buf_puts(msg, "`note` must be a scalar");
        bad_order = r->slots[SL_NOTE].order;
        bad_mark = r->slots[SL_NOTE].mark;
    }
    if (bad_order == SIZE_MAX) {
        for (int i = 0; i < kind_spec[kind].count; i++) {
            const fspec_t *f = &kind_spec[kind].fields[i];
            if (f->required && !has_slot(r, f->slot)) {
                adj_buf_printf(msg, "%s `%s` event needs `%s`", kind_article(kind),
                               adj_event_name(kind), slot_names[f->slot]);
                bad_order = 0;
                bad_mark = first;
                break;
            }
        }
    }
    if (bad_order != SIZE_MAX) {
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, bad_mark, NULL, subject_leader(r, kind), NULL,
                      "%s; the event is ignored", msg->data);
        return 0;
    }

    /* leaders, then the side */
    adj_entry_t *e = &r->entry;
    static const adj_entry_t empty_entry;
    *e = empty_entry;  /* a copy of a constant: vector moves, not rep stos */
    e->kind = kind;
    e->mark = first;
    e->leader = e->other = -1;
    e->side = -1;
    int ret = 1;
    if (kind_spec[kind].subject == FT_ID) {
        e->leader = leader_find(r, r->subject.text, r->subject.len);
        if (e->leader < 0) {
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_LEADER, first, NULL, NULL, NULL,
                          "leader %s is not in the roster; the event is ignored",
                          clip(tmp, r->subject.text, r->subject.len));
            ret = 0;
            goto done;
        }
    }
    slot_t ref = kind == ADJ_EV_REPLACE ? SL_BY : kind == ADJ_EV_VP ? SL_LEADER : SL_COUNT;
    if (ref != SL_COUNT && has_slot(r, ref)) {
        e->other = leader_find(r, r->slots[ref].text, r->slots[ref].len);
        if (e->other < 0) {
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_LEADER, first, NULL, NULL, NULL,
                          "`%s` names %s, who is not in the roster; the event is ignored",
                          slot_names[ref],
                          clip(tmp, r->slots[ref].text, r->slots[ref].len));
            ret = 0;
            goto done;
        }
    }
    if (kind == ADJ_EV_VP) {
        e->side = side_index(r, r->subject.text, r->subject.len);
        if (e->side < 0) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->subject.mark, NULL, NULL, NULL,
                          "side %s is not one of `sides` (%s, %s); the event is ignored",
                          clip(tmp, r->subject.text, r->subject.len),
                          r->header.sides[0], r->header.sides[1]);
            ret = 0;
            goto done;
        }
    }

    /* the typed entry */
    switch (kind) {
    case ADJ_EV_TURN:
        e->turn = subj.i;
        break;
    case ADJ_EV_ACTIVATE:
        e->roll = vals[SL_ROLL].i;
        e->modifier = has_slot(r, SL_MODIFIER) ? vals[SL_MODIFIER].i : 0;
        e->has_mp = has_slot(r, SL_MP);
        e->mp = e->has_mp ? vals[SL_MP].i : 0;
        break;
    case ADJ_EV_MOVE:
        e->to = has_slot(r, SL_TO) ? r->slots[SL_TO].text : NULL;
        e->has_mp = has_slot(r, SL_MP);
        e->mp = e->has_mp ? vals[SL_MP].i : 0;
        e->enemy_zoc = has_slot(r, SL_ENEMY_ZOC) && vals[SL_ENEMY_ZOC].b;
        break;
    case ADJ_EV_ILLNESS:
    case ADJ_EV_DURATION:
        e->roll = vals[SL_ROLL].i;
        e->has_result = has_slot(r, SL_RESULT);
        e->result = e->has_result ? (adj_result_t)vals[SL_RESULT].e : ADJ_RES_NONE;
        break;
    case ADJ_EV_SUSTAIN:
        e->roll = vals[SL_ROLL].i;
        break;
    case ADJ_EV_WOUND:
        e->level = vals[SL_LEVEL].i;
        break;
    case ADJ_EV_FLIP:
        e->flip_inactive = vals[SL_TO].e == 1;
        break;
    case ADJ_EV_REPLACE:
        break;
    case ADJ_EV_VP:
        e->points = vals[SL_POINTS].i;
        e->reason = has_slot(r, SL_REASON) ? r->slots[SL_REASON].text : NULL;
        break;
    case ADJ_EV_STATE:
        e->status = (adj_status_t)vals[SL_STATUS].e;
        e->has_level = has_slot(r, SL_LEVEL);
        e->level = e->has_level ? vals[SL_LEVEL].i : 0;
        e->has_inactive = has_slot(r, SL_INACTIVE);
        e->inactive = e->has_inactive && vals[SL_INACTIVE].b;
        break;
    case ADJ_EV_END:
        e->has_claim = subject_is_map;
        if (r->claim_count > r->claim_items_cap) {
            r->claim_items_cap = r->claim_count;
            r->claim = adj_xreallocarray(r->claim, r->claim_items_cap, sizeof *r->claim);
        }
        for (size_t i = 0; i < r->claim_count; i++) {
            r->claim[i] = r->claim_raw[i].item;
            r->claim[i].key = r->claim_raw[i].key_off == SIZE_MAX
                                  ? NULL
                                  : r->arena.data + r->claim_raw[i].key_off;
        }
        e->claim = r->claim;
        e->claim_count = r->claim_count;
        break;
    default:
        break;
    }
done:
    return ret;
}

/* ------------------------------------------------------------------ */
/* The document                                                        */
/* ------------------------------------------------------------------ */

static adj_read_status_t status_of(const adj_reader_t *r)
{
    switch (r->state) {
    case RS_STOP:
        return ADJ_READ_STOP;
    case RS_IO_ERROR:
        return ADJ_READ_IO_ERROR;
    default:
        return ADJ_READ_DONE;
    }
}

/* From the stream's start to the `events` key: the header. */
static adj_read_status_t read_start(adj_reader_t *r)
{
    if (!reader_pull(r) || !reader_pull(r))
        return status_of(r);
    if (r->ev.type == YAML_STREAM_END_EVENT) {
        stop(r, ADJ_D_BAD_DOCUMENT, (adj_mark_t){1, 1},
             "the file holds no YAML document (it is empty or only comments)");
        return status_of(r);
    }
    r->doc_start = ev_mark(r);
    if (!reader_pull(r))
        return status_of(r);
    if (r->ev.type != YAML_MAPPING_START_EVENT) {
        stop(r, ADJ_D_BAD_DOCUMENT, r->doc_start,
             "the document must be a mapping with format, last_turn, sides, leaders and events");
        return status_of(r);
    }
    keyset_clear(&r->keys);
    for (;;) {
        if (!reader_pull(r))
            return status_of(r);
        if (r->ev.type == YAML_MAPPING_END_EVENT) {
            stop(r, ADJ_D_BAD_DOCUMENT, r->doc_start, "`events` is missing");
            return status_of(r);
        }
        adj_mark_t key_mark = ev_mark(r);
        if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            unknown_field(r, key_mark, NULL, 0, "the header", NULL, 0);
            if (!skip_node(r) || !reader_pull(r) || !skip_node(r))
                return status_of(r);
            continue;
        }
        int hk = -1;
        for (int i = 0; i < HK_COUNT; i++)
            if (strlen(header_keys[i]) == sc_len(r) && strcmp(header_keys[i], sc_text(r)) == 0)
                hk = i;
        bool dup = hk >= 0 ? r->header_seen[hk] : !keyset_insert(&r->keys, sc_text(r), sc_len(r));
        if (dup) {
            duplicate_key(r, "the header");
            if (!reader_pull(r) || !skip_node(r))
                return status_of(r);
            continue;
        }
        if (hk < 0)
            unknown_field(r, key_mark, sc_text(r), sc_len(r), "the header", header_keys, HK_COUNT);
        else
            r->header_seen[hk] = true;
        if (!reader_pull(r))
            return status_of(r);
        bool ok = true;
        switch (hk) {
        case HK_FORMAT:
            ok = read_format(r);
            break;
        case HK_FIRST_TURN:
            ok = read_turn_key(r, &r->first_turn, &r->first);
            break;
        case HK_LAST_TURN:
            ok = read_turn_key(r, &r->last_turn, &r->last);
            break;
        case HK_OPTIONAL_RULES:
            ok = read_optional_rules(r);
            break;
        case HK_SIDES:
            ok = read_sides(r);
            break;
        case HK_LEADERS:
            ok = read_leaders(r);
            break;
        case HK_IMC:
            ok = read_imc(r);
            break;
        case HK_EVENTS:
            if (!check_header(r, r->ev.type == YAML_SEQUENCE_START_EVENT))
                return status_of(r);
            r->state = RS_EVENTS;
            return ADJ_READ_HEADER;
        default:
            ok = skip_node(r);  /* game, scenario, unknown keys */
            break;
        }
        if (!ok)
            return status_of(r);
    }
}

/* After the events sequence: the document must end, and be the only one. */
static adj_read_status_t read_after(adj_reader_t *r)
{
    if (!reader_pull(r))
        return status_of(r);
    if (r->ev.type != YAML_MAPPING_END_EVENT) {
        stop(r, ADJ_D_BAD_DOCUMENT, ev_mark(r),
             "a key after `events`: `events` must be the last key of the log");
        return status_of(r);
    }
    if (!reader_pull(r) || !reader_pull(r))
        return status_of(r);
    if (r->ev.type == YAML_DOCUMENT_START_EVENT) {
        stop(r, ADJ_D_BAD_DOCUMENT, ev_mark(r),
             "a second YAML document: a log file holds exactly one");
        return status_of(r);
    }
    r->state = RS_DONE;
    return ADJ_READ_DONE;
}

adj_read_status_t adj_reader_next(adj_reader_t *r, const adj_entry_t **entry)
{
    if (entry)
        *entry = NULL;
    switch (r->state) {
    case RS_START:
        return read_start(r);
    case RS_EVENTS:
        for (;;) {
            if (!reader_pull(r))
                return status_of(r);
            if (r->ev.type == YAML_SEQUENCE_END_EVENT) {
                r->events_end = ev_mark(r);
                r->state = RS_AFTER_EVENTS;
                return ADJ_READ_EVENTS_END;
            }
            int got = read_event(r);
            if (got > 0) {
                if (entry)
                    *entry = &r->entry;
                return ADJ_READ_ENTRY;
            }
            if (got < 0)
                return status_of(r);
        }
    case RS_AFTER_EVENTS:
        return read_after(r);
    default:
        return status_of(r);
    }
}

/* ------------------------------------------------------------------ */
/* Life cycle and accessors                                            */
/* ------------------------------------------------------------------ */

static adj_reader_t *reader_alloc(const char *filename, adj_diags_t *diags)
{
    adj_reader_t *r = adj_xcalloc(1, sizeof *r);
    if (!yaml_parser_initialize(&r->parser)) {
        free(r);
        return NULL;
    }
    yaml_parser_set_input(&r->parser, reader_input, r);
    r->filename = filename;
    r->diags = diags;
    r->fd = -1;
    r->last_leader = -1;
    r->checking = true;
    r->prologue = true;
    r->line = LS_START;
    r->u16_byte = r->u16_high = -1;
    return r;
}

adj_reader_t *adj_reader_new(int fd, const char *filename, adj_diags_t *diags)
{
    adj_reader_t *r = reader_alloc(filename, diags);
    if (r)
        r->fd = fd;
    return r;
}

adj_reader_t *adj_reader_new_bytes(const void *data, size_t size, const char *filename,
                                   adj_diags_t *diags)
{
    adj_reader_t *r = reader_alloc(filename, diags);
    if (r) {
        r->mem = data;
        r->mem_size = size;
    }
    return r;
}

static void free_roster_raw(adj_reader_t *r)
{
    for (size_t i = 0; i < r->roster_count; i++) {
        free(r->roster[i].bad_msg);
        free(r->roster[i].id);
        free(r->roster[i].name);
        free(r->roster[i].side);
    }
    free(r->roster);
    r->roster = NULL;
    r->roster_count = r->roster_cap = 0;
}

void adj_reader_free(adj_reader_t *r)
{
    if (!r)
        return;
    adj_yaml_event_release(&r->ev);
    yaml_parser_delete(&r->parser);
    free_roster_raw(r);
    free(r->side_names[0]);
    free(r->side_names[1]);
    free(r->imc_raw);
    free(r->imc_bad_msg);
    for (size_t i = 0; i < r->rules_unknown_count; i++)
        free(r->rules_unknown[i].text);
    free(r->rules_unknown);
    adj_header_t *h = &r->header;
    free(h->sides[0]);
    free(h->sides[1]);
    for (size_t i = 0; i < h->leader_count; i++) {
        free(h->leaders[i].id);
        free(h->leaders[i].name);
    }
    free(h->leaders);
    free(h->imc_rows);
    free(r->leader_table);
    keyset_free(&r->keys);
    keyset_free(&r->keys2);
    raw_drop(&r->subject);
    for (int s = 0; s < SL_COUNT; s++)
        raw_drop(&r->slots[s]);
    free(r->unknown);
    free(r->claim_raw);
    free(r->claim);
    adj_buf_free(&r->arena);
    free(r->held);
    adj_buf_free(&r->msg);
    adj_buf_free(&r->tmp);
    free(r);
}

const adj_header_t *adj_reader_header(const adj_reader_t *r)
{
    return r->header_ready ? &r->header : NULL;
}

adj_mark_t adj_reader_events_end(const adj_reader_t *r) { return r->events_end; }
void adj_reader_stop_after_line(adj_reader_t *r, size_t line) { r->stop_line = line; }
uint64_t adj_reader_bytes(const adj_reader_t *r) { return r->bytes; }
uint64_t adj_reader_events(const adj_reader_t *r) { return r->events; }
int adj_reader_io_errno(const adj_reader_t *r) { return r->io_errno; }

int32_t adj_reader_leader_index(const adj_reader_t *r, const char *id)
{
    return r->header_ready ? leader_find(r, id, strlen(id)) : -1;
}
