/* SPDX-License-Identifier: MIT */
/*
 * reader_ladder.c - a ladder file (SPEC 13) read with the header stage's
 * value readers, so that a scenario's values are checked as a log's header
 * values are (the same scalar rules, types and ranges); and, at a log's
 * `events`, its header completed from its ladder scenario, as data.
 *
 * The reader knows no ruling and no player key: a ladder's `rulings` and
 * `players` are handed on as written, for the ladder module to check.
 */
#include "reader_ladder.h"

#include <stdlib.h>
#include <string.h>

#define LADDER_FORMAT "adjutant-ladder/1"

static adj_ld_text_t take_text(const adj_reader_t *r)
{
    return (adj_ld_text_t){adj_xstrndup(sc_text(r), sc_len(r)), sc_len(r), ev_mark(r)};
}


/* bad-field at m: `what` (a message), after `prefix`. */
static void bad(adj_reader_t *r, adj_mark_t m, const char *prefix, const char *what)
{
    adj_diags_add(r->diags, ADJ_D_BAD_FIELD, m, NULL, NULL, NULL, "%s%s", prefix, what);
}

/* Each mapping's keys are read by the header stage's one key loop
 * (reader_read_map), against the tables below. */
static bool read_keys(adj_reader_t *r, const char *const *keys, size_t n, const char *where,
                      bool *seen, bool (*value)(adj_reader_t *r, void *ctx, int k), void *ctx)
{
    return reader_read_map(r, &(reader_map_t){.where = where, .keys = keys, .n = n,
                                              .seen = seen, .value = value, .ctx = ctx});
}

/* The tables, from adj_ladder.h's lists. */
#define LD_KEY(e, key, ...) key,
static const char *const ladder_keys[] = {ADJ_LADDER_KEY_LIST(LD_KEY)};
static const char *const player_keys[] = {ADJ_LADDER_PLAYER_KEY_LIST(LD_KEY)};
static const char *const victory_keys[] = {ADJ_LADDER_VICTORY_KEY_LIST(LD_KEY)};
static const char *const scenario_keys[] = {ADJ_LADDER_SCENARIO_KEY_LIST(LD_KEY, LD_KEY)};
static const char *const ratings_keys[] = {ADJ_LADDER_RATINGS_KEY_LIST(LD_KEY)};
static const char *const initial_keys[] = {ADJ_LADDER_INITIAL_KEY_LIST(LD_KEY)};
#undef LD_KEY
/* Each scenario key's header key (-1: the scenario's own), parallel to scenario_keys. */
#define LD_HK(e, key) HK_##e,
#define LD_OWN(e, key, type) -1,
static const int scenario_hk[] = {ADJ_LADDER_SCENARIO_KEY_LIST(LD_HK, LD_OWN)};
#undef LD_HK
#undef LD_OWN
#define LD_COUNT(a) (sizeof a / sizeof *a)
_Static_assert(LD_COUNT(scenario_hk) == LD_COUNT(scenario_keys),
               "scenario_hk follows scenario_keys row for row");

#define LD_ENUM(e, ...) LK_##e,
enum { ADJ_LADDER_KEY_LIST(LD_ENUM) LK_COUNT };
#undef LD_ENUM
#define LD_ENUM(e, ...) PK_##e,
enum { ADJ_LADDER_PLAYER_KEY_LIST(LD_ENUM) PK_COUNT };
#undef LD_ENUM
#define LD_ENUM(e, ...) VK_##e,
enum { ADJ_LADDER_VICTORY_KEY_LIST(LD_ENUM) VK_COUNT };
#undef LD_ENUM
#define LD_ENUM(e, ...) RTK_##e,
enum { ADJ_LADDER_RATINGS_KEY_LIST(LD_ENUM) RTK_COUNT };
#undef LD_ENUM
#define LD_ENUM(e, ...) INK_##e,
enum { ADJ_LADDER_INITIAL_KEY_LIST(LD_ENUM) INK_COUNT };
#undef LD_ENUM
_Static_assert(LD_COUNT(ratings_keys) == RTK_COUNT && LD_COUNT(initial_keys) == INK_COUNT,
               "the ratings' key tables follow their lists");
_Static_assert(LD_COUNT(ladder_keys) == LK_COUNT && LD_COUNT(player_keys) == PK_COUNT &&
               LD_COUNT(victory_keys) == VK_COUNT, "each key table follows its list");

void adj_reader_set_ladder(adj_reader_t *r, adj_scenario_fn scenario, adj_player_fn player,
                           void *ctx)
{
    r->scenario_fn = scenario;
    r->player_fn = player;
    r->scenario_ctx = ctx;
}

/* ---- a scenario of a ladder file: read as a header, then checked ---- */

/* The raw header values back to nothing, ready for the next scenario. */
static void raw_reset(adj_reader_t *r)
{
    for (size_t i = 0; i < r->roster_count; i++) {
        roster_raw_t *e = &r->roster[i];
        free(e->bad_msg);
        if (!e->id_shared)
            free(e->id);
        free(e->name);
        free(e->side);
    }
    r->roster_count = 0;
    free(r->roster_ids);
    r->roster_ids = NULL;
    r->roster_ids_cap = r->roster_ids_count = 0;
    free(r->side_names[0]);
    free(r->side_names[1]);
    r->side_names[0] = r->side_names[1] = NULL;
    r->imc_count = 0;
    free(r->imc_bad_msg);
    r->imc_bad_msg = NULL;
    for (size_t i = 0; i < r->rules_unknown_count; i++)
        free(r->rules_unknown[i].text);
    r->rules_unknown_count = 0;
    r->first_turn = r->last_turn = r->sides = r->leaders = r->imc = HV_ABSENT;
    r->optional_rules = HV_ABSENT;
    r->illness = false;
    memset(r->header_seen, 0, sizeof r->header_seen);
}

static const char *sides_text(const adj_scenario_t *sc, int i)
{
    return sc->has & ADJ_SC_SIDES ? sc->sides[i] : "";
}

/* Each roster entry that a log would drop is a problem (SPEC 13). */
static void take_roster(adj_reader_t *r, adj_scenario_t *sc)
{
    sc->leaders = adj_xcalloc(r->roster_count ? r->roster_count : 1, sizeof *sc->leaders);
    adj_buf_t tmp = {0};
    for (size_t i = 0; i < r->roster_count; i++) {
        roster_raw_t *e = &r->roster[i];
        if (!e->is_map) {
            bad(r, e->start, "", "a roster entry must be a mapping with `id` and `side`");
            continue;
        }
        if (e->has_bad) {
            bad(r, e->bad_mark, "", e->bad_msg);
            continue;
        }
        if (!e->id || !e->side) {
            bad(r, e->start, "roster entry lacks ", !e->id ? "`id`" : "`side`");
            continue;
        }
        if (e->id_shared) {
            adj_diags_add(r->diags, ADJ_D_DUPLICATE_LEADER, e->start, NULL, NULL, NULL,
                          "leader %s is already in the roster", reader_clip(&tmp, e->id,
                                                                            strlen(e->id)));
            continue;
        }
        bool known = (sc->has & ADJ_SC_SIDES) &&
                     ((sc->side_len[0] == e->side_len &&
                       memcmp(sc->sides[0], e->side, e->side_len) == 0) ||
                      (sc->side_len[1] == e->side_len &&
                       memcmp(sc->sides[1], e->side, e->side_len) == 0));
        if ((sc->has & ADJ_SC_SIDES) && !known) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->side_mark, NULL, NULL, NULL,
                          "side %s is not one of the scenario's `sides` (%s, %s)",
                          reader_clip(&tmp, e->side, e->side_len), sides_text(sc, 0),
                          sides_text(sc, 1));
            continue;
        }
        sc->leaders[sc->leader_count++] = (adj_sc_leader_t){
            .id = e->id, .name = e->name, .side = e->side, .side_len = e->side_len,
            .given = e->given, .has_initiative = e->has_initiative,
            .initiative = e->initiative, .vp = e->vp, .wound = e->wound,
            .reserve = e->reserve, .mark = e->start};
        e->id = e->name = e->side = NULL;
    }
    adj_buf_free(&tmp);
}

static void take_turns_and_sides(adj_reader_t *r, adj_scenario_t *sc)
{
    if (r->first_turn == HV_BAD)
        bad(r, r->hv_mark[HK_FIRST_TURN], "", "`first_turn` must be an integer");
    if (r->last_turn == HV_BAD)
        bad(r, r->hv_mark[HK_LAST_TURN], "", "`last_turn` must be an integer");
    if (r->first_turn == HV_OK && r->last_turn == HV_OK && r->last < r->first)
        bad(r, r->hv_mark[HK_LAST_TURN], "", "`last_turn` is before `first_turn`");
    sc->has |= (r->first_turn == HV_OK ? ADJ_SC_FIRST_TURN : 0) |
               (r->last_turn == HV_OK ? ADJ_SC_LAST_TURN : 0);
    sc->first_turn = r->first;
    sc->last_turn = r->last;
    if (r->sides == HV_BAD)
        bad(r, r->hv_mark[HK_SIDES], "", "`sides` must be a list of two distinct names");
    if (r->sides == HV_OK) {
        sc->has |= ADJ_SC_SIDES;
        for (int i = 0; i < 2; i++) {
            sc->sides[i] = r->side_names[i];
            sc->side_len[i] = r->side_lens[i];
            r->side_names[i] = NULL;
        }
    }
}

/* The raw values of one scenario checked and moved into sc. */
static void take_scenario(adj_reader_t *r, adj_scenario_t *sc)
{
    take_turns_and_sides(r, sc);
    if (r->leaders == HV_BAD)
        bad(r, r->hv_mark[HK_LEADERS], "", "`leaders` must be a list");
    if (r->leaders == HV_OK) {
        sc->has |= ADJ_SC_LEADERS;
        if (!(sc->has & ADJ_SC_SIDES) && r->sides == HV_ABSENT)
            bad(r, r->hv_mark[HK_LEADERS], "",
                "a scenario holding `leaders` must hold `sides`");
        else if (r->roster_count == 0)
            bad(r, r->hv_mark[HK_LEADERS], "", "the roster holds no leader");
        take_roster(r, sc);
    }
    if (r->imc == HV_BAD)
        bad(r, r->imc_bad_mark, "", r->imc_bad_msg);
    if (r->imc == HV_OK) {
        sc->has |= ADJ_SC_IMC;
        sc->imc = adj_xcalloc(r->imc_count ? r->imc_count : 1, sizeof *sc->imc);
        for (size_t i = 0; i < r->imc_count; i++) {
            sc->imc[i][0] = r->imc_raw[i].rating;
            memcpy(&sc->imc[i][1], r->imc_raw[i].mp, sizeof r->imc_raw[i].mp);
        }
        sc->imc_count = r->imc_count;
    }
    if (r->optional_rules == HV_BAD)
        bad(r, r->rules_bad_mark, "", "`optional_rules` must be a list");
    adj_buf_t tmp = {0};
    for (size_t i = 0; i < r->rules_unknown_count; i++) {
        const pending_rule_t *p = &r->rules_unknown[i];
        adj_diags_add(r->diags, ADJ_D_UNKNOWN_OPTIONAL_RULE, p->mark, NULL, NULL, NULL,
                      "unknown optional rule %s (adjutant knows `illness`, rule 8.13)",
                      p->text ? reader_clip(&tmp, p->text, strlen(p->text)) : "(not a name)");
    }
    adj_buf_free(&tmp);
    if (r->optional_rules == HV_OK)
        sc->has |= ADJ_SC_OPTIONAL_RULES;
    sc->illness = r->illness;
    raw_reset(r);
}

/* ---- victory: [{margin, level}] ---- */

/* A victory row's values as they are read. */
typedef struct victory_row_s {
    int64_t margin;
    char *level;        /* owned */
    bool has[VK_COUNT]; /* a valid value was read */
} victory_row_t;

static bool victory_value(adj_reader_t *r, void *ctx, int k)
{
    victory_row_t *v = ctx;
    if (k == VK_MARGIN && !(is_scalar(r) &&
                            reader_text_int(sc_text(r), sc_len(r), sc_plain(r), &v->margin) &&
                            v->margin >= 1))
        bad(r, ev_mark(r), "", "`margin` must be an integer >= 1"), k = -1;
    if (k == VK_LEVEL && !(usable_scalar(r) && sc_len(r) > 0))
        bad(r, ev_mark(r), "", "`level` must be a string that is not empty"), k = -1;
    if (k == VK_LEVEL)
        v->level = adj_xstrndup(sc_text(r), sc_len(r));
    if (k >= 0)
        v->has[k] = true;
    return reader_skip(&r->st);
}

static bool read_victory_row(adj_reader_t *r, adj_scenario_t *sc, size_t *cap)
{
    adj_mark_t start = ev_mark(r);
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        bad(r, start, "", "a victory row must be a mapping {margin, level}");
        return reader_skip(&r->st);
    }
    victory_row_t v = {0};
    bool given[VK_COUNT] = {false};
    bool ok = read_keys(r, victory_keys, VK_COUNT, "a victory row", given, victory_value, &v);
    if (ok && (!given[VK_MARGIN] || !given[VK_LEVEL]))
        bad(r, start, "a victory row lacks ", !given[VK_MARGIN] ? "`margin`" : "`level`");
    if (ok && v.has[VK_MARGIN] && v.has[VK_LEVEL]) {
        for (size_t i = 0; i < sc->victory_count; i++)
            if (sc->victory[i].margin == v.margin) {
                bad(r, start, "", "another victory row has this margin");
                free(v.level);
                return true;
            }
        if (sc->victory_count == *cap) {
            *cap = *cap ? *cap * 2 : 4;
            sc->victory = adj_xreallocarray(sc->victory, *cap, sizeof *sc->victory);
        }
        sc->victory[sc->victory_count++] = (adj_sc_victory_t){v.margin, v.level, start};
        return true;
    }
    free(v.level);
    return ok;
}

static bool read_victory(adj_reader_t *r, adj_scenario_t *sc)
{
    if (r->st.ev.type != YAML_SEQUENCE_START_EVENT) {
        bad(r, ev_mark(r), "", "`victory` must be a list of {margin, level}");
        return reader_skip(&r->st);
    }
    sc->has |= ADJ_SC_VICTORY;
    size_t cap = 0;
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
            return true;
        if (!read_victory_row(r, sc, &cap))
            return false;
    }
}


/* ---- the document ---- */

static bool scenario_value(adj_reader_t *r, void *ctx, int k)
{
    return scenario_hk[k] < 0 ? read_victory(r, ctx) : reader_header_value(r, scenario_hk[k]);
}

/* One scenario's mapping, the current event its start. */
static bool read_scenario_map(adj_reader_t *r, adj_scenario_t *sc)
{
    bool seen[LD_COUNT(scenario_keys)] = {false};
    return read_keys(r, scenario_keys, LD_COUNT(scenario_keys), "a scenario", seen,
                     scenario_value, sc);
}

/* `names`: the scenarios' names so far (a set: linear in a hostile file's
 * thousands of scenarios). */
static bool read_scenario(adj_reader_t *r, adj_ladder_doc_t *doc, size_t *cap, keyset_t *names)
{
    adj_mark_t key_mark = ev_mark(r);
    bool named = usable_scalar(r);
    if (named && !reader_keyset_insert(names, sc_text(r), sc_len(r))) {
        reader_duplicate_key(&r->st, "`scenarios`");
        return reader_pull(&r->st) && reader_skip(&r->st);
    }
    if (!named)
        bad(r, key_mark, "", "a scenario's name must be a string");
    adj_ld_text_t name = named ? take_text(r) : (adj_ld_text_t){0};
    if (!reader_skip(&r->st) || !reader_pull(&r->st)) {
        free(name.text);
        return false;
    }
    if (!named || r->st.ev.type != YAML_MAPPING_START_EVENT) {
        if (named)
            bad(r, ev_mark(r), "", "a scenario must be a mapping of header keys");
        free(name.text);
        return reader_skip(&r->st);
    }
    if (doc->scenario_count == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        doc->scenarios = adj_xreallocarray(doc->scenarios, *cap, sizeof *doc->scenarios);
    }
    adj_scenario_t *sc = &doc->scenarios[doc->scenario_count++];
    *sc = (adj_scenario_t){.name = name, .file = r->filename};
    raw_reset(r);
    bool ok = read_scenario_map(r, sc);
    take_scenario(r, sc);
    return ok;
}

static bool read_scenarios(adj_reader_t *r, adj_ladder_doc_t *doc)
{
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        bad(r, ev_mark(r), "", "`scenarios` must be a mapping of name -> header keys");
        return reader_skip(&r->st);
    }
    size_t cap = 0;
    keyset_t names = {0};
    bool ok;
    while ((ok = reader_pull(&r->st)) && r->st.ev.type != YAML_MAPPING_END_EVENT)
        if (!(ok = read_scenario(r, doc, &cap, &names)))
            break;
    reader_keyset_free(&names);
    return ok;
}

/* A player's name or alias: a string not empty once spaces are removed. */
static bool player_text(adj_reader_t *r, adj_ld_text_t *out, const char *what)
{
    bool ok = usable_scalar(r);
    size_t a = 0, b = ok ? sc_len(r) : 0;
    while (ok && a < b && sc_text(r)[a] == ' ')
        a++;
    while (ok && b > a && sc_text(r)[b - 1] == ' ')
        b--;
    if (!ok || a == b) {
        bad(r, ev_mark(r), what, " must be a name that is not empty");
        return reader_skip(&r->st);
    }
    *out = (adj_ld_text_t){adj_xstrndup(sc_text(r) + a, b - a), b - a, ev_mark(r)};
    return true;
}

static bool read_aliases(adj_reader_t *r, adj_ld_player_t *p)
{
    if (r->st.ev.type != YAML_SEQUENCE_START_EVENT) {
        bad(r, ev_mark(r), "", "`aliases` must be a list of names");
        return reader_skip(&r->st);
    }
    size_t cap = p->alias_count;  /* grown geometrically: a hostile list costs n, not n^2 */
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
            return true;
        adj_ld_text_t t = {0};
        if (!player_text(r, &t, "an alias"))
            return false;
        if (!t.text)
            continue;
        if (p->alias_count == cap) {
            cap = cap ? cap * 2 : 4;
            p->aliases = adj_xreallocarray(p->aliases, cap, sizeof *p->aliases);
        }
        p->aliases[p->alias_count++] = t;
    }
}

static bool player_value(adj_reader_t *r, void *ctx, int k)
{
    adj_ld_player_t *p = ctx;
    return k == PK_NAME ? player_text(r, &p->name, "a player's `name`") : read_aliases(r, p);
}

static bool read_player_entry(adj_reader_t *r, adj_ld_player_t *p)
{
    bool has[PK_COUNT] = {false};
    if (!read_keys(r, player_keys, PK_COUNT, "a player", has, player_value, p))
        return false;
    if (!has[PK_NAME])
        bad(r, p->start, "", "a player lacks `name`");
    return true;
}

static bool read_players_list(adj_reader_t *r, adj_ladder_doc_t *doc)
{
    if (r->st.ev.type != YAML_SEQUENCE_START_EVENT) {
        bad(r, ev_mark(r), "", "`players` must be a list of {name, aliases}");
        return reader_skip(&r->st);
    }
    size_t cap = doc->player_count;  /* grown geometrically (issue 33: 40,000 players) */
    for (;;) {
        if (!reader_pull(&r->st))
            return false;
        if (r->st.ev.type == YAML_SEQUENCE_END_EVENT)
            return true;
        if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
            bad(r, ev_mark(r), "", "a player must be a mapping {name, aliases}");
            if (!reader_skip(&r->st))
                return false;
            continue;
        }
        if (doc->player_count == cap) {
            cap = cap ? cap * 2 : 16;
            doc->players = adj_xreallocarray(doc->players, cap, sizeof *doc->players);
        }
        adj_ld_player_t *p = &doc->players[doc->player_count++];
        *p = (adj_ld_player_t){.start = ev_mark(r)};
        if (!read_player_entry(r, p))
            return false;
    }
}

/* ---- ratings ---- */

/* A plain decimal number, digits with an optional point and fraction
 * (`0.5`, `1500`, `.06` is not one), into *out. */
static bool ladder_number(const adj_reader_t *r, double *out)
{
    if (!is_scalar(r) || !sc_plain(r))
        return false;
    const char *s = sc_text(r);
    size_t n = sc_len(r), i = 0, digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++, digits++;
    if (digits == 0 || digits > 12)
        return false;
    if (i < n && s[i] == '.') {
        size_t f = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == f || i - f > 12)
            return false;
    }
    if (i != n)
        return false;
    char buf[32];
    memcpy(buf, s, n);
    buf[n] = 0;
    *out = strtod(buf, NULL);
    return true;
}

/* A number of `ratings`: within (lo, hi] (lo itself too when lo_in). */
static void ratings_number(adj_reader_t *r, const char *key, double *out, double lo, bool lo_in,
                           double hi)
{
    double v;
    if (ladder_number(r, &v) && (v > lo || (lo_in && v == lo)) && v <= hi) {
        *out = v;
        return;
    }
    adj_buf_t tmp = {0};
    adj_diags_add(r->diags, ADJ_D_BAD_FIELD, ev_mark(r), NULL, NULL, NULL,
                  lo_in ? "`%s` must be a number from %g to %g, not %s"
                        : "`%s` must be a number above %g and at most %g, not %s", key, lo, hi,
                  is_scalar(r) ? reader_clip(&tmp, sc_text(r), sc_len(r)) : "a collection");
    adj_buf_free(&tmp);
}

static bool initial_value(adj_reader_t *r, void *ctx, int k)
{
    adj_ld_ratings_t *rt = ctx;
    if (k == INK_RATING)
        ratings_number(r, "rating", &rt->rating, 0, true, 4000);
    else if (k == INK_RD)
        ratings_number(r, "rd", &rt->rd, 0, false, 1000);
    else if (k == INK_VOLATILITY)
        ratings_number(r, "volatility", &rt->volatility, 0, false, 1);
    return reader_skip(&r->st);
}

static bool ratings_value(adj_reader_t *r, void *ctx, int k)
{
    adj_ld_ratings_t *rt = ctx;
    if (k == RTK_PERIOD) {
        if (is_scalar(r) && text_is(sc_text(r), sc_len(r), "round"))
            rt->period = ADJ_PERIOD_ROUND;
        else if (is_scalar(r) && text_is(sc_text(r), sc_len(r), "month"))
            rt->period = ADJ_PERIOD_MONTH;
        else
            bad(r, ev_mark(r), "", "`period` must be `round` or `month`");
    } else if (k == RTK_TAU) {
        ratings_number(r, "tau", &rt->tau, 0, false, 2);
    } else if (k == RTK_INITIAL) {
        if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
            bad(r, ev_mark(r), "", "`initial` must be a mapping {rating, rd, volatility}");
            return reader_skip(&r->st);
        }
        bool seen[INK_COUNT] = {false};
        return read_keys(r, initial_keys, INK_COUNT, "`initial`", seen, initial_value, rt);
    }
    return reader_skip(&r->st);
}

static bool read_ratings(adj_reader_t *r, adj_ladder_doc_t *doc)
{
    adj_ld_ratings_t *rt = &doc->ratings;
    *rt = (adj_ld_ratings_t){true, ADJ_PERIOD_ROUND, ADJ_RATINGS_TAU, ADJ_RATINGS_RATING,
                             ADJ_RATINGS_RD, ADJ_RATINGS_VOLATILITY, ev_mark(r)};
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        rt->on = false;
        bad(r, ev_mark(r), "", "`ratings` must be a mapping {period, tau, initial}");
        return reader_skip(&r->st);
    }
    bool seen[RTK_COUNT] = {false};
    return read_keys(r, ratings_keys, RTK_COUNT, "`ratings`", seen, ratings_value, rt);
}

static bool read_ladder_value(adj_reader_t *r, void *ctx, int k)
{
    adj_ladder_doc_t *doc = ctx;
    switch (k) {
    case LK_FORMAT:
        if (!(is_scalar(r) && text_is(sc_text(r), sc_len(r), LADDER_FORMAT)))
            bad(r, ev_mark(r), "", "`format` must be exactly " LADDER_FORMAT);
        return reader_skip(&r->st);
    case LK_NAME:
        if (usable_scalar(r))
            doc->name = adj_xstrndup(sc_text(r), sc_len(r));
        else
            bad(r, ev_mark(r), "", "`name` must be a string");
        return reader_skip(&r->st);
    case LK_RULINGS:
        return reader_read_rulings(r, &doc->rulings, &doc->ruling_count, &doc->rulings_bad,
                                   &doc->rulings_mark);
    case LK_PLAYERS:
        return read_players_list(r, doc);
    case LK_SCENARIOS:
        return read_scenarios(r, doc);
    case LK_RATINGS:
        return read_ratings(r, doc);
    default:
        return reader_skip(&r->st);
    }
}

/* The top mapping, its start the current event. */
static bool read_ladder_map(adj_reader_t *r, adj_ladder_doc_t *doc)
{
    bool seen[LK_COUNT] = {false};
    if (!read_keys(r, ladder_keys, LK_COUNT, "the ladder file", seen, read_ladder_value, doc))
        return false;
    if (!seen[LK_FORMAT])
        adj_diags_add(r->diags, ADJ_D_BAD_DOCUMENT, r->doc_start, NULL, NULL, NULL,
                      "`format` is missing: a ladder file starts with `format: " LADDER_FORMAT
                      "`");
    return true;
}

void adj_reader_read_ladder(adj_reader_t *r, adj_ladder_doc_t *doc)
{
    memset(doc, 0, sizeof *doc);
    r->st.ladder = true;
    if (!reader_pull(&r->st) || !reader_pull(&r->st))
        return;
    if (r->st.ev.type == YAML_STREAM_END_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, (adj_mark_t){1, 1},
                    "the ladder file holds no YAML document");
        return;
    }
    if (!reader_pull(&r->st))
        return;
    r->doc_start = ev_mark(r);
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, r->doc_start,
                    "a ladder file must be a mapping with `format: " LADDER_FORMAT "`");
        return;
    }
    if (!read_ladder_map(r, doc) || !reader_pull(&r->st) || !reader_pull(&r->st))
        return;
    if (r->st.ev.type == YAML_DOCUMENT_START_EVENT)
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, ev_mark(r),
                    "a ladder file holds one YAML document; a second one starts here");
}

static void free_scenario(adj_scenario_t *sc)
{
    free(sc->name.text);
    free(sc->sides[0]);
    free(sc->sides[1]);
    for (size_t i = 0; i < sc->leader_count; i++) {
        free(sc->leaders[i].id);
        free(sc->leaders[i].name);
        free(sc->leaders[i].side);
    }
    free(sc->leaders);
    free(sc->imc);
    for (size_t i = 0; i < sc->victory_count; i++)
        free(sc->victory[i].level);
    free(sc->victory);
}

void adj_ladder_doc_free(adj_ladder_doc_t *doc)
{
    free(doc->name);
    for (size_t i = 0; i < doc->ruling_count; i++) {
        free(doc->rulings[i].name);
        free(doc->rulings[i].value);
    }
    free(doc->rulings);
    for (size_t i = 0; i < doc->player_count; i++) {
        free(doc->players[i].name.text);
        for (size_t j = 0; j < doc->players[i].alias_count; j++)
            free(doc->players[i].aliases[j].text);
        free(doc->players[i].aliases);
    }
    free(doc->players);
    for (size_t i = 0; i < doc->scenario_count; i++)
        free_scenario(&doc->scenarios[i]);
    free(doc->scenarios);
    memset(doc, 0, sizeof *doc);
}
