/*
 * cmd_ladder.c - `adjutant ladder [--format text|json] [PATH]` (SPEC 13):
 * the ladder file that applies to PATH (a log or a directory; default
 * `.`), checked and shown. Exit 0 valid, 1 none, 2 not valid.
 */
#include "adj_cli.h"
#include "adj_json.h"
#include "adj_ladder.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* ---- text ---- */

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

static void ladder_text(adj_buf_t *out, const adj_ladder_t *l)
{
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
}

/* ---- json ---- */

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

static void ladder_json(adj_buf_t *out, const adj_ladder_t *l)
{
    const adj_ladder_doc_t *d = adj_ladder_doc(l);
    const adj_rulings_t *rs = adj_ladder_rulings(l);
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_name(&j, "path", adj_ladder_path(l));
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
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}

static const char *ladder_check(const adj_config_t *c, adj_buf_t *msg)
{
    (void)msg;
    const char *f = c->reporter->name;
    if (strcmp(f, "text") != 0 && strcmp(f, "json") != 0)
        return "ladder has no such --format (use text or json)";
    return NULL;
}

static int ladder_run(const adj_config_t *c)
{
    const char *path = c->arg_count ? c->args[0] : ".";
    if (c->no_ladder) {  /* no search was made: none is used */
        adj_cli_error("no ladder file is used (--no-ladder)");
        return ADJ_EXIT_FLAWS;
    }
    if (!*path) {
        adj_cli_error("ladder: PATH is empty (a log or a directory; default .)");
        return ADJ_EXIT_USAGE;
    }
    struct stat st;
    bool is_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
    const adj_ladder_t *l = NULL;
    int found = adj_ladder_find(path, is_dir, &l);
    if (found == 0) {
        adj_cli_error_name(path, "no ladder file applies (no adjutant-ladder.yaml here or "
                           "above)");
        return ADJ_EXIT_FLAWS;
    }
    if (found < 0)
        return ADJ_EXIT_USAGE;
    adj_buf_t out = {0};
    if (strcmp(c->reporter->name, "json") == 0)
        ladder_json(&out, l);
    else
        ladder_text(&out, l);
    int status = adj_cli_write_flush(&out) ? ADJ_EXIT_OK : ADJ_EXIT_USAGE;
    adj_buf_free(&out);
    return adj_cli_flush(status);
}

const adj_command_t adj_command_ladder = {
    .name = "ladder",
    .synopsis = "[--format text|json] [PATH]",
    .help = "check and show the ladder file (adjutant-ladder.yaml) that applies to PATH",
    .min_args = 0,
    .max_args = 1,
    .args_error = "ladder takes at most one PATH (a log or a directory)",
    .takes_dir = true,
    .options = ADJ_OPT_FORMAT,
    .input = ADJ_INPUT_STREAM,
    .op = ADJ_OP_NONE,
    .check = ladder_check,
    .run = ladder_run,
};
