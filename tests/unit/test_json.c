/* SPDX-License-Identifier: MIT */
/*
 * test_json.c - the JSON writer every report goes through: separators
 * between members and items (and none after a key), nesting, escaping,
 * null for a missing string, and integers at both ends of int64.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "adj_json.h"

static void test_object_members_and_separators(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    adj_json_t j;
    adj_json_init(&j, &b);
    adj_json_open_object(&j);
    adj_json_member_str(&j, "file", "a\"b\\c\n");
    adj_json_member_bool(&j, "ok", false);
    adj_json_member_int(&j, "turn", -7);
    adj_json_member_uint(&j, "line", 42);
    adj_json_member_str(&j, "leader", NULL);
    adj_json_key(&j, "none");
    adj_json_null(&j);
    adj_json_close_object(&j);
    assert_string_equal(b.data, "{\"file\": \"a\\\"b\\\\c\\u000a\", \"ok\": false, \"turn\": -7, "
                                "\"line\": 42, \"leader\": null, \"none\": null}");
    adj_buf_free(&b);
}

static void test_nesting_and_empty_containers(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    adj_json_t j;
    adj_json_init(&j, &b);
    adj_json_open_object(&j);
    adj_json_key(&j, "empty");
    adj_json_open_array(&j);
    adj_json_close_array(&j);
    adj_json_key(&j, "items");
    adj_json_open_array(&j);
    adj_json_int(&j, 1);
    adj_json_open_object(&j);
    adj_json_close_object(&j);
    adj_json_open_array(&j);
    adj_json_bool(&j, true);
    adj_json_str(&j, "x");
    adj_json_close_array(&j);
    adj_json_close_array(&j);
    adj_json_member_int(&j, "after", 0);
    adj_json_close_object(&j);
    assert_string_equal(b.data, "{\"empty\": [], \"items\": [1, {}, [true, \"x\"]], \"after\": 0}");
    assert_int_equal(j.depth, 0);
    adj_buf_free(&b);
}

static void test_integer_extremes(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    adj_json_t j;
    adj_json_init(&j, &b);
    adj_json_open_array(&j);
    adj_json_int(&j, INT64_MIN);
    adj_json_int(&j, INT64_MAX);
    adj_json_uint(&j, UINT64_MAX);
    adj_json_int(&j, 0);
    adj_json_close_array(&j);
    assert_string_equal(b.data, "[-9223372036854775808, 9223372036854775807, "
                                "18446744073709551615, 0]");
    adj_buf_free(&b);
}

static void test_appends_to_what_is_there(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    adj_buf_puts(&b, "x ");
    adj_json_t j;
    adj_json_init(&j, &b);
    adj_json_str(&j, "caf\xc3\xa9 \xff");  /* invalid UTF-8 becomes U+FFFD */
    assert_string_equal(b.data, "x \"caf\xc3\xa9 \\ufffd\"");
    adj_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_object_members_and_separators),
        cmocka_unit_test(test_nesting_and_empty_containers),
        cmocka_unit_test(test_integer_extremes),
        cmocka_unit_test(test_appends_to_what_is_there),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
