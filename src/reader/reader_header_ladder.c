/*
 * reader_header_ladder.c - the header's keys a ladder file shares, in the
 * header stage: `rulings` as written (a log's and a ladder's, SPEC 6.1 and
 * 13), and, at `events`, the keys a log lacks taken from its ladder
 * scenario (SPEC 13). The ladder stage (reader_ladder.c) calls the header
 * stage, never the other way: the scenario comes through the callback
 * adj_reader_set_ladder installed.
 */
#include "reader_ladder.h"

#include <stdlib.h>
#include <string.h>

/* ---- `rulings`: NAME: VALUE, as written (a log's and a ladder's) ---- */

bool reader_read_rulings(adj_reader_t *r, adj_ruling_raw_t **out, size_t *count, bool *is_bad,
                         adj_mark_t *bad_mark)
{
    if (r->st.ev.type != YAML_MAPPING_START_EVENT) {
        *is_bad = true;
        *bad_mark = ev_mark(r);
        return reader_skip(&r->st);
    }
    keyset_t keys = {0};
    bool ok = true;
    size_t cap = 0;
    while ((ok = reader_pull(&r->st)) && r->st.ev.type != YAML_MAPPING_END_EVENT) {
        if (is_scalar(r) && !reader_keyset_insert(&keys, sc_text(r), sc_len(r))) {
            reader_duplicate_key(&r->st, "`rulings`");
            if (!(ok = reader_pull(&r->st) && reader_skip(&r->st)))
                break;
            continue;
        }
        if (*count == cap) {
            cap = cap ? cap * 2 : 4;
            *out = adj_xreallocarray(*out, cap, sizeof **out);
        }
        adj_ruling_raw_t *e = &(*out)[(*count)++];
        *e = (adj_ruling_raw_t){.name_mark = ev_mark(r)};
        if (usable_scalar(r))
            e->name = adj_xstrndup(sc_text(r), sc_len(r));
        if (!(ok = reader_skip(&r->st) && reader_pull(&r->st)))
            break;
        e->value_mark = ev_mark(r);
        if (usable_scalar(r))
            e->value = adj_xstrndup(sc_text(r), sc_len(r));
        if (!(ok = reader_skip(&r->st)))
            break;
    }
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

