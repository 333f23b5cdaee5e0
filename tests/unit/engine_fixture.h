/* SPDX-License-Identifier: MIT */
/*
 * engine_fixture.h - drive the replay engine with entries built in C.
 *
 * A fixture is a two-side header (CSA, USA) with a fixed roster, rule 8.13
 * in force unless the test turns it off, and an optional IMC. The engine is
 * started lazily at the first feed, so a test may change the header (rule
 * off, first/last turn, starting wounds, imc, rulings) before feeding.
 *
 * Every feed_* helper gives its event the next line number and returns it,
 * so diagnostics are checked by code AND line:
 *
 *     size_t a = feed_activate(f, "jackson", 1, 0, NO_MP);
 *     feed_end_null(f);
 *     assert_diag(f, 0, ADJ_D_ILLNESS_CHECK_MISSING, a);
 *
 * Use with cmocka_unit_test_setup_teardown(test, fx_setup, fx_teardown),
 * or the FX_TEST(test) shorthand; `fx_t *f = *state;` in the test.
 */
#ifndef ENGINE_FIXTURE_H
#define ENGINE_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_diag.h"
#include "engine_impl.h"  /* white-box: the fixture reads the engine's insides */
#include "adj_log.h"
#include "adj_rulings.h"

#define NO_MP (-1)          /* feed_activate: no `mp` field */
#define FX_FIRST_LINE 100   /* the first event's line */
#define FX_COLUMN 3         /* every event's first key: "- activate:" */
#define FX_MAX_CLAIM 8

/* The roster, in order. vp: VPs the other side gains at his death. */
enum {
    JACKSON,    /* CSA, vp 2, initiative 3 (an IMC row when the imc is on) */
    HILL,       /* CSA, vp 1, no initiative */
    LONGSTREET, /* CSA, vp 3 */
    EWELL,      /* CSA, vp 1, reserve */
    EARLY,      /* CSA, vp 1, reserve */
    MCCLELLAN,  /* USA, vp 3, initiative 2 (an IMC row when the imc is on) */
    PORTER,     /* USA, vp 1 */
    SUMNER,     /* USA, vp 1, reserve */
    FX_LEADERS
};

typedef struct fx_s {
    adj_header_t h;
    adj_leader_def_t defs[FX_LEADERS];
    int64_t imc[2][6];
    adj_rulings_t rulings;
    adj_diags_t diags;
    adj_engine_t *e;       /* NULL until the first feed */
    size_t line;           /* the last line used */
    adj_claim_item_t claim[FX_MAX_CLAIM];
} fx_t;

#define FX_TEST(t) cmocka_unit_test_setup_teardown(t, fx_setup, fx_teardown)

static inline int fx_setup(void **state)
{
    static const struct {
        const char *id;
        int side;
        int64_t vp;
        int64_t initiative; /* 0: none */
        bool reserve;
    } roster[FX_LEADERS] = {
        [JACKSON] = {"jackson", 0, 2, 3, false},
        [HILL] = {"hill", 0, 1, 0, false},
        [LONGSTREET] = {"longstreet", 0, 3, 0, false},
        [EWELL] = {"ewell", 0, 1, 0, true},
        [EARLY] = {"early", 0, 1, 0, true},
        [MCCLELLAN] = {"mcclellan", 1, 3, 2, false},
        [PORTER] = {"porter", 1, 1, 0, false},
        [SUMNER] = {"sumner", 1, 1, 0, true},
    };
    fx_t *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->h.sides[0] = (char *)"CSA";
    f->h.sides[1] = (char *)"USA";
    f->h.first_turn = 1;
    f->h.last_turn = 10;
    f->h.illness = true;
    for (int i = 0; i < FX_LEADERS; i++) {
        adj_leader_def_t *d = &f->defs[i];
        d->id = (char *)roster[i].id;
        d->side = roster[i].side;
        d->vp = roster[i].vp;
        d->has_initiative = roster[i].initiative > 0;
        d->initiative = roster[i].initiative;
        d->reserve = roster[i].reserve;
        d->imc_row = -1;
        d->mark = (adj_mark_t){(size_t)(10 + i), 5};
    }
    f->h.leaders = f->defs;
    f->h.leader_count = FX_LEADERS;
    f->line = FX_FIRST_LINE - 1;
    *state = f;
    return 0;
}

static inline int fx_teardown(void **state)
{
    fx_t *f = *state;
    adj_engine_free(f->e);
    adj_diags_free(&f->diags);
    free(f);
    return 0;
}

/* Give the header an IMC: initiative 3 -> 1..6 MP, initiative 2 ->
 * 0,1,1,2,2,3. Jackson (3) and McClellan (2) have rows; no one else. */
static inline void fx_use_imc(fx_t *f)
{
    static const int64_t rows[2][6] = {{1, 2, 3, 4, 5, 6}, {0, 1, 1, 2, 2, 3}};
    memcpy(f->imc, rows, sizeof rows);
    f->h.has_imc = true;
    f->h.imc_rows = f->imc;
    f->h.imc_row_count = 2;
    f->defs[JACKSON].imc_row = 0;
    f->defs[MCCLELLAN].imc_row = 1;
}

static inline adj_engine_t *fx_engine(fx_t *f)
{
    if (!f->e)
        f->e = adj_engine_new(&f->h, &f->rulings, &f->diags);
    return f->e;
}

static inline int32_t fx_leader(const fx_t *f, const char *id)
{
    for (int i = 0; i < FX_LEADERS; i++)
        if (strcmp(f->defs[i].id, id) == 0)
            return i;
    fail_msg("no leader \"%s\" in the fixture roster", id);
    return -1;
}

static inline int fx_side(const char *side)
{
    if (strcmp(side, "CSA") == 0)
        return 0;
    if (strcmp(side, "USA") == 0)
        return 1;
    fail_msg("no side \"%s\" in the fixture", side);
    return -1;
}

/* A zeroed entry of `kind` on the next line. */
static inline adj_entry_t fx_entry(fx_t *f, adj_event_kind_t kind, const char *leader)
{
    adj_entry_t en;
    memset(&en, 0, sizeof en);
    en.kind = kind;
    en.mark = (adj_mark_t){++f->line, FX_COLUMN};
    en.leader = leader ? fx_leader(f, leader) : -1;
    en.other = -1;
    return en;
}

static inline size_t fx_feed(fx_t *f, const adj_entry_t *en)
{
    adj_engine_feed(fx_engine(f), en);
    return en->mark.line;
}

/* ---- one helper per event kind; each returns the event's line ---- */

static inline size_t feed_turn(fx_t *f, int64_t n)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_TURN, NULL);
    en.turn = n;
    return fx_feed(f, &en);
}

/* mp: NO_MP when the log gives none. */
static inline size_t feed_activate(fx_t *f, const char *leader, int64_t roll, int64_t modifier,
                                   int64_t mp)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_ACTIVATE, leader);
    en.roll = roll;
    en.modifier = modifier;
    en.has_mp = mp != NO_MP;
    en.mp = mp == NO_MP ? 0 : mp;
    return fx_feed(f, &en);
}

/* An activate with an mp that may be any int64 (NO_MP is a real value here). */
static inline size_t feed_activate_mp(fx_t *f, const char *leader, int64_t roll, int64_t mp)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_ACTIVATE, leader);
    en.roll = roll;
    en.has_mp = true;
    en.mp = mp;
    return fx_feed(f, &en);
}

static inline size_t feed_move(fx_t *f, const char *leader, int64_t mp, bool enemy_zoc)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_MOVE, leader);
    en.mp = mp;
    en.enemy_zoc = enemy_zoc;
    en.to = "0101";
    return fx_feed(f, &en);
}

/* An illness check or a duration roll, with its claimed result if any. */
static inline size_t feed_roll_r(fx_t *f, adj_event_kind_t kind, const char *leader, int64_t roll,
                                 bool has_result, adj_result_t result)
{
    adj_entry_t en = fx_entry(f, kind, leader);
    en.roll = roll;
    en.has_result = has_result;
    en.result = result;
    return fx_feed(f, &en);
}

static inline size_t feed_illness_r(fx_t *f, const char *leader, int64_t roll, bool has_result,
                                    adj_result_t result)
{
    return feed_roll_r(f, ADJ_EV_ILLNESS, leader, roll, has_result, result);
}

static inline size_t feed_illness(fx_t *f, const char *leader, int64_t roll)
{
    return feed_illness_r(f, leader, roll, false, ADJ_RES_NONE);
}

static inline size_t feed_duration_r(fx_t *f, const char *leader, int64_t roll, bool has_result,
                                     adj_result_t result)
{
    return feed_roll_r(f, ADJ_EV_DURATION, leader, roll, has_result, result);
}

static inline size_t feed_duration(fx_t *f, const char *leader, int64_t roll)
{
    return feed_duration_r(f, leader, roll, false, ADJ_RES_NONE);
}

static inline size_t feed_sustain(fx_t *f, const char *leader, int64_t roll)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_SUSTAIN, leader);
    en.roll = roll;
    return fx_feed(f, &en);
}

static inline size_t feed_wound(fx_t *f, const char *leader, int64_t level)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_WOUND, leader);
    en.level = level;
    return fx_feed(f, &en);
}

static inline size_t feed_flip(fx_t *f, const char *leader, bool to_inactive)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_FLIP, leader);
    en.flip_inactive = to_inactive;
    return fx_feed(f, &en);
}

static inline size_t feed_replace(fx_t *f, const char *leader, const char *by)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_REPLACE, leader);
    en.other = fx_leader(f, by);
    return fx_feed(f, &en);
}

/* leader: NULL for an award, else a claim for that leader's death. */
static inline size_t feed_vp(fx_t *f, const char *side, int64_t points, const char *leader)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_VP, NULL);
    en.side = fx_side(side);
    en.points = points;
    en.other = leader ? fx_leader(f, leader) : -1;
    return fx_feed(f, &en);
}

static inline size_t feed_state(fx_t *f, const char *leader, adj_status_t status,
                                bool has_level, int64_t level, bool has_inactive, bool inactive)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_STATE, leader);
    en.status = status;
    en.has_level = has_level;
    en.level = level;
    en.has_inactive = has_inactive;
    en.inactive = inactive;
    return fx_feed(f, &en);
}

/* `end: ~` (claims nothing). */
static inline size_t feed_end_null(fx_t *f)
{
    adj_entry_t en = fx_entry(f, ADJ_EV_END, NULL);
    return fx_feed(f, &en);
}

/* `end:` with a claim of n items; keys[i] NULL: a key that is not a side
 * named "Confederacy"; value_ok[i] false: a value that is not an integer.
 * Item i is on the line end + 1 + i (key at column 5, value at 18). */
static inline size_t feed_end_items(fx_t *f, size_t n, const char *const *keys,
                                    const int64_t *values, const bool *value_ok)
{
    assert_true(n <= FX_MAX_CLAIM);
    adj_entry_t en = fx_entry(f, ADJ_EV_END, NULL);
    for (size_t i = 0; i < n; i++) {
        adj_claim_item_t *c = &f->claim[i];
        const char *k = keys[i] ? keys[i] : "Confederacy";
        c->side = keys[i] ? fx_side(k) : -1;
        c->key = k;
        c->value_ok = value_ok ? value_ok[i] : true;
        c->value = values[i];
        c->key_mark = (adj_mark_t){en.mark.line + 1 + i, 5};
        c->value_mark = (adj_mark_t){en.mark.line + 1 + i, 18};
    }
    en.has_claim = true;
    en.claim = f->claim;
    en.claim_count = n;
    f->line += n;
    return fx_feed(f, &en);
}

/* `end: {CSA: csa, USA: usa}` */
static inline size_t feed_end(fx_t *f, int64_t csa, int64_t usa)
{
    const char *keys[2] = {"CSA", "USA"};
    int64_t values[2] = {csa, usa};
    return feed_end_items(f, 2, keys, values, NULL);
}

/* The end of the `events` sequence, on the next line. */
static inline size_t fx_finish(fx_t *f)
{
    adj_mark_t m = {++f->line, 1};
    adj_engine_finish(fx_engine(f), m);
    return m.line;
}

/* ---- assertions ---- */

static inline void fx_dump(const fx_t *f)
{
    print_message("  %zu diagnostic(s):\n", f->diags.count);
    for (size_t i = 0; i < f->diags.count; i++) {
        const adj_diag_t *g = &f->diags.items[i];
        print_message("  [%zu] line %zu col %zu %s (%s): %s\n", i, g->mark.line, g->mark.column,
                      adj_code_name(g->code), g->leader ? g->leader : "-", g->message);
    }
}

/* The diagnostics as a user sees them: sorted by line, column, then found. */
static inline const adj_diag_t *fx_diag(fx_t *f, size_t index)
{
    adj_diags_sort(&f->diags);
    if (index >= f->diags.count) {
        fx_dump(f);
        fail_msg("expected a diagnostic at index %zu, but there are only %zu", index,
                 f->diags.count);
    }
    return &f->diags.items[index];
}

static inline void assert_diag(fx_t *f, size_t index, adj_code_t code, size_t line)
{
    const adj_diag_t *g = fx_diag(f, index);
    if (g->code != code || g->mark.line != line) {
        fx_dump(f);
        fail_msg("diagnostic %zu: expected %s at line %zu, got %s at line %zu", index,
                 adj_code_name(code), line, adj_code_name(g->code), g->mark.line);
    }
}

static inline void assert_diag_count(fx_t *f, size_t n)
{
    if (f->diags.count != n) {
        adj_diags_sort(&f->diags);
        fx_dump(f);
        fail_msg("expected %zu diagnostic(s), got %zu", n, f->diags.count);
    }
}

static inline void assert_no_diags(fx_t *f) { assert_diag_count(f, 0); }

/* How many diagnostics of `code` there are. */
static inline size_t fx_count(const fx_t *f, adj_code_t code)
{
    size_t n = 0;
    for (size_t i = 0; i < f->diags.count; i++)
        n += f->diags.items[i].code == code;
    return n;
}

static inline void assert_no_code(fx_t *f, adj_code_t code)
{
    if (fx_count(f, code)) {
        fx_dump(f);
        fail_msg("expected no %s", adj_code_name(code));
    }
}

static inline const adj_leader_state_t *fx_state(fx_t *f, const char *leader)
{
    return &fx_engine(f)->leaders[fx_leader(f, leader)];
}

static inline void assert_state(fx_t *f, const char *leader, adj_status_t status, int64_t level,
                                bool inactive)
{
    const adj_leader_state_t *s = fx_state(f, leader);
    if (s->status != status || s->level != level || s->inactive != inactive) {
        fx_dump(f);
        fail_msg("%s: expected %s level %lld %s, got %s level %lld %s", leader,
                 adj_status_name(status), (long long)level, inactive ? "inactive" : "active",
                 adj_status_name(s->status), (long long)s->level,
                 s->inactive ? "inactive" : "active");
    }
}

static inline void assert_vp(fx_t *f, int64_t csa, int64_t usa)
{
    const adj_engine_t *e = fx_engine(f);
    if (e->vp[0] != csa || e->vp[1] != usa)
        fail_msg("expected tally CSA %lld, USA %lld; got CSA %lld, USA %lld", (long long)csa,
                 (long long)usa, (long long)e->vp[0], (long long)e->vp[1]);
}

/* The diagnostic's message contains `needle`. */
static inline void assert_message_has(fx_t *f, size_t index, const char *needle)
{
    const adj_diag_t *g = fx_diag(f, index);
    if (!strstr(g->message, needle))
        fail_msg("diagnostic %zu (%s): message \"%s\" does not contain \"%s\"", index,
                 adj_code_name(g->code), g->message, needle);
}

/* Take jackson (or anyone) from a raw 1 through illness 6 to duration d;
 * returns the duration line. */
static inline size_t fx_fall_ill(fx_t *f, const char *leader, int64_t d)
{
    feed_activate(f, leader, 1, 0, NO_MP);
    feed_illness(f, leader, 6);
    return feed_duration(f, leader, d);
}

#endif
