/* SPDX-License-Identifier: MIT */
/*
 * test_reader_text.c - the reader's boolean check takes a value as bytes and
 * a length, not as a C string: exactly `true` or `false` in those bytes, and
 * nothing past them is read. (A check that compared one byte too many would
 * pass on libyaml's NUL-terminated scalars and fail here.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reader_text.h"  /* reader_text_bool */

static void test_bool_reads_only_its_length(void **state)
{
    (void)state;
    bool b = false;
    assert_true(reader_text_bool("trueX", 4, true, &b));  /* the X is past the value */
    assert_true(b);
    b = true;
    assert_true(reader_text_bool("falsey", 5, true, &b));
    assert_false(b);
}

static void test_bool_is_exact(void **state)
{
    (void)state;
    bool b = true;
    assert_false(reader_text_bool("tru", 3, true, &b));
    assert_false(reader_text_bool("trues", 5, true, &b));
    assert_false(reader_text_bool("fals", 4, true, &b));
    assert_false(reader_text_bool("True", 4, true, &b));
    assert_false(reader_text_bool("true", 4, false, &b));  /* quoted: a string */
    assert_true(b);  /* untouched by every refusal */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bool_reads_only_its_length),
        cmocka_unit_test(test_bool_is_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
