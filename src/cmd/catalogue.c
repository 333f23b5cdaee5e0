/* SPDX-License-Identifier: MIT */
/*
 * catalogue.c - `adjutant --list-catalogue` (SPEC 11.1): every fact about
 * the format and the rules that more than one part of the project needs,
 * printed from the tables that hold it (adj_log.h's kinds, fields, dice and
 * header keys; adj_diag.h's codes and stops; fix.c's corrections;
 * adj_engine.h's obligations; rulings.c; adj_ladder.h's keys; the command,
 * option and format tables). Nothing here is a fact of its own: only how
 * the tables' type tokens are named in the catalogue.
 */
#include "adj_cli.h"
#include "adj_fix.h"
#include "adj_json.h"
#include "adj_ladder.h"

#include <stdlib.h>
#include <string.h>

/* ---- kinds and their fields ---- */

/* The catalogue's name of a value type of ADJ_EVENT_CATALOGUE, with the
 * range and the values it implies. */
typedef enum cat_type_e {
    CT_INT, CT_INT_NONNEG, CT_INT_POS, CT_POINTS, CT_BOOL, CT_STRING, CT_ID, CT_NOTE,
    CT_RESULT_ILLNESS, CT_RESULT_DURATION, CT_FLIP_TO, CT_STATUS
} cat_type_t;

typedef struct cat_field_s {
    adj_field_t field;
    cat_type_t type;
    bool required;
} cat_field_t;

#define CAT_MAX_FIELDS 4

#define CAT_FIELD(f, t, req) {ADJ_F_##f, CT_##t, req},
#define CAT_X(e, key, words, subj, f1, f2, f3, f4) {#key, words, CT_##subj, {f1 f2 f3 f4}},
static const struct {
    const char *name;
    const char *words;          /* after the name in the page's list of kinds */
    cat_type_t subject;
    cat_field_t fields[CAT_MAX_FIELDS];
} cat_kinds[ADJ_EVENT_COUNT] = {ADJ_EVENT_CATALOGUE(CAT_X, CAT_FIELD, )};
#undef CAT_X
#undef CAT_FIELD

#define CAT_FIELD(f, t, req) +1
#define CAT_X(e, key, words, subj, f1, f2, f3, f4) 0 f1 f2 f3 f4,
static const int cat_field_count[ADJ_EVENT_COUNT] = {ADJ_EVENT_CATALOGUE(CAT_X, CAT_FIELD, )};
#undef CAT_X
#undef CAT_FIELD

static const struct {
    const char *key, *label, *def;
} cat_field_info[ADJ_FIELD_COUNT] = {
#define CAT_X(e, key, label, def) {#key, label, def},
    ADJ_FIELD_LIST(CAT_X)
#undef CAT_X
};

static const char *subject_name(cat_type_t t)
{
    switch (t) {
    case CT_ID: return "leader";
    case CT_STRING: return "side";
    case CT_INT: return "turn";
    default: return "claim";
    }
}

static const char *type_name(cat_type_t t, bool die)
{
    if (die)
        return "die";
    switch (t) {
    case CT_INT: case CT_INT_NONNEG: case CT_INT_POS: case CT_POINTS: return "int";
    case CT_BOOL: return "bool";
    case CT_ID: return "leader";
    case CT_STRING: case CT_NOTE: return "text";
    default: return "enum";
    }
}

static void put_bound(adj_json_t *j, const char *key, bool has, int64_t v)
{
    adj_json_key(j, key);
    if (has)
        adj_json_int(j, v);
    else
        adj_json_null(j);
}

/* A field's default, written in ADJ_FIELD_LIST as JSON: a boolean or an integer. */
static void put_default(adj_json_t *j, const char *def)
{
    adj_json_key(j, "default");
    if (!def)
        adj_json_null(j);
    else if (!strcmp(def, "true") || !strcmp(def, "false"))
        adj_json_bool(j, def[0] == 't');
    else
        adj_json_int(j, strtoll(def, NULL, 10));
}

static void put_values(adj_json_t *j, cat_type_t t)
{
    static const char *const flips[] = ADJ_FLIP_NAMES;
    adj_json_key(j, "values");
    if (t != CT_RESULT_ILLNESS && t != CT_RESULT_DURATION && t != CT_FLIP_TO && t != CT_STATUS) {
        adj_json_null(j);
        return;
    }
    adj_json_open_array(j);
    if (t == CT_RESULT_ILLNESS || t == CT_RESULT_DURATION) {
        bool ill = t == CT_RESULT_ILLNESS;
        for (int i = ill ? ADJ_RESULT_ILLNESS_FIRST : ADJ_RESULT_DURATION_FIRST;
             i <= (ill ? ADJ_RESULT_ILLNESS_LAST : ADJ_RESULT_DURATION_LAST); i++)
            adj_json_str(j, adj_result_name((adj_result_t)i));
    } else if (t == CT_FLIP_TO) {
        for (size_t i = 0; i < sizeof flips / sizeof flips[0]; i++)
            adj_json_str(j, flips[i]);
    } else {
        for (int i = 0; i < ADJ_STATUS_COUNT; i++)
            adj_json_str(j, adj_status_name((adj_status_t)i));
    }
    adj_json_close_array(j);
}

static void put_field(adj_json_t *j, const cat_field_t *f, bool die)
{
    adj_json_open_object(j);
    adj_json_member_str(j, "name", cat_field_info[f->field].key);
    adj_json_member_str(j, "label", cat_field_info[f->field].label);
    adj_json_member_str(j, "type", type_name(f->type, die));
    adj_json_member_bool(j, "required", f->required);
    put_bound(j, "min", die || f->type == CT_INT_NONNEG || f->type == CT_INT_POS ||
                            f->type == CT_POINTS,
              die ? 1 : f->type == CT_INT_POS ? 1 : f->type == CT_POINTS ? -ADJ_MAX_VP : 0);
    put_bound(j, "max", die || f->type == CT_POINTS, die ? 6 : ADJ_MAX_VP);
    put_default(j, cat_field_info[f->field].def);
    put_values(j, f->type);
    adj_json_close_object(j);
}

static void put_kinds(adj_json_t *j)
{
    adj_json_key(j, "kinds");
    adj_json_open_array(j);
    for (int k = 0; k < ADJ_EVENT_COUNT; k++) {
        adj_field_t die = adj_event_die((adj_event_kind_t)k);
        adj_json_open_object(j);
        adj_json_member_str(j, "name", cat_kinds[k].name);
        adj_json_member_str(j, "words", cat_kinds[k].words);
        adj_json_member_str(j, "subject", subject_name(cat_kinds[k].subject));
        adj_json_key(j, "fields");
        adj_json_open_array(j);
        for (int i = 0; i < cat_field_count[k]; i++)
            put_field(j, &cat_kinds[k].fields[i], cat_kinds[k].fields[i].field == die);
        put_field(j, &(cat_field_t){ADJ_F_NOTE, CT_NOTE, false}, false);  /* every kind's */
        adj_json_close_array(j);
        adj_json_member_str(j, "die", die == ADJ_FIELD_COUNT ? NULL : cat_field_info[die].key);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* ---- codes, obligations, rulings, statuses ---- */

static void put_codes(adj_json_t *j)
{
    adj_json_key(j, "codes");
    adj_json_open_array(j);
    for (int i = 0; i < ADJ_DIAG_COUNT; i++) {
        adj_code_t c = (adj_code_t)i;
        adj_json_open_object(j);
        adj_json_member_str(j, "code", adj_code_name(c));
        adj_json_member_str(j, "severity",
                            adj_code_severity(c) == ADJ_SEV_ERROR ? "error" : "warning");
        adj_json_member_str(j, "rule", adj_code_rule(c));
        adj_json_member_str(j, "summary", adj_code_summary(c));
        adj_json_member_bool(j, "stops", adj_code_stops(c));
        adj_json_member_bool(j, "fixable", adj_fix_when(c) != NULL);
        adj_json_member_str(j, "fixable_when", adj_fix_when(c));
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

static void put_obligations(adj_json_t *j)
{
    static const adj_event_kind_t meets[ADJ_OB_COUNT] = {
#define CAT_X(e, name, words, ev, ...) ADJ_EV_##ev,
        ADJ_OBLIGATION_LIST(CAT_X)
#undef CAT_X
    };
    static const char *const said[ADJ_OB_COUNT] = {  /* its name in running text */
#define CAT_X(e, name, words, ...) words,
        ADJ_OBLIGATION_LIST(CAT_X)
#undef CAT_X
    };
    adj_json_key(j, "obligations");
    adj_json_open_array(j);
    for (int i = 0; i < ADJ_OB_COUNT; i++) {
        adj_json_open_object(j);
        adj_json_member_str(j, "name", adj_obligation_name((adj_obligation_kind_t)i));
        adj_json_member_str(j, "kind", adj_event_name(meets[i]));
        adj_json_member_str(j, "words", said[i]);  /* beyond SPEC 11.1's keys: the page's */
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

static void cat_put_rulings(adj_json_t *j)
{
    adj_json_key(j, "rulings");
    adj_json_open_array(j);
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        adj_ruling_t rl = (adj_ruling_t)r;
        adj_json_open_object(j);
        adj_json_member_str(j, "name", adj_ruling_name(rl));
        adj_json_key(j, "values");
        adj_json_open_array(j);
        for (int v = 0; v < adj_ruling_value_count(rl); v++)
            adj_json_str(j, adj_ruling_value_name(rl, v));
        adj_json_close_array(j);
        adj_json_member_str(j, "default", adj_ruling_value_name(rl, 0));
        adj_json_member_str(j, "summary", adj_ruling_summary(rl));
        adj_json_key(j, "value_summaries");  /* beyond SPEC 11.1: each value in a line */
        adj_json_open_array(j);
        for (int v = 0; v < adj_ruling_value_count(rl); v++)
            adj_json_str(j, adj_ruling_value_doc(rl, v));
        adj_json_close_array(j);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

static void put_statuses(adj_json_t *j)
{
    adj_json_key(j, "statuses");
    adj_json_open_array(j);
    for (int i = 0; i < ADJ_STATUS_COUNT; i++)
        adj_json_str(j, adj_status_name((adj_status_t)i));
    adj_json_close_array(j);
    adj_json_key(j, "statuses_in_play");  /* beyond SPEC 11.1: a leader on the map */
    adj_json_open_array(j);
    for (int i = 0; i < ADJ_STATUS_COUNT; i++)
        if (adj_status_in_play((adj_status_t)i))
            adj_json_str(j, adj_status_name((adj_status_t)i));
    adj_json_close_array(j);
}

/* ---- keys ---- */

static void put_key(adj_json_t *j, const char *prefix, const char *key, const char *type,
                    bool required)
{
    adj_buf_t path = {0};
    adj_buf_printf(&path, "%s%s", prefix, key);
    adj_json_open_object(j);
    adj_json_member_str(j, "path", path.data);
    adj_json_member_str(j, "type", type);
    adj_json_member_bool(j, "required", required);
    adj_json_close_object(j);
    adj_buf_free(&path);
}

static void put_header_keys(adj_json_t *j)
{
    adj_json_key(j, "header_keys");
    adj_json_open_array(j);
#define CAT_ROSTER(e, key, type, req) put_key(j, "leaders[].", key, #type, req);
#define CAT_X(e, key, type, req)                          \
    put_key(j, "", key, #type, req);             \
    if (!strcmp(key, "leaders")) {                        \
        ADJ_ROSTER_KEY_LIST(CAT_ROSTER)                   \
    }
    ADJ_HEADER_KEY_LIST(CAT_X)
#undef CAT_X
#undef CAT_ROSTER
    adj_json_close_array(j);
}

/* The type of header key `key` (a scenario holds it as a log's header does). */
static const char *header_type(const char *key)
{
#define CAT_X(e, k, type, req) if (!strcmp(key, k)) return #type;
    ADJ_HEADER_KEY_LIST(CAT_X)
#undef CAT_X
    return NULL;
}

static void put_ladder_keys(adj_json_t *j)
{
    adj_json_key(j, "ladder_keys");
    adj_json_open_array(j);
#define CAT_PLAYER(e, key, type, req) put_key(j, "players[].", key, #type, req);
#define CAT_VICTORY(e, key, type, req) \
    put_key(j, "scenarios.*.victory[].", key, #type, req);
#define CAT_H(e, key) put_key(j, "scenarios.*.", key, header_type(key), false);
#define CAT_V(e, key, type)                                       \
    put_key(j, "scenarios.*.", key, #type, false);       \
    ADJ_LADDER_VICTORY_KEY_LIST(CAT_VICTORY)
#define CAT_INITIAL(e, key, type, req) put_key(j, "ratings.initial.", key, #type, req);
#define CAT_RATINGS(e, key, type, req)                            \
    put_key(j, "ratings.", key, #type, req);             \
    if (!strcmp(key, "initial")) {                                \
        ADJ_LADDER_INITIAL_KEY_LIST(CAT_INITIAL)                  \
    }
#define CAT_X(e, key, type, req)                                  \
    put_key(j, "", key, #type, req);                     \
    if (!strcmp(key, "ratings")) {                                \
        ADJ_LADDER_RATINGS_KEY_LIST(CAT_RATINGS)                  \
    } else if (!strcmp(key, "players")) {                         \
        ADJ_LADDER_PLAYER_KEY_LIST(CAT_PLAYER)                    \
    } else if (!strcmp(key, "scenarios")) {                       \
        ADJ_LADDER_SCENARIO_KEY_LIST(CAT_H, CAT_V)                \
    }
    ADJ_LADDER_KEY_LIST(CAT_X)
#undef CAT_X
#undef CAT_RATINGS
#undef CAT_INITIAL
#undef CAT_V
#undef CAT_H
#undef CAT_VICTORY
#undef CAT_PLAYER
    adj_json_close_array(j);
}

/* ---- commands, options, formats ---- */

static void put_option(adj_json_t *j, const adj_catalogue_cli_t *cli, const adj_option_view_t *o,
                       const adj_command_t *cmd)
{
    adj_json_open_object(j);
    adj_json_member_str(j, "name", o->long_name);
    adj_json_member_str(j, "arg", o->arg);
    adj_json_member_bool(j, "repeatable", o->repeatable);
    adj_json_key(j, "values");
    if (o->format && cmd) {
        adj_json_open_array(j);
        for (size_t i = 0; adj_reporter_at(i); i++)
            if (cli->has(adj_reporter_at(i), cmd->op, cmd->op == ADJ_OP_AUDIT))
                adj_json_str(j, adj_reporter_at(i)->name);
        adj_json_close_array(j);
    } else {
        adj_json_null(j);
    }
    adj_json_close_object(j);
}

static void put_commands(adj_json_t *j, const adj_catalogue_cli_t *cli)
{
    adj_json_key(j, "commands");
    adj_json_open_array(j);
    for (size_t i = 0; adj_command_at(i); i++) {
        const adj_command_t *cmd = adj_command_at(i);
        adj_json_open_object(j);
        adj_json_member_str(j, "name", cmd->name);
        adj_json_member_str(j, "summary", cmd->help);
        adj_json_member_bool(j, "page", cmd->page);
        adj_json_key(j, "options");
        adj_json_open_array(j);
        for (size_t k = 0; k < cli->option_count; k++) {
            const adj_option_view_t *o = &cli->options[k];
            if (!o->global && (!o->bit || (o->bit & cmd->options)))
                put_option(j, cli, o, cmd);
        }
        adj_json_close_array(j);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
    adj_json_key(j, "global_options");
    adj_json_open_array(j);
    for (size_t k = 0; k < cli->option_count; k++)
        if (cli->options[k].global)
            put_option(j, cli, &cli->options[k], NULL);
    for (size_t i = 0; i < cli->action_count; i++)
        if (!strncmp(cli->actions[i], "--", 2))
            put_option(j, cli, &(adj_option_view_t){.long_name = cli->actions[i]}, NULL);
    adj_json_close_array(j);
}

static void put_formats(adj_json_t *j, const adj_catalogue_cli_t *cli)
{
    adj_json_key(j, "formats");
    adj_json_open_array(j);
    for (size_t i = 0; adj_reporter_at(i); i++) {
        const adj_reporter_t *r = adj_reporter_at(i);
        adj_json_open_object(j);
        adj_json_member_str(j, "name", r->name);
        adj_json_key(j, "commands");
        adj_json_open_array(j);
        for (size_t c = 0; adj_command_at(c); c++)
            if (adj_command_at(c)->op != ADJ_OP_NONE &&
                cli->has(r, adj_command_at(c)->op, adj_command_at(c)->op == ADJ_OP_AUDIT))
                adj_json_str(j, adj_command_at(c)->name);
        adj_json_close_array(j);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* `dice`'s rows (SPEC 7), beyond SPEC 11.1's list: each die row with the
 * kind whose rolls it counts and the words its verdict uses, then each
 * order row of ADJ_DICE_ORDER_LIST (kind null); `tail` "upper" for a row
 * that flags counts too far from even, "lower" for one that flags them too
 * even. */
static void put_dice(adj_json_t *j)
{
    adj_json_key(j, "dice");
    adj_json_open_array(j);
#define CAT_X(row, kind, field, name, letter, words)                                   \
    adj_json_open_object(j);                                                           \
    adj_json_member_str(j, "row", name);                                               \
    adj_json_member_str(j, "kind", adj_event_name(ADJ_EV_##kind));                     \
    adj_json_member_str(j, "words", words);                                            \
    adj_json_member_str(j, "tail", "upper");                                           \
    adj_json_close_object(j);
    ADJ_DIE_LIST(CAT_X)
#undef CAT_X
#define CAT_X(row, key, cells, tail, words, legend)                                    \
    adj_json_open_object(j);                                                           \
    adj_json_member_str(j, "row", #key);                                               \
    adj_json_member_str(j, "kind", NULL);                                              \
    adj_json_member_str(j, "words", words);                                            \
    adj_json_member_str(j, "tail", #tail);                                             \
    adj_json_close_object(j);
    ADJ_DICE_ORDER_LIST(CAT_X)
#undef CAT_X
    adj_json_close_array(j);
}

/* ---- the layout ---- */

/* Whether the object or array opening at s holds no object (it stays on
 * one line): depth counts the brackets opened since. */
static bool flat_container(const char *s)
{
    bool in_str = false;
    int depth = 0;
    for (s++; *s; s++) {
        if (in_str) {
            if (*s == '\\')
                s++;
            else if (*s == '"')
                in_str = false;
        } else if (*s == '"') {
            in_str = true;
        } else if (*s == '{') {
            return false;
        } else if (*s == '[') {
            depth++;
        } else if ((*s == ']' || *s == '}') && depth-- == 0) {
            return true;
        }
    }
    return true;
}

static void newline(adj_buf_t *out, int depth)
{
    adj_buf_putc(out, '\n');
    for (int i = 0; i < depth; i++)
        adj_buf_puts(out, "  ");
}

/* adj_json's one line, pretty-printed: two spaces a level, an array of
 * scalars on one line. */
static void pretty(adj_buf_t *out, const char *s)
{
    int depth = 0, flat = 0;  /* flat: brackets open inside a one-line container */
    bool in_str = false;
    for (; *s; s++) {
        char c = *s;
        adj_buf_putc(out, c);
        if (in_str) {
            if (c == '\\')
                adj_buf_putc(out, *++s);
            in_str = c != '"';
            if (in_str || flat)
                continue;
        } else if (c == '"') {
            in_str = true;
            continue;
        } else if (flat) {
            flat += (c == '[' || c == '{') - (c == ']' || c == '}');
            if (flat)
                continue;
        } else if ((c == '[' || c == '{') && flat_container(s)) {
            flat = 1;
            continue;
        } else if (c == '{' || c == '[') {
            newline(out, ++depth);
            continue;
        } else if (c == ',') {
            s++;  /* the space after it */
            newline(out, depth);
            continue;
        }
        if (s[1] == '}' || s[1] == ']')
            newline(out, --depth);
    }
    adj_buf_putc(out, '\n');
}

void adj_catalogue_write(adj_buf_t *out, const adj_catalogue_cli_t *cli)
{
    adj_buf_t line = {0};
    adj_json_t j;
    adj_json_init(&j, &line);
    adj_json_open_object(&j);
    adj_json_member_str(&j, "format", "adjutant-catalogue/1");
    adj_json_member_str(&j, "version", ADJ_VERSION);
    put_kinds(&j);
    put_codes(&j);
    put_obligations(&j);
    cat_put_rulings(&j);
    put_statuses(&j);
    put_header_keys(&j);
    put_ladder_keys(&j);
    put_commands(&j, cli);
    put_formats(&j, cli);
    put_dice(&j);
    adj_json_close_object(&j);
    pretty(out, line.data);
    adj_buf_free(&line);
}
