/* SPDX-License-Identifier: MIT */
/*
 * test_chronicle.c - the timeline's data for SPEC 9: the columns from
 * first_turn to the highest turn begun, a run of skipped turns as one
 * column repeating the state before it, the state of a turn at the last
 * moment it was current, int64 extremes, and memory that follows the
 * changes rather than roster x turns. Logs are audited from memory, as
 * `audit --format html` does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adj_chronicle.h"

typedef struct run_s {
    adj_audit_t a;
    adj_chronicle_t c;
    adj_buf_t log;
} run_t;

/* Audit a log built from a header and events, chronicle on. */
static run_t *run_log(const char *head, const char *events)
{
    run_t *r = calloc(1, sizeof *r);
    adj_buf_printf(&r->log, "format: adjutant/1\nsides: [CSA, USA]\n%s\nevents:\n%s", head,
                   events);
    adj_chronicle_init(&r->c, &r->a.reader);
    adj_audit_opts_t o = {.on_turn = adj_chronicle_on_turn, .turn_ctx = &r->c,
                          .on_step = adj_chronicle_on_step, .step_ctx = &r->c};
    adj_audit_bytes(&r->a, r->log.data, r->log.len, "t.yaml", &o);
    adj_chronicle_finish(&r->c, r->a.replayed ? &r->a.result : NULL);
    return r;
}

static void run_free(run_t *r)
{
    adj_chronicle_free(&r->c);
    adj_audit_free(&r->a);
    adj_buf_free(&r->log);
    free(r);
}

static const char roster[] =
    "last_turn: 9\nleaders:\n  - {id: lee, side: CSA}\n  - {id: jackson, side: CSA}";

static void assert_col(const adj_timeline_col_t *c, int64_t from, int64_t to, bool played)
{
    assert_true(c->from == from);
    assert_true(c->to == to);
    assert_int_equal(c->played, played);
}

static void test_skipped_run_is_one_column(void **state)
{
    (void)state;
    run_t *r = run_log(roster, "  - turn: 1\n  - {wound: jackson, level: 3}\n"
                               "  - turn: 2\n  - turn: 2000001\n");
    adj_timeline_col_t *cols;
    size_t n = adj_chronicle_columns(&r->c, 1, &cols);
    assert_int_equal(n, 4);
    assert_col(&cols[0], 1, 1, true);
    assert_col(&cols[1], 2, 2, true);
    assert_col(&cols[2], 3, 2000000, false);
    assert_col(&cols[3], 2000001, 2000001, true);
    assert_int_equal(cols[2].period, cols[1].period);  /* the state before it, repeated */
    assert_int_equal(adj_cell_status(adj_chronicle_cell(&r->c, 1, cols[2].period)),
                     ADJ_ST_WOUNDED);
    assert_int_equal(adj_cell_level(adj_chronicle_cell(&r->c, 1, cols[2].period)), 2);
    assert_int_equal(adj_cell_status(adj_chronicle_cell(&r->c, 1, cols[3].period)), ADJ_ST_FIT);
    free(cols);
    run_free(r);
}

static void test_turns_below_first_turn_are_not_drawn(void **state)
{
    (void)state;
    run_t *r = run_log("first_turn: 5\nlast_turn: 9\nleaders:\n  - {id: lee, side: CSA}",
                       "  - turn: 3\n  - {wound: lee, level: 4}\n  - turn: 5\n  - turn: 9\n");
    adj_timeline_col_t *cols;
    size_t n = adj_chronicle_columns(&r->c, 5, &cols);
    assert_int_equal(n, 3);
    assert_col(&cols[0], 5, 5, true);
    assert_col(&cols[1], 6, 8, false);
    assert_col(&cols[2], 9, 9, true);
    assert_int_equal(adj_cell_level(adj_chronicle_cell(&r->c, 0, cols[0].period)), 2);
    free(cols);
    run_free(r);
}

static void test_gap_at_the_start_shows_the_state_before_it(void **state)
{
    (void)state;
    run_t *r = run_log("first_turn: 1\nlast_turn: 9\nleaders:\n  - {id: lee, side: CSA, wound: 2}",
                       "  - turn: 4\n  - {wound: lee, level: 1}\n");
    adj_timeline_col_t *cols;
    size_t n = adj_chronicle_columns(&r->c, 1, &cols);
    assert_int_equal(n, 2);
    assert_col(&cols[0], 1, 3, false);
    assert_true(cols[0].period == SIZE_MAX);  /* the start of the game */
    adj_cell_t start = adj_chronicle_cell(&r->c, 0, cols[0].period);
    assert_int_equal(adj_cell_status(start), ADJ_ST_WOUNDED);
    assert_int_equal(adj_cell_level(start), 2);
    assert_int_equal(adj_cell_level(adj_chronicle_cell(&r->c, 0, cols[1].period)), 3);
    free(cols);
    run_free(r);
}

static void test_a_turn_shows_its_last_moment(void **state)
{
    (void)state;
    run_t *r = run_log(roster, "  - turn: 1\n  - turn: 2\n  - turn: 1\n"
                               "  - {wound: lee, level: 4}\n  - turn: 3\n");
    adj_timeline_col_t *cols;
    size_t n = adj_chronicle_columns(&r->c, 1, &cols);
    assert_int_equal(n, 3);
    assert_int_equal(cols[0].period, 2);  /* the second stretch of turn 1 */
    assert_int_equal(adj_cell_level(adj_chronicle_cell(&r->c, 0, cols[0].period)), 4);
    assert_int_equal(adj_cell_status(adj_chronicle_cell(&r->c, 0, cols[1].period)), ADJ_ST_FIT);
    assert_int_equal(adj_cell_level(adj_chronicle_cell(&r->c, 0, cols[2].period)), 2);
    free(cols);
    run_free(r);
}

static void test_int64_extremes(void **state)
{
    (void)state;
    run_t *r = run_log(roster, "  - turn: -9223372036854775808\n  - turn: 9223372036854775807\n");
    adj_timeline_col_t *cols;
    size_t n = adj_chronicle_columns(&r->c, 1, &cols);
    assert_int_equal(n, 2);
    assert_col(&cols[0], 1, INT64_MAX - 1, false);
    assert_col(&cols[1], INT64_MAX, INT64_MAX, true);
    free(cols);
    run_free(r);
}

/* A turn after `end` is ignored (SPEC 3.2): it begins no stretch. */
static void test_turn_after_end_is_no_stretch(void **state)
{
    (void)state;
    run_t *r = run_log(roster, "  - turn: 1\n  - end: ~\n  - turn: 2\n");
    assert_int_equal(r->c.periods, 1);
    adj_timeline_col_t *cols;
    assert_int_equal(adj_chronicle_columns(&r->c, 1, &cols), 1);
    free(cols);
    run_free(r);
}

static void test_no_turn_no_column(void **state)
{
    (void)state;
    run_t *r = run_log(roster, "  - end: ~\n");
    adj_timeline_col_t *cols = (void *)1;
    assert_int_equal(adj_chronicle_columns(&r->c, 1, &cols), 0);
    assert_null(cols);
    run_free(r);
}

/* 2,000 turns over a quiet roster keep nothing per turn and leader. */
static void test_memory_follows_changes(void **state)
{
    (void)state;
    adj_buf_t ev = {0};
    for (int t = 1; t <= 2000; t++)
        adj_buf_printf(&ev, "  - turn: %d\n", t);
    adj_buf_puts(&ev, "  - {wound: jackson, level: 1}\n  - turn: 2001\n");
    run_t *r = run_log(roster, ev.data);
    assert_int_equal(r->c.periods, 2001);
    assert_int_equal(r->c.history[0].count, 0);
    assert_int_equal(r->c.history[1].count, 2);  /* wounded 1, then fit */
    assert_int_equal(r->c.stories[1].count, 2);  /* the wound, the mending */
    adj_buf_free(&ev);
    run_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_skipped_run_is_one_column),
        cmocka_unit_test(test_turns_below_first_turn_are_not_drawn),
        cmocka_unit_test(test_gap_at_the_start_shows_the_state_before_it),
        cmocka_unit_test(test_a_turn_shows_its_last_moment),
        cmocka_unit_test(test_int64_extremes),
        cmocka_unit_test(test_turn_after_end_is_no_stretch),
        cmocka_unit_test(test_no_turn_no_column),
        cmocka_unit_test(test_memory_follows_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
