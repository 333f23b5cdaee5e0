/* SPDX-License-Identifier: MIT */
/*
 * reader_header_ladder.c - what the header stage shares with a ladder
 * file: the one key loop every mapping of both is read with
 * (reader_read_map), `rulings` as written (a log's and a ladder's, SPEC
 * 6.1 and 13), and, at `events`, the keys a log lacks taken from its
 * ladder scenario (SPEC 13). The ladder stage (reader_ladder.c) calls the
 * header stage, never the other way: the scenario comes through the
 * callback adj_reader_set_ladder installed.
 */
#include "reader_ladder.h"

#include <stdlib.h>
#include <string.h>

/* ---- the one key loop ---- */

static bool skip_value(adj_reader_t *r)
{
    return reader_pull(&r->st) && reader_skip(&r->st);
}

/* A key of a mapping without a table (the current event): false when the
 * stream stopped. */
static bool any_key(adj_reader_t *r, const reader_map_t *m)
{
    if (is_scalar(r) && m->others && !reader_keyset_insert(m->others, sc_text(r), sc_len(r))) {
        reader_duplicate_key(&r->st, m->where);
        return skip_value(r);
    }
    return m->item(r, m->ctx);
}

/* A key of a mapping with a table (the current event): its row, its value
 * the current event; or -1, the key said and skipped with its value (*ok:
 * whether the stream goes on). */
static int table_key(adj_reader_t *r, const reader_map_t *m, bool *ok)
{
    adj_mark_t key = ev_mark(r);
    *ok = true;
    if (!usable_scalar(r)) {
        reader_unknown_field(&r->st, key, NULL, 0, m->where, NULL, 0);
        *ok = reader_skip(&r->st) && skip_value(r);
        return -1;
    }
    int k = -1;
    for (size_t i = 0; i < m->n; i++)
        if (text_is(sc_text(r), sc_len(r), m->keys[i]))
            k = (int)i;
    if (k >= 0 ? m->seen[k]
               : m->others && !reader_keyset_insert(m->others, sc_text(r), sc_len(r))) {
        reader_duplicate_key(&r->st, m->where);
        *ok = skip_value(r);
        return -1;
    }
    if (k < 0) {
        reader_unknown_field(&r->st, key, sc_text(r), sc_len(r), m->where, m->keys, m->n);
        *ok = skip_value(r);
        return -1;
    }
    m->seen[k] = true;
    *ok = reader_pull(&r->st);
    return *ok ? k : -1;
}

reader_map_end_t reader_read_map(adj_reader_t *r, const reader_map_t *m)
{
    for (bool first = true;; first = false) {
        if (!reader_pull(&r->st))
            return MAP_STOPPED;
        if (r->st.ev.type == YAML_MAPPING_END_EVENT)
            return MAP_END;
        if (first && m->first)
            *m->first = ev_mark(r);
        bool ok;
        if (!m->keys) {
            ok = any_key(r, m);
        } else {
            int k = table_key(r, m, &ok);
            if (k >= 0 && (m->leave >> k & 1))
                return MAP_LEFT;
            if (k >= 0)
                ok = m->value(r, m->ctx, k);
        }
        if (!ok)
            return MAP_STOPPED;
    }
}

/* ---- `rulings`: NAME: VALUE, as written (a log's and a ladder's) ---- */

/* The rulings read so far (reader_read_rulings's item's context). */
typedef struct rulings_read_s {
    adj_ruling_raw_t **out;
    size_t *count, cap;
} rulings_read_t;

/* One NAME: VALUE, the key the current event. */
static bool ruling_item(adj_reader_t *r, void *ctx)
{
    rulings_read_t *rr = ctx;
    if (*rr->count == rr->cap) {
        rr->cap = rr->cap ? rr->cap * 2 : 4;
        *rr->out = adj_xreallocarray(*rr->out, rr->cap, sizeof **rr->out);
    }
    adj_ruling_raw_t *e = &(*rr->out)[(*rr->count)++];
    *e = (adj_ruling_raw_t){.name_mark = ev_mark(r)};
    if (usable_scalar(r))
        e->name = adj_xstrndup(sc_text(r), sc_len(r));
    if (!reader_skip(&r->st) || !reader_pull(&r->st))
        return false;
    e->value_mark = ev_mark(r);
    if (usable_scalar(r))
        e->value = adj_xstrndup(sc_text(r), sc_len(r));
    return reader_skip(&r->st);
}

bool reader_read_rulings(adj_reader_t *r, adj_ruling_raw_t **out, size_t *count, bool *is_bad,
                         adj_mark_t *bad_mark)
{
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        *is_bad = true;
        *bad_mark = ev_mark(r);
        return reader_skip(&r->st);
    }
    keyset_t keys = {0};
    rulings_read_t rr = {out, count, 0};
    bool ok = reader_read_map(r, &(reader_map_t){.where = "`rulings`", .others = &keys,
                                                 .item = ruling_item, .ctx = &rr}) != MAP_STOPPED;
    reader_keyset_free(&keys);
    return ok;
}

/* ---- a log's header completed from its scenario (SPEC 13) ---- */

static void lend_roster(adj_reader_t *r, const adj_scenario_t *sc)
{
    r->roster = adj_xcalloc(sc->leader_count ? sc->leader_count : 1, sizeof *r->roster);
    r->roster_cap = sc->leader_count ? sc->leader_count : 1;
    r->roster_count = sc->leader_count;
    r->roster_borrowed = true;
    for (size_t i = 0; i < sc->leader_count; i++) {
        const adj_sc_leader_t *l = &sc->leaders[i];
        r->roster[i] = (roster_raw_t){.start = r->scenario_mark, .is_map = true, .id = l->id,
                                      .name = l->name, .side = l->side,
                                      .side_len = l->side_len, .side_mark = r->scenario_mark,
                                      .has_initiative = l->has_initiative,
                                      .initiative = l->initiative, .vp = l->vp,
                                      .wound = l->wound, .reserve = l->reserve,
                                      .given = l->given, .ladder_line = l->mark.line};
    }
    r->leaders = HV_OK;
}

void reader_complete_header(adj_reader_t *r)
{
    if (!r->scenario_fn || !r->scenario)
        return;
    const adj_scenario_t *sc =
        r->scenario_fn(r->scenario_ctx, r->scenario, r->scenario_len, r->scenario_mark, r->diags);
    if (!sc)
        return;
    r->sc = sc;
    r->header.from_ladder = true;
    r->header.scenario_mark = r->scenario_mark;
    const bool *seen = r->header_seen;
    if (!seen[HK_FIRST_TURN] && (sc->has & ADJ_SC_FIRST_TURN))
        r->first_turn = HV_OK, r->first = sc->first_turn;
    if (!seen[HK_LAST_TURN] && (sc->has & ADJ_SC_LAST_TURN))
        r->last_turn = HV_OK, r->last = sc->last_turn;
    if (!seen[HK_SIDES] && (sc->has & ADJ_SC_SIDES)) {
        for (int i = 0; i < 2; i++) {
            r->side_names[i] = adj_xstrndup(sc->sides[i], sc->side_len[i]);
            r->side_lens[i] = sc->side_len[i];
        }
        r->sides = HV_OK;
    }
    if (!seen[HK_OPTIONAL_RULES] && (sc->has & ADJ_SC_OPTIONAL_RULES))
        r->optional_rules = HV_OK, r->illness = sc->illness;
    if (!seen[HK_IMC] && (sc->has & ADJ_SC_IMC)) {
        r->imc_raw = adj_xcalloc(sc->imc_count ? sc->imc_count : 1, sizeof *r->imc_raw);
        for (size_t i = 0; i < sc->imc_count; i++) {
            r->imc_raw[i].rating = sc->imc[i][0];
            memcpy(r->imc_raw[i].mp, &sc->imc[i][1], sizeof r->imc_raw[i].mp);
        }
        r->imc_count = r->imc_cap = sc->imc_count;
        r->imc = HV_OK;
    }
    if (!seen[HK_LEADERS] && (sc->has & ADJ_SC_LEADERS))
        lend_roster(r, sc);
}

