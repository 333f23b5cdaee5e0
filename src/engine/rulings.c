/* SPDX-License-Identifier: MIT */
/*
 * rulings.c - every reading of an ambiguous point of rule 8.13, in one
 * place (SPEC 6.1). The first value of each ruling is the default, the
 * behaviour SPEC section 3 gives. The engine asks the adj_ruling_*
 * functions below and holds no alternative of its own.
 */
#include "adj_rulings.h"
#include "adj_diag.h"

#include "adj_reader.h"

#include <string.h>

#define MAX_VALUES 3

typedef struct ruling_info_s {
    const char *name;
    const char *summary;  /* the question it settles (docs/rules.md's "Rulings") */
    const char *values[MAX_VALUES];
    const char *docs[MAX_VALUES];
} ruling_info_t;

/* The table: the ambiguity each settles is documented in docs/rules.md ("Rulings"). */
static const ruling_info_t ruling_info[ADJ_RULING_COUNT] = {
    [ADJ_RULING_RECOVERY] = {"recovery",
                             "Does a condition of N turns count the turn in which it begins?",
                             {"counts-first-turn", "full-turns"},
                             {"a condition of N turns counts the turn it begins in",
                              "a level set during turn T first mends at the end of T+1"}},
    [ADJ_RULING_REPEAT_ILLNESS] = {"repeat-illness",
                                   "What does a duration roll do to a leader who is already ill?",
                                   {"add", "as-wound", "longer"},
                                   {"ill t, duration d: ill t+d; 6+ incapacitates (8.13a)",
                                    "ill t, duration d: t+d; 6+ kills as 8.13b (VPs awarded)",
                                    "ill t, duration d: 6 incapacitates, else ill max(t, d)"}},
    [ADJ_RULING_REPEAT_WOUND] = {"repeat-wound",
                                 "What does a second wound do to a wounded leader?",
                                 {"add", "longer"},
                                 {"wounded w, wound k: level w+k; 6+ kills",
                                  "wounded w, wound k: level max(w, k); 6+ kills"}},
    [ADJ_RULING_ILLNESS_LEFT] = {"illness-left",
                                 "8.13b adds \"the duration of the illness\" to a wound: the "
                                 "duration rolled, or what is left of it?",
                                 {"remaining", "rolled"},
                                 {"a wound on an ill leader adds the turns still to run",
                                  "a wound on an ill leader adds the level last rolled"}},
    [ADJ_RULING_WOUND_ROLL] = {"wound-roll",
                               "Is a combat wound \"another die roll\" that must wait for the "
                               "illness check?",
                               {"counts", "ignored"},
                               {"a wound while a check is owed is roll-out-of-order",
                                "a wound is never roll-out-of-order"}},
};

const char *adj_ruling_name(adj_ruling_t r) { return ruling_info[r].name; }
const char *adj_ruling_summary(adj_ruling_t r) { return ruling_info[r].summary; }

int adj_ruling_value_count(adj_ruling_t r)
{
    int n = 0;
    while (n < MAX_VALUES && ruling_info[r].values[n])
        n++;
    return n;
}

const char *adj_ruling_value_name(adj_ruling_t r, int v) { return ruling_info[r].values[v]; }
const char *adj_ruling_value_doc(adj_ruling_t r, int v) { return ruling_info[r].docs[v]; }

bool adj_rulings_is_default(const adj_rulings_t *rs)
{
    for (int i = 0; i < ADJ_RULING_COUNT; i++)
        if (rs->value[i] != 0)
            return false;
    return true;
}

bool adj_rulings_parse(adj_rulings_t *rs, const char *arg, adj_buf_t *err)
{
    const char *eq = strchr(arg, '=');
    size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        const ruling_info_t *ri = &ruling_info[r];
        if (strlen(ri->name) != name_len || strncmp(ri->name, arg, name_len) != 0)
            continue;
        int n = adj_ruling_value_count((adj_ruling_t)r);
        for (int v = 0; eq && v < n; v++) {
            if (strcmp(ri->values[v], eq + 1) == 0) {
                rs->value[r] = v;
                rs->src[r] = ADJ_RSRC_COMMAND_LINE;
                return true;
            }
        }
        adj_buf_printf(err, "--ruling %s: ", ri->name);
        adj_buf_puts(err, eq ? "unknown value; valid values:" : "missing =VALUE; valid values:");
        for (int v = 0; v < n; v++)
            adj_buf_printf(err, " %s", ri->values[v]);
        return false;
    }
    adj_buf_puts(err, "--ruling: unknown ruling; valid rulings:");
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        adj_buf_printf(err, " %s", ruling_info[r].name);
    return false;
}

const char *adj_ruling_src_name(adj_ruling_src_t s)
{
    static const char *const names[] = {NULL, "ladder", "log", "command line"};
    return (unsigned)s < 4 ? names[s] : NULL;
}

void adj_rulings_read(adj_rulings_t *rs, const adj_ruling_raw_t *raw, size_t n,
                      adj_ruling_src_t src, adj_diags_t *d, const char *tail)
{
    for (size_t i = 0; i < n; i++) {
        const adj_ruling_raw_t *e = &raw[i];
        bool bad_value = false;
        if (e->name && e->value && adj_rulings_set(rs, e->name, e->value, src, &bad_value))
            continue;
        adj_buf_t b = {0};
        bool at_value = adj_ruling_refusal(&b, e->name, e->value);
        adj_diags_add(d, ADJ_D_BAD_FIELD, at_value ? e->value_mark : e->name_mark, NULL, NULL,
                      NULL, "%s%s", b.data, tail);
        adj_buf_free(&b);
    }
}

bool adj_rulings_set(adj_rulings_t *rs, const char *name, const char *value,
                     adj_ruling_src_t src, bool *bad_value)
{
    *bad_value = false;
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        if (strcmp(ruling_info[r].name, name) != 0)
            continue;
        for (int v = 0; v < adj_ruling_value_count((adj_ruling_t)r); v++)
            if (strcmp(ruling_info[r].values[v], value) == 0) {
                rs->value[r] = v;
                rs->src[r] = (unsigned char)src;
                return true;
            }
        *bad_value = true;
        return false;
    }
    return false;
}

/* A word from a file, escaped and cut for a message. */
static void put_word(adj_buf_t *msg, const char *w)
{
    adj_escape_text_cut(msg, w, strlen(w), 40);
}

/* The values of ruling r, "a, b or c". */
static void rulings_put_values(adj_buf_t *msg, int r)
{
    int n = adj_ruling_value_count((adj_ruling_t)r);
    for (int v = 0; v < n; v++)
        adj_buf_printf(msg, "%s%s", v == 0 ? "" : v == n - 1 ? " or " : ", ",
                       ruling_info[r].values[v]);
}

bool adj_ruling_refusal(adj_buf_t *msg, const char *name, const char *value)
{
    const char *names[ADJ_RULING_COUNT];
    int r = -1;
    for (int i = 0; i < ADJ_RULING_COUNT; i++) {
        names[i] = ruling_info[i].name;
        if (name && strcmp(name, names[i]) == 0)
            r = i;
    }
    if (!name) {
        adj_buf_puts(msg, "a ruling's name must be a string (see `adjutant --help`)");
        return false;
    }
    if (r < 0) {
        const char *near = adj_closest_name(name, strlen(name), names, ADJ_RULING_COUNT);
        adj_buf_puts(msg, "unknown ruling `");
        put_word(msg, name);
        adj_buf_printf(msg, near ? "` (did you mean `%s`?)" : "` (see `adjutant --help`)", near);
        return false;
    }
    adj_buf_printf(msg, "ruling `%s` ", names[r]);
    if (!value) {  /* empty, null or a collection: a known ruling all the same */
        adj_buf_puts(msg, "needs one of its values: ");
        rulings_put_values(msg, r);
        return true;
    }
    const char *near = adj_closest_name(value, strlen(value), ruling_info[r].values, MAX_VALUES);
    adj_buf_puts(msg, "has no value `");
    put_word(msg, value);
    if (near) {
        adj_buf_printf(msg, "` (did you mean `%s`?)", near);
        return true;
    }
    adj_buf_puts(msg, "` (its values: ");
    rulings_put_values(msg, r);
    adj_buf_putc(msg, ')');
    return true;
}

void adj_rulings_overlay(adj_rulings_t *rs, const adj_rulings_t *over)
{
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        if (over->src[r] > rs->src[r]) {
            rs->value[r] = over->value[r];
            rs->src[r] = over->src[r];
        }
}

/* ------------------------------------------------------------------ */
/* The readings                                                        */
/* ------------------------------------------------------------------ */

enum { RECOVERY_COUNTS_FIRST_TURN, RECOVERY_FULL_TURNS };
enum { REPEAT_ILLNESS_ADD, REPEAT_ILLNESS_AS_WOUND, REPEAT_ILLNESS_LONGER };
enum { REPEAT_WOUND_ADD, REPEAT_WOUND_LONGER };
enum { ILLNESS_LEFT_REMAINING, ILLNESS_LEFT_ROLLED };
enum { WOUND_ROLL_COUNTS, WOUND_ROLL_IGNORED };

int64_t adj_ruling_mend(const adj_rulings_t *rs, int64_t crossed, bool set_in_last_turn)
{
    if (rs->value[ADJ_RULING_RECOVERY] == RECOVERY_FULL_TURNS && set_in_last_turn)
        return crossed - 1;
    return crossed;
}

adj_outcome_t adj_ruling_repeat_illness(const adj_rulings_t *rs, int64_t t, int64_t d)
{
    int64_t sum = adj_sat_add(t, d);
    switch (rs->value[ADJ_RULING_REPEAT_ILLNESS]) {
    case REPEAT_ILLNESS_AS_WOUND:
        return sum >= 6 ? (adj_outcome_t){ADJ_ST_DEAD, 0} : (adj_outcome_t){ADJ_ST_ILL, sum};
    case REPEAT_ILLNESS_LONGER:
        if (d >= 6)
            return (adj_outcome_t){ADJ_ST_INCAPACITATED, 0};
        return (adj_outcome_t){ADJ_ST_ILL, t > d ? t : d};
    default:
        return sum >= 6 ? (adj_outcome_t){ADJ_ST_INCAPACITATED, 0}
                        : (adj_outcome_t){ADJ_ST_ILL, sum};
    }
}

bool adj_ruling_repeat_illness_adds(const adj_rulings_t *rs)
{
    return rs->value[ADJ_RULING_REPEAT_ILLNESS] != REPEAT_ILLNESS_LONGER;
}

int64_t adj_ruling_repeat_wound(const adj_rulings_t *rs, int64_t w, int64_t k)
{
    if (rs->value[ADJ_RULING_REPEAT_WOUND] == REPEAT_WOUND_LONGER)
        return w > k ? w : k;
    return adj_sat_add(w, k);
}

int64_t adj_ruling_illness_left(const adj_rulings_t *rs, int64_t left, int64_t rolled)
{
    return rs->value[ADJ_RULING_ILLNESS_LEFT] == ILLNESS_LEFT_ROLLED ? rolled : left;
}

bool adj_ruling_wound_is_roll(const adj_rulings_t *rs)
{
    return rs->value[ADJ_RULING_WOUND_ROLL] == WOUND_ROLL_COUNTS;
}

const char *adj_ruling_clause(const adj_rulings_t *rs, adj_ruling_t r, const char *clause)
{
    return rs->value[r] != 0 ? ruling_info[r].name : clause;
}
