/* SPDX-License-Identifier: MIT */
/*
 * report_json_ladder.c - `adjutant ladder --format json` (SPEC 13): the
 * ladder file as one JSON object, every key of the file by its name
 * (`format` included). The JSON reporter's `ladder` (report_json.c).
 */
#include "adj_json.h"
#include "adj_ladder.h"
#include "adj_report.h"

#include <stdio.h>


static void json_leader(adj_json_t *j, const adj_sc_leader_t *l)
{
    adj_json_open_object(j);
    adj_json_member_str(j, "id", l->id);
    if (l->given & (1u << ADJ_SCK_NAME))
        adj_json_member_str(j, "name", l->name);
    adj_json_key(j, "side");
    adj_json_str_n(j, l->side, l->side_len);
    if (l->given & (1u << ADJ_SCK_INITIATIVE))
        adj_json_member_int(j, "initiative", l->initiative);
    if (l->given & (1u << ADJ_SCK_VP))
        adj_json_member_int(j, "vp", l->vp);
    if (l->given & (1u << ADJ_SCK_WOUND))
        adj_json_member_int(j, "wound", l->wound);
    if (l->given & (1u << ADJ_SCK_RESERVE))
        adj_json_member_bool(j, "reserve", l->reserve);
    adj_json_close_object(j);
}

static void json_imc(adj_json_t *j, const adj_scenario_t *sc)
{
    adj_json_key(j, "imc");
    adj_json_open_object(j);
    for (size_t i = 0; i < sc->imc_count; i++) {
        bool again = false;  /* of two rows for one rating, the first counts */
        for (size_t k = 0; k < i; k++)
            again = again || sc->imc[k][0] == sc->imc[i][0];
        if (again)
            continue;
        char key[32];
        snprintf(key, sizeof key, "%lld", (long long)sc->imc[i][0]);
        adj_json_key(j, key);
        adj_json_open_array(j);
        for (int m = 1; m <= 6; m++)
            adj_json_int(j, sc->imc[i][m]);
        adj_json_close_array(j);
    }
    adj_json_close_object(j);
}

static void json_scenario(adj_json_t *j, const adj_scenario_t *sc)
{
    adj_json_open_object(j);
    adj_json_key(j, "name");
    adj_json_str_n(j, sc->name.text, sc->name.len);
    if (sc->has & ADJ_SC_FIRST_TURN)
        adj_json_member_int(j, "first_turn", sc->first_turn);
    if (sc->has & ADJ_SC_LAST_TURN)
        adj_json_member_int(j, "last_turn", sc->last_turn);
    if (sc->has & ADJ_SC_SIDES) {
        adj_json_key(j, "sides");
        adj_json_open_array(j);
        adj_json_str_n(j, sc->sides[0], sc->side_len[0]);
        adj_json_str_n(j, sc->sides[1], sc->side_len[1]);
        adj_json_close_array(j);
    }
    if (sc->has & ADJ_SC_OPTIONAL_RULES) {
        adj_json_key(j, "optional_rules");
        adj_json_open_array(j);
        if (sc->illness)
            adj_json_str(j, "illness");
        adj_json_close_array(j);
    }
    if (sc->has & ADJ_SC_LEADERS) {
        adj_json_key(j, "leaders");
        adj_json_open_array(j);
        for (size_t i = 0; i < sc->leader_count; i++)
            json_leader(j, &sc->leaders[i]);
        adj_json_close_array(j);
    }
    if (sc->has & ADJ_SC_IMC)
        json_imc(j, sc);
    if (sc->has & ADJ_SC_VICTORY) {
        adj_json_key(j, "victory");
        adj_json_open_array(j);
        for (size_t i = 0; i < sc->victory_count; i++) {
            adj_json_open_object(j);
            adj_json_member_int(j, "margin", sc->victory[i].margin);
            adj_json_member_str(j, "level", sc->victory[i].level);
            adj_json_close_object(j);
        }
        adj_json_close_array(j);
    }
    adj_json_close_object(j);
}

static void json_players(adj_json_t *j, const adj_ladder_doc_t *d)
{
    adj_json_key(j, "players");
    adj_json_open_array(j);
    for (size_t i = 0; i < d->player_count; i++) {
        const adj_ld_player_t *p = &d->players[i];
        adj_json_open_object(j);
        adj_json_key(j, "name");
        adj_json_str_n(j, p->name.text, p->name.len);
        adj_json_key(j, "aliases");
        adj_json_open_array(j);
        for (size_t a = 0; a < p->alias_count; a++)
            adj_json_str_n(j, p->aliases[a].text, p->aliases[a].len);
        adj_json_close_array(j);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* `ratings`: null, or its settings with the defaults filled in. */
static void json_ladder_ratings(adj_json_t *j, const adj_ld_ratings_t *rt)
{
    adj_json_key(j, "ratings");
    if (!rt->on) {
        adj_json_null(j);
        return;
    }
    adj_json_open_object(j);
    adj_json_member_str(j, "period", rt->period == ADJ_PERIOD_MONTH ? "month" : "round");
    adj_json_key(j, "tau");
    adj_json_decimal(j, rt->tau);
    adj_json_key(j, "initial");
    adj_json_open_object(j);
    adj_json_key(j, "rating");
    adj_json_decimal(j, rt->rating);
    adj_json_key(j, "rd");
    adj_json_decimal(j, rt->rd);
    adj_json_key(j, "volatility");
    adj_json_decimal(j, rt->volatility);
    adj_json_close_object(j);
    adj_json_close_object(j);
}

void adj_json_ladder(adj_buf_t *out, const adj_ladder_t *l, const adj_report_opts_t *o)
{
    (void)o;
    const adj_ladder_doc_t *d = adj_ladder_doc(l);
    const adj_rulings_t *rs = adj_ladder_rulings(l);
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_name(&j, "path", adj_ladder_path(l));
    adj_json_member_str(&j, "format", "adjutant-ladder/1");
    adj_json_member_str(&j, "name", d->name);
    adj_json_key(&j, "rulings");
    adj_json_open_object(&j);
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        if (rs->src[r])
            adj_json_member_str(&j, adj_ruling_name((adj_ruling_t)r),
                                adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
    adj_json_close_object(&j);
    json_players(&j, d);
    adj_json_key(&j, "scenarios");
    adj_json_open_array(&j);
    for (size_t i = 0; i < d->scenario_count; i++)
        json_scenario(&j, &d->scenarios[i]);
    adj_json_close_array(&j);
    json_ladder_ratings(&j, &d->ratings);
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}
