/*
 * reader_header.c - the header (SPEC 1.2): every key before `events` is
 * read into raw values (roster, sides, imc, optional rules), checked when
 * `events` is reached, and moved into the typed adj_header_t.
 */
#include "reader_ladder.h"
#include "reader_header_check.h"

#include <stdlib.h>
#include <string.h>

static const char *const header_keys[HK_COUNT] = {
    "format", "game", "scenario", "first_turn", "last_turn", "optional_rules",
    "sides", "players", "rulings", "leaders", "imc", "events"};

static const char *const roster_keys[RK_COUNT] = {
    "id", "name", "side", "initiative", "vp", "wound", "reserve"};

static void free_roster_raw(adj_reader_t *r)
{
    for (size_t i = 0; i < r->roster_count && !r->roster_borrowed; i++) {
        free(r->roster[i].bad_msg);
        if (!r->roster[i].id_shared)
            free(r->roster[i].id);
        free(r->roster[i].name);
        free(r->roster[i].side);
    }
    free(r->roster);
    r->roster = NULL;
    r->roster_count = r->roster_cap = 0;
    free(r->roster_ids);
    r->roster_ids = NULL;
    r->roster_ids_cap = r->roster_ids_count = 0;
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

/* The id of roster entry `i`: a duplicate of an earlier one shares its
 * text, so a roster of one huge id repeated holds it once (issue 14). */
static void roster_set_id(adj_reader_t *r, size_t i, const char *s, size_t n)
{
    if ((r->roster_ids_count + 1) * 2 > r->roster_ids_cap) {
        size_t cap = r->roster_ids_cap ? r->roster_ids_cap * 2 : 64;
        size_t *t = adj_xcalloc(cap, sizeof *t);
        for (size_t k = 0; k < r->roster_ids_cap; k++) {
            size_t e = r->roster_ids[k];
            if (!e)
                continue;
            const char *id = r->roster[e - 1].id;
            size_t j = reader_hash_bytes(id, strlen(id)) & (cap - 1);
            while (t[j])
                j = (j + 1) & (cap - 1);
            t[j] = e;
        }
        free(r->roster_ids);
        r->roster_ids = t;
        r->roster_ids_cap = cap;
    }
    size_t j = reader_hash_bytes(s, n) & (r->roster_ids_cap - 1);
    for (; r->roster_ids[j]; j = (j + 1) & (r->roster_ids_cap - 1)) {
        char *have = r->roster[r->roster_ids[j] - 1].id;
        if (strlen(have) == n && memcmp(have, s, n) == 0) {
            r->roster[i].id = have;
            r->roster[i].id_shared = true;
            return;
        }
    }
    r->roster[i].id = adj_xstrndup(s, n);
    r->roster_ids[j] = i + 1;
    r->roster_ids_count++;
}

/* The value of roster field k, a scalar (the current event), into e. */
static void roster_field(adj_reader_t *r, roster_raw_t *e, rkey_t k, adj_mark_t vm)
{
    adj_buf_t *tmp = &r->tmp;
    const char *s = sc_text(r);
    size_t n = sc_len(r);
    bool plain = sc_plain(r);
    int64_t iv;
    bool bv;
    switch (k) {
    case RK_ID:
        if (text_is_null(s, n, plain) || !reader_id_ok(s, n))
            roster_bad(e, vm, adj_xasprintf("leader id %s must match [A-Za-z0-9_.-]+",
                                            reader_clip(tmp, s, n)));
        else
            roster_set_id(r, (size_t)(e - r->roster), s, n);
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
        if (reader_text_int(s, n, plain, &iv)) {
            e->has_initiative = true;
            e->initiative = iv;
        } else {
            roster_bad(e, vm, adj_xasprintf("`initiative` must be an integer, not %s",
                                            reader_clip(tmp, s, n)));
        }
        break;
    case RK_VP:
        if (reader_text_int(s, n, plain, &iv) && iv >= 0 && iv <= ADJ_MAX_VP)
            e->vp = iv;  /* bounded, so that a tally is exact (SPEC 1) */
        else
            roster_bad(e, vm, adj_xasprintf("`vp` must be an integer from 0 to %d, not %s",
                                            ADJ_MAX_VP, reader_clip(tmp, s, n)));
        break;
    case RK_WOUND:
        if (reader_text_int(s, n, plain, &iv) && iv >= 0 && iv <= 5)
            e->wound = iv;
        else
            roster_bad(e, vm, adj_xasprintf("`wound` must be an integer from 0 to 5, not %s",
                                            reader_clip(tmp, s, n)));
        break;
    case RK_RESERVE:
        if (reader_text_bool(s, n, plain, &bv))
            e->reserve = bv;
        else
            roster_bad(e, vm, adj_xasprintf("`reserve` must be true or false, not %s",
                                            reader_clip(tmp, s, n)));
        break;
    default:
        break;
    }
}

/* A roster entry's key (the current event): its field, or -1 when it is
 * unknown or repeated (reported; a repeated key's value is skipped too,
 * *skipped set). False when reading stopped. */
static bool roster_key(adj_reader_t *r, const bool *seen, int *k, bool *skipped)
{
    adj_mark_t key_mark = ev_mark(r);
    *k = -1;
    *skipped = false;
    if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
        reader_unknown_field(&r->st, key_mark, NULL, 0, "a roster entry", NULL, 0);
        return reader_skip(&r->st);
    }
    for (int i = 0; i < RK_COUNT; i++)
        if (strcmp(sc_text(r), roster_keys[i]) == 0 && strlen(roster_keys[i]) == sc_len(r))
            *k = i;
    bool dup = *k >= 0 ? seen[*k] : !reader_keyset_insert(&r->keys2, sc_text(r), sc_len(r));
    if (dup) {
        reader_duplicate_key(&r->st, "a roster entry");
        *k = -1;
        *skipped = true;
        return reader_pull(&r->st) && reader_skip(&r->st);
    }
    if (*k < 0)
        reader_unknown_field(&r->st, key_mark, sc_text(r), sc_len(r), "a roster entry", roster_keys,
                             RK_COUNT);
    return true;
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
    if (r->st.ev.type != YAML_MAPPING_START_EVENT)
        return reader_skip(&r->st);
    e->is_map = true;
    bool seen[RK_COUNT] = {false};
    bool first = true;
    reader_keyset_clear(&r->keys2);
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_MAPPING_END_EVENT)
            return true;
        if (first) {
            e->start = ev_mark(r);
            first = false;
        }
        int k;
        bool skipped;
        if (!roster_key(r, seen, &k, &skipped))
            return false;
        if (skipped)
            continue;
        if (!reader_pull(&r->st))
            return false;
        if (k < 0) {
            if (!reader_skip(&r->st))
                return false;
            continue;
        }
        seen[k] = true;
        e->given |= 1u << k;
        if (!is_scalar(r)) {
            roster_bad(e, ev_mark(r),
                       adj_xasprintf("roster field `%s` must be a scalar", roster_keys[k]));
            if (!reader_skip(&r->st))
                return false;
            continue;
        }
        roster_field(r, e, (rkey_t)k, ev_mark(r));
    }
}

/* item(r) for each item (or key) of the collection just opened, up to its
 * `end` event; false when the reader stopped. */
static bool read_items(adj_reader_t *r, yaml_event_type_t end, bool (*item)(adj_reader_t *))
{
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == end)
            return true;
        if (!item(r))
            return false;
    }
}

static char *value_words(adj_reader_t *r) { return reader_value_words(&r->st.ev, &r->tmp); }

/* Header key k's value (the current event) is bad: say what it is. */
static void header_value_bad(adj_reader_t *r, hkey_t k, char *what)
{
    free(r->hv_what[k]);
    r->hv_what[k] = what;
}

static bool read_leaders(adj_reader_t *r)
{
    if (r->st.ev.type != YAML_SEQUENCE_START_EVENT) {
        r->leaders = HV_BAD;
        header_value_bad(r, HK_LEADERS, value_words(r));
        return reader_skip(&r->st);
    }
    r->leaders = HV_OK;
    return read_items(r, YAML_SEQUENCE_END_EVENT, read_roster_entry);
}

/* `sides`: a list of two distinct names. hv_what[HK_SIDES] ends the
 * sentence "`sides` must be a list of two distinct names" when it is not. */
static bool read_sides(adj_reader_t *r)
{
    r->sides = HV_BAD;
    if (r->st.ev.type != YAML_SEQUENCE_START_EVENT) {
        char *w = value_words(r);
        header_value_bad(r, HK_SIDES, adj_xasprintf(", not %s", w));
        free(w);
        return reader_skip(&r->st);
    }
    size_t n = 0;
    bool ok = true;
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
            break;
        if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            if (ok) {
                char *w = value_words(r);
                header_value_bad(r, HK_SIDES, adj_xasprintf(": item %zu is %s, not a name",
                                                            n + 1, w));
                free(w);
            }
            ok = false;
            if (!reader_skip(&r->st))
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
    if (!ok)
        return true;
    if (n != 2)
        header_value_bad(r, HK_SIDES, n == 0 ? adj_xstrdup(", not an empty list")
                                             : adj_xasprintf(", not a list of %zu", n));
    else if (r->side_lens[0] == r->side_lens[1] &&
             memcmp(r->side_names[0], r->side_names[1], r->side_lens[0]) == 0)
        header_value_bad(r, HK_SIDES,
                         adj_xasprintf(": both are %s", reader_clip(&r->tmp, r->side_names[0],
                                                                    r->side_lens[0])));
    else
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
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        imc_bad(r, ev_mark(r), adj_xasprintf("`imc` must be a mapping of rating -> six MPs"));
        return reader_skip(&r->st);
    }
    reader_keyset_clear(&r->keys2);
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_MAPPING_END_EVENT)
            break;
        int64_t rating = 0;
        bool key_ok = false;
        if (is_scalar(r)) {
            if (!reader_keyset_insert(&r->keys2, sc_text(r), sc_len(r))) {
                reader_duplicate_key(&r->st, "`imc`");
                if (!reader_pull(&r->st) || !reader_skip(&r->st))
                    return false;
                continue;
            }
            key_ok = reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &rating);
            if (!key_ok)
                imc_bad(r, ev_mark(r), adj_xasprintf("`imc` rating %s is not an integer",
                                                     reader_clip(tmp, sc_text(r), sc_len(r))));
        } else {
            imc_bad(r, ev_mark(r), adj_xasprintf("`imc` rating is not an integer"));
            if (!reader_skip(&r->st))
                return false;
        }
        if (!reader_pull(&r->st))
            return false;
        adj_mark_t vm = ev_mark(r);
        int64_t row[6];
        size_t n = 0;
        bool row_ok = r->st.ev.type == YAML_SEQUENCE_START_EVENT;
        if (row_ok) {
            for (;;) {
                if (!reader_pull(&r->st))
                    return false;
                if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
                    break;
                int64_t v;
                if (is_scalar(r) && reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &v) &&
                    v >= 0) {
                    if (n < 6)
                        row[n] = v;
                } else {
                    row_ok = false;
                    if (!reader_skip(&r->st))
                        return false;
                }
                n++;
            }
            row_ok = row_ok && n == 6;
        } else if (!reader_skip(&r->st)) {
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
    if (r->st.ev.type != YAML_SEQUENCE_START_EVENT) {
        r->optional_rules = HV_BAD;
        r->rules_bad_mark = ev_mark(r);
        return reader_skip(&r->st);
    }
    r->optional_rules = HV_OK;
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
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
        if (!reader_skip(&r->st))
            return false;
    }
}

/* ---- players (SPEC 1.2 step 6): read now, checked at `events` ---- */

static player_raw_t *player_push(adj_reader_t *r, adj_mark_t key_mark)
{
    if (r->players_count == r->players_cap) {
        r->players_cap = r->players_cap ? r->players_cap * 2 : 4;
        r->players_raw = adj_xreallocarray(r->players_raw, r->players_cap,
                                           sizeof *r->players_raw);
    }
    player_raw_t *p = &r->players_raw[r->players_count++];
    *p = (player_raw_t){.key_mark = key_mark};
    return p;
}

/* A player's name: a string (not a plain null) that is not empty once
 * leading and trailing U+0020 are removed; NULL otherwise. */
static char *player_name(const adj_reader_t *r, size_t *len)
{
    if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r)))
        return NULL;
    const char *s = sc_text(r);
    size_t a = 0, b = sc_len(r);
    while (a < b && s[a] == ' ')
        a++;
    while (b > a && s[b - 1] == ' ')
        b--;
    if (a == b)
        return NULL;
    *len = b - a;
    return adj_xstrndup(s + a, b - a);
}

/* One `players` entry: the key is the current event. */
static bool read_player(adj_reader_t *r)
{
    adj_mark_t key_mark = ev_mark(r);
    bool usable = is_scalar(r) && !text_is_null(sc_text(r), sc_len(r), sc_plain(r));
    if (is_scalar(r) && !reader_keyset_insert(&r->keys2, sc_text(r), sc_len(r))) {
        reader_duplicate_key(&r->st, "`players`");
        return reader_pull(&r->st) && reader_skip(&r->st);
    }
    player_raw_t *p = player_push(r, key_mark);
    if (usable) {
        p->side = adj_xstrndup(sc_text(r), sc_len(r));
        p->side_len = sc_len(r);
    } else if (!reader_skip(&r->st)) {
        return false;
    }
    if (!reader_pull(&r->st))
        return false;
    p->value_mark = ev_mark(r);
    p->name = player_name(r, &p->name_len);
    return reader_skip(&r->st);
}

static bool read_players(adj_reader_t *r)
{
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        r->players = HV_BAD;
        r->players_bad_mark = ev_mark(r);
        return reader_skip(&r->st);
    }
    r->players = HV_OK;
    reader_keyset_clear(&r->keys2);
    return read_items(r, YAML_MAPPING_END_EVENT, read_player);
}

static bool read_format(adj_reader_t *r)
{
    r->format = is_scalar(r) && sc_len(r) == 10 && memcmp(sc_text(r), "adjutant/1", 10) == 0
                    ? HV_OK
                    : HV_BAD;
    if (r->format == HV_BAD)
        header_value_bad(r, HK_FORMAT, value_words(r));
    return reader_skip(&r->st);
}

static bool read_turn_key(adj_reader_t *r, hkey_t k, hv_t *state, int64_t *out)
{
    bool ok = is_scalar(r) && reader_text_int(sc_text(r), sc_len(r), sc_plain(r), out);
    *state = ok ? HV_OK : HV_BAD;
    if (!ok)
        header_value_bad(r, k, value_words(r));
    return reader_skip(&r->st);
}

/* ---- the checks at `events` (SPEC 1.2) ---- */

int32_t reader_leader_find(const adj_reader_t *r, const char *id, size_t n)
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
    size_t j = reader_hash_bytes(id, n) & mask;
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
    size_t j = reader_hash_bytes(id, strlen(id)) & mask;
    while (r->leader_table[j] >= 0)
        j = (j + 1) & mask;
    r->leader_table[j] = idx;
}

int reader_side_index(const adj_reader_t *r, const char *s, size_t n)
{
    for (int i = 0; i < 2; i++)
        if (r->header.side_len[i] == n && same_bytes(r->header.sides[i], s, n))
            return i;
    return -1;
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

/* Step 2 of SPEC 1.2: each good roster entry moves into the header (and
 * the id table); the others are reported and dropped. */
static void keep_roster(adj_reader_t *r)
{
    adj_header_t *h = &r->header;
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
        side = reader_side_index(r, e->side, e->side_len);
        int32_t have = side < 0 ? -1 : reader_leader_find(r, e->id, strlen(e->id));
        if (side < 0 || have >= 0) {
            char *sid = adj_diag_id(e->id);  /* a message keeps a bounded id */
            char *from = r->roster_borrowed ? adj_xasprintf(" (the ladder's roster, %s:%zu)",
                                                            r->sc->file, e->ladder_line)
                         : r->sc && !r->header_seen[HK_SIDES]  /* the ladder's sides */
                             ? adj_xasprintf(" (`sides` from the ladder's scenario, %s:%zu)",
                                             r->sc->file, r->sc->name.mark.line)
                             : NULL;
            if (side < 0)
                adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->side_mark, NULL, e->id, NULL,
                              "side %s of leader %s is not one of `sides` (%s, %s); the entry "
                              "is dropped%s",
                              reader_clip(&tmp, e->side, e->side_len), sid, h->sides[0],
                              h->sides[1], from ? from : "");
            else
                adj_diags_add(r->diags, ADJ_D_DUPLICATE_LEADER, e->start, NULL, e->id, NULL,
                              "leader %s is already in the roster (line %zu); this entry is "
                              "dropped",
                              sid, h->leaders[have].mark.line);
            free(sid);
            free(from);
            continue;
        }
        adj_leader_def_t *d = &h->leaders[h->leader_count];
        d->id = e->id_shared ? adj_xstrdup(e->id) : e->id;  /* the first of it was dropped */
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
}

/* Step 5 of SPEC 1.2: the optional rules. */
static void check_optional_rules(adj_reader_t *r)
{
    adj_buf_t tmp = {0};
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
                          reader_clip(&tmp, p->text, strlen(p->text)));
        else
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_OPTIONAL_RULE, p->mark, NULL, NULL, NULL,
                          "an optional rule must be a name (adjutant knows `illness`)");
    }
    adj_buf_free(&tmp);
}

/* The message for a `players` entry that names no player, or NULL. */
static char *player_problem(const adj_reader_t *r, const player_raw_t *p, adj_buf_t *tmp)
{
    const adj_header_t *h = &r->header;
    if (!p->side)
        return adj_xasprintf("a `players` key must be the name of a side (%s or %s); "
                             "the entry is dropped",
                             h->sides[0], h->sides[1]);
    if (reader_side_index(r, p->side, p->side_len) < 0)
        return adj_xasprintf("`players` names %s, which is not a side (%s or %s); "
                             "the entry is dropped",
                             reader_clip(tmp, p->side, p->side_len), h->sides[0], h->sides[1]);
    if (!p->name)
        return adj_xasprintf("the player of %s must be a name that is not empty; "
                             "the entry is dropped",
                             reader_clip(tmp, p->side, p->side_len));
    return NULL;
}

/* Step 6 of SPEC 1.2: who commanded each side. Never stops the audit. */
static void check_players(adj_reader_t *r)
{
    adj_header_t *h = &r->header;
    adj_buf_t tmp = {0};
    if (r->players == HV_BAD)
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->players_bad_mark, NULL, NULL, NULL,
                      "`players` must be a mapping of side -> player name; no player is named");
    for (size_t i = 0; i < r->players_count; i++) {
        player_raw_t *p = &r->players_raw[i];
        char *msg = player_problem(r, p, &tmp);
        if (msg) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, p->key_mark, NULL, NULL, NULL, "%s", msg);
            free(msg);
            continue;
        }
        int s = reader_side_index(r, p->side, p->side_len);
        const adj_ld_text_t *canon =
            r->player_fn ? r->player_fn(r->scenario_ctx, p->name, p->name_len, p->value_mark,
                                        r->diags)
                         : NULL;
        /* the ladder's name for him (SPEC 13), bytes with their length */
        const char *shown = canon ? canon->text : p->name;
        size_t shown_len = canon ? canon->len : p->name_len;
        h->players[s] = adj_xstrndup(shown, shown_len);
        h->player_len[s] = shown_len;
        h->written[s] = p->name;  /* the spelling met, for dice (SPEC 7) */
        h->written_len[s] = p->name_len;
        p->name = NULL;
    }
    adj_buf_free(&tmp);
}

static void free_players_raw(adj_reader_t *r)
{
    for (size_t i = 0; i < r->players_count; i++) {
        free(r->players_raw[i].side);
        free(r->players_raw[i].name);
    }
    free(r->players_raw);
    r->players_raw = NULL;
    r->players_count = r->players_cap = 0;
}

/* Steps 1-6 of SPEC 1.2; false when a bad-document stopped the audit.
 * `events`: the state of its value (HV_ABSENT: the key is missing). */
static bool check_header(adj_reader_t *r, hv_t events)
{
    if (r->first_turn == HV_ABSENT)
        r->first = 1;
    if (!reader_header_problems(r, events))
        return false;
    adj_header_t *h = &r->header;
    h->sides[0] = r->side_names[0];
    h->sides[1] = r->side_names[1];
    h->side_len[0] = r->side_lens[0];
    h->side_len[1] = r->side_lens[1];
    r->side_names[0] = r->side_names[1] = NULL;
    h->first_turn = r->first;
    h->last_turn = r->last;

    keep_roster(r);  /* 2. the roster */

    /* 3. an empty roster */
    if (h->leader_count == 0) {
        if (r->roster_count == 0)
            header_bad(r, HK_LEADERS, "`leaders` is empty: the roster needs at least one leader");
        else if (r->roster_borrowed)  /* told at the log's `scenario`, naming the ladder */
            reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, r->scenario_mark,
                        "no entry of `leaders` is kept (each of its %zu is dropped, with its own "
                        "diagnostic): the roster needs at least one leader (the ladder's "
                        "roster, %s:%zu)", r->roster_count, r->sc->file, r->roster[0].ladder_line);
        else
            header_bad(r, HK_LEADERS, "no entry of `leaders` is kept (each of its %zu is dropped, "
                                      "with its own diagnostic): the roster needs at least one "
                                      "leader", r->roster_count);
        return false;
    }

    /* 4. the IMC table (its rows, one per rating: the first counts) */
    if (r->imc == HV_BAD) {
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->imc_bad_mark, NULL, NULL, NULL,
                      "%s; the whole table is dropped", r->imc_bad_msg);
    } else if (r->imc == HV_OK) {
        build_imc(r);
    }

    check_optional_rules(r);  /* 5. */
    h->illness = r->illness;
    check_players(r);  /* 6. */
    free_players_raw(r);
    r->header_ready = true;
    free_roster_raw(r);  /* the kept entries moved into the header */
    return true;
}
/* ------------------------------------------------------------------ */
/* The document up to `events`                                         */
/* ------------------------------------------------------------------ */

bool reader_header_value(adj_reader_t *r, int hk)
{
    if (hk >= 0)
        r->hv_mark[hk] = ev_mark(r);
    switch (hk) {
    case HK_FORMAT:
        return read_format(r);
    case HK_FIRST_TURN:
        return read_turn_key(r, HK_FIRST_TURN, &r->first_turn, &r->first);
    case HK_LAST_TURN:
        return read_turn_key(r, HK_LAST_TURN, &r->last_turn, &r->last);
    case HK_OPTIONAL_RULES:
        return read_optional_rules(r);
    case HK_SIDES:
        return read_sides(r);
    case HK_LEADERS:
        return read_leaders(r);
    case HK_IMC:
        return read_imc(r);
    case HK_PLAYERS:
        return read_players(r);
    case HK_RULINGS:
        return reader_read_rulings(r, &r->header.rulings, &r->header.ruling_count,
                                   &r->header.rulings_bad, &r->header.rulings_mark);
    case HK_SCENARIO:  /* not checked (SPEC 1.1), only kept for reports that show it */
        if (is_scalar(r) && !text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            r->scenario = adj_xstrndup(sc_text(r), sc_len(r));
            r->scenario_len = sc_len(r);
            r->scenario_mark = ev_mark(r);
        }
        return reader_skip(&r->st);
    default:
        return reader_skip(&r->st);  /* game, unknown keys */
    }
}

/* From the stream's start to the `events` key: the header. */
adj_read_status_t reader_read_start(adj_reader_t *r)
{
    if (!reader_pull(&r->st) || !reader_pull(&r->st))
        return reader_status(&r->st);
    if (r->st.ev.type == YAML_STREAM_END_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, (adj_mark_t){1, 1},
                    "the file holds no YAML document (it is empty or only comments)");
        return reader_status(&r->st);
    }
    adj_mark_t doc_mark = ev_mark(r);
    if (!reader_pull(&r->st))
        return reader_status(&r->st);
    /* the start of the top node (SPEC 4); an empty one stands where the
     * next line would begin: the document's `---` then */
    bool empty = is_scalar(r) && sc_len(r) == 0 && sc_plain(r);
    r->doc_start = empty ? doc_mark : ev_mark(r);
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, r->doc_start,
             "the document must be a mapping with format, last_turn, sides, leaders and events");
        return reader_status(&r->st);
    }
    reader_keyset_clear(&r->keys);
    for (;;) {
        if (!reader_pull(&r->st))
            return reader_status(&r->st);
        if (r->st.ev.type == YAML_MAPPING_END_EVENT) {
            check_header(r, HV_ABSENT);  /* every header problem, `events` first */
            return reader_status(&r->st);
        }
        adj_mark_t key_mark = ev_mark(r);
        if (!is_scalar(r) || text_is_null(sc_text(r), sc_len(r), sc_plain(r))) {
            reader_unknown_field(&r->st, key_mark, NULL, 0, "the header", NULL, 0);
            if (!reader_skip(&r->st) || !reader_pull(&r->st) || !reader_skip(&r->st))
                return reader_status(&r->st);
            continue;
        }
        int hk = -1;
        for (int i = 0; i < HK_COUNT; i++)
            if (strlen(header_keys[i]) == sc_len(r) && strcmp(header_keys[i], sc_text(r)) == 0)
                hk = i;
        bool dup = hk >= 0 ? r->header_seen[hk]
                           : !reader_keyset_insert(&r->keys, sc_text(r), sc_len(r));
        if (dup) {
            reader_duplicate_key(&r->st, "the header");
            if (!reader_pull(&r->st) || !reader_skip(&r->st))
                return reader_status(&r->st);
            continue;
        }
        if (hk < 0)
            reader_unknown_field(&r->st, key_mark, sc_text(r), sc_len(r), "the header", header_keys,
                                 HK_COUNT);
        else
            r->header_seen[hk] = true;
        if (!reader_pull(&r->st))
            return reader_status(&r->st);
        if (hk == HK_EVENTS) {
            r->hv_mark[HK_EVENTS] = ev_mark(r);
            bool list = r->st.ev.type == YAML_SEQUENCE_START_EVENT;
            if (!list)
                header_value_bad(r, HK_EVENTS, value_words(r));
            reader_complete_header(r);  /* a ladder scenario's keys the log lacks (SPEC 13) */
            if (!check_header(r, list ? HV_OK : HV_BAD))
                return reader_status(&r->st);
            r->st.state = RS_EVENTS;
            return ADJ_READ_HEADER;
        }
        bool ok = reader_header_value(r, hk);
        if (!ok)
            return reader_status(&r->st);
    }
}


void reader_header_free(adj_reader_t *r)
{
    free_roster_raw(r);
    free(r->side_names[0]);
    free(r->side_names[1]);
    free(r->scenario);
    free(r->imc_raw);
    free(r->imc_bad_msg);
    for (int k = 0; k < HK_COUNT; k++)
        free(r->hv_what[k]);
    for (size_t i = 0; i < r->rules_unknown_count; i++)
        free(r->rules_unknown[i].text);
    free(r->rules_unknown);
    free_players_raw(r);
    adj_header_t *h = &r->header;
    free(h->sides[0]);
    free(h->sides[1]);
    free(h->players[0]);
    free(h->players[1]);
    free(h->written[0]);
    free(h->written[1]);
    for (size_t i = 0; i < h->ruling_count; i++) {
        free(h->rulings[i].name);
        free(h->rulings[i].value);
    }
    free(h->rulings);
    for (size_t i = 0; i < h->leader_count && !r->roster_borrowed; i++) {
        free(h->leaders[i].id);
        free(h->leaders[i].name);
    }
    free(h->leaders);
    free(h->imc_rows);
    free(r->leader_table);
}

const char *adj_reader_scenario(const adj_reader_t *r, size_t *len)
{
    *len = r->scenario_len;
    return r->scenario;
}
