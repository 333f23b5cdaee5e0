/* SPDX-License-Identifier: MIT */
/*
 * test_reader.c - the reader against SPEC 1, 2, 3.1 step 1 and 4: YAML text
 * in, the typed header, typed entries and format diagnostics out.
 *
 * Every test feeds a YAML string through adj_reader_new_bytes (or
 * adj_audit_bytes where the engine's side of a stop matters) and checks
 * what came out: the statuses in order, the typed values, and each
 * diagnostic's code, line and column. Expected places are computed from
 * the YAML text itself (at(), ev_at()) so a test says *which token* a
 * diagnostic must point at, not a number that silently drifts.
 *
 * Checks do not stop at the first failure: CHECK() prints what differs and
 * counts it, and each test fails at its end if anything did. One run
 * therefore shows every misbehaviour, not only the first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adj_audit.h"
#include "adj_reader.h"

/* ------------------------------------------------------------------ */
/* Soft checks                                                         */
/* ------------------------------------------------------------------ */

static int failures;            /* CHECK failures in the current test */
static const char *ctx = "";    /* the case being checked, for messages */

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            failures++;                                                      \
            fprintf(stderr, "  FAIL %s:%d [%s]: ", __FILE__, __LINE__, ctx); \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
        }                                                                    \
    } while (0)

static void begin(void) { failures = 0; ctx = ""; }

#define FINISH() assert_int_equal(failures, 0)

/* ------------------------------------------------------------------ */
/* Marks from the text                                                 */
/* ------------------------------------------------------------------ */

/* Line and column (1-based, columns in characters as libyaml counts
 * them) of byte offset `off` in `text`. */
static adj_mark_t mark_at_offset(const char *text, size_t off)
{
    adj_mark_t m = {1, 1};
    for (size_t i = 0; i < off; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            m.line++;
            m.column = 1;
        } else if ((c & 0xC0) != 0x80 && !(i == 0 && c == 0xEF)) {
            m.column++;
        }
    }
    return m;
}

/* Offset of `needle` at or after `from`; SIZE_MAX (and a failure) if absent. */
static size_t find(const char *text, size_t from, const char *needle)
{
    const char *p = strstr(text + from, needle);
    if (!p) {
        CHECK(false, "test bug: %s not found in the YAML", needle);
        return SIZE_MAX;
    }
    return (size_t)(p - text);
}

static adj_mark_t at(const char *text, const char *needle)
{
    size_t off = find(text, 0, needle);
    return off == SIZE_MAX ? (adj_mark_t){0, 0} : mark_at_offset(text, off);
}

/* The first `needle` inside the events sequence (after "\nevents:"). */
static size_t ev_off(const char *text, const char *needle)
{
    size_t ev = find(text, 0, "\nevents:");
    return ev == SIZE_MAX ? SIZE_MAX : find(text, ev, needle);
}

static adj_mark_t ev_at(const char *text, const char *needle)
{
    size_t off = ev_off(text, needle);
    return off == SIZE_MAX ? (adj_mark_t){0, 0} : mark_at_offset(text, off);
}

/* ------------------------------------------------------------------ */
/* One run of the reader                                               */
/* ------------------------------------------------------------------ */

#define MAX_ENTRIES 64
#define MAX_CLAIM 8

typedef struct got_entry_s {
    adj_entry_t e;                      /* copy; borrowed pointers re-pointed below */
    char *to, *reason;                  /* owned copies */
    adj_claim_item_t claim[MAX_CLAIM];  /* copies, keys re-pointed to claim_keys */
    char *claim_keys[MAX_CLAIM];        /* owned */
} got_entry_t;

typedef struct run_s {
    const char *text;
    adj_diags_t diags;          /* sorted after the run */
    adj_reader_t *r;
    const adj_header_t *h;      /* NULL until ADJ_READ_HEADER */
    got_entry_t entries[MAX_ENTRIES];
    size_t n;                   /* entries delivered (even past the array) */
    char seq[512];              /* statuses in order: H header, E entry, X events end,
                                   D done, S stop, I io error (E collapsed past 32) */
    size_t seq_len;
    adj_read_status_t last;
    adj_read_status_t again;    /* one more call after the last */
    adj_mark_t events_end;
    size_t events_end_after;    /* adj_reader_events_end_after at the events' end */
    size_t diags_before_stop;   /* diagnostics already found when the stop came */
} run_t;

static char status_char(adj_read_status_t s)
{
    switch (s) {
    case ADJ_READ_HEADER: return 'H';
    case ADJ_READ_ENTRY: return 'E';
    case ADJ_READ_EVENTS_END: return 'X';
    case ADJ_READ_DONE: return 'D';
    case ADJ_READ_STOP: return 'S';
    default: return 'I';
    }
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static run_t *run_bytes(const void *data, size_t size)
{
    run_t *run = calloc(1, sizeof *run);
    assert_non_null(run);
    run->text = data;
    run->r = adj_reader_new_bytes(data, size, "t.yaml", &run->diags);
    assert_non_null(run->r);
    for (size_t guard = 0; guard < 10000000; guard++) {
        const adj_entry_t *e = NULL;
        adj_read_status_t s = adj_reader_next(run->r, &e);
        if (run->seq_len < sizeof run->seq - 1 && (s != ADJ_READ_ENTRY || run->n < 32))
            run->seq[run->seq_len++] = status_char(s);
        if (s == ADJ_READ_HEADER) {
            run->h = adj_reader_header(run->r);
            CHECK(run->h != NULL, "adj_reader_header is NULL after ADJ_READ_HEADER");
        } else if (s == ADJ_READ_ENTRY) {
            CHECK(e != NULL, "ADJ_READ_ENTRY without an entry");
            if (e && run->n < MAX_ENTRIES) {
                got_entry_t *g = &run->entries[run->n];
                g->e = *e;
                g->to = dup_or_null(e->to);
                g->reason = dup_or_null(e->reason);
                g->e.to = g->to;
                g->e.reason = g->reason;
                for (size_t i = 0; i < e->claim_count && i < MAX_CLAIM; i++) {
                    g->claim[i] = e->claim[i];
                    g->claim_keys[i] = dup_or_null(e->claim[i].key);
                    g->claim[i].key = g->claim_keys[i];
                }
                g->e.claim = g->claim;
            }
            run->n++;
        } else if (s == ADJ_READ_EVENTS_END) {
            run->events_end = adj_reader_events_end(run->r);
            run->events_end_after = adj_reader_events_end_after(run->r);
        } else {
            run->last = s;
            if (s == ADJ_READ_STOP)
                run->diags_before_stop = run->diags.count;
            break;
        }
    }
    run->seq[run->seq_len] = '\0';
    run->again = adj_reader_next(run->r, NULL);
    CHECK(run->again == run->last, "a call after the end returned %c, not %c",
          status_char(run->again), status_char(run->last));
    CHECK(run->diags.count == run->diags_before_stop || run->last != ADJ_READ_STOP,
          "a diagnostic was added after the stop");
    adj_diags_sort(&run->diags);
    return run;
}

static run_t *run_yaml(const char *yaml) { return run_bytes(yaml, strlen(yaml)); }

static void run_free(run_t *run)
{
    for (size_t i = 0; i < run->n && i < MAX_ENTRIES; i++) {
        free(run->entries[i].to);
        free(run->entries[i].reason);
        for (size_t j = 0; j < MAX_CLAIM; j++)
            free(run->entries[i].claim_keys[j]);
    }
    adj_reader_free(run->r);
    adj_diags_free(&run->diags);
    free(run);
}

static void dump_diags(const adj_diags_t *d)
{
    fprintf(stderr, "    diagnostics (%zu):\n", d->count);
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "      %zu:%zu %s: %s\n", d->items[i].mark.line, d->items[i].mark.column,
                adj_code_name(d->items[i].code), d->items[i].message);
}

/* ------------------------------------------------------------------ */
/* Expectations on diagnostics                                         */
/* ------------------------------------------------------------------ */

/* One expected diagnostic at line:col, or at line2:col2 when that is set
 * (SPEC 4: bad-field "at the offending key or value"). `col` 0 accepts any
 * column on `line`. */
typedef struct want_s {
    adj_code_t code;
    size_t line, col;
    size_t line2, col2;
} want_t;

static want_t W(adj_code_t code, adj_mark_t m) { return (want_t){code, m.line, m.column, 0, 0}; }

/* At the key or at the value. */
static want_t W2(adj_code_t code, adj_mark_t key, adj_mark_t value)
{
    return (want_t){code, key.line, key.column, value.line, value.column};
}

/* At `needle` ("key: value") or at its value, searched in the whole text
 * (from 0) or inside the events sequence. */
static want_t Wkv_from(adj_code_t code, const char *text, size_t from, const char *needle)
{
    size_t off = find(text, from, needle);
    const char *colon = strstr(needle, ": ");
    if (off == SIZE_MAX || !colon) {
        CHECK(false, "test bug: Wkv needle %s", needle);
        return (want_t){code, 0, 0, 0, 0};
    }
    return W2(code, mark_at_offset(text, off),
              mark_at_offset(text, off + (size_t)(colon - needle) + 2));
}

static want_t Wkv(adj_code_t code, const char *text, const char *needle)
{
    return Wkv_from(code, text, 0, needle);
}

static want_t Wkv_ev(adj_code_t code, const char *text, const char *needle)
{
    size_t ev = find(text, 0, "\nevents:");
    return Wkv_from(code, text, ev == SIZE_MAX ? 0 : ev, needle);
}

static bool want_match(const want_t *w, const adj_diag_t *d)
{
    if (d->code != w->code)
        return false;
    if (d->mark.line == w->line && (w->col == 0 || d->mark.column == w->col))
        return true;
    return w->line2 && d->mark.line == w->line2 && d->mark.column == w->col2;
}

/* Exactly these diagnostics, in any order (each matched once). */
static void expect_diags(const adj_diags_t *d, const want_t *w, size_t n)
{
    bool used[256] = {false};
    bool ok = d->count == n && n <= 256;
    for (size_t i = 0; ok && i < n; i++) {
        bool found = false;
        for (size_t j = 0; j < d->count && !found; j++) {
            if (!used[j] && want_match(&w[i], &d->items[j])) {
                used[j] = found = true;
            }
        }
        ok = found;
    }
    if (!ok) {
        CHECK(false, "diagnostics differ from what is expected");
        fprintf(stderr, "    expected (%zu):\n", n);
        for (size_t i = 0; i < n; i++)
            fprintf(stderr, "      %zu:%zu (or %zu:%zu) %s\n", w[i].line, w[i].col, w[i].line2,
                    w[i].col2, adj_code_name(w[i].code));
        dump_diags(d);
    }
}

#define EXPECT(run, ...)                                                 \
    do {                                                                 \
        const want_t want_[] = {__VA_ARGS__};                            \
        expect_diags(&(run)->diags, want_, sizeof want_ / sizeof *want_); \
    } while (0)

#define EXPECT_NONE(run) expect_diags(&(run)->diags, NULL, 0)

/* The diagnostic with this code (the first); NULL when none. */
static const adj_diag_t *diag_with(const run_t *run, adj_code_t code)
{
    for (size_t i = 0; i < run->diags.count; i++)
        if (run->diags.items[i].code == code)
            return &run->diags.items[i];
    return NULL;
}

static void expect_message(const run_t *run, adj_code_t code, const char *part)
{
    const adj_diag_t *d = diag_with(run, code);
    CHECK(d && strstr(d->message, part), "the %s message should contain \"%s\"; it is \"%s\"",
          adj_code_name(code), part, d ? d->message : "(no such diagnostic)");
}

static void expect_seq(const run_t *run, const char *seq)
{
    CHECK(strcmp(run->seq, seq) == 0, "statuses were %s, expected %s", run->seq, seq);
}

static void expect_mark(adj_mark_t got, adj_mark_t want, const char *what)
{
    CHECK(got.line == want.line && got.column == want.column, "%s at %zu:%zu, expected %zu:%zu",
          what, got.line, got.column, want.line, want.column);
}

/* ------------------------------------------------------------------ */
/* Shared texts                                                        */
/* ------------------------------------------------------------------ */

/* A clean header; the events sequence opens on line 13. */
#define HEAD                  \
    "format: adjutant/1\n"    \
    "last_turn: 5\n"          \
    "sides: [CSA, USA]\n"     \
    "leaders:\n"              \
    "  - id: lee\n"           \
    "    side: CSA\n"         \
    "    vp: 3\n"             \
    "  - id: grant\n"         \
    "    side: USA\n"         \
    "  - id: ewell\n"         \
    "    side: CSA\n"         \
    "    reserve: true\n"     \
    "events:\n"

#define HEAD_TOP              \
    "format: adjutant/1\n"    \
    "last_turn: 5\n"          \
    "sides: [CSA, USA]\n"

#define ROSTER                \
    "leaders:\n"              \
    "  - id: lee\n"           \
    "    side: CSA\n"

/* ================================================================== */
/* The typed header                                                    */
/* ================================================================== */

static const char full_header[] =
    "format: adjutant/1\n"
    "game: The Campaigns of Robert E. Lee\n"
    "scenario: Seven Days\n"
    "first_turn: 3\n"
    "last_turn: 7\n"
    "optional_rules: [illness]\n"
    "sides: [CSA, USA]\n"
    "leaders:\n"
    "  - id: lee\n"
    "    name: R. E. Lee\n"
    "    side: CSA\n"
    "    initiative: 5\n"
    "    vp: 4\n"
    "  - id: McClellan.G-B_2\n"
    "    side: USA\n"
    "    initiative: 2\n"
    "    vp: 0\n"
    "    wound: 5\n"
    "  - side: CSA\n"           /* keys in any order */
    "    reserve: true\n"
    "    id: ewell\n"
    "  - id: porter\n"
    "    side: USA\n"
    "    initiative: 9\n"       /* no row for 9 */
    "    reserve: false\n"
    "    wound: 0\n"
    "imc:\n"
    "  5: [1, 2, 3, 4, 5, 6]\n"
    "  2: [0, 0, 1, 1, 2, 2]\n"
    "  02: [9, 9, 9, 9, 9, 9]\n"  /* the same rating: the first row counts */
    "  1: [0, 0, 0, 0, 0, 1]\n"
    "events: []\n";

static void expect_row(const adj_header_t *h, const adj_leader_def_t *d, const int64_t *row)
{
    CHECK(d->imc_row >= 0 && (size_t)d->imc_row < h->imc_row_count,
          "leader %s: imc_row %d, expected a row", d->id, (int)d->imc_row);
    if (d->imc_row < 0 || (size_t)d->imc_row >= h->imc_row_count)
        return;
    for (int i = 0; i < 6; i++)
        CHECK(h->imc_rows[d->imc_row][i] == row[i], "leader %s: imc row[%d] = %lld, expected %lld",
              d->id, i, (long long)h->imc_rows[d->imc_row][i], (long long)row[i]);
}

static void test_header_typed(void **state)
{
    (void)state;
    begin();
    run_t *run = run_yaml(full_header);
    expect_seq(run, "HXD");
    EXPECT_NONE(run);
    const adj_header_t *h = run->h;
    assert_non_null(h);
    CHECK(strcmp(h->sides[0], "CSA") == 0 && strcmp(h->sides[1], "USA") == 0, "sides %s, %s",
          h->sides[0], h->sides[1]);
    CHECK(h->first_turn == 3 && h->last_turn == 7, "turns %lld..%lld", (long long)h->first_turn,
          (long long)h->last_turn);
    CHECK(h->illness, "optional_rules [illness] puts 8.13 in force");
    CHECK(h->has_imc, "a well-formed imc is kept");
    assert_int_equal(h->leader_count, 4);

    const adj_leader_def_t *lee = &h->leaders[0], *mc = &h->leaders[1], *ew = &h->leaders[2],
                           *po = &h->leaders[3];
    CHECK(strcmp(lee->id, "lee") == 0 && lee->name && strcmp(lee->name, "R. E. Lee") == 0,
          "lee's id/name");
    CHECK(lee->side == 0 && lee->has_initiative && lee->initiative == 5 && lee->vp == 4 &&
              lee->wound == 0 && !lee->reserve,
          "lee's fields");
    expect_mark(lee->mark, at(full_header, "id: lee"), "lee's entry");
    static const int64_t row5[6] = {1, 2, 3, 4, 5, 6}, row2[6] = {0, 0, 1, 1, 2, 2};
    expect_row(h, lee, row5);

    CHECK(strcmp(mc->id, "McClellan.G-B_2") == 0 && mc->name == NULL, "mcclellan's id/name");
    CHECK(mc->side == 1 && mc->initiative == 2 && mc->vp == 0 && mc->wound == 5 && !mc->reserve,
          "mcclellan's fields");
    expect_row(h, mc, row2);

    CHECK(strcmp(ew->id, "ewell") == 0 && ew->side == 0 && !ew->has_initiative && ew->vp == 1 &&
              ew->wound == 0 && ew->reserve && ew->imc_row == -1,
          "ewell's fields (vp defaults to 1, no initiative, no row)");
    expect_mark(ew->mark, at(full_header, "side: CSA\n    reserve"), "ewell's entry (first key)");

    CHECK(strcmp(po->id, "porter") == 0 && po->has_initiative && po->initiative == 9 &&
              po->imc_row == -1 && !po->reserve,
          "porter: initiative 9 has no row");

    /* every kept rating has its row: 1, 2 (not 02's), 5 */
    CHECK(h->imc_row_count >= 3, "imc rows %zu", h->imc_row_count);
    CHECK(adj_reader_leader_index(run->r, "lee") == 0 &&
              adj_reader_leader_index(run->r, "McClellan.G-B_2") == 1 &&
              adj_reader_leader_index(run->r, "porter") == 3 &&
              adj_reader_leader_index(run->r, "Lee") == -1 &&
              adj_reader_leader_index(run->r, "le") == -1 &&
              adj_reader_leader_index(run->r, "leee") == -1,
          "leader lookup is exact and case-sensitive");
    run_free(run);
    FINISH();
}

static void test_header_defaults(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "HEXD");
    EXPECT_NONE(run);
    const adj_header_t *h = run->h;
    assert_non_null(h);
    CHECK(h->first_turn == 1 && h->last_turn == 5, "first_turn defaults to 1");
    CHECK(!h->illness, "no optional_rules: 8.13 is not in force");
    CHECK(!h->has_imc, "no imc");
    assert_int_equal(h->leader_count, 3);
    CHECK(h->leaders[0].vp == 3 && h->leaders[1].vp == 1 && h->leaders[1].wound == 0 &&
              !h->leaders[1].reserve && h->leaders[1].imc_row == -1 && h->leaders[2].reserve,
          "roster defaults");
    run_free(run);

    /* the roster may come before sides; an empty optional_rules list */
    static const char y2[] = "leaders:\n  - {id: a, side: X}\n  - {id: b, side: Y}\n"
                             "optional_rules: []\nsides: [X, Y]\nlast_turn: 1\nfirst_turn: 1\n"
                             "format: adjutant/1\nevents: []\n";
    run = run_yaml(y2);
    expect_seq(run, "HXD");
    EXPECT_NONE(run);
    CHECK(run->h && !run->h->illness && run->h->leader_count == 2 && run->h->leaders[1].side == 1,
          "header keys in any order before events");
    run_free(run);

    /* sides and strings: 1861 in a string field is the string "1861" */
    static const char y3[] = "format: adjutant/1\nlast_turn: 1\nsides: [1861, \"1862\"]\n"
                             "leaders:\n  - {id: 1, side: 1861}\nevents: []\n";
    run = run_yaml(y3);
    EXPECT_NONE(run);
    CHECK(run->h && strcmp(run->h->sides[0], "1861") == 0 && strcmp(run->h->sides[1], "1862") == 0 &&
              run->h->leader_count == 1 && strcmp(run->h->leaders[0].id, "1") == 0,
          "numbers are strings where strings are wanted");
    run_free(run);

    /* last_turn == first_turn is allowed; explicit tags are ignored */
    static const char y4[] = "format: !!str adjutant/1\nfirst_turn: !!int 4\nlast_turn: 4\n"
                             "sides: [A, B]\nleaders: [{id: x, side: A, vp: !!str 2}]\nevents: []\n";
    run = run_yaml(y4);
    EXPECT_NONE(run);
    CHECK(run->h && run->h->first_turn == 4 && run->h->last_turn == 4 && run->h->leaders[0].vp == 2,
          "tags ignored, last_turn == first_turn");
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* Typed entries                                                       */
/* ================================================================== */

static const char all_kinds[] = HEAD
    "  - turn: 1\n"                 /* 0 */
    "  - activate: lee\n"           /* 1 */
    "    roll: 1\n"
    "    modifier: -2\n"
    "    mp: 4\n"
    "  - move: lee\n"               /* 2 */
    "    to: 0412\n"
    "    mp: 2\n"
    "    enemy_zoc: true\n"
    "  - illness: lee\n"            /* 3 */
    "    roll: 6\n"
    "    result: ill\n"
    "  - duration: lee\n"           /* 4 */
    "    roll: 2\n"
    "    result: incapacitated\n"
    "  - sustain: grant\n"          /* 5 */
    "    roll: 9\n"
    "    result: anything at all\n"
    "  - wound: grant\n"            /* 6 */
    "    level: 7\n"
    "  - flip: lee\n"               /* 7 */
    "    to: inactive\n"
    "  - replace: lee\n"            /* 8 */
    "    by: ewell\n"
    "  - vp: USA\n"                 /* 9 */
    "    points: 3\n"
    "    leader: lee\n"
    "    reason: \"died at \\\"Malvern\\\"\"\n"
    "  - state: lee\n"              /* 10 */
    "    status: ill\n"
    "    level: 2\n"
    "    inactive: false\n"
    "  - {note: flow first, move: grant}\n" /* 11: the first key is the note */
    "  - activate: grant\n"         /* 12 */
    "    roll: 3\n"
    "  - flip: grant\n"             /* 13 */
    "    to: active\n"
    "  - vp: CSA\n"                 /* 14 */
    "    points: -2\n"
    "  - state: grant\n"            /* 15 */
    "    status: dead\n"
    "  - end:\n"                    /* 16 */
    "      USA: 3\n"
    "      CSA: x\n"
    "      Union: 4\n";

static void test_entries_typed(void **state)
{
    (void)state;
    begin();
    const char *y = all_kinds;
    run_t *run = run_yaml(y);
    EXPECT_NONE(run);
    assert_int_equal(run->n, 17);
    const adj_entry_t *e = &run->entries[0].e;
    CHECK(e->kind == ADJ_EV_TURN && e->turn == 1 && e->leader == -1, "turn 1");
    expect_mark(e->mark, ev_at(y, "turn: 1"), "turn");

    e = &run->entries[1].e;
    CHECK(e->kind == ADJ_EV_ACTIVATE && e->leader == 0 && e->roll == 1 && e->modifier == -2 &&
              e->has_mp && e->mp == 4,
          "activate lee roll 1 modifier -2 mp 4");
    expect_mark(e->mark, ev_at(y, "activate: lee"), "activate");

    e = &run->entries[2].e;
    CHECK(e->kind == ADJ_EV_MOVE && e->leader == 0 && e->to && strcmp(e->to, "0412") == 0 &&
              e->has_mp && e->mp == 2 && e->enemy_zoc,
          "move lee to 0412 (a string, leading zero kept) mp 2 enemy_zoc");
    expect_mark(e->mark, ev_at(y, "move: lee"), "move");

    e = &run->entries[3].e;
    CHECK(e->kind == ADJ_EV_ILLNESS && e->leader == 0 && e->roll == 6 && e->has_result &&
              e->result == ADJ_RES_ILL,
          "illness");
    e = &run->entries[4].e;
    CHECK(e->kind == ADJ_EV_DURATION && e->roll == 2 && e->has_result &&
              e->result == ADJ_RES_INCAPACITATED,
          "duration");
    e = &run->entries[5].e;
    CHECK(e->kind == ADJ_EV_SUSTAIN && e->leader == 1 && e->roll == 9,
          "sustain: any integer roll at the shape stage");
    /* its free-text result is not kept: no claimed illness result, and its
     * text never written over the enum `result` */
    CHECK(!e->has_result && e->result == ADJ_RES_NONE, "sustain: its free-text result is not a claimed result");
    e = &run->entries[6].e;
    CHECK(e->kind == ADJ_EV_WOUND && e->leader == 1 && e->level == 7, "wound level 7");
    e = &run->entries[7].e;
    CHECK(e->kind == ADJ_EV_FLIP && e->leader == 0 && e->flip_inactive, "flip to inactive");
    e = &run->entries[8].e;
    CHECK(e->kind == ADJ_EV_REPLACE && e->leader == 0 && e->other == 2, "replace lee by ewell");
    e = &run->entries[9].e;
    CHECK(e->kind == ADJ_EV_VP && e->side == 1 && e->points == 3 && e->other == 0 &&
              e->leader == -1 && e->reason && strcmp(e->reason, "died at \"Malvern\"") == 0,
          "vp USA 3 for lee");
    expect_mark(e->mark, ev_at(y, "vp: USA"), "vp");
    e = &run->entries[10].e;
    CHECK(e->kind == ADJ_EV_STATE && e->leader == 0 && e->status == ADJ_ST_ILL && e->has_level &&
              e->level == 2 && e->has_inactive && !e->inactive,
          "state");
    e = &run->entries[11].e;
    CHECK(e->kind == ADJ_EV_MOVE && e->leader == 1 && !e->has_mp && e->mp == 0 && !e->enemy_zoc &&
              e->to == NULL,
          "move with defaults");
    expect_mark(e->mark, ev_at(y, "note: flow first"), "an event's mark is its first key");
    e = &run->entries[12].e;
    CHECK(e->kind == ADJ_EV_ACTIVATE && e->roll == 3 && e->modifier == 0 && !e->has_mp,
          "activate defaults: modifier 0, no mp");
    e = &run->entries[13].e;
    CHECK(e->kind == ADJ_EV_FLIP && !e->flip_inactive, "flip to active");
    e = &run->entries[14].e;
    CHECK(e->kind == ADJ_EV_VP && e->side == 0 && e->points == -2 && e->other == -1 &&
              e->reason == NULL,
          "vp CSA -2, no leader");
    e = &run->entries[15].e;
    CHECK(e->kind == ADJ_EV_STATE && e->status == ADJ_ST_DEAD && !e->has_level && !e->has_inactive,
          "state dead, nothing else given");
    e = &run->entries[16].e;
    CHECK(e->kind == ADJ_EV_END && e->has_claim && e->claim_count == 3, "end with a claim of 3");
    if (e->claim_count == 3) {
        const adj_claim_item_t *c = e->claim;
        CHECK(c[0].side == 1 && c[0].value_ok && c[0].value == 3 && c[0].key &&
                  strcmp(c[0].key, "USA") == 0,
              "claim USA: 3");
        expect_mark(c[0].key_mark, ev_at(y, "USA: 3"), "claim key");
        expect_mark(c[0].value_mark, ev_at(y, "3\n      CSA"), "claim value");
        CHECK(c[1].side == 0 && !c[1].value_ok, "claim CSA: x is not an integer");
        CHECK(c[2].side == -1 && c[2].value_ok && c[2].value == 4, "claim Union: not a side");
    }
    run_free(run);
    FINISH();
}

/* `end: ~` and `end:` claim nothing; notes may be any scalar. */
static void test_entries_null_claim_and_notes(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD
        "  - turn: 1\n"
        "    note: 3\n"
        "  - turn: 2\n"
        "    note: ~\n"
        "  - turn: 3\n"
        "    note: \"quoted\"\n"
        "  - turn: 4\n"
        "    note:\n"
        "  - end: ~\n"
        "  - end:\n"
        "  - end: null\n"
        "    note: |\n"
        "      a literal\n"
        "      note\n";
    run_t *run = run_yaml(y);
    EXPECT_NONE(run);
    assert_int_equal(run->n, 7);
    for (int i = 4; i < 7; i++)
        CHECK(run->entries[i].e.kind == ADJ_EV_END && !run->entries[i].e.has_claim &&
                  run->entries[i].e.claim_count == 0,
              "end %d claims nothing", i);
    run_free(run);
    FINISH();
}

static void test_events_end_mark(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n  - end: ~\n# trailing comment\n";
    run_t *run = run_yaml(y);
    EXPECT_NONE(run);
    expect_seq(run, "HEEXD");
    /* a block sequence ends where the next token starts: the end of the
     * text, on the line after the trailing comment (17:1) */
    expect_mark(run->events_end, mark_at_offset(y, strlen(y)), "the end of a block events sequence");
    /* a line the file does not show: the messages name line 16 (SPEC 4) */
    CHECK(run->events_end_after == 16, "the mark lies after line %zu, expected 16",
          run->events_end_after);
    run_free(run);

    /* no line break at the end: libyaml still puts the mark on the next line */
    static const char bare[] = HEAD "  - turn: 1";
    run = run_yaml(bare);
    expect_mark(run->events_end, (adj_mark_t){15, 1}, "the end of a file without a last line break");
    CHECK(run->events_end_after == 14, "the mark lies after line %zu, expected 14",
          run->events_end_after);
    run_free(run);

    /* a key after the events: the mark is on that key's line, which the file shows */
    static const char key[] = HEAD "  - turn: 1\ngame: x\n";
    run = run_yaml(key);
    expect_seq(run, "HEXS");
    CHECK(run->events_end_after == 0, "a mark on a shown line: %zu, expected 0",
          run->events_end_after);
    run_free(run);

    static const char flow[] = HEAD_TOP ROSTER "events: [{turn: 1}, {end: ~}]\n";
    run = run_yaml(flow);
    EXPECT_NONE(run);
    expect_seq(run, "HEEXD");
    adj_mark_t close = ev_at(flow, "]\n");
    expect_mark(run->events_end, close, "the end of a flow events sequence");
    CHECK(run->events_end_after == 0, "a flow sequence ends at its `]`: %zu, expected 0",
          run->events_end_after);
    run_free(run);

    /* a document end marker is not a second document */
    static const char dots[] = HEAD "  - turn: 1\n...\n";
    run = run_yaml(dots);
    EXPECT_NONE(run);
    expect_seq(run, "HEXD");
    CHECK(run->events_end_after == 0, "the mark is at `...`: %zu, expected 0",
          run->events_end_after);
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* Scalars (SPEC 1.1)                                                  */
/* ================================================================== */

static void test_integers_at_the_64_bit_limits(void **state)
{
    (void)state;
    begin();
    static const char y[] = "format: adjutant/1\n"
                            "first_turn: -9223372036854775808\n"
                            "last_turn: 9223372036854775807\n"
                            "sides: [CSA, USA]\n"
                            "leaders:\n"
                            "  - {id: lee, side: CSA, initiative: -9223372036854775808,"
                            " vp: 1000000}\n"
                            "events:\n"
                            "  - turn: 9223372036854775807\n"
                            "  - turn: -9223372036854775808\n"
                            "  - turn: +9223372036854775807\n"
                            "  - turn: -0\n"
                            "  - turn: 007\n"
                            "  - turn: -9223372036854775807\n"
                            "  - activate: lee\n"
                            "    roll: -9223372036854775808\n"
                            "    modifier: 9223372036854775807\n"
                            "    mp: 9223372036854775807\n"
                            "  - turn: 9223372036854775808\n"   /* one beyond */
                            "  - turn: -9223372036854775809\n"  /* one beyond */
                            "  - turn: 18446744073709551616\n"
                            "  - turn: 99999999999999999999\n"
                            "  - turn: -99999999999999999999999999999999999999\n"
                            "  - vp: CSA\n"
                            "    points: -1000000\n"
                            "  - vp: CSA\n"
                            "    points: 9223372036854775807\n"; /* beyond ADJ_MAX_VP */
    run_t *run = run_yaml(y);
    assert_non_null(run->h);
    CHECK(run->h->first_turn == INT64_MIN && run->h->last_turn == INT64_MAX, "turn limits");
    CHECK(run->h->leader_count == 1 && run->h->leaders[0].initiative == INT64_MIN &&
              run->h->leaders[0].vp == ADJ_MAX_VP,
          "roster integers at the limits (vp at its own, SPEC 1)");
    assert_int_equal(run->n, 8);
    CHECK(run->entries[0].e.turn == INT64_MAX, "INT64_MAX");
    CHECK(run->entries[1].e.turn == INT64_MIN, "INT64_MIN");
    CHECK(run->entries[2].e.turn == INT64_MAX, "+INT64_MAX");
    CHECK(run->entries[3].e.turn == 0, "-0");
    CHECK(run->entries[4].e.turn == 7, "007 is decimal 7 ([-+]?[0-9]+)");
    CHECK(run->entries[5].e.turn == -INT64_MAX, "-INT64_MAX, one above INT64_MIN");
    CHECK(run->entries[6].e.roll == INT64_MIN && run->entries[6].e.modifier == INT64_MAX &&
              run->entries[6].e.mp == INT64_MAX,
          "event integers at the limits");
    CHECK(run->entries[7].e.points == -ADJ_MAX_VP, "points at their bound (SPEC 2)");
    EXPECT(run, Wkv_ev(ADJ_D_BAD_FIELD, y, "turn: 9223372036854775808"),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "turn: -9223372036854775809"),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "turn: 18446744073709551616"),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "turn: 99999999999999999999"),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "turn: -9999"),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "points: 9223372036854775807"));
    run_free(run);

    /* one beyond in the header: first_turn / last_turn are not integers */
    static const char h1[] = "format: adjutant/1\nfirst_turn: -9223372036854775809\nlast_turn: 1\n"
                             "sides: [A, B]\nleaders: [{id: x, side: A}]\nevents: []\n";
    run = run_yaml(h1);
    EXPECT(run, W(ADJ_D_BAD_DOCUMENT, (adj_mark_t){2, 13}));
    run_free(run);
    static const char h2[] = "format: adjutant/1\nlast_turn: 9223372036854775808\n"
                             "sides: [A, B]\nleaders: [{id: x, side: A}]\nevents: []\n";
    run = run_yaml(h2);
    EXPECT(run, W(ADJ_D_BAD_DOCUMENT, (adj_mark_t){2, 12}));
    run_free(run);
    FINISH();
}

static void test_scalars_by_text_and_style(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD
        "  - turn: !!str 1\n"        /* tags ignored: a plain 1 */
        "  - \"activate\": lee\n"    /* keys compared by text */
        "    'roll': !!float 2\n"
        "  - move: lee\n"
        "    to: !!int 1861\n"
        "    enemy_zoc: !!str false\n";
    run_t *run = run_yaml(y);
    EXPECT_NONE(run);
    assert_int_equal(run->n, 3);
    CHECK(run->entries[0].e.turn == 1, "!!str 1 is the integer 1");
    CHECK(run->entries[1].e.kind == ADJ_EV_ACTIVATE && run->entries[1].e.roll == 2,
          "quoted keys are keys");
    CHECK(run->entries[2].e.to && strcmp(run->entries[2].e.to, "1861") == 0 &&
              !run->entries[2].e.enemy_zoc,
          "!!int 1861 is the string 1861 where a string is wanted");
    run_free(run);
    FINISH();
}

/* Tags on collections are ignored like tags on scalars. The reader frees
 * each event's tags itself (adj_yaml_event_release); this test runs under
 * ASan's leak check and valgrind too. */
static void test_tagged_collections_read_as_untagged(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD
        "  - !!map {turn: 1}\n"
        "  - !!map\n"
        "    activate: lee\n"
        "    roll: !!int 2\n"
        "  - !custom {move: lee, note: !!seq [a, b]}\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_BAD_FIELD, at(y, "!!seq")));
    assert_int_equal(run->n, 2);
    CHECK(run->entries[0].e.turn == 1, "a tagged mapping is an event");
    CHECK(run->entries[1].e.kind == ADJ_EV_ACTIVATE && run->entries[1].e.roll == 2,
          "a block mapping with a tag is an event");
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* yaml-syntax                                                         */
/* ================================================================== */

static void test_yaml_syntax_carries_libyaml_problem(void **state)
{
    (void)state;
    begin();
    static const char y[] = "format: adjutant/1\nlast_turn: 5: 6\nsides: [A, B]\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "S");
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, at(y, ": 6")));
    expect_message(run, ADJ_D_YAML_SYNTAX, "mapping values are not allowed");
    run_free(run);

    static const char y2[] = HEAD "  - turn: 1\n  - activate: lee\n    roll: [3\n  - activate: ghost\n";
    run = run_yaml(y2);
    expect_seq(run, "HES");
    CHECK(run->diags.count == 1 && run->diags.items[0].code == ADJ_D_YAML_SYNTAX &&
              run->diags.items[0].mark.line >= at(y2, "roll: [3").line,
          "an unclosed flow sequence: one yaml-syntax, at or after its start");
    expect_message(run, ADJ_D_YAML_SYNTAX, "flow sequence");
    run_free(run);

    /* a tab where indentation is expected */
    static const char y3[] = "format: adjutant/1\nleaders:\n\t- id: x\n";
    run = run_yaml(y3);
    expect_seq(run, "S");
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){3, 0}));
    run_free(run);
    FINISH();
}

static void test_yaml_syntax_invalid_utf8_line(void **state)
{
    (void)state;
    begin();
    /* a lone 0xFF on line 3, column 10 */
    static const char y[] = "format: adjutant/1\nlast_turn: 5\ngame: caf\xff au lait\n"
                            "sides: [A, B]\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "S");
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){3, 10}));
    run_free(run);

    /* a truncated sequence (Latin-1 é) on line 3: at the é or the byte after */
    static const char y2[] = "format: adjutant/1\nlast_turn: 5\ngame: caf\xe9 au lait\n";
    run = run_yaml(y2);
    EXPECT(run, ((want_t){ADJ_D_YAML_SYNTAX, 3, 10, 3, 11}));
    run_free(run);

    /* a NUL byte on line 4 */
    static const char y3[] = "format: adjutant/1\nlast_turn: 5\nsides: [A, B]\ngame: a\0b\n";
    run = run_bytes(y3, sizeof y3 - 1);
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){4, 8}));
    run_free(run);

    /* an ESC byte (a C0 control) in a note on line 15 */
    static const char y4[] = HEAD "  - turn: 1\n    note: x\x1b[2J\n";
    run = run_yaml(y4);
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){15, 12}));
    run_free(run);

    /* far into the file, past libyaml's input buffers: line 20000 */
    adj_buf_t b = {0};
    adj_buf_puts(&b, HEAD);
    for (size_t line = 14; line < 19999; line++)   /* lines 14 .. 19998 */
        adj_buf_printf(&b, "  - turn: %zu\n", line);
    /* lines 19999, 20000: the bad sequence starts at column 15 */
    adj_buf_puts(&b, "  - turn: 1\n    note: bad \xc3\x28 here\n");
    run = run_bytes(b.data, b.len);
    EXPECT(run, ((want_t){ADJ_D_YAML_SYNTAX, 20000, 15, 20000, 16}));
    run_free(run);

    /* the same after CRLF line ends */
    adj_buf_reset(&b);
    adj_buf_puts(&b, "format: adjutant/1\r\nlast_turn: 5\r\n");
    for (int i = 3; i < 7000; i++)
        adj_buf_printf(&b, "game%d: x\r\n", i);
    adj_buf_puts(&b, "game: \xff\r\n"); /* line 7000, column 7 */
    run = run_bytes(b.data, b.len);
    CHECK(run->diags.count >= 1, "a diagnostic");
    const adj_diag_t *d = diag_with(run, ADJ_D_YAML_SYNTAX);
    CHECK(d && d->mark.line == 7000 && d->mark.column == 7,
          "invalid UTF-8 after CRLF lines: at 7000:7, got %zu:%zu", d ? d->mark.line : 0,
          d ? d->mark.column : 0);
    run_free(run);
    adj_buf_free(&b);
    FINISH();
}

/* SPEC 4: a stop comes "where it is found", "what was replayed before
 * stands; an event is applied only once its mapping is closed". An
 * encoding error must therefore not cost the events closed before it,
 * wherever libyaml's read-ahead (16 KiB of raw input) happens to notice it. */
static void test_yaml_syntax_encoding_error_keeps_events_before_it(void **state)
{
    (void)state;
    begin();
    /* the header closed on line 13, turn 1 on line 14; ESC on line 15 */
    static const char y[] = HEAD "  - turn: 1\n  - turn: 2\n    note: x\x1b[2J\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "HES");
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){16, 12}));
    run_free(run);

    /* every event closed before line 20000 is delivered */
    adj_buf_t b = {0};
    adj_buf_puts(&b, HEAD);
    for (size_t line = 14; line < 19999; line++)
        adj_buf_printf(&b, "  - turn: %zu\n", line);
    adj_buf_puts(&b, "  - turn: 1\n    note: bad \xc3\x28 here\n");
    run = run_bytes(b.data, b.len);
    CHECK(run->n == 19999 - 14, "%zu events delivered of the %d closed before the bad byte",
          run->n, 19999 - 14);
    EXPECT(run, ((want_t){ADJ_D_YAML_SYNTAX, 20000, 15, 20000, 16}));
    run_free(run);
    adj_buf_free(&b);
    FINISH();
}

/* The same, with the bad bytes swept across libyaml's 16 KiB input chunks:
 * wherever a chunk ends, every event closed before the bad byte is read,
 * and the yaml-syntax points at the bad byte's line and column. */
static void test_encoding_errors_across_input_chunks(void **state)
{
    (void)state;
    begin();
    static const struct {
        const char *name;
        const char *bytes;
        size_t len;
    } bad[] = {
        {"0xFF", "\xff", 1},
        {"a truncated sequence", "\xe2\x82" "A", 3},
        {"ESC", "\x1b", 1},
        {"NUL", "\0", 1},
        {"DEL", "\x7f", 1},
        {"C1 CSI", "\xc2\x9b", 2},
        {"an overlong '/'", "\xc0\xaf", 2},
        {"a surrogate", "\xed\xa0\x80", 3},
        {"U+FFFE", "\xef\xbf\xbe", 3},
    };
    static const char turn[] = "  - turn: 1\n";          /* 12 bytes */
    static const char note[] = "  - turn: 1\n    note: "; /* 22 bytes */
    const size_t head = strlen(HEAD);
    char name[96];
    adj_buf_t b = {0};
    for (size_t v = 0; v < sizeof bad / sizeof *bad; v++) {
        for (size_t chunk = 1; chunk <= 3; chunk++) {
            for (int delta = -5; delta <= 5; delta++) {
                size_t at_off = chunk * 16384 + (size_t)(delta + 16) - 16;  /* the bad byte */
                size_t room = at_off - head - (sizeof note - 1);
                size_t m = room / (sizeof turn - 1), pad = room % (sizeof turn - 1);
                snprintf(name, sizeof name, "%s at byte %zu", bad[v].name, at_off);
                ctx = name;
                adj_buf_reset(&b);
                adj_buf_puts(&b, HEAD);
                for (size_t i = 0; i < m; i++)
                    adj_buf_puts(&b, turn);
                adj_buf_puts(&b, note);
                for (size_t i = 0; i < pad; i++)
                    adj_buf_putc(&b, 'x');
                CHECK(b.len == at_off, "test bug: the bad byte is at %zu", b.len);
                adj_buf_put(&b, bad[v].bytes, bad[v].len);
                adj_buf_puts(&b, "\n  - turn: 2\n");
                run_t *run = run_bytes(b.data, b.len);
                CHECK(run->n == m, "%zu of the %zu events before the bad byte were read", run->n, m);
                size_t line = 13 + m + 2, col = 11 + pad;
                const adj_diag_t *d = run->diags.count == 1 ? &run->diags.items[0] : NULL;
                CHECK(d && d->code == ADJ_D_YAML_SYNTAX && d->mark.line == line &&
                          d->mark.column >= col && d->mark.column <= col + 2,
                      "one yaml-syntax at %zu:%zu, got %zu diagnostics, the first %s at %zu:%zu",
                      line, col, run->diags.count,
                      run->diags.count ? adj_code_name(run->diags.items[0].code) : "-",
                      run->diags.count ? run->diags.items[0].mark.line : 0,
                      run->diags.count ? run->diags.items[0].mark.column : 0);
                run_free(run);
                if (failures > 20)
                    goto out;
            }
        }
    }
out:
    adj_buf_free(&b);
    FINISH();
}

/* SPEC 4 places diagnostics by line: the file's lines, as an editor, `grep
 * -n` or `sed -n` count them. libyaml counts NEL (U+0085), LS (U+2028) and
 * PS (U+2029) as line breaks too (YAML 1.1; YAML 1.2 no longer does). A
 * valid log holding one in a quoted note must not shift every later line. */
/* Lines are libyaml's (SPEC 4 places diagnostics at its marks): YAML 1.1
 * counts NEL, LS and PS as line breaks, inside quoted scalars too, so each
 * adds a line. adjutant keeps that count rather than second-guess it. */
static void test_lines_count_yaml_line_breaks(void **state)
{
    (void)state;
    begin();
    static const char *const chars[] = {"\xc2\x85", "\xe2\x80\xa8", "\xe2\x80\xa9"};
    static const char *const names[] = {"NEL", "LS", "PS"};
    for (int i = 0; i < 3; i++) {
        ctx = names[i];
        adj_buf_t b = {0};
        adj_buf_puts(&b, HEAD "  - turn: 1\n    note: \"a");
        adj_buf_puts(&b, chars[i]);
        adj_buf_puts(&b, "b\"\n  - activate: ghost\n    roll: 3\n");
        run_t *run = run_bytes(b.data, b.len);
        EXPECT(run, W(ADJ_D_UNKNOWN_LEADER, ((adj_mark_t){17, 5})));
        run_free(run);
        adj_buf_free(&b);
    }
    FINISH();
}

static void test_yaml_syntax_reading_limits(void **state)
{
    (void)state;
    begin();
    /* collections nested past ADJ_MAX_DEPTH inside a note */
    adj_buf_t b = {0};
    adj_buf_puts(&b, HEAD "  - turn: 1\n  - turn: 2\n    note: ");
    for (int i = 0; i < ADJ_MAX_DEPTH + 10; i++)
        adj_buf_putc(&b, '[');
    for (int i = 0; i < ADJ_MAX_DEPTH + 10; i++)
        adj_buf_putc(&b, ']');
    adj_buf_puts(&b, "\n  - activate: ghost\n    roll: 1\n");
    run_t *run = run_bytes(b.data, b.len);
    expect_seq(run, "HES");
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){16, 0}));
    run_free(run);

    /* a modest nesting in a note is only a bad-field, and reading goes on */
    adj_buf_reset(&b);
    adj_buf_puts(&b, HEAD "  - turn: 1\n    note: ");
    for (int i = 0; i < 20; i++)
        adj_buf_puts(&b, "{a: [");
    for (int i = 0; i < 20; i++)
        adj_buf_puts(&b, "]}");
    adj_buf_puts(&b, "\n  - turn: 2\n");
    run = run_bytes(b.data, b.len);
    expect_seq(run, "HEXD");
    EXPECT(run, ((want_t){ADJ_D_BAD_FIELD, 15, 5, 15, 11}));
    CHECK(run->n == 1 && run->entries[0].e.turn == 2, "the next event is read after the skip");
    run_free(run);

    /* a scalar of ADJ_MAX_SCALAR bytes passes; one byte more stops */
    for (int extra = 0; extra <= 1; extra++) {
        adj_buf_reset(&b);
        adj_buf_puts(&b, HEAD "  - turn: 1\n    note: ");
        for (size_t i = 0; i < ADJ_MAX_SCALAR + (size_t)extra; i++)
            adj_buf_putc(&b, 'x');
        adj_buf_puts(&b, "\n  - end: ~\n");
        run = run_bytes(b.data, b.len);
        if (extra == 0) {
            ctx = "scalar at the limit";
            EXPECT_NONE(run);
            expect_seq(run, "HEEXD");
        } else {
            ctx = "scalar past the limit";
            EXPECT(run, W(ADJ_D_YAML_SYNTAX, (adj_mark_t){15, 11}));
            expect_seq(run, "HS");
        }
        run_free(run);
    }
    adj_buf_free(&b);
    FINISH();
}

/* The %-directive limit counts only directives: `%` lines in a directive
 * prologue (the stream's start, or after a `...` line, up to the first
 * content line), whatever the encoding and with or without a BOM. */
static void directives(adj_buf_t *b, int n)
{
    for (int i = 0; i < n; i++)
        adj_buf_printf(b, "%%TAG !t%d! tag:x%d:\n", i, i);
}

/* The UTF-8 text as UTF-16LE with its byte-order mark (ASCII only). */
static void to_utf16le(adj_buf_t *out, const adj_buf_t *in)
{
    adj_buf_put(out, "\xff\xfe", 2);
    for (size_t i = 0; i < in->len; i++) {
        adj_buf_putc(out, in->data[i]);
        adj_buf_putc(out, '\0');
    }
}

static void test_yaml_syntax_directive_limit_counts_directives_only(void **state)
{
    (void)state;
    begin();
    adj_buf_t b = {0}, u = {0};
    for (int bom = 0; bom <= 2; bom++) {  /* none, UTF-8 BOM, UTF-16LE */
        for (int n = ADJ_MAX_DIRECTIVES; n <= ADJ_MAX_DIRECTIVES + 1; n++) {
            adj_buf_reset(&b);
            adj_buf_reset(&u);
            if (bom == 1)
                adj_buf_puts(&b, "\xef\xbb\xbf");
            size_t before = 0;  /* lines before the first directive */
            if (bom == 0) {
                adj_buf_puts(&b, "# a comment, then a blank line\n\n");
                before = 2;
            }
            directives(&b, n);
            adj_buf_puts(&b, "---\n" HEAD "  - turn: 1\n");
            if (bom == 2)
                to_utf16le(&u, &b);
            const adj_buf_t *in = bom == 2 ? &u : &b;
            ctx = bom == 0 ? "no BOM" : bom == 1 ? "UTF-8 BOM" : "UTF-16LE";
            run_t *run = run_bytes(in->data, in->len);
            if (n == ADJ_MAX_DIRECTIVES) {
                EXPECT_NONE(run);
                expect_seq(run, "HEXD");
            } else {
                /* the 65th directive */
                EXPECT(run, W(ADJ_D_YAML_SYNTAX, ((adj_mark_t){(size_t)n + before, 1})));
                expect_seq(run, "S");
                expect_message(run, ADJ_D_YAML_SYNTAX, "%-directives");
            }
            run_free(run);
        }
    }

    /* `%` lines inside a quoted scalar are text, not directives */
    adj_buf_reset(&b);
    directives(&b, ADJ_MAX_DIRECTIVES);
    adj_buf_puts(&b, "---\n" HEAD "  - turn: 1\n    note: \"a note\n");
    for (int i = 0; i < 2 * ADJ_MAX_DIRECTIVES; i++)
        adj_buf_puts(&b, "%TAG is only text here\n");
    adj_buf_puts(&b, "      the end\"\n  - turn: 2\n");
    ctx = "percent lines in a note";
    run_t *run = run_bytes(b.data, b.len);
    EXPECT_NONE(run);
    expect_seq(run, "HEEXD");
    run_free(run);

    /* after `...` a new prologue begins, and its directives count */
    adj_buf_reset(&b);
    adj_buf_puts(&b, HEAD "  - turn: 1\n...\n");
    size_t line = 16;  /* HEAD is 13 lines, the event 1, `...` 1 */
    directives(&b, ADJ_MAX_DIRECTIVES + 1);
    adj_buf_puts(&b, "--- x\n");
    ctx = "directives after ...";
    run = run_bytes(b.data, b.len);
    EXPECT(run, W(ADJ_D_YAML_SYNTAX, ((adj_mark_t){line + ADJ_MAX_DIRECTIVES, 1})));
    expect_message(run, ADJ_D_YAML_SYNTAX, "%-directives");
    run_free(run);
    adj_buf_free(&b);
    adj_buf_free(&u);
    FINISH();
}

/* ================================================================== */
/* bad-document                                                        */
/* ================================================================== */

typedef struct doc_case_s {
    const char *name;
    const char *yaml;
    size_t line, col;       /* where the bad-document must point */
    const char *part;       /* a piece of its message, NULL: not checked */
} doc_case_t;

#define GOODTAIL "sides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA}\nevents: []\n"

static const doc_case_t doc_cases[] = {
    {"empty file", "", 1, 1, "no YAML document"},
    {"only comments", "# a comment\n\n   # another\n", 1, 1, "no YAML document"},
    {"only whitespace", "\n\n   \n", 1, 1, "no YAML document"},
    {"not a mapping (a list)", "- format: adjutant/1\n- last_turn: 3\n", 1, 1, "must be a mapping"},
    {"not a mapping (a scalar)", "adjutant/1\n", 1, 1, "must be a mapping"},
    {"not a mapping, after comments", "# header\n\n[format, adjutant/1]\n", 3, 1, "mapping"},
    {"an explicit empty document", "---\n", 1, 1, "must be a mapping"},
    {"not a mapping, after ---", "# a log\n---\n- a\n", 3, 1, "must be a mapping"},
    {"events missing", "format: adjutant/1\nlast_turn: 3\n" "sides: [CSA, USA]\nleaders:\n"
                       "  - {id: lee, side: CSA}\n", 1, 1, "`events` is missing"},
    {"format missing", "last_turn: 3\n" GOODTAIL, 1, 1,
     "`format` is missing: a log starts with `format: adjutant/1`"},
    {"format wrong", "format: adjutant/2\nlast_turn: 3\n" GOODTAIL, 1, 9,
     "`format` must be exactly adjutant/1, not \"adjutant/2\""},
    {"format with a space", "format: 'adjutant/1 '\nlast_turn: 3\n" GOODTAIL, 1, 9,
     "not the quoted string \"adjutant/1 \""},
    {"format a list", "format: [adjutant/1]\nlast_turn: 3\n" GOODTAIL, 1, 9, "not a list"},
    {"first_turn a word", "format: adjutant/1\nfirst_turn: one\nlast_turn: 3\n" GOODTAIL, 2, 13,
     "`first_turn` must be an integer, not \"one\""},
    {"first_turn quoted", "format: adjutant/1\nfirst_turn: \"1\"\nlast_turn: 3\n" GOODTAIL, 2, 13,
     "`first_turn` must be an integer, not the quoted string \"1\""},
    {"first_turn null", "format: adjutant/1\nfirst_turn: ~\nlast_turn: 3\n" GOODTAIL, 2, 13,
     "`first_turn` must be an integer, not null"},
    {"first_turn 1.0", "format: adjutant/1\nfirst_turn: 1.0\nlast_turn: 3\n" GOODTAIL, 2, 13,
     "not \"1.0\""},
    {"last_turn missing", "format: adjutant/1\n" GOODTAIL, 1, 1, "`last_turn` is missing"},
    {"last_turn quoted", "format: adjutant/1\nlast_turn: '3'\n" GOODTAIL, 2, 12,
     "`last_turn` must be an integer, not the quoted string \"3\""},
    {"last_turn empty", "format: adjutant/1\nlast_turn:\n" GOODTAIL, 2, 11,
     "`last_turn` must be an integer, not null"},
    {"last_turn 0x10", "format: adjutant/1\nlast_turn: 0x10\n" GOODTAIL, 2, 12, "not \"0x10\""},
    {"last_turn a mapping", "format: adjutant/1\nlast_turn: {a: 1}\n" GOODTAIL, 2, 12,
     "`last_turn` must be an integer, not a mapping"},
    {"last < first", "format: adjutant/1\nfirst_turn: 4\nlast_turn: 3\n" GOODTAIL, 3, 12,
     "`last_turn` must be at least `first_turn` (4), not 3"},
    {"last < the default first", "format: adjutant/1\nlast_turn: 0\n" GOODTAIL, 2, 12,
     "`last_turn` must be at least `first_turn` (1, its default), not 0"},
    {"sides missing", "format: adjutant/1\nlast_turn: 3\nleaders: [{id: a, side: X}]\nevents: []\n",
     1, 1, "`sides` is missing"},
    {"sides the same", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, CSA]\n"
                       "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8,
     "`sides` must be a list of two distinct names: both are \"CSA\""},
    {"sides one", "format: adjutant/1\nlast_turn: 3\nsides: [CSA]\n"
                  "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8, ", not a list of 1"},
    {"sides empty", "format: adjutant/1\nlast_turn: 3\nsides: []\n"
                    "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8, ", not an empty list"},
    {"sides three", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA, UK]\n"
                    "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8, ", not a list of 3"},
    {"sides three, the third a list", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA, [X]]\n"
                    "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8,
     ": item 3 is a list, not a name"},
    {"sides a scalar", "format: adjutant/1\nlast_turn: 3\nsides: CSA\n"
                       "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8, ", not \"CSA\""},
    {"sides with a null", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, ~]\n"
                          "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8,
     ": item 2 is null, not a name"},
    {"sides with a list", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, [USA]]\n"
                          "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8,
     ": item 2 is a list, not a name"},
    {"sides a mapping", "format: adjutant/1\nlast_turn: 3\nsides: {CSA: USA}\n"
                        "leaders: [{id: a, side: CSA}]\nevents: []\n", 3, 8, ", not a mapping"},
    {"leaders a mapping", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\n"
                          "leaders: {id: a, side: CSA}\nevents: []\n", 4, 10,
     "`leaders` must be a list of the leaders (the roster), not a mapping"},
    {"leaders a scalar", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\n"
                         "leaders: lee\nevents: []\n", 4, 10, "not \"lee\""},
    {"leaders missing", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nevents: []\n", 1, 1,
     "`leaders` is missing"},
    {"leaders empty", "format: adjutant/1\nlast_turn: 3\nsides: [CSA, USA]\nleaders: []\n"
                      "events: []\n", 4, 10, "`leaders` is empty"},
    {"events a mapping", "format: adjutant/1\nlast_turn: 3\n" "sides: [CSA, USA]\n"
                         "leaders: [{id: a, side: CSA}]\nevents: {turn: 1}\n", 5, 9,
     "`events` must be a list of the game's events, not a mapping"},
    {"events null", "format: adjutant/1\nlast_turn: 3\n" "sides: [CSA, USA]\n"
                    "leaders: [{id: a, side: CSA}]\nevents: ~\n", 5, 9, "not null"},
    {"events empty", "format: adjutant/1\nlast_turn: 3\n" "sides: [CSA, USA]\n"
                     "leaders: [{id: a, side: CSA}]\nevents:\n", 5, 8, "not null"},
    {"document start after comments", "# a log\n\nlast_turn: 3\n" GOODTAIL, 3, 1,
     "`format` is missing"},
    {"explicit document start", "# a log\n--- \nlast_turn: 3\n" GOODTAIL, 3, 1,
     "`format` is missing"},
    {"a flow mapping's start", "{last_turn: 3, sides: [A, B], leaders: [{id: a, side: A}], "
                               "events: []}\n", 1, 1, "`format` is missing"},
};

static void test_bad_document_cases(void **state)
{
    (void)state;
    begin();
    for (size_t i = 0; i < sizeof doc_cases / sizeof *doc_cases; i++) {
        const doc_case_t *c = &doc_cases[i];
        ctx = c->name;
        run_t *run = run_yaml(c->yaml);
        CHECK(run->last == ADJ_READ_STOP, "the audit stops");
        CHECK(run->h == NULL, "no header is handed out");
        CHECK(strchr(run->seq, 'H') == NULL && strchr(run->seq, 'E') == NULL,
              "no header or entry before the stop (%s)", run->seq);
        EXPECT(run, W(ADJ_D_BAD_DOCUMENT, ((adj_mark_t){c->line, c->col})));
        if (c->part)
            expect_message(run, ADJ_D_BAD_DOCUMENT, c->part);
        CHECK(run->diags.stopped, "diags.stopped is set");
        run_free(run);
    }
    FINISH();
}

/* Header unknown-field and duplicate-key are reported as read, even when
 * a bad-document follows; nothing after the stop is. */
static void test_bad_document_keeps_header_warnings_only(void **state)
{
    (void)state;
    begin();
    static const char y[] = "formt: adjutant/1\n"            /* unknown-field (did you mean) */
                            "last_turn: 3\n"
                            "last_turn: 4\n"                 /* duplicate-key */
                            "optional_rules: [fog]\n"        /* step 5: never reached */
                            "imc: 3\n"                       /* step 4: never reached */
                            "sides: [CSA, USA]\n"
                            "leaders: [{id: lee, side: Union}]\n" /* step 2: never reached */
                            "events:\n"
                            "  - foo: 1\n"                   /* never read */
                            "  - bar: *x\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_FIELD, at(y, "formt")), W(ADJ_D_DUPLICATE_KEY, at(y, "last_turn: 4")),
           W(ADJ_D_BAD_DOCUMENT, ((adj_mark_t){1, 1})));
    expect_message(run, ADJ_D_UNKNOWN_FIELD, "did you mean `format`");
    expect_message(run, ADJ_D_BAD_DOCUMENT, "format");
    run_free(run);
    FINISH();
}

/* Step 1 reports every header problem in one run, each naming its key;
 * sorted, the ties at the document's start keep SPEC 1.2's order. */
static void test_bad_document_every_header_problem_at_once(void **state)
{
    (void)state;
    begin();
    static const char y[] = "game: Seven Days\nfirst_turn: x\n";
    run_t *run = run_yaml(y);
    static const char *const want[] = {"`events` is missing", "`format` is missing",
                                       "`last_turn` is missing", "`sides` is missing",
                                       "`leaders` is missing",
                                       "`first_turn` must be an integer, not \"x\""};
    size_t n = sizeof want / sizeof *want;
    CHECK(run->diags.count == n, "%zu diagnostics, expected %zu", run->diags.count, n);
    for (size_t i = 0; i < n && i < run->diags.count; i++) {
        const adj_diag_t *d = &run->diags.items[i];
        size_t line = i == 5 ? 2 : 1, col = i == 5 ? 13 : 1;  /* sorted by line, column */
        CHECK(d->code == ADJ_D_BAD_DOCUMENT && d->mark.line == line && d->mark.column == col &&
                  strstr(d->message, want[i]),
              "diagnostic %zu: %zu:%zu %s, expected %zu:%zu bad-document \"%s\"", i,
              d->mark.line, d->mark.column, d->message, line, col, want[i]);
    }
    CHECK(run->diags.stopped, "the audit stops");
    run_free(run);
    FINISH();
}

/* Steps 2 and 3: every roster entry dropped, then bad-document; step 4
 * and 5 problems are not reported after the stop. */
static void test_bad_document_empty_roster_after_drops(void **state)
{
    (void)state;
    begin();
    static const char y[] = "format: adjutant/1\n"
                            "last_turn: 3\n"
                            "optional_rules: [fog]\n"
                            "imc: {x: [1]}\n"
                            "sides: [CSA, USA]\n"
                            "leaders:\n"
                            "  - id: lee\n"
                            "    side: Union\n"
                            "  - id: bad id\n"
                            "    side: CSA\n"
                            "  - just-a-name\n"
                            "events:\n"
                            "  - turn: 1\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "S");
    /* step 3 points at the `leaders` value: its first item's `-` */
    EXPECT(run, W(ADJ_D_BAD_DOCUMENT, ((adj_mark_t){7, 3})),
           Wkv(ADJ_D_BAD_FIELD, y, "side: Union"), Wkv(ADJ_D_BAD_FIELD, y, "id: bad id"),
           W(ADJ_D_BAD_FIELD, at(y, "just-a-name")));
    expect_message(run, ADJ_D_BAD_DOCUMENT, "no entry of `leaders` is kept (each of its 3 is "
                                            "dropped");
    run_free(run);
    FINISH();
}

static void test_bad_document_key_after_events(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n  - end: ~\ngame: late\n  # more\nscenario: x\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "HEEXS");
    EXPECT(run, W(ADJ_D_BAD_DOCUMENT, at(y, "game: late")));
    expect_message(run, ADJ_D_BAD_DOCUMENT, "events");
    run_free(run);

    /* through the audit: the finished replay stays whole */
    adj_audit_t a;
    adj_audit_opts_t o = {0};
    adj_audit_bytes(&a, y, strlen(y), "t.yaml", &o);
    CHECK(a.replayed && a.result.ended && a.result.turn_begun && a.result.turn == 1,
          "the replay before the key after events stands");
    CHECK(a.diags.count == 1 && a.diags.stopped, "only the bad-document");
    adj_audit_free(&a);
    FINISH();
}

static void test_bad_document_second_document(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n  - end: ~\n"
                                 "---\n"
                                 "format: adjutant/1\n"
                                 "bogus: *alias\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "HEEXS");
    EXPECT(run, W(ADJ_D_BAD_DOCUMENT, at(y, "---")));
    run_free(run);

    /* after an explicit end marker */
    static const char y2[] = "---\n" HEAD "  - turn: 1\n...\n---\n- a\n";
    run = run_yaml(y2);
    expect_seq(run, "HEXS");
    EXPECT(run, W(ADJ_D_BAD_DOCUMENT, mark_at_offset(y2, find(y2, 0, "...\n---") + 4)));
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* bad-field: events                                                   */
/* ================================================================== */

typedef struct field_case_s {
    const char *name;
    const char *event;   /* the event, indented as an element of `events` */
    const char *key;     /* needle for the offending key (or the event's first key) */
    const char *value;   /* needle for the offending value, searched after key; NULL: key only */
} field_case_t;

static const field_case_t field_cases[] = {
    {"quoted \"3\"", "  - activate: lee\n    roll: \"3\"\n", "roll:", "\"3\""},
    {"single-quoted '3'", "  - activate: lee\n    roll: '3'\n", "roll:", "'3'"},
    {"3.0", "  - activate: lee\n    roll: 3.0\n", "roll:", "3.0"},
    {"0x10", "  - activate: lee\n    roll: 0x10\n", "roll:", "0x10"},
    {"0o7", "  - activate: lee\n    roll: 0o7\n", "roll:", "0o7"},
    {"1_000", "  - activate: lee\n    roll: 1_000\n", "roll:", "1_000"},
    {"1e3", "  - activate: lee\n    roll: 1e3\n", "roll:", "1e3"},
    {"a bare sign", "  - activate: lee\n    roll: +\n", "roll:", "+"},
    {"!!int \"3\"", "  - activate: lee\n    roll: !!int \"3\"\n", "roll:", "!!int"},
    {"~ (modifier)", "  - activate: lee\n    roll: 3\n    modifier: ~\n", "modifier:", "~"},
    {"null (modifier)", "  - activate: lee\n    roll: 3\n    modifier: null\n", "modifier:", "null"},
    {"empty (modifier)", "  - activate: lee\n    roll: 3\n    modifier:\n", "modifier:", ""},
    {"99999999999999999999", "  - activate: lee\n    roll: 99999999999999999999\n", "roll:",
     "9999"},
    {"mp -1", "  - activate: lee\n    roll: 3\n    mp: -1\n", "mp:", "-1"},
    {"move mp -1", "  - move: lee\n    mp: -1\n", "mp:", "-1"},
    {"roll a list", "  - activate: lee\n    roll: [3]\n", "roll:", "[3]"},
    {"roll a mapping", "  - activate: lee\n    roll:\n      die: 3\n", "roll:", "die"},
    {"wound level 0", "  - wound: lee\n    level: 0\n", "level:", "0"},
    {"wound level -3", "  - wound: lee\n    level: -3\n", "level:", "-3"},
    {"note as a mapping", "  - flip: lee\n    to: inactive\n    note: {said: yes}\n", "note:",
     "{said"},
    {"note as a list", "  - turn: 3\n    note: [a, b]\n", "note:", "[a"},
    {"end: 5", "  - end: 5\n", "end:", "5"},
    {"end: a string", "  - end: CSA\n", "end:", "CSA"},
    {"end: a list", "  - end: [CSA, 1]\n", "end:", "[CSA"},
    {"missing roll", "  - activate: lee\n    modifier: 1\n", "activate: lee", NULL},
    {"missing roll, note first", "  - note: first\n    illness: lee\n", "note: first", NULL},
    {"missing level", "  - wound: lee\n", "wound: lee", NULL},
    {"missing to (flip)", "  - flip: lee\n", "flip: lee", NULL},
    {"missing by", "  - {replace: lee}\n", "replace: lee", NULL},
    {"missing points", "  - vp: CSA\n    leader: lee\n", "vp: CSA", NULL},
    {"missing status", "  - state: lee\n    level: 1\n", "state: lee", NULL},
    {"missing roll (duration)", "  - duration: lee\n    result: ill\n", "duration: lee", NULL},
    {"missing roll (sustain)", "  - sustain: lee\n", "sustain: lee", NULL},
    {"to: ~ (move)", "  - move: lee\n    to: ~\n", "to:", "~"},
    {"to a list (move)", "  - move: lee\n    to: [1, 2]\n", "to:", "[1"},
    {"enemy_zoc yes", "  - move: lee\n    enemy_zoc: yes\n", "enemy_zoc:", "yes"},
    {"enemy_zoc True", "  - move: lee\n    enemy_zoc: True\n", "enemy_zoc:", "True"},
    {"enemy_zoc \"true\"", "  - move: lee\n    enemy_zoc: \"true\"\n", "enemy_zoc:", "\"true\""},
    {"flip to sideways", "  - flip: lee\n    to: sideways\n", "to:", "sideways"},
    {"flip to Active", "  - flip: lee\n    to: Active\n", "to:", "Active"},
    {"illness result dead", "  - illness: lee\n    roll: 6\n    result: dead\n", "result:",
     "dead"},
    {"duration result none", "  - duration: lee\n    roll: 6\n    result: none\n", "result:",
     "none"},
    {"sustain result ~", "  - sustain: lee\n    roll: 6\n    result: ~\n", "result:", "~"},
    {"state status alive", "  - state: lee\n    status: alive\n", "status:", "alive"},
    {"state inactive maybe", "  - state: lee\n    status: fit\n    inactive: maybe\n",
     "inactive:", "maybe"},
    {"state level 1.5", "  - state: lee\n    status: fit\n    level: 1.5\n", "level:", "1.5"},
    {"points 1.5", "  - vp: USA\n    points: 1.5\n", "points:", "1.5"},
    {"vp leader a list", "  - vp: USA\n    points: 1\n    leader: [lee]\n", "leader:", "[lee"},
    {"vp reason ~", "  - vp: USA\n    points: 1\n    reason: ~\n", "reason:", "~"},
    {"by ~", "  - replace: lee\n    by: ~\n", "by:", "~"},
    {"subject a list", "  - activate: [lee]\n    roll: 3\n", "activate:", "[lee"},
    {"subject null", "  - activate: ~\n    roll: 3\n", "activate:", "~"},
    {"turn \"7\"", "  - turn: \"7\"\n", "turn:", "\"7\""},
    {"turn seven", "  - turn: seven\n", "turn:", "seven"},
    {"side not in sides (vp)", "  - vp: Confederacy\n    points: 1\n", "vp:", "Confederacy"},
    {"first bad field in file order, before the subject", "  - roll: x\n    activate: [lee]\n",
     "roll:", "x"},
    {"first bad field counts (mp before roll)",
     "  - activate: lee\n    mp: -1\n    roll: x\n    modifier: y\n", "mp:", "-1"},
    {"first bad field counts (roll before mp)",
     "  - activate: lee\n    roll: x\n    mp: -1\n", "roll:", "x"},
    {"an unknown subject and a bad field: bad-field first", "  - activate: nobody\n    roll: x\n",
     "roll:", "x"},
    {"an empty subject and a bad field: bad-field first", "  - activate: \"\"\n    roll: x\n",
     "roll:", "x"},
};

static void test_bad_field_events(void **state)
{
    (void)state;
    begin();
    for (size_t i = 0; i < sizeof field_cases / sizeof *field_cases; i++) {
        const field_case_t *c = &field_cases[i];
        ctx = c->name;
        adj_buf_t b = {0};
        adj_buf_puts(&b, HEAD "  - turn: 1\n");
        size_t ev_start = b.len;
        adj_buf_puts(&b, c->event);
        adj_buf_puts(&b, "  - turn: 2\n");
        size_t koff = find(b.data, ev_start, c->key);
        if (koff == SIZE_MAX) {
            adj_buf_free(&b);
            continue;
        }
        adj_mark_t km = mark_at_offset(b.data, koff);
        adj_mark_t vm = km;
        if (c->value) {
            size_t voff = find(b.data, koff + strlen(c->key), c->value);
            if (voff != SIZE_MAX)
                vm = mark_at_offset(b.data, voff);
        }
        run_t *run = run_bytes(b.data, b.len);
        EXPECT(run, W2(ADJ_D_BAD_FIELD, km, vm));
        if (!strncmp(c->name, "end:", 4)) {  /* SPEC 3.8: read as `end: ~`, kept */
            CHECK(run->n == 3 && run->entries[1].e.kind == ADJ_EV_END &&
                      !run->entries[1].e.has_claim && run->entries[1].e.claim_count == 0,
                  "an ill-typed claim is read as `end: ~` (%zu entries)", run->n);
            expect_seq(run, "HEEEXD");
        } else {
            CHECK(run->n == 2 && run->entries[0].e.turn == 1 && run->entries[1].e.turn == 2,
                  "the bad event is dropped and the next one read (%zu entries)", run->n);
            expect_seq(run, "HEEXD");
        }
        run_free(run);
        adj_buf_free(&b);
    }
    FINISH();
}

/* ================================================================== */
/* bad-field: roster, imc, optional_rules                              */
/* ================================================================== */

typedef struct roster_case_s {
    const char *name;
    const char *entry;   /* one roster entry (indented as a list item) */
    const char *key;
    const char *value;
    const char *id;      /* the id that must not be kept (NULL: none) */
} roster_case_t;

static const roster_case_t roster_cases[] = {
    {"roster wound 6", "  - id: bad\n    side: CSA\n    wound: 6\n", "wound:", "6", "bad"},
    {"roster wound -1", "  - id: bad\n    side: CSA\n    wound: -1\n", "wound:", "-1", "bad"},
    {"vp -1", "  - id: bad\n    side: CSA\n    vp: -1\n", "vp: -1", "-1", "bad"},
    {"vp beyond 64 bits", "  - id: bad\n    side: CSA\n    vp: 99999999999999999999\n", "vp: 9",
     "9999", "bad"},
    {"reserve yes", "  - id: bad\n    side: CSA\n    reserve: yes\n", "reserve: yes", "yes", "bad"},
    {"reserve 1", "  - id: bad\n    side: CSA\n    reserve: 1\n", "reserve: 1", "1", "bad"},
    {"initiative \"3\"", "  - id: bad\n    side: CSA\n    initiative: \"3\"\n", "initiative:",
     "\"3\"", "bad"},
    {"initiative ~", "  - id: bad\n    side: CSA\n    initiative: ~\n", "initiative:", "~", "bad"},
    {"id with a space", "  - id: robert lee\n    side: CSA\n", "id: robert", "robert", NULL},
    {"id empty", "  - id: ''\n    side: CSA\n", "id: ''", "''", NULL},
    {"id ~", "  - id: ~\n    side: CSA\n", "id: ~", "~", NULL},
    {"id non-ASCII", "  - id: jos\xc3\xa9\n    side: CSA\n", "id: jos", "jos", NULL},
    {"id with a slash", "  - id: a/b\n    side: CSA\n", "id: a/b", "a/b", NULL},
    {"id a list", "  - id: [bad]\n    side: CSA\n", "id: [", "[", NULL},
    {"side not in sides", "  - id: bad\n    side: Union\n", "side: Union", "Union", "bad"},
    {"side differs in case", "  - id: bad\n    side: csa\n", "side: csa", "csa", "bad"},
    {"side ~", "  - id: bad\n    side: ~\n", "side: ~", "~", "bad"},
    {"name ~", "  - id: bad\n    side: CSA\n    name: ~\n", "name:", "~", "bad"},
    {"name a list", "  - id: bad\n    side: CSA\n    name: [a]\n", "name:", "[a", "bad"},
    {"one bad-field per entry (the first)", "  - id: bad\n    side: CSA\n    vp: -1\n    wound: 9\n",
     "vp: -1", "-1", "bad"},
    {"not a mapping", "  - bad\n", "- bad", "bad", "bad"},
    {"a list", "  - [id, bad]\n", "[id, bad]", NULL, "bad"},
    {"lacks id", "  - side: CSA\n    vp: 2\n", "side: CSA\n    vp: 2", NULL, NULL},
    {"lacks side", "  - id: bad\n    vp: 2\n", "id: bad", NULL, "bad"},
    {"an empty mapping", "  - {}\n", "{}", NULL, NULL},
};

static void test_bad_field_roster(void **state)
{
    (void)state;
    begin();
    for (size_t i = 0; i < sizeof roster_cases / sizeof *roster_cases; i++) {
        const roster_case_t *c = &roster_cases[i];
        ctx = c->name;
        adj_buf_t b = {0};
        adj_buf_puts(&b, HEAD_TOP ROSTER);
        size_t start = b.len;
        adj_buf_puts(&b, c->entry);
        adj_buf_puts(&b, "  - id: grant\n    side: USA\nevents: []\n");
        size_t koff = find(b.data, start, c->key);
        if (koff == SIZE_MAX) {
            adj_buf_free(&b);
            continue;
        }
        adj_mark_t km = mark_at_offset(b.data, koff);
        adj_mark_t vm = km;
        if (c->value) {
            size_t voff = find(b.data, koff + (strncmp(c->key, "- ", 2) == 0 ? 2 : 0), c->value);
            if (voff != SIZE_MAX)
                vm = mark_at_offset(b.data, voff);
        }
        if (strncmp(c->key, "- ", 2) == 0)
            km = vm;  /* a scalar entry: it is its own start */
        run_t *run = run_bytes(b.data, b.len);
        EXPECT(run, W2(ADJ_D_BAD_FIELD, km, vm));
        CHECK(run->h && run->h->leader_count == 2, "the entry is dropped; lee and grant are kept");
        CHECK(!c->id || adj_reader_leader_index(run->r, c->id) == -1, "id %s is not kept", c->id);
        CHECK(adj_reader_leader_index(run->r, "grant") == 1, "the entries after it are kept");
        expect_seq(run, "HXD");
        run_free(run);
        adj_buf_free(&b);
    }
    FINISH();
}

typedef struct imc_case_s {
    const char *name;
    const char *imc;     /* the imc key and value */
    const char *key;     /* needle where the bad-field points (key or value) */
    const char *value;
} imc_case_t;

static const imc_case_t imc_cases[] = {
    {"a row of 5 values", "imc:\n  3: [0, 1, 2, 3, 4]\n  4: [1, 1, 1, 1, 1, 1]\n", "3:",
     "[0, 1, 2, 3, 4]"},
    {"a row of 7 values", "imc:\n  3: [0, 1, 2, 3, 4, 5, 6]\n", "3:", "[0"},
    {"a negative MP", "imc:\n  4: [1, 1, 1, 1, 1, 1]\n  3: [0, 1, 2, 3, 4, -5]\n", "3:", "[0"},
    {"a quoted MP", "imc:\n  3: [0, 1, 2, 3, 4, \"5\"]\n", "3:", "[0"},
    {"a row that is a scalar", "imc:\n  3: 5\n", "3:", "5"},
    {"imc key x", "imc:\n  x: [0, 1, 2, 3, 4, 5]\n", "x:", "x:"},
    {"imc key \"3\"", "imc:\n  \"3\": [0, 1, 2, 3, 4, 5]\n", "\"3\":", "\"3\":"},
    {"imc key 3.5", "imc:\n  3.5: [0, 1, 2, 3, 4, 5]\n", "3.5:", "3.5:"},
    {"imc key a list", "imc:\n  ? [3]\n  : [0, 1, 2, 3, 4, 5]\n", "[3]", "[3]"},
    {"imc a list", "imc: [0, 1, 2, 3, 4, 5]\n", "imc:", "[0"},
    {"imc a scalar", "imc: none\n", "imc:", "none"},
};

static void test_bad_field_imc(void **state)
{
    (void)state;
    begin();
    for (size_t i = 0; i < sizeof imc_cases / sizeof *imc_cases; i++) {
        const imc_case_t *c = &imc_cases[i];
        ctx = c->name;
        adj_buf_t b = {0};
        adj_buf_puts(&b, HEAD_TOP "leaders:\n  - {id: lee, side: CSA, initiative: 3}\n"
                                  "  - {id: grant, side: USA, initiative: 4}\n");
        size_t start = b.len;
        adj_buf_puts(&b, c->imc);
        adj_buf_puts(&b, "events: []\n");
        size_t koff = find(b.data, start, c->key);
        size_t voff = find(b.data, start, c->value);
        if (koff == SIZE_MAX || voff == SIZE_MAX) {
            adj_buf_free(&b);
            continue;
        }
        run_t *run = run_bytes(b.data, b.len);
        EXPECT(run, W2(ADJ_D_BAD_FIELD, mark_at_offset(b.data, koff), mark_at_offset(b.data, voff)));
        CHECK(run->h && !run->h->has_imc, "the whole table is dropped");
        CHECK(run->h && run->h->leaders[0].imc_row == -1 && run->h->leaders[1].imc_row == -1,
              "no leader has a row");
        run_free(run);
        adj_buf_free(&b);
    }
    FINISH();
}

static void test_bad_field_optional_rules(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD_TOP ROSTER "optional_rules: illness\nevents: []\n";
    run_t *run = run_yaml(y);
    EXPECT(run, Wkv(ADJ_D_BAD_FIELD, y, "optional_rules: illness"));
    CHECK(run->h && !run->h->illness, "no optional rule is in force");
    run_free(run);

    static const char y2[] = HEAD_TOP ROSTER "optional_rules: {illness: true}\nevents: []\n";
    run = run_yaml(y2);
    EXPECT(run, W2(ADJ_D_BAD_FIELD, at(y2, "optional_rules"), at(y2, "{illness")));
    CHECK(run->h && !run->h->illness, "no optional rule is in force (a mapping)");
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* unknown-field                                                       */
/* ================================================================== */

static void test_unknown_field(void **state)
{
    (void)state;
    begin();
    /* `rol`: a warning at the key with "did you mean `roll`", and the
     * missing roll is a bad-field at the event's first key */
    static const char y[] = HEAD "  - turn: 1\n  - activate: lee\n    rol: 3\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_FIELD, ev_at(y, "rol:")), W(ADJ_D_BAD_FIELD, ev_at(y, "activate")));
    expect_message(run, ADJ_D_UNKNOWN_FIELD, "did you mean `roll`");
    run_free(run);

    /* a warning ignores nothing: the event is delivered */
    static const char y2[] = HEAD "  - turn: 1\n"
                                  "  - activate: lee\n"
                                  "    roll: 3\n"
                                  "    modifer: 1\n"        /* did you mean modifier */
                                  "    zzzzzzzzz: 1\n"      /* nothing close */
                                  "  - move: lee\n"
                                  "    roll: 3\n";          /* a field of another kind */
    run = run_yaml(y2);
    EXPECT(run, W(ADJ_D_UNKNOWN_FIELD, ev_at(y2, "modifer")),
           W(ADJ_D_UNKNOWN_FIELD, ev_at(y2, "zzzz")),
           W(ADJ_D_UNKNOWN_FIELD, mark_at_offset(y2, find(y2, ev_off(y2, "move: lee"), "roll: 3"))));
    CHECK(run->n == 3 && run->entries[1].e.modifier == 0 && run->entries[2].e.kind == ADJ_EV_MOVE,
          "events with unknown keys are delivered");
    for (size_t i = 0; i < run->diags.count; i++) {
        const adj_diag_t *d = &run->diags.items[i];
        if (d->mark.line == ev_at(y2, "modifer").line)
            CHECK(strstr(d->message, "did you mean `modifier`"), "modifer -> modifier: %s",
                  d->message);
        if (d->mark.line == ev_at(y2, "zzzz").line)
            CHECK(!strstr(d->message, "did you mean"), "no suggestion for zzzz: %s", d->message);
    }
    run_free(run);

    /* a key that is not a scalar, or is a plain null: event, header, roster */
    static const char y3[] = "format: adjutant/1\n"
                             "last_turn: 5\n"
                             "? [a, b]\n"
                             ": 1\n"
                             "~: 2\n"
                             "sides: [CSA, USA]\n"
                             "scenaro: Seven Days\n"
                             "leaders:\n"
                             "  - id: lee\n"
                             "    side: CSA\n"
                             "    initiatve: 3\n"
                             "    ? {k: v}\n"
                             "    : 1\n"
                             "events:\n"
                             "  - turn: 1\n"
                             "    ? [x]\n"
                             "    : 1\n"
                             "    null: 3\n"
                             "    \"null\": 4\n";
    run = run_yaml(y3);
    EXPECT(run, W(ADJ_D_UNKNOWN_FIELD, at(y3, "[a, b]")), W(ADJ_D_UNKNOWN_FIELD, at(y3, "~: 2")),
           W(ADJ_D_UNKNOWN_FIELD, at(y3, "scenaro")), W(ADJ_D_UNKNOWN_FIELD, at(y3, "initiatve")),
           W(ADJ_D_UNKNOWN_FIELD, at(y3, "{k: v}")), W(ADJ_D_UNKNOWN_FIELD, ev_at(y3, "[x]")),
           W(ADJ_D_UNKNOWN_FIELD, ev_at(y3, "null: 3")),
           W(ADJ_D_UNKNOWN_FIELD, ev_at(y3, "\"null\"")));
    CHECK(run->n == 1 && run->h && run->h->leader_count == 1, "nothing is dropped for a warning");
    for (size_t i = 0; i < run->diags.count; i++) {
        const adj_diag_t *d = &run->diags.items[i];
        CHECK(adj_code_severity(d->code) == ADJ_SEV_WARNING, "unknown-field is a warning");
        if (d->mark.line == at(y3, "scenaro").line)
            CHECK(strstr(d->message, "did you mean `scenario`"), "scenaro: %s", d->message);
        if (d->mark.line == at(y3, "initiatve").line)
            CHECK(strstr(d->message, "did you mean `initiative`"), "initiatve: %s", d->message);
    }
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* unknown-event                                                       */
/* ================================================================== */

static void test_unknown_event(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n"
                                 "  - note: no kind key\n"      /* none */
                                 "    rol: 3\n"
                                 "  - activate: lee\n"          /* two kind keys */
                                 "    move: lee\n"
                                 "    roll: 3\n"
                                 "  - turn\n"                   /* a scalar */
                                 "  - [turn, 2]\n"              /* a list */
                                 "  - {}\n"                     /* an empty mapping */
                                 "  - Turn: 2\n"                /* case matters */
                                 "  - turn: 2\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_EVENT, ev_at(y, "note: no kind")),
           W(ADJ_D_UNKNOWN_EVENT, ev_at(y, "activate: lee\n    move")),
           W(ADJ_D_UNKNOWN_EVENT, ev_at(y, "turn\n")), W(ADJ_D_UNKNOWN_EVENT, ev_at(y, "[turn, 2]")),
           W(ADJ_D_UNKNOWN_EVENT, ev_at(y, "{}")), W(ADJ_D_UNKNOWN_EVENT, ev_at(y, "Turn: 2")));
    CHECK(run->n == 2 && run->entries[1].e.turn == 2, "unknown events are skipped, reading goes on");
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* duplicate-key                                                       */
/* ================================================================== */

static void test_duplicate_key(void **state)
{
    (void)state;
    begin();
    static const char y[] = "format: adjutant/1\n"
                            "first_turn: 3\n"
                            "last_turn: 5\n"
                            "last_turn: 2\n"             /* header: the first (5) counts */
                            "foo: 1\n"
                            "foo: 2\n"                   /* an unknown key repeated */
                            "sides: [CSA, USA]\n"
                            "leaders:\n"
                            "  - id: lee\n"
                            "    side: CSA\n"
                            "    vp: 2\n"
                            "    vp: -5\n"               /* roster entry: 2 counts */
                            "    id: other\n"
                            "  - {id: grant, side: USA, initiative: 3}\n"
                            "imc:\n"
                            "  3: [1, 1, 1, 1, 1, 1]\n"
                            "  3: [2, 2, 2, 2, 2, 2]\n"  /* imc: the first row counts */
                            "events:\n"
                            "  - turn: 3\n"
                            "    turn: 4\n"              /* kind key: read with 3 */
                            "  - activate: lee\n"
                            "    roll: 2\n"
                            "    roll: x\n"              /* field: 2 counts */
                            "  - activate: lee\n"
                            "    roll: x\n"
                            "    roll: 2\n"              /* field: x counts -> bad-field */
                            "  - end:\n"
                            "      CSA: 1\n"
                            "      USA: 0\n"
                            "      CSA: 2\n";            /* claim: 1 counts */
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_DUPLICATE_KEY, at(y, "last_turn: 2")), W(ADJ_D_UNKNOWN_FIELD, at(y, "foo: 1")),
           W(ADJ_D_DUPLICATE_KEY, at(y, "foo: 2")), W(ADJ_D_DUPLICATE_KEY, at(y, "vp: -5")),
           W(ADJ_D_DUPLICATE_KEY, at(y, "id: other")),
           W(ADJ_D_DUPLICATE_KEY, at(y, "3: [2")), W(ADJ_D_DUPLICATE_KEY, ev_at(y, "turn: 4")),
           W(ADJ_D_DUPLICATE_KEY, ev_at(y, "roll: x")),
           W(ADJ_D_DUPLICATE_KEY, mark_at_offset(y, find(y, ev_off(y, "roll: x\n    roll: 2"), "roll: 2"))),
           W2(ADJ_D_BAD_FIELD, mark_at_offset(y, ev_off(y, "roll: x\n    roll: 2")),
              mark_at_offset(y, ev_off(y, "x\n    roll: 2"))),
           W(ADJ_D_DUPLICATE_KEY, ev_at(y, "CSA: 2")));
    const adj_header_t *h = run->h;
    assert_non_null(h);
    CHECK(h->last_turn == 5, "the first last_turn counts (%lld)", (long long)h->last_turn);
    CHECK(h->leader_count == 2 && h->leaders[0].vp == 2 && strcmp(h->leaders[0].id, "lee") == 0,
          "the first vp and id count");
    CHECK(h->has_imc && h->leaders[1].imc_row >= 0 && h->imc_rows[h->leaders[1].imc_row][0] == 1,
          "the first imc row counts");
    assert_int_equal(run->n, 3);
    CHECK(run->entries[0].e.kind == ADJ_EV_TURN && run->entries[0].e.turn == 3,
          "a repeated kind key: the event is read with its first value");
    CHECK(run->entries[1].e.roll == 2, "the first roll counts");
    const adj_entry_t *end = &run->entries[2].e;
    CHECK(end->kind == ADJ_EV_END && end->claim_count == 2 && end->claim[0].value == 1,
          "the first claim for CSA counts");
    for (size_t i = 0; i < run->diags.count; i++)
        if (run->diags.items[i].code == ADJ_D_DUPLICATE_KEY)
            CHECK(adj_code_severity(ADJ_D_DUPLICATE_KEY) == ADJ_SEV_ERROR, "an error");
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* yaml-alias                                                          */
/* ================================================================== */

typedef struct alias_case_s {
    const char *name;
    const char *yaml;
    const char *where;   /* needle: the anchor or alias */
    const char *seq;     /* statuses */
} alias_case_t;

static const alias_case_t alias_cases[] = {
    {"anchor and alias in events",
     HEAD "  - turn: 1\n  - activate: lee\n    roll: &r 3\n  - activate: lee\n    roll: *r\n", "&r",
     "HES"},
    {"alias alone", HEAD "  - turn: 1\n  - activate: lee\n    roll: *r\n", "*r", "HES"},
    {"anchor inside game:", "format: adjutant/1\ngame: &g The Campaigns\nlast_turn: 5\n", "&g", "S"},
    {"alias inside game:", "format: adjutant/1\ngame: *g\nlast_turn: 5\n", "*g", "S"},
    {"anchor on a collection inside game:",
     "format: adjutant/1\ngame: &g [a, b]\nscenario: *g\n", "&g", "S"},
    {"anchor on the roster", HEAD_TOP "leaders: &l\n  - {id: lee, side: CSA}\nevents: []\n", "&l",
     "S"},
    {"anchor on the document", "--- &doc\nformat: adjutant/1\n", "&doc", "S"},
    {"anchor on a key", "format: adjutant/1\n&k last_turn: 5\n", "&k", "S"},
    {"anchor on an event", HEAD "  - &e {turn: 1}\n  - *e\n", "&e", "HS"},
    {"anchor on the events list", HEAD_TOP ROSTER "events: &ev\n  - turn: 1\n", "&ev", "S"},
    {"alias in a note", HEAD "  - turn: 1\n    note: *n\n", "*n", "HS"},
    {"alias as a key", HEAD "  - turn: 1\n    *k : 1\n", "*k", "HS"},
    {"alias in an end claim", HEAD "  - turn: 1\n  - end: {CSA: *v}\n", "*v", "HES"},
    {"alias after events", HEAD "  - turn: 1\n  - end: ~\n...\n--- *x\n", "*x", "HEEXS"},
};

static void test_yaml_alias(void **state)
{
    (void)state;
    begin();
    for (size_t i = 0; i < sizeof alias_cases / sizeof *alias_cases; i++) {
        const alias_case_t *c = &alias_cases[i];
        ctx = c->name;
        run_t *run = run_yaml(c->yaml);
        if (strcmp(c->name, "alias after events") == 0) {
            /* a second document is refused at its start, before its alias */
            EXPECT(run, W(ADJ_D_BAD_DOCUMENT, at(c->yaml, "--- *x")));
            CHECK(run->last == ADJ_READ_STOP, "reading stops");
        } else {
            EXPECT(run, W(ADJ_D_YAML_ALIAS, at(c->yaml, c->where)));
        }
        expect_seq(run, c->seq);
        run_free(run);
    }
    FINISH();
}

/* ================================================================== */
/* unknown-leader, duplicate-leader, unknown-optional-rule             */
/* ================================================================== */

static void test_unknown_leader(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n"
                                 "  - activate: ghost\n"    /* subject */
                                 "    roll: 3\n"
                                 "  - replace: lee\n"
                                 "    by: ghost\n"          /* by */
                                 "  - vp: USA\n"
                                 "    points: 3\n"
                                 "    leader: ghost\n"      /* leader */
                                 "  - note: first key\n"
                                 "    wound: Lee\n"         /* case-sensitive; first key */
                                 "    level: 1\n"
                                 "  - replace: ghost\n"     /* subject before by: one */
                                 "    by: phantom\n"
                                 "  - vp: Union\n"          /* side checked after the leader */
                                 "    points: 3\n"
                                 "    leader: ghost\n"
                                 "  - turn: 2\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "activate: ghost")),
           W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "replace: lee")),
           W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "vp: USA")),
           W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "note: first key")),
           W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "replace: ghost")),
           W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "vp: Union")));
    for (size_t i = 0; i < run->diags.count; i++) {
        const adj_diag_t *d = &run->diags.items[i];
        if (d->mark.line == ev_at(y, "replace: ghost").line)
            CHECK(strstr(d->message, "ghost") && !strstr(d->message, "phantom"),
                  "the subject is checked first: %s", d->message);
    }
    CHECK(run->n == 2, "the events are ignored (%zu delivered)", run->n);
    run_free(run);
    FINISH();
}

static void test_duplicate_leader(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD_TOP
        "leaders:\n"
        "  - id: lee\n"
        "    side: CSA\n"
        "    vp: 4\n"
        "  - id: grant\n"
        "    side: USA\n"
        "  - id: lee\n"             /* duplicate-leader at the entry's start */
        "    side: USA\n"
        "  - vp: 2\n"
        "    id: grant\n"           /* its start is its first key */
        "    side: USA\n"
        "  - id: ewell\n"           /* dropped for a bad field */
        "    side: CSA\n"
        "    vp: -1\n"
        "  - id: ewell\n"           /* kept: the first ewell was not */
        "    side: CSA\n"
        "events: []\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_DUPLICATE_LEADER, at(y, "id: lee\n    side: USA")),
           W(ADJ_D_DUPLICATE_LEADER, at(y, "vp: 2")), Wkv(ADJ_D_BAD_FIELD, y, "vp: -1"));
    assert_non_null(run->h);
    CHECK(run->h->leader_count == 3 && run->h->leaders[0].vp == 4 && run->h->leaders[0].side == 0 &&
              strcmp(run->h->leaders[2].id, "ewell") == 0,
          "the first lee is kept; ewell's second entry is kept");
    const adj_diag_t *d = diag_with(run, ADJ_D_DUPLICATE_LEADER);
    CHECK(d && d->leader && strcmp(d->leader, "lee") == 0, "the diagnostic names the leader");
    run_free(run);
    FINISH();
}

static void test_unknown_optional_rule(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD_TOP ROSTER
        "optional_rules:\n"
        "  - fog-of-war\n"
        "  - illness\n"
        "  - [nested]\n"
        "  - Illness\n"
        "events: []\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_OPTIONAL_RULE, at(y, "fog-of-war")),
           W(ADJ_D_UNKNOWN_OPTIONAL_RULE, at(y, "[nested]")),
           W(ADJ_D_UNKNOWN_OPTIONAL_RULE, at(y, "Illness")));
    CHECK(run->h && run->h->illness, "illness is still in force");
    CHECK(run->diags.errors == 0 && run->diags.warnings == 3, "warnings, not errors");
    run_free(run);
    FINISH();
}

/* A YAML string may hold NUL ("\0" in a double-quoted scalar). Ids,
 * enumerated values and side names are compared as whole strings: a NUL
 * does not end them. The subject case also reads past the roster id's
 * allocation when the hashes collide (found by ASan): "lee\08" lands in
 * lee's slot of a 16-slot table. */
static void test_strings_with_nul_bytes_are_compared_whole(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n"
                                 "  - activate: \"lee\\08\"\n"   /* not lee */
                                 "    roll: 3\n"
                                 "  - flip: lee\n"
                                 "    to: \"inactive\\0junk\"\n"  /* not `inactive` */
                                 "  - illness: lee\n"
                                 "    roll: 3\n"
                                 "    result: \"none\\0x\"\n"     /* not `none` */
                                 "  - state: lee\n"
                                 "    status: \"fit\\0x\"\n"      /* not `fit` */
                                 "  - turn: 2\n";
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "activate:")),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "to: \"inactive"), Wkv_ev(ADJ_D_BAD_FIELD, y, "result: \"none"),
           Wkv_ev(ADJ_D_BAD_FIELD, y, "status: \"fit"));
    CHECK(run->n == 2, "only the two turns are delivered (%zu)", run->n);
    const adj_diag_t *d = diag_with(run, ADJ_D_UNKNOWN_LEADER);
    CHECK(d && strstr(d->message, "8"), "the message shows the whole id, not \"lee\": %s",
          d ? d->message : "-");
    run_free(run);

    /* two distinct side names that agree up to a NUL */
    static const char y2[] = "format: adjutant/1\nlast_turn: 1\nsides: [\"A\\0x\", \"A\\0y\"]\n"
                             "leaders: [{id: a, side: \"A\\0y\"}]\nevents: []\n";
    run = run_yaml(y2);
    EXPECT_NONE(run);
    CHECK(run->h && run->h->leader_count == 1 && run->h->leaders[0].side == 1,
          "the sides are distinct, and the leader is on the second");
    run_free(run);
    FINISH();
}

/* ================================================================== */
/* Stops: nothing after them                                           */
/* ================================================================== */

static void test_nothing_after_a_stop(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n"
                                 "  - activate: nobody\n"    /* reported: before the stop */
                                 "    roll: 3\n"
                                 "  - activate: lee\n"
                                 "    rol: 3\n"               /* unknown-field inside the stopped event */
                                 "    roll: &r 3\n"           /* the stop */
                                 "  - activate: ghost\n"      /* never read */
                                 "    roll: 3\n"
                                 "  - foo: bar\n"
                                 "  - turn: [\n";
    run_t *run = run_yaml(y);
    expect_seq(run, "HES");
    EXPECT(run, W(ADJ_D_UNKNOWN_LEADER, ev_at(y, "activate: nobody")),
           W(ADJ_D_YAML_ALIAS, ev_at(y, "&r")));
    CHECK(run->n == 1, "the event holding the stop is not delivered");
    run_free(run);

    /* through the audit: no missing-end, no expiry; the replay stands */
    static const char y2[] = "format: adjutant/1\nlast_turn: 5\noptional_rules: [illness]\n"
                             "sides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA}\n"
                             "events:\n"
                             "  - turn: 1\n"
                             "  - activate: lee\n"
                             "    roll: 1\n"               /* an illness check is owed */
                             "  - turn: 2\n"
                             "    note: \"unterminated\n";
    adj_audit_t a;
    adj_audit_opts_t o = {0};
    adj_audit_bytes(&a, y2, strlen(y2), "t.yaml", &o);
    ctx = "audit stopped by yaml-syntax";
    CHECK(a.diags.count == 1 && a.diags.items[0].code == ADJ_D_YAML_SYNTAX,
          "only the yaml-syntax (no missing-end, no illness-check-missing): %zu diags",
          a.diags.count);
    if (a.diags.count != 1)
        dump_diags(&a.diags);
    CHECK(a.replayed && a.result.turn_begun && a.result.turn == 1,
          "the replay stands at turn 1 (the stopped turn 2 is not applied)");
    adj_audit_free(&a);

    /* a bad-document before events: no engine */
    static const char y3[] = "format: adjutant/1\nsides: [A, B]\nleaders: [{id: a, side: A}]\n"
                             "events:\n  - turn: 1\n  - wound: zz\n";
    adj_audit_bytes(&a, y3, strlen(y3), "t.yaml", &o);
    ctx = "audit stopped by bad-document";
    CHECK(a.engine == NULL, "no replay began");
    CHECK(a.diags.count == 1 && a.diags.items[0].code == ADJ_D_BAD_DOCUMENT, "only bad-document");
    adj_audit_free(&a);
    FINISH();
}

/* ================================================================== */
/* end claim entries (checked at step 3, SPEC 3.8)                     */
/* ================================================================== */

static void test_end_claim_entries_through_audit(void **state)
{
    (void)state;
    begin();
    static const char y[] = HEAD "  - turn: 1\n"
                                 "  - end:\n"
                                 "      CSA: 0\n"
                                 "      Confederacy: 1\n"
                                 "      USA: many\n";
    adj_audit_t a;
    adj_audit_opts_t o = {0};
    adj_audit_bytes(&a, y, strlen(y), "t.yaml", &o);
    const want_t want[] = {
        W2(ADJ_D_BAD_FIELD, ev_at(y, "Confederacy"), ev_at(y, "1\n      USA")),
        W2(ADJ_D_BAD_FIELD, ev_at(y, "USA: many"), ev_at(y, "many")),
        W(ADJ_D_VP_TALLY_MISMATCH, ev_at(y, "end:")),
    };
    expect_diags(&a.diags, want, 3);
    CHECK(a.replayed && a.result.ended && a.result.has_claim && a.result.claim_present[0] &&
              !a.result.claim_present[1],
          "the game still ends; the dropped entries are missing from the claim");
    adj_audit_free(&a);
    FINISH();
}

/* ================================================================== */
/* CRLF and a byte-order mark                                          */
/* ================================================================== */

static void test_crlf_and_bom(void **state)
{
    (void)state;
    begin();
    static const char y[] = "\xef\xbb\xbf"
                            "gam: x\r\n"                  /* 1:1 unknown-field */
                            "format: adjutant/1\r\n"
                            "last_turn: 5\r\n"
                            "sides: [CSA, USA]\r\n"
                            "leaders:\r\n"
                            "  - id: lee\r\n"
                            "    side: CSA\r\n"
                            "events:\r\n"
                            "  - turn: 1\r\n"             /* line 9 */
                            "  - activate: ghost\r\n"     /* line 10 */
                            "    roll: 3\r\n"
                            "  - move: lee\r\n"
                            "    to: \"0412\"\r\n"
                            "    mp: -1\r\n";             /* line 14, column 9 */
    run_t *run = run_yaml(y);
    EXPECT(run, W(ADJ_D_UNKNOWN_FIELD, ((adj_mark_t){1, 1})),
           W(ADJ_D_UNKNOWN_LEADER, ((adj_mark_t){10, 5})),
           ((want_t){ADJ_D_BAD_FIELD, 14, 5, 14, 9}));
    CHECK(run->n == 1 && run->entries[0].e.mark.line == 9 && run->entries[0].e.mark.column == 5,
          "turn 1 at 9:5");
    run_free(run);
    FINISH();
}

/* ------------------------------------------------------------------ */
/* Value spans: byte offsets and lengths in the file                   */
/* ------------------------------------------------------------------ */

/* The UTF-8 text as UTF-16 (little- or big-endian) with its byte-order
 * mark; surrogate pairs for code points past U+FFFF. */
static void to_utf16(adj_buf_t *out, const char *s, size_t n, bool le)
{
    unsigned char bom[2] = {0xFE, 0xFF};
    if (le)
        bom[0] = 0xFF, bom[1] = 0xFE;
    adj_buf_put(out, (const char *)bom, 2);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t w = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        uint32_t v = w == 1 ? c : c & (0x7F >> w);
        for (size_t k = 1; k < w; k++)
            v = v << 6 | ((unsigned char)s[i + k] & 0x3F);
        i += w;
        uint32_t units[2] = {v, 0};
        int count = 1;
        if (v >= 0x10000) {
            units[0] = 0xD800 | ((v - 0x10000) >> 10);
            units[1] = 0xDC00 | ((v - 0x10000) & 0x3FF);
            count = 2;
        }
        for (int u = 0; u < count; u++) {
            char b[2] = {(char)(units[u] >> 8), (char)(units[u] & 0xFF)};
            if (le)
                b[0] = (char)(units[u] & 0xFF), b[1] = (char)(units[u] >> 8);
            adj_buf_put(out, b, 2);
        }
    }
}

/* Where byte `off` of the UTF-8 text stands in its UTF-16 form (BOM included). */
static uint64_t utf16_offset(const char *s, size_t off)
{
    uint64_t bytes = 2;
    for (size_t i = 0; i < off; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c & 0xC0) != 0x80)
            bytes += c >= 0xF0 ? 4 : 2;
    }
    return bytes;
}

/* The span of the value `token`, found at or after `from`, in text: the
 * file's bytes (UTF-8 as given, or UTF-16 when u16). */
static adj_span_t span_of(const char *text, size_t at, size_t len, bool u16)
{
    if (at == SIZE_MAX)
        return (adj_span_t){0, 0};
    if (!u16)
        return (adj_span_t){at, len};
    uint64_t start = utf16_offset(text, at);
    return (adj_span_t){start, utf16_offset(text, at + len) - start};
}

static adj_span_t want_span(const char *text, const char *from, const char *token, bool u16)
{
    size_t key = find(text, 0, from);
    size_t at = key == SIZE_MAX ? SIZE_MAX : find(text, key, token);
    return span_of(text, at, strlen(token), u16);
}

/* The note's quoted value, quotes included. */
static adj_span_t note_span(const char *text, bool u16)
{
    size_t open = find(text, 0, "note: \"") + 6;
    size_t close = find(text, open + 1, "\"");
    return span_of(text, open, close + 1 - open, u16);
}

#define CHECK_SPAN(got, want, what)                                                           \
    CHECK((got).offset == (want).offset && (got).length == (want).length,                     \
          "%s at %llu+%llu, want %llu+%llu", what, (unsigned long long)(got).offset,          \
          (unsigned long long)(got).length, (unsigned long long)(want).offset,                \
          (unsigned long long)(want).length)

/* The spans of one log's values, the log in UTF-8 (LF or CRLF, with or
 * without a BOM) or UTF-16. Multibyte text (2-, 3- and 4-byte characters,
 * and a note long enough to cross libyaml's 16 KiB input chunks) stands
 * before the values: character marks and byte offsets part there. */
static void check_spans(const char *text, const adj_buf_t *file, bool u16)
{
    run_t *run = run_bytes(file->data, file->len);
    CHECK(run->n == 4 && run->diags.count == 0, "4 entries and no diagnostic, not %zu and %zu",
          run->n, run->diags.count);
    if (run->n == 4) {
        const adj_entry_t *a = &run->entries[1].e, *m = &run->entries[2].e,
                          *v = &run->entries[3].e;
        CHECK_SPAN(run->entries[0].e.subject_at, want_span(text, "turn:", "1", u16), "turn");
        CHECK_SPAN(a->subject_at, want_span(text, "activate:", "lee", u16), "activate's subject");
        CHECK_SPAN(a->at[ADJ_F_ROLL], want_span(text, "roll:", "3", u16), "roll");
        CHECK_SPAN(a->at[ADJ_F_MODIFIER], want_span(text, "modifier:", "-2", u16), "modifier");
        CHECK_SPAN(a->at[ADJ_F_NOTE], note_span(text, u16), "the long note");
        CHECK_SPAN(a->at[ADJ_F_MP], ((adj_span_t){0, 0}), "an absent mp");
        CHECK_SPAN(m->at[ADJ_F_TO], want_span(text, "move:", "\"0412\"", u16), "move's quoted to");
        CHECK_SPAN(m->at[ADJ_F_MP], want_span(text, "mp: ", "12", u16), "move's mp");
        CHECK_SPAN(v->subject_at, want_span(text, "- vp:", "USA", u16), "vp's side");
        CHECK_SPAN(v->at[ADJ_F_REASON], want_span(text, "reason:", "'\xf0\x9d\x84\x9e \xc3\xa9'", u16),
                   "vp's reason");
        CHECK_SPAN(v->at[ADJ_F_POINTS], want_span(text, "points:", "3", u16), "vp's points");
    }
    run_free(run);
}

static void test_value_spans_in_bytes(void **state)
{
    (void)state;
    begin();
    adj_buf_t lf = {0};
    adj_buf_puts(&lf, "format: adjutant/1\n"
                      "game: \"Gaines\xe2\x80\x99 Mill \xe2\x80\x94 \xf0\x9d\x84\x9e \xc3\xa9\"\n"
                      "last_turn: 5\n"
                      "sides: [CSA, USA]\n"
                      "leaders:\n"
                      "  - {id: lee, side: CSA, name: \"R. E. L\xc3\xa9\xc3\xa9\"}\n"
                      "events:\n"
                      "  - turn: 1\n"
                      "  - activate: lee\n"
                      "    note: \"caf\xc3\xa9 ");
    for (int i = 0; i < 9000; i++)
        adj_buf_puts(&lf, i % 7 ? "\xc3\xa9" : "\xe2\x80\x94 ");
    adj_buf_puts(&lf, "\"\n"
                      "    roll: 3\n"
                      "    modifier: -2\n"
                      "  - move: lee  # \xc3\xa9\xc3\xa9\xc3\xa9\n"
                      "    to: \"0412\"\n"
                      "    mp: 12\n"
                      "  - vp: USA\n"
                      "    reason: '\xf0\x9d\x84\x9e \xc3\xa9'\n"
                      "    points: 3\n");
    /* CRLF, and a UTF-8 byte-order mark */
    adj_buf_t crlf = {0};
    adj_buf_puts(&crlf, "\xef\xbb\xbf");
    for (size_t i = 0; i < lf.len; i++)
        adj_buf_puts(&crlf, lf.data[i] == '\n' ? "\r\n" : (char[]){lf.data[i], 0});
    ctx = "UTF-8, LF";
    check_spans(lf.data, &lf, false);
    ctx = "UTF-8 with BOM, CRLF";
    check_spans(crlf.data, &crlf, false);
    for (int le = 0; le <= 1; le++) {
        adj_buf_t u = {0};
        /* UTF-16 offsets are computed from the CRLF text without its BOM */
        to_utf16(&u, crlf.data + 3, crlf.len - 3, le);
        ctx = le ? "UTF-16LE, CRLF" : "UTF-16BE, CRLF";
        check_spans(crlf.data + 3, &u, true);
        adj_buf_free(&u);
    }
    adj_buf_free(&lf);
    adj_buf_free(&crlf);
    FINISH();
}

/* `end`'s claim, for `fix`: each value's bytes (a flow collection's
 * through its `]`: issue 33 item 8), and the whole mapping's: through `}`
 * in flow style, through its last scalar or flow collection in block style
 * (not the comment or blank line after it). */
static void test_claim_spans(void **state)
{
    (void)state;
    begin();
    static const char *const logs[] = {
        "  - end: {CSA: \"7\", USA: 0}   # \xc3\xa9\n",
        "  - end:   # \xc3\xa9\n      CSA: 7\n      USA: 0   # theirs\n\n  # after\n",
        "  - end:\n      CSA: 7\n      USA: [0]\n",
    };
    for (size_t k = 0; k < 3; k++) {
        adj_buf_t y = {0};
        adj_buf_printf(&y, "format: adjutant/1\nlast_turn: 5\nsides: [CSA, USA]\n"
                           "game: \"Caf\xc3\xa9\"\nleaders: [{id: lee, side: CSA}]\nevents:\n  - turn: 1\n%s",
                       logs[k]);
        run_t *run = run_bytes(y.data, y.len);
        const adj_entry_t *e = run->n == 2 ? &run->entries[1].e : NULL;
        CHECK(e && e->kind == ADJ_EV_END && e->claim_count == 2, "log %zu: end with 2 items (%zu entries, %zu diags: %s)", k, run->n, run->diags.count, run->diags.count ? run->diags.items[0].message : "");
        if (e && e->claim_count == 2) {
            size_t csa = find(y.data, find(y.data, 0, "end:"), "CSA");
            const char *value = k == 0 ? "\"7\"" : "7";
            CHECK_SPAN(e->claim[0].value_at, want_span(y.data, "CSA:", value, false), "CSA's");
            if (k < 2)
                CHECK_SPAN(e->claim[1].value_at, want_span(y.data, "USA:", "0", false), "USA's");
            else
                CHECK_SPAN(e->claim[1].value_at, want_span(y.data, "USA:", "[0]", false),
                           "a list's");
            adj_span_t whole = k == 0 ? want_span(y.data, "end:", "{CSA: \"7\", USA: 0}", false)
                               : k == 1 ? span_of(y.data, csa, find(y.data, 0, "0   #") + 1 - csa, false)
                                        : span_of(y.data, csa, find(y.data, 0, "[0]") + 3 - csa,
                                                  false);
            CHECK_SPAN(e->subject_at, whole, "the claim");
        }
        run_free(run);
        adj_buf_free(&y);
    }
    FINISH();
}

/* A comment of more multibyte characters than the reader keeps checkpoints
 * for (2^19): the oldest are dropped, and the value after it still has its
 * exact offset. */
static void test_value_spans_after_a_long_multibyte_comment(void **state)
{
    (void)state;
    begin();
    adj_buf_t y = {0};
    adj_buf_puts(&y, "format: adjutant/1\nlast_turn: 5\nsides: [CSA, USA]\n"
                     "leaders: [{id: lee, side: CSA}]\nevents:\n  - turn: 1\n# ");
    for (int i = 0; i < 600000; i++)
        adj_buf_puts(&y, "\xc3\xa9");
    adj_buf_puts(&y, "\n  - activate: lee\n    roll: 4\n");
    run_t *run = run_bytes(y.data, y.len);
    CHECK(run->n == 2, "2 entries, not %zu", run->n);
    if (run->n == 2) {
        CHECK_SPAN(run->entries[1].e.subject_at, want_span(y.data, "activate:", "lee", false),
                   "activate's subject");
        CHECK_SPAN(run->entries[1].e.at[ADJ_F_ROLL], want_span(y.data, "roll:", "4", false),
                   "roll");
    }
    run_free(run);
    adj_buf_free(&y);
    FINISH();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_typed),
        cmocka_unit_test(test_header_defaults),
        cmocka_unit_test(test_entries_typed),
        cmocka_unit_test(test_entries_null_claim_and_notes),
        cmocka_unit_test(test_events_end_mark),
        cmocka_unit_test(test_integers_at_the_64_bit_limits),
        cmocka_unit_test(test_scalars_by_text_and_style),
        cmocka_unit_test(test_tagged_collections_read_as_untagged),
        cmocka_unit_test(test_yaml_syntax_carries_libyaml_problem),
        cmocka_unit_test(test_yaml_syntax_invalid_utf8_line),
        cmocka_unit_test(test_yaml_syntax_encoding_error_keeps_events_before_it),
        cmocka_unit_test(test_encoding_errors_across_input_chunks),
        cmocka_unit_test(test_lines_count_yaml_line_breaks),
        cmocka_unit_test(test_yaml_syntax_reading_limits),
        cmocka_unit_test(test_yaml_syntax_directive_limit_counts_directives_only),
        cmocka_unit_test(test_strings_with_nul_bytes_are_compared_whole),
        cmocka_unit_test(test_bad_document_cases),
        cmocka_unit_test(test_bad_document_keeps_header_warnings_only),
        cmocka_unit_test(test_bad_document_every_header_problem_at_once),
        cmocka_unit_test(test_bad_document_empty_roster_after_drops),
        cmocka_unit_test(test_bad_document_key_after_events),
        cmocka_unit_test(test_bad_document_second_document),
        cmocka_unit_test(test_bad_field_events),
        cmocka_unit_test(test_bad_field_roster),
        cmocka_unit_test(test_bad_field_imc),
        cmocka_unit_test(test_bad_field_optional_rules),
        cmocka_unit_test(test_unknown_field),
        cmocka_unit_test(test_unknown_event),
        cmocka_unit_test(test_duplicate_key),
        cmocka_unit_test(test_yaml_alias),
        cmocka_unit_test(test_unknown_leader),
        cmocka_unit_test(test_duplicate_leader),
        cmocka_unit_test(test_unknown_optional_rule),
        cmocka_unit_test(test_nothing_after_a_stop),
        cmocka_unit_test(test_end_claim_entries_through_audit),
        cmocka_unit_test(test_crlf_and_bom),
        cmocka_unit_test(test_value_spans_in_bytes),
        cmocka_unit_test(test_value_spans_after_a_long_multibyte_comment),
        cmocka_unit_test(test_claim_spans),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
