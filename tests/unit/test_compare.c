/* SPDX-License-Identifier: MIT */
/*
 * test_compare.c - what compare (SPEC 6.4, compare.c) lists as found under
 * one reading only, on diagnostics built here: matched one for one (code
 * and place), and past the cap of those kept (issue 44 item 2) counted by
 * code rather than listed when the other reading left out some of its code.
 * And the diagnostics list's own cap: past it, those a keep hook wants are
 * kept once adj_diags_prune judges them, the others counted by code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adj_models.h"

static void add(adj_audit_t *a, adj_code_t code, size_t line)
{
    adj_diags_add(&a->diags, code, (adj_mark_t){line, 5}, NULL, NULL, NULL, "m");
}

/* the same code twice at one place under one reading, once under the other:
 * one of the two is found only there (they were both "found") */
static void test_compare_matches_one_for_one(void **state)
{
    (void)state;
    adj_audit_t a[2] = {{0}, {0}};
    add(&a[0], ADJ_D_ROLL_OUT_OF_ORDER, 10);
    add(&a[0], ADJ_D_ROLL_OUT_OF_ORDER, 10);
    add(&a[0], ADJ_D_BAD_FIELD, 12);
    add(&a[1], ADJ_D_ROLL_OUT_OF_ORDER, 10);
    add(&a[1], ADJ_D_UNKNOWN_FIELD, 12);
    adj_rulings_t alt = {0};
    adj_compare_t c;
    adj_compare_init(&c, "x", &a[0], &a[1], &alt);
    assert_int_equal(c.only_count[0], 2);
    assert_false(c.only[0][0]);
    assert_true(c.only[0][1]);
    assert_true(c.only[0][2]);
    assert_int_equal(c.only_count[1], 1);
    assert_false(c.only[1][0]);
    assert_true(c.only[1][1]);
    assert_false(c.past_cap);
    adj_compare_free(&c);
    adj_diags_free(&a[0].diags);
    adj_diags_free(&a[1].diags);
}

/* past the cap: a kept diagnostic the other reading may have left out is
 * counted with those not kept; the counts differ only where the readings do */
static void test_compare_past_cap_counts(void **state)
{
    (void)state;
    adj_audit_t a[2] = {{0}, {0}};
    add(&a[0], ADJ_D_ROLL_OUT_OF_ORDER, 1);  /* only the default's: listed */
    for (size_t i = 0; i < ADJ_MAX_DIAGS + 1; i++) {
        add(&a[0], ADJ_D_UNKNOWN_FIELD, 2 + i);
        add(&a[1], ADJ_D_UNKNOWN_FIELD, 2 + i);
    }
    add(&a[0], ADJ_D_BAD_FIELD, ADJ_MAX_DIAGS + 5);  /* past both caps: counted */
    assert_int_equal(a[0].diags.omitted, 3);
    assert_int_equal(a[1].diags.omitted, 1);
    adj_rulings_t alt = {0};
    adj_compare_t c;
    adj_compare_init(&c, "x", &a[0], &a[1], &alt);
    assert_true(c.past_cap);
    assert_int_equal(c.only_count[0], 1);
    assert_true(c.only[0][0]);
    assert_int_equal(c.only_count[1], 0);  /* its last warning: maybe among the default's left out */
    assert_int_equal(c.unlisted[0][ADJ_D_UNKNOWN_FIELD], 2);
    assert_int_equal(c.unlisted[1][ADJ_D_UNKNOWN_FIELD], 2);
    assert_int_equal(c.unlisted[0][ADJ_D_BAD_FIELD], 1);
    assert_int_equal(c.unlisted[1][ADJ_D_BAD_FIELD], 0);
    assert_int_equal(c.unlisted[0][ADJ_D_ROLL_OUT_OF_ORDER], 0);
    adj_compare_free(&c);
    adj_diags_free(&a[0].diags);
    adj_diags_free(&a[1].diags);
}

static bool keep_lee(void *ctx, const char *leader)
{
    (void)ctx;
    return strcmp(leader, "lee") == 0;
}

static void test_diags_keep_past_cap(void **state)
{
    (void)state;
    adj_diags_t d = {.keep = keep_lee};
    for (size_t i = 0; i < ADJ_MAX_DIAGS; i++)
        adj_diags_add(&d, ADJ_D_UNKNOWN_FIELD, (adj_mark_t){i + 1, 1}, NULL, NULL, NULL, "w");
    adj_diags_add(&d, ADJ_D_UNKNOWN_FIELD, (adj_mark_t){1, 9}, NULL, "hooker", NULL, "h");
    adj_diag_t *g = adj_diags_add(&d, ADJ_D_UNKNOWN_FIELD, (adj_mark_t){1, 8}, NULL, NULL, NULL, "l");
    assert_non_null(g);  /* kept until judged: the reader names its leader after */
    g->leader = adj_diag_id("lee");
    adj_diags_add(&d, ADJ_D_ROLL_OUT_OF_ORDER, (adj_mark_t){2, 1}, NULL, NULL, NULL, "none");
    adj_diags_prune(&d);
    assert_int_equal(d.count, ADJ_MAX_DIAGS + 1);
    assert_string_equal(d.items[ADJ_MAX_DIAGS].message, "l");
    assert_int_equal(d.omitted, 2);
    assert_int_equal(d.omitted_code[ADJ_D_UNKNOWN_FIELD], 1);
    assert_int_equal(d.omitted_code[ADJ_D_ROLL_OUT_OF_ORDER], 1);
    assert_int_equal(d.keep_missed, 0);
    adj_diags_sort(&d);  /* the order found breaks ties: the kept one after line 1's first */
    assert_string_equal(d.items[1].message, "l");
    adj_diags_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare_matches_one_for_one),
        cmocka_unit_test(test_compare_past_cap_counts),
        cmocka_unit_test(test_diags_keep_past_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
