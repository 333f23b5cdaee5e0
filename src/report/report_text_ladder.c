/* SPDX-License-Identifier: MIT */
/*
 * report_text_ladder.c - `adjutant ladder` as text (SPEC 13): the ladder
 * file's path, name, rulings, players and scenarios, one line each. The
 * text reporter's `ladder` (report_text.c).
 */
#include "adj_ladder.h"
#include "adj_report.h"

#include <string.h>


static void text_str(adj_buf_t *out, const char *s, size_t n)
{
    adj_escape_text(out, s, n);
}

static void text_rulings(adj_buf_t *out, const adj_rulings_t *rs)
{
    adj_buf_puts(out, "rulings:");
    bool any = false;
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        if (!rs->src[r])
            continue;
        adj_buf_printf(out, " %s=%s", adj_ruling_name((adj_ruling_t)r),
                       adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
        any = true;
    }
    adj_buf_puts(out, any ? "\n" : " (none: the defaults)\n");
}

static void text_scenario(adj_buf_t *out, const adj_scenario_t *sc)
{
    adj_buf_puts(out, "scenario ");
    text_str(out, sc->name.text, sc->name.len);
    adj_buf_puts(out, ":");
    if (sc->has & ADJ_SC_FIRST_TURN)
        adj_buf_printf(out, " first turn %lld;", (long long)sc->first_turn);
    if (sc->has & ADJ_SC_LAST_TURN)
        adj_buf_printf(out, " last turn %lld;", (long long)sc->last_turn);
    if (sc->has & ADJ_SC_SIDES) {
        adj_buf_puts(out, " sides ");
        text_str(out, sc->sides[0], sc->side_len[0]);
        adj_buf_puts(out, ", ");
        text_str(out, sc->sides[1], sc->side_len[1]);
        adj_buf_putc(out, ';');
    }
    if (sc->has & ADJ_SC_LEADERS)
        adj_buf_printf(out, " %zu leader%s;", sc->leader_count, sc->leader_count == 1 ? "" : "s");
    if (sc->has & ADJ_SC_VICTORY)
        adj_buf_printf(out, " %zu victory level%s;", sc->victory_count,
                       sc->victory_count == 1 ? "" : "s");
    if (out->len && out->data[out->len - 1] == ';')
        out->len--;
    else
        adj_buf_puts(out, " (no header key)");
    adj_buf_putc(out, '\n');
}

void adj_text_ladder(adj_buf_t *out, const adj_ladder_t *l, const adj_report_opts_t *o)
{
    (void)o;
    const adj_ladder_doc_t *d = adj_ladder_doc(l);
    adj_buf_puts(out, "ladder: ");
    adj_escape_name(out, adj_ladder_path(l));
    adj_buf_puts(out, "\nname: ");
    if (d->name)
        text_str(out, d->name, strlen(d->name));
    else
        adj_buf_puts(out, "(none)");
    adj_buf_putc(out, '\n');
    text_rulings(out, adj_ladder_rulings(l));
    for (size_t i = 0; i < d->player_count; i++) {
        const adj_ld_player_t *p = &d->players[i];
        adj_buf_puts(out, "player: ");
        text_str(out, p->name.text, p->name.len);
        for (size_t a = 0; a < p->alias_count; a++) {
            adj_buf_puts(out, a ? ", " : " (aliases: ");
            text_str(out, p->aliases[a].text, p->aliases[a].len);
        }
        adj_buf_puts(out, p->alias_count ? ")\n" : "\n");
    }
    for (size_t i = 0; i < d->scenario_count; i++)
        text_scenario(out, &d->scenarios[i]);
    const adj_ld_ratings_t *rt = &d->ratings;
    if (rt->on)
        adj_buf_printf(out, "ratings: Glicko-2, a period a %s, tau %g; a new player at %g, "
                       "RD %g, volatility %g\n", rt->period == ADJ_PERIOD_MONTH ? "month" : "round",
                       rt->tau, rt->rating, rt->rd, rt->volatility);
}
