/* SPDX-License-Identifier: MIT */
/*
 * reader_event.c - one event (SPEC 2, 3.1 step 1): its keys are read into
 * raw values, its shape is checked, and the typed entry is filled. What
 * each kind takes comes from the catalogue, ADJ_EVENT_CATALOGUE (adj_log.h).
 */
#include "reader_private.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The catalogue, as the reader uses it                                */
/* ------------------------------------------------------------------ */

#define MAX_FIELDS 4   /* the catalogue's field columns */

typedef struct fspec_s {
    slot_t slot;
    ftype_t type;
    bool required;
} fspec_t;

static const char *const slot_names[SL_COUNT] = {
#define RD_X(e, key, ...) #key,
    ADJ_FIELD_LIST(RD_X)
#undef RD_X
};

/* The fields of each kind (besides `note`, which every kind takes), in
 * catalogue order; the first kind_field_count[kind] are used. (N, no
 * field, is passed empty in every derivation.) */
#define RD_FIELD(f, t, req) {SL_##f, FT_##t, req},
#define RD_X(e, key, words, subj, f1, f2, f3, f4) [ADJ_EV_##e] = {FT_##subj, {f1 f2 f3 f4}},
static const struct {
    ftype_t subject;
    fspec_t fields[MAX_FIELDS];
} kind_spec[ADJ_EVENT_COUNT] = {ADJ_EVENT_CATALOGUE(RD_X, RD_FIELD, )};
#undef RD_X
#undef RD_FIELD

/* How many fields each kind has. */
#define RD_FIELD(f, t, req) +1
#define RD_X(e, key, words, subj, f1, f2, f3, f4) [ADJ_EV_##e] = 0 f1 f2 f3 f4,
static const int kind_field_count[ADJ_EVENT_COUNT] = {ADJ_EVENT_CATALOGUE(RD_X, RD_FIELD, )};
#undef RD_X
#undef RD_FIELD

/* The slots each kind takes (its fields and `note`), as bitmasks: checked
 * for every event, so not recomputed from kind_spec each time. */
#define RD_FIELD(f, t, req) | 1u << SL_##f
#define RD_X(e, key, words, subj, f1, f2, f3, f4) [ADJ_EV_##e] = 1u << SL_NOTE f1 f2 f3 f4,
static const uint32_t kind_allowed[ADJ_EVENT_COUNT] = {ADJ_EVENT_CATALOGUE(RD_X, RD_FIELD, )};
#undef RD_X
#undef RD_FIELD

/* "turn, activate, ..., end": the kinds, for messages. */
#define RD_X(e, key, ...) ", " #key
static const char kind_list[] = ADJ_EVENT_LIST(RD_X);
#undef RD_X
#define KIND_LIST (kind_list + 2)

_Static_assert(SL_COUNT <= 32, "slot_mask and kind_allowed hold a bit per field");
_Static_assert(ADJ_EVENT_COUNT <= 32, "an event's kind keys are a bit each");
_Static_assert(offsetof(adj_entry_t, at) + sizeof ((adj_entry_t *)0)->at == sizeof(adj_entry_t),
               "the spans end adj_entry_t: reader_read_event clears the rest apart");


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
/* Characters `start` to `end` (libyaml's indexes, in file order) in bytes. */
static adj_span_t span_of(adj_reader_t *r, size_t start, size_t end)
{
    if (r->st.cp_linear)  /* no multibyte character from here to libyaml's position */
        return (adj_span_t){start + r->st.cp_delta, end - start};
    return reader_span_slow(&r->st, start, end);
}

static void raw_take(adj_reader_t *r, raw_value_t *v, adj_mark_t key_mark, size_t order)
{
    v->is_scalar = is_scalar(r);
    v->plain = v->is_scalar && sc_plain(r);
    v->key_mark = key_mark;
    v->mark = ev_mark(r);
    v->order = order;
    size_t start = r->st.ev.start_mark.index, end = v->is_scalar ? r->st.ev.end_mark.index : start;
    v->span = span_of(r, start, end);
    if (v->is_scalar) {
        char *old = v->text;
        v->text = (char *)r->st.ev.data.scalar.value;
        v->len = r->st.ev.data.scalar.length;
        r->st.ev.data.scalar.value = (yaml_char_t *)old;
    } else {
        raw_drop(v);
    }
}

/* A collection that began at libyaml's index `start` and just closed (the
 * current event): its bytes through `]` or `}` in flow style, through its
 * last scalar in block style (libyaml ends a block where the next node
 * begins, past comments). `fix` replaces a collection-valued claim whole
 * (SPEC 12, issue 33 item 8). */
static adj_span_t collection_span(adj_reader_t *r, size_t start, size_t *end)
{
    *end = r->st.content_end;
    if (*end < start)  /* an empty block collection: none is */
        return (adj_span_t){ADJ_SPAN_UNKNOWN, 0};
    return span_of(r, start, *end);
}

/* The claim mapping closed (the current event): the subject's span grows
 * to hold it, through `}` in flow style, through the last scalar in block
 * style (libyaml ends a block where the next node begins, past comments);
 * unknown when a block mapping ends with a collection. */
static void claim_close(adj_reader_t *r, size_t last_end)
{
    adj_span_t *s = &r->subject.span;
    const yaml_event_t *ev = &r->st.ev;
    size_t end = ev->start_mark.index < ev->end_mark.index ? ev->end_mark.index : last_end;
    adj_span_t e = end == SIZE_MAX ? (adj_span_t){ADJ_SPAN_UNKNOWN, 0} : span_of(r, end, end);
    if (s->offset == ADJ_SPAN_UNKNOWN || e.offset == ADJ_SPAN_UNKNOWN)
        *s = (adj_span_t){ADJ_SPAN_UNKNOWN, 0};
    else
        s->length = e.offset - s->offset;
}

static bool read_claim(adj_reader_t *r)
{
    reader_keyset_clear(&r->keys2);
    size_t last_end = SIZE_MAX;  /* the index after the last scalar, SIZE_MAX: a collection */
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_MAPPING_END_EVENT) {
            claim_close(r, last_end);
            return true;
        }
        claim_raw_t c = {0};
        c.item.key_mark = ev_mark(r);
        c.item.side = -1;
        c.key_off = SIZE_MAX;
        if (is_scalar(r)) {
            if (!reader_keyset_insert(&r->keys2, sc_text(r), sc_len(r))) {
                reader_duplicate_key(&r->st, "the `end` claim");
                if (!reader_pull(&r->st))
                    return false;
                last_end = is_scalar(r) ? r->st.ev.end_mark.index : SIZE_MAX;
                if (!reader_skip(&r->st))
                    return false;
                continue;
            }
            if (!text_is_null(sc_text(r), sc_len(r), sc_plain(r)))
                c.item.side = reader_side_index(r, sc_text(r), sc_len(r));
            c.key_off = arena_put(r, sc_text(r), sc_len(r));
        } else if (!reader_skip(&r->st)) {
            return false;
        }
        if (!reader_pull(&r->st))
            return false;
        c.item.value_mark = ev_mark(r);
        /* a total beyond ADJ_MAX_CLAIM is dropped as a bad one (SPEC 2) */
        c.item.value_ok = is_scalar(r) &&
                          reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &c.item.value) &&
                          c.item.value >= -ADJ_MAX_CLAIM && c.item.value <= ADJ_MAX_CLAIM;
        c.item.value_at = (adj_span_t){ADJ_SPAN_UNKNOWN, 0};
        last_end = SIZE_MAX;
        size_t start = r->st.ev.start_mark.index;
        bool scalar = is_scalar(r);
        if (scalar) {
            c.item.value_at = span_of(r, start, r->st.ev.end_mark.index);
            last_end = r->st.ev.end_mark.index;
        }
        if (!reader_skip(&r->st))
            return false;
        if (!scalar)  /* `CSA: [2]`: a flow collection's bytes are known */
            c.item.value_at = collection_span(r, start, &last_end);
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

static const char *const flip_names[2] = ADJ_FLIP_NAMES;

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
    const char *shown = reader_clip(tmp, s, n);
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
    case FT_POINTS:
        adj_buf_printf(msg, "`%s` must be an integer from %d to %d, not %s", name, -ADJ_MAX_VP,
                       ADJ_MAX_VP, shown);
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
            if (reader_text_int(s, n, v->plain, &out->i) && out->i >= min)
                return true;
            break;
        }
        case FT_POINTS:  /* bounded, so that a tally is exact (SPEC 2) */
            if (reader_text_int(s, n, v->plain, &out->i) && out->i >= -ADJ_MAX_VP &&
                out->i <= ADJ_MAX_VP)
                return true;
            break;
        case FT_BOOL:
            if (reader_text_bool(s, n, v->plain, &out->b))
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
            int last = illness ? ADJ_RESULT_ILLNESS_LAST : ADJ_RESULT_DURATION_LAST;
            for (int i = illness ? ADJ_RESULT_ILLNESS_FIRST : ADJ_RESULT_DURATION_FIRST;
                 i <= last; i++)
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

/* ------------------------------------------------------------------ */
/* Key lookup                                                          */
/* ------------------------------------------------------------------ */

/* What a key names: a kind key (0..ADJ_EVENT_COUNT-1), a field slot
 * (KEY_SLOT + slot), or nothing (-1). It runs for every key of every event,
 * so it is one table probe and one comparison: a hash of the whole key (its
 * length, and all its bytes read as two overlapping words) times a
 * multiplier, into a table built once from the catalogue. The build tries
 * multipliers until every key has a slot of its own, so a new key moves the
 * multiplier and never shares a slot; two keys with one name abort the build
 * (test_reader's key test looks up every catalogue key). */
#define KEY_BITS 7          /* 128 slots for 26 keys: a free multiplier is near */
#define KEY_MAX_LEN 16      /* the two words cover at most 16 bytes */

typedef struct key_entry_s {
    const char *name;       /* static (the catalogue's text) */
    size_t len;             /* 0: an empty slot */
    int value;
} key_entry_t;

static key_entry_t key_table[1u << KEY_BITS];
static uint64_t key_mult;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

/* n in 1..KEY_MAX_LEN. */
static inline unsigned key_hash(const char *s, size_t n, uint64_t mult)
{
    uint64_t x;
    if (n >= 8) {
        uint64_t a, b;
        memcpy(&a, s, 8), memcpy(&b, s + n - 8, 8);
        x = a ^ (b << 32 | b >> 32);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4), memcpy(&b, s + n - 4, 4);
        x = a ^ (uint64_t)b << 32;
    } else {
        x = (unsigned char)s[0] | (unsigned)(unsigned char)s[n / 2] << 8 |
            (unsigned)(unsigned char)s[n - 1] << 16;
    }
    return (unsigned)(((x + n) * mult) >> (64 - KEY_BITS));
}

static const struct {
    const char *name;
    int value;
} catalogue_keys[] = {
#define RD_X(e, key, ...) {#key, ADJ_EV_##e},
    ADJ_EVENT_LIST(RD_X)
#undef RD_X
#define RD_X(e, key, ...) {#key, KEY_SLOT + SL_##e},
    ADJ_FIELD_LIST(RD_X)
#undef RD_X
};

#define CATALOGUE_KEYS (sizeof catalogue_keys / sizeof catalogue_keys[0])

__attribute__((noreturn)) static void key_table_broken(const char *why, const char *name)
{
    fprintf(stderr, "adjutant: the event catalogue is broken: %s `%s`\n", why, name);
    abort();
}

/* Place every key with multiplier `mult`; false when two share a slot. */
static bool key_table_try(uint64_t mult)
{
    memset(key_table, 0, sizeof key_table);
    for (size_t i = 0; i < CATALOGUE_KEYS; i++) {
        const char *name = catalogue_keys[i].name;
        size_t n = strlen(name);
        if (n == 0 || n > KEY_MAX_LEN)
            key_table_broken("a key must be 1 to 16 bytes:", name);
        for (size_t j = 0; j < i; j++)
            if (strcmp(catalogue_keys[j].name, name) == 0)
                key_table_broken("two keys are named", name);
        key_entry_t *k = &key_table[key_hash(name, n, mult)];
        if (k->len)
            return false;
        *k = (key_entry_t){name, n, catalogue_keys[i].value};
    }
    return true;
}

static void key_table_build(void)
{
    for (uint64_t i = 0; i < 1u << 20; i++) {
        uint64_t mult = 0x9E3779B97F4A7C15ull * (2 * i + 1);  /* odd multipliers */
        if (key_table_try(mult)) {
            key_mult = mult;
            return;
        }
    }
    key_table_broken("no multiplier separates the keys; raise KEY_BITS, after", "");
}

void reader_event_init(void) { pthread_once(&key_once, key_table_build); }

static inline int key_lookup(const char *s, size_t n)
{
    if (n - 1 >= KEY_MAX_LEN)
        return -1;  /* empty, or longer than any key */
    const key_entry_t *k = &key_table[key_hash(s, n, key_mult)];
    return k->len == n && same_bytes(s, k->name, n) ? k->value : -1;
}

int reader_key_lookup(const char *s, size_t n) { return key_lookup(s, n); }

/* "an activate event", "a move event" */
static const char *kind_article(adj_event_kind_t kind)
{
    const char *name = adj_event_name(kind);
    return strchr("aeiou", name[0]) ? "an" : "a";
}

static const fspec_t *kind_field(adj_event_kind_t kind, slot_t slot)
{
    for (int i = 0; i < kind_field_count[kind]; i++)
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
    int32_t l = reader_leader_find(r, r->subject.text, r->subject.len);
    return l >= 0 ? r->header.leaders[l].id : NULL;
}

static void event_unknown_fields(adj_reader_t *r, adj_event_kind_t kind)
{
    if (r->unknown_count == 0 && (r->slot_mask & ~kind_allowed[kind]) == 0)
        return;
    const char *names[MAX_FIELDS + 1];
    size_t count = 0;
    for (int i = 0; i < kind_field_count[kind]; i++)
        names[count++] = slot_names[kind_spec[kind].fields[i].slot];
    names[count++] = "note";
    char where[32];
    snprintf(where, sizeof where, "%s `%s` event", kind_article(kind), adj_event_name(kind));
    for (size_t i = 0; i < r->unknown_count; i++) {
        const unknown_key_t *u = &r->unknown[i];
        const char *text = u->text_off == SIZE_MAX ? NULL : r->arena.data + u->text_off;
        adj_diag_t *d =
            reader_unknown_field(&r->st, u->mark, text, u->text_len, where, names, count);
        reader_set_leader(d, subject_leader(r, kind));
    }
    for (int s = 0; s < SL_NOTE; s++) {
        if (has_slot(r, s) && !kind_field(kind, (slot_t)s)) {
            adj_diag_t *d = reader_unknown_field(&r->st, r->slots[s].key_mark, slot_names[s],
                                                 strlen(slot_names[s]), where, names, count);
            reader_set_leader(d, subject_leader(r, kind));
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

/* The keys of one event, as read. */
typedef struct event_keys_s {
    unsigned kinds;         /* bit per kind key seen */
    int nkinds;
    adj_event_kind_t kind;  /* the first kind key's */
    bool subject_is_map;    /* `end` with a claim mapping */
    adj_mark_t first;       /* the first key */
    size_t order;           /* keys read so far */
} event_keys_t;

/* A key seen twice: reported, its value skipped. */
static bool repeated_key(adj_reader_t *r)
{
    reader_duplicate_key(&r->st, "an event");
    return reader_pull(&r->st) && reader_skip(&r->st);
}

/* Kind key k, the current event: the first one's value is the subject. */
static bool read_kind_key(adj_reader_t *r, event_keys_t *ek, int k, adj_mark_t key_mark)
{
    if (ek->kinds & (1u << k))
        return repeated_key(r);
    ek->kinds |= 1u << k;
    if (++ek->nkinds == 1)
        ek->kind = (adj_event_kind_t)k;
    if (!reader_pull(&r->st))
        return false;
    if (ek->nkinds == 1) {
        raw_take(r, &r->subject, key_mark, ek->order);
        if (k == ADJ_EV_END && r->st.ev.type == YAML_MAPPING_START_EVENT) {
            ek->subject_is_map = true;
            return read_claim(r);
        }
        if (k == ADJ_EV_END && r->st.ev.type == YAML_SEQUENCE_START_EVENT) {  /* `end: []` */
            size_t start = r->st.ev.start_mark.index, end;
            if (!reader_skip(&r->st))
                return false;
            r->subject.span = collection_span(r, start, &end);
            return true;
        }
    }
    return reader_skip(&r->st);
}

/* Field key of slot s, the current event. */
static bool read_field_key(adj_reader_t *r, int s, adj_mark_t key_mark, size_t order)
{
    if (has_slot(r, s))
        return repeated_key(r);
    if (!reader_pull(&r->st))
        return false;
    raw_take(r, &r->slots[s], key_mark, order);
    r->slot_mask |= 1u << s;
    return reader_skip(&r->st);
}

/* A scalar key that is neither: kept for event_unknown_fields. */
static bool read_other_key(adj_reader_t *r, adj_mark_t key_mark)
{
    if (!reader_keyset_insert(&r->keys, sc_text(r), sc_len(r))) {
        reader_duplicate_key(&r->st, "an event");
    } else {
        size_t len = sc_len(r);
        unknown_push(r, (unknown_key_t){key_mark, arena_put(r, sc_text(r), len), len});
    }
    return reader_pull(&r->st) && reader_skip(&r->st);
}

/* Every key of the event mapping, into r->subject, r->slots, r->unknown:
 * 1 at the mapping's end, -1 when reading stopped (or --at line:L did). */
static int read_event_keys(adj_reader_t *r, event_keys_t *ek)
{
    for (;;) {
        if (!reader_pull(&r->st))
            return -1;
        if (r->st.ev.type == YAML_MAPPING_END_EVENT)
            return 1;
        adj_mark_t key_mark = ev_mark(r);
        if (ek->order++ == 0) {
            ek->first = key_mark;
            if (r->stop_line && key_mark.line > r->stop_line) {
                r->st.state = RS_DONE;
                return -1;
            }
        }
        /* a known key is never null, so the null test waits for the rest */
        int key = is_scalar(r) ? key_lookup(sc_text(r), sc_len(r)) : -1;
        bool ok;
        if (key >= KEY_SLOT) {
            ok = read_field_key(r, key - KEY_SLOT, key_mark, ek->order);
        } else if (key >= 0) {
            ok = read_kind_key(r, ek, key, key_mark);
        } else if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            unknown_push(r, (unknown_key_t){key_mark, SIZE_MAX, 0});
            ok = reader_skip(&r->st) && reader_pull(&r->st) && reader_skip(&r->st);
        } else {
            ok = read_other_key(r, key_mark);
        }
        if (!ok)
            return -1;
    }
}

/* The first bad value in file order, as check_value words it. */
typedef struct bad_value_s {
    size_t order;           /* SIZE_MAX: none */
    adj_mark_t mark;
} bad_value_t;

static void bad_at(bad_value_t *bad, const raw_value_t *v)
{
    bad->order = v->order;
    bad->mark = v->mark;
}

/* The kind key's value against the kind's subject type. */
static void check_subject(adj_reader_t *r, const event_keys_t *ek, fval_t *subj, bad_value_t *bad)
{
    adj_buf_t *msg = &r->msg;
    if (ek->kind == ADJ_EV_END) {
        if (!ek->subject_is_map &&
            (!r->subject.is_scalar ||
             !text_is_null(r->subject.text, r->subject.len, r->subject.plain))) {
            adj_buf_puts(msg, "`end` takes a mapping of side -> VP total, or nothing");
            bad_at(bad, &r->subject);
        }
        return;
    }
    const char *what = adj_event_name(ek->kind);
    if (!check_value(&r->subject, kind_spec[ek->kind].subject, what, subj, msg, &r->tmp))
        bad_at(bad, &r->subject);
}

/* The shape checks of one event with one kind key, in SPEC 3.1 step 1
 * order: the subject and fields (the first bad one in file order), `note`,
 * then a missing required field. False when the event was diagnosed. */
static bool check_event_shape(adj_reader_t *r, const event_keys_t *ek, fval_t *vals, fval_t *subj)
{
    adj_event_kind_t kind = ek->kind;
    adj_buf_t *msg = &r->msg;
    adj_buf_reset(msg);
    bad_value_t bad = {SIZE_MAX, ek->first};
    check_subject(r, ek, subj, &bad);
    for (int i = 0; i < kind_field_count[kind]; i++) {
        const fspec_t *f = &kind_spec[kind].fields[i];
        const raw_value_t *v = &r->slots[f->slot];
        if (!has_slot(r, f->slot) || v->order >= bad.order)
            continue;
        if (!check_value(v, f->type, slot_names[f->slot], &vals[f->slot], msg, &r->tmp))
            bad_at(&bad, v);
    }
    const raw_value_t *note = &r->slots[SL_NOTE];
    if (has_slot(r, SL_NOTE) && note->order < bad.order && !note->is_scalar) {
        adj_buf_reset(msg);
        adj_buf_puts(msg, "`note` must be a scalar");
        bad_at(&bad, note);
    }
    for (int i = 0; bad.order == SIZE_MAX && i < kind_field_count[kind]; i++) {
        const fspec_t *f = &kind_spec[kind].fields[i];
        if (f->required && !has_slot(r, f->slot)) {
            adj_buf_printf(msg, "%s `%s` event needs `%s`", kind_article(kind),
                           adj_event_name(kind), slot_names[f->slot]);
            bad = (bad_value_t){0, ek->first};
        }
    }
    if (bad.order == SIZE_MAX)
        return true;
    /* an ill-typed `end` claim is read as `end: ~` (SPEC 3.8): the game ends */
    bool claim = kind == ADJ_EV_END && bad.order == r->subject.order;
    adj_diags_add(r->diags, ADJ_D_BAD_FIELD, bad.mark, NULL, subject_leader(r, kind), NULL,
                  claim ? "%s; it is read as `end: ~`: the game ends here, claiming nothing"
                        : "%s; the event is ignored", msg->data);
    return claim;
}

/* unknown-leader for the subject (slot NULL) or a `by`/`leader` slot, with a
 * "did you mean". Returns the roster index suggested, or -1. */
static int32_t unknown_leader(adj_reader_t *r, const adj_entry_t *e, const char *slot,
                              const char *id, size_t n)
{
    int32_t near = adj_closest_leader(&r->header, id, n, &r->suggest_used);
    adj_buf_t *m = &r->msg;
    adj_buf_reset(m);
    if (slot)
        adj_buf_printf(m, "`%s` names %s, who is not in the roster", slot,
                       reader_clip(&r->tmp, id, n));
    else
        adj_buf_printf(m, "leader %s is not in the roster", reader_clip(&r->tmp, id, n));
    if (near >= 0)
        adj_put_did_you_mean(m, id, n, r->header.leaders[near].id);
    adj_diags_add(r->diags, ADJ_D_UNKNOWN_LEADER, e->mark, NULL, NULL, NULL,
                  "%s; the event is ignored", m->data);
    return near;
}

/* A roll of the kinds an obligation waits for (adj_reader_keep_dropped),
 * dropped for a mistyped id: kept for the engine, which names it if that
 * obligation then expires. */
static void note_dropped(adj_reader_t *r, const adj_entry_t *e, int32_t near)
{
    if (near < 0 || r->dropped_count >= ADJ_MAX_DROPPED || !(r->keep_dropped >> e->kind & 1u))
        return;
    r->dropped[r->dropped_count++] = (adj_dropped_t){e->kind, e->mark.line, near};
}

/* The leaders an event names, then vp's side, into e. False when one is
 * not in the roster (or the side is not one of `sides`): diagnosed. */
static bool resolve_names(adj_reader_t *r, adj_entry_t *e)
{
    adj_buf_t *tmp = &r->tmp;
    if (kind_spec[e->kind].subject == FT_ID) {
        e->leader = reader_leader_find(r, r->subject.text, r->subject.len);
        if (e->leader < 0) {
            int32_t near = unknown_leader(r, e, NULL, r->subject.text, r->subject.len);
            note_dropped(r, e, near);
            return false;
        }
    }
    slot_t ref = SL_COUNT;  /* the kind's second leader: its ID field, if any */
    for (int i = 0; i < kind_field_count[e->kind]; i++)
        if (kind_spec[e->kind].fields[i].type == FT_ID)
            ref = kind_spec[e->kind].fields[i].slot;
    if (ref != SL_COUNT && has_slot(r, ref)) {
        e->other = reader_leader_find(r, r->slots[ref].text, r->slots[ref].len);
        if (e->other < 0) {
            unknown_leader(r, e, slot_names[ref], r->slots[ref].text, r->slots[ref].len);
            return false;
        }
    }
    if (kind_spec[e->kind].subject == FT_STRING) {  /* vp: a side */
        e->side = reader_side_index(r, r->subject.text, r->subject.len);
        if (e->side < 0) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->subject.mark, NULL, NULL, NULL,
                          "side %s is not one of `sides` (%s, %s); the event is ignored",
                          reader_clip(tmp, r->subject.text, r->subject.len),
                          r->header.sides[0], r->header.sides[1]);
            return false;
        }
    }
    return true;
}

/* `end`'s claim items, handed out in the entry. */
static void fill_claim(adj_reader_t *r, adj_entry_t *e, bool subject_is_map)
{
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
}

/* Where each field's value goes in adj_entry_t: `at` the value, stored
 * as the field's type in its kind's row says (FT_FLIP_TO: flip_inactive);
 * `has` the flag set when the field is given (0, the kind's offset: none).
 * A kind is filled from its row of the catalogue, so a new kind made of
 * known fields needs nothing here; a new field needs its line (the
 * _Static_assert below counts them). ID fields (`by`, vp's `leader`) are
 * resolved into `other` by resolve_names; `note` is not kept. */
#define AT(m) offsetof(adj_entry_t, m)
typedef enum { ST_NONE, ST_I64, ST_BOOL, ST_TEXT, ST_RESULT, ST_STATUS, ST_FLIP } store_t;
static const struct {
    size_t at, has;
    store_t st;  /* the member's C type: a field of another type is not kept there */
} slot_store[SL_COUNT] = {
    [SL_ROLL] = {AT(roll), 0, ST_I64},          [SL_MODIFIER] = {AT(modifier), 0, ST_I64},
    [SL_MP] = {AT(mp), AT(has_mp), ST_I64},     [SL_TO] = {AT(to), 0, ST_TEXT},
    [SL_ENEMY_ZOC] = {AT(enemy_zoc), 0, ST_BOOL},
    [SL_RESULT] = {AT(result), AT(has_result), ST_RESULT},
    [SL_LEVEL] = {AT(level), AT(has_level), ST_I64}, [SL_BY] = {0, 0, ST_NONE},
    [SL_POINTS] = {AT(points), 0, ST_I64},      [SL_LEADER] = {0, 0, ST_NONE},
    [SL_REASON] = {AT(reason), 0, ST_TEXT},     [SL_STATUS] = {AT(status), 0, ST_STATUS},
    [SL_INACTIVE] = {AT(inactive), AT(has_inactive), ST_BOOL}, [SL_NOTE] = {0, 0, ST_NONE},
};
#undef AT
_Static_assert(SL_COUNT == 14, "a new field needs its line in slot_store");
_Static_assert(offsetof(adj_entry_t, kind) == 0, "slot_store's 0 is no member of a field");

/* How a field of type t is kept in adj_entry_t. */
static store_t store_of(ftype_t t)
{
    switch (t) {
    case FT_INT: case FT_INT_NONNEG: case FT_INT_POS: case FT_POINTS: return ST_I64;
    case FT_BOOL: return ST_BOOL;
    case FT_STRING: return ST_TEXT;
    case FT_RESULT_ILLNESS: case FT_RESULT_DURATION: return ST_RESULT;
    case FT_STATUS: return ST_STATUS;
    case FT_FLIP_TO: return ST_FLIP;
    default: return ST_NONE;  /* FT_ID: resolve_names; FT_NOTE: not kept */
    }
}

/* One given field's value into the entry, as its type stores it. A field
 * whose type is not its slot's member's (sustain's free-text `result`,
 * beside illness's enum) is checked but not kept: writing its pointer into
 * the enum would overrun it. */
static void fill_field(adj_reader_t *r, adj_entry_t *e, const fspec_t *f, const fval_t *v)
{
    char *p = (char *)e;
    store_t st = store_of(f->type);
    if (st == ST_FLIP) {
        e->flip_inactive = v->e == 1;
        return;
    }
    if (st == ST_NONE || st != slot_store[f->slot].st)
        return;
    size_t at = slot_store[f->slot].at;
    if (slot_store[f->slot].has)
        *(bool *)(p + slot_store[f->slot].has) = true;
    switch (st) {
    case ST_I64:
        *(int64_t *)(p + at) = v->i;
        break;
    case ST_BOOL:
        *(bool *)(p + at) = v->b;
        break;
    case ST_TEXT:
        *(const char **)(p + at) = r->slots[f->slot].text;
        break;
    case ST_RESULT:
        *(adj_result_t *)(p + at) = (adj_result_t)v->e;
        break;
    case ST_STATUS:
        *(adj_status_t *)(p + at) = (adj_status_t)v->e;
        break;
    default:
        break;
    }
}

/* The typed values of each kind, from its row of the catalogue, and where
 * each value stands. */
static void fill_entry(adj_reader_t *r, adj_entry_t *e, const fval_t *vals, const fval_t *subj,
                       bool subject_is_map)
{
    for (int i = 0; i < kind_field_count[e->kind]; i++) {
        const fspec_t *f = &kind_spec[e->kind].fields[i];
        if (has_slot(r, f->slot))
            fill_field(r, e, f, &vals[f->slot]);
    }
    if (kind_spec[e->kind].subject == FT_INT)  /* turn: N */
        e->turn = subj->i;
    else if (kind_spec[e->kind].subject == FT_NOTE)  /* end: its claim */
        fill_claim(r, e, subject_is_map);
    e->subject_at = r->subject.span;  /* a block sequence's: unknown (collection_span) */
    uint32_t set = r->slot_mask & kind_allowed[e->kind];
    for (uint32_t m = r->entry_spans & ~set; m; m &= m - 1)
        e->at[__builtin_ctz(m)] = (adj_span_t){0, 0};
    for (uint32_t m = set; m; m &= m - 1) {
        int sl = __builtin_ctz(m);
        e->at[sl] = r->slots[sl].span;
    }
    r->entry_spans = set;
}

/* Returns 1 with r->entry filled, 0 when the event was diagnosed and
 * dropped, -1 when reading stopped. The current event is the node's first. */
int reader_read_event(adj_reader_t *r)
{
    adj_mark_t node = ev_mark(r);
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        if (r->stop_line && node.line > r->stop_line) {
            r->st.state = RS_DONE;
            return -1;
        }
        adj_diags_add(r->diags, ADJ_D_UNKNOWN_EVENT, node, NULL, NULL, NULL,
                      "an event must be a mapping with one kind key (turn, activate, move, ...)");
        return reader_skip(&r->st) ? 0 : -1;
    }
    r->slot_mask = 0;
    r->unknown_count = 0;
    r->claim_count = 0;
    adj_buf_reset(&r->arena);
    reader_keyset_clear(&r->keys);
    event_keys_t ek = {.kind = ADJ_EV_TURN, .first = node};
    if (read_event_keys(r, &ek) < 0)
        return -1;
    if (ek.nkinds != 1) {
        if (ek.nkinds == 0)
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_EVENT, ek.first, NULL, NULL, NULL,
                          "an event needs one kind key (%s); it is skipped", KIND_LIST);
        else
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_EVENT, ek.first, NULL, NULL, NULL,
                          "an event holds exactly one kind key; this one has %d; it is skipped",
                          ek.nkinds);
        return 0;
    }
    event_unknown_fields(r, ek.kind);
    fval_t vals[SL_COUNT];  /* read only where the slot is present */
    fval_t subj = {0};
    if (!check_event_shape(r, &ek, vals, &subj))
        return 0;
    adj_entry_t *e = &r->entry;
    static const adj_entry_t empty_entry;
    /* a copy of a constant (vector moves, not rep stos), up to the spans:
     * fill_entry clears the ones the last entry set */
    memcpy(e, &empty_entry, offsetof(adj_entry_t, subject_at));
    e->kind = ek.kind;
    e->mark = ek.first;
    e->leader = e->other = -1;
    e->side = -1;
    if (!resolve_names(r, e))
        return 0;
    fill_entry(r, e, vals, &subj, ek.subject_is_map);
    return 1;
}

void reader_event_free(adj_reader_t *r)
{
    raw_drop(&r->subject);
    for (int s = 0; s < SL_COUNT; s++)
        raw_drop(&r->slots[s]);
    free(r->unknown);
    free(r->claim_raw);
    free(r->claim);
    adj_buf_free(&r->arena);
}
