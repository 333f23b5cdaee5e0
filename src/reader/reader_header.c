/* SPDX-License-Identifier: MIT */
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
#define RD_X(e, key, ...) key,
    ADJ_HEADER_KEY_LIST(RD_X)
#undef RD_X
};

static const char *const roster_keys[RK_COUNT] = {
#define RD_X(e, key, ...) key,
    ADJ_ROSTER_KEY_LIST(RD_X)
#undef RD_X
};


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

/* Roster key k's value (its row), the current event, into entry ctx. */
static bool roster_value(adj_reader_t *r, void *ctx, int k)
{
    roster_raw_t *e = ctx;
    e->given |= 1u << k;
    if (!is_scalar(r)) {
        roster_bad(e, ev_mark(r),
                   adj_xasprintf("roster field `%s` must be a scalar", roster_keys[k]));
        return reader_skip(&r->st);
    }
    roster_field(r, e, (rkey_t)k, ev_mark(r));
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
    reader_keyset_clear(&r->keys2);
    return reader_read_map(r, &(reader_map_t){.where = "a roster entry", .keys = roster_keys,
                                              .n = RK_COUNT, .seen = seen, .others = &r->keys2,
                                              .first = &e->start, .value = roster_value,
                                              .ctx = e}) != MAP_STOPPED;
}

/* item(r) for each item of the list just opened, up to its end; false
 * when the reader stopped. */
static bool read_items(adj_reader_t *r, bool (*item)(adj_reader_t *))
{
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
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
    return read_items(r, read_roster_entry);
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

/* An `imc` row, the current event: *ok when it is six integers >= 0, in
 * row. False when the reader stopped. */
static bool read_imc_row(adj_reader_t *r, int64_t row[6], bool *ok)
{
    *ok = r->st.ev.type == YAML_SEQUENCE_START_EVENT;
    if (!*ok)
        return reader_skip(&r->st);
    size_t n = 0;
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
            break;
        int64_t v;
        if (is_scalar(r) && reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &v) && v >= 0) {
            if (n < 6)
                row[n] = v;
        } else {
            *ok = false;
            if (!reader_skip(&r->st))
                return false;
        }
        n++;
    }
    *ok = *ok && n == 6;
    return true;
}

static void imc_push(adj_reader_t *r, int64_t rating, const int64_t row[6])
{
    if (r->imc_count == r->imc_cap) {
        r->imc_cap = r->imc_cap ? r->imc_cap * 2 : 8;
        r->imc_raw = adj_xreallocarray(r->imc_raw, r->imc_cap, sizeof *r->imc_raw);
    }
    r->imc_raw[r->imc_count].rating = rating;
    memcpy(r->imc_raw[r->imc_count].mp, row, sizeof r->imc_raw[r->imc_count].mp);
    r->imc_count++;
}

/* One rating (the key, the current event) and its row of six MPs. */
static bool read_imc_item(adj_reader_t *r, void *ctx)
{
    (void)ctx;
    int64_t rating = 0;
    bool key_ok = false;
    if (is_scalar(r)) {
        key_ok = reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &rating);
        if (!key_ok)
            imc_bad(r, ev_mark(r), adj_xasprintf("`imc` rating %s is not an integer",
                                                 reader_clip(&r->tmp, sc_text(r), sc_len(r))));
    } else {
        imc_bad(r, ev_mark(r), adj_xasprintf("`imc` rating is not an integer"));
        if (!reader_skip(&r->st))
            return false;
    }
    if (!reader_pull(&r->st))
        return false;
    adj_mark_t vm = ev_mark(r);
    int64_t row[6];
    bool row_ok;
    if (!read_imc_row(r, row, &row_ok))
        return false;
    if (!row_ok)
        imc_bad(r, vm, adj_xasprintf("`imc` row must be a list of six integers >= 0"));
    else if (key_ok)
        imc_push(r, rating, row);
    return true;
}

/* `imc`: rating -> six MPs, each rating once. */
static bool read_imc(adj_reader_t *r)
{
    r->imc = HV_OK;
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        imc_bad(r, ev_mark(r), adj_xasprintf("`imc` must be a mapping of rating -> six MPs"));
        return reader_skip(&r->st);
    }
    reader_keyset_clear(&r->keys2);
    return reader_read_map(r, &(reader_map_t){.where = "`imc`", .others = &r->keys2,
                                              .item = read_imc_item}) != MAP_STOPPED;
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
static bool read_player(adj_reader_t *r, void *ctx)
{
    (void)ctx;
    adj_mark_t key_mark = ev_mark(r);
    bool usable = is_scalar(r) && !text_is_null(sc_text(r), sc_len(r), sc_plain(r));
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
    return reader_read_map(r, &(reader_map_t){.where = "`players`", .others = &r->keys2,
                                              .item = read_player}) != MAP_STOPPED;
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

/* The largest `round`: any season's, with room for the periods' arithmetic. */
#define HEADER_MAX_ROUND 1000000000

/* `round`: the ladder round the game belongs to, a positive integer. */
static bool read_round(adj_reader_t *r)
{
    int64_t v;
    bool ok = is_scalar(r) && reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &v) &&
              v >= 1 && v <= HEADER_MAX_ROUND;
    r->round = ok ? HV_OK : HV_BAD;
    r->header.round = ok ? v : 0;
    if (!ok)
        header_value_bad(r, HK_ROUND, value_words(r));
    return reader_skip(&r->st);
}

/* YYYY-MM-DD, a day of the Gregorian calendar from year 1000; its month as
 * year * 12 + month - 1 in *month. */
static bool header_date(const char *s, size_t n, int64_t *month)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (n != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (size_t i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return false;
    int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int m = (s[5] - '0') * 10 + (s[6] - '0'), d = (s[8] - '0') * 10 + (s[9] - '0');
    if (y < 1000 || m < 1 || m > 12 || d < 1)
        return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d > days[m - 1] + (m == 2 && leap))
        return false;
    *month = (int64_t)y * 12 + m - 1;
    return true;
}

/* `played`: the day the game was played, YYYY-MM-DD. */
static bool read_played(adj_reader_t *r)
{
    int64_t month;
    bool ok = is_scalar(r) && header_date(sc_text(r), sc_len(r), &month);
    r->played = ok ? HV_OK : HV_BAD;
    r->header.played_month = ok ? month : 0;
    if (ok)
        memcpy(r->header.played, sc_text(r), 10), r->header.played[10] = 0;
    else
        header_value_bad(r, HK_PLAYED, value_words(r));
    return reader_skip(&r->st);
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
    case HK_ROUND:
        return read_round(r);
    case HK_PLAYED:
        return read_played(r);
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

/* The stream's start to its document's top mapping, the current event;
 * false when there is none (said) or the reader stopped. */
static bool read_document_start(adj_reader_t *r)
{
    if (!reader_pull(&r->st) || !reader_pull(&r->st))
        return false;
    if (r->st.ev.type == YAML_STREAM_END_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, (adj_mark_t){1, 1},
                    "the file holds no YAML document (it is empty or only comments)");
        return false;
    }
    adj_mark_t doc_mark = ev_mark(r);
    if (!reader_pull(&r->st))
        return false;
    /* the start of the top node (SPEC 4); an empty one stands where the
     * next line would begin: the document's `---` then */
    bool empty = is_scalar(r) && sc_len(r) == 0 && sc_plain(r);
    r->doc_start = empty ? doc_mark : ev_mark(r);
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, r->doc_start,
             "the document must be a mapping with format, last_turn, sides, leaders and events");
        return false;
    }
    return true;
}

static bool header_key_value(adj_reader_t *r, void *ctx, int k)
{
    (void)ctx;
    return reader_header_value(r, k);
}

/* At `events`, its value the current event: the header checked and kept. */
static adj_read_status_t header_at_events(adj_reader_t *r)
{
    r->hv_mark[HK_EVENTS] = ev_mark(r);
    bool list = r->st.ev.type == YAML_SEQUENCE_START_EVENT;
    if (!list)
        header_value_bad(r, HK_EVENTS, value_words(r));
    reader_complete_header(r);  /* a ladder scenario's keys the log lacks (SPEC 13) */
    if (!reader_header_keep(r, list ? HV_OK : HV_BAD))
        return reader_status(&r->st);
    r->st.state = RS_EVENTS;
    return ADJ_READ_HEADER;
}

_Static_assert(HK_COUNT <= 64, "reader_map_t's `leave` holds a bit per header key");

/* From the stream's start to the `events` key: the header. */
adj_read_status_t reader_read_start(adj_reader_t *r)
{
    if (!read_document_start(r))
        return reader_status(&r->st);
    reader_keyset_clear(&r->keys);
    switch (reader_read_map(r, &(reader_map_t){.where = "the header", .keys = header_keys,
                                               .n = HK_COUNT, .seen = r->header_seen,
                                               .others = &r->keys,
                                               .leave = UINT64_C(1) << HK_EVENTS,
                                               .value = header_key_value})) {
    case MAP_LEFT:
        return header_at_events(r);
    case MAP_END:
        reader_header_keep(r, HV_ABSENT);  /* every header problem, `events` first */
        return reader_status(&r->st);
    default:
        return reader_status(&r->st);
    }
}

void reader_header_free(adj_reader_t *r)
{
    reader_roster_free(r);
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
    reader_players_free(r);
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
