/* SPDX-License-Identifier: MIT */
/*
 * test_reader_keys.c - the reader's key table against the event catalogue:
 * every kind key and field key of ADJ_EVENT_CATALOGUE is found as itself,
 * and no near miss is found at all. A new key that shared a slot with
 * another, or a name given twice, fails here (or aborts the table's build).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "reader_private.h"  /* reader_key_lookup, KEY_SLOT */

static const struct {
    const char *name;
    int value;
} keys[] = {
#define T_X(e, key, ...) {#key, ADJ_EV_##e},
    ADJ_EVENT_LIST(T_X)
#undef T_X
#define T_X(e, key, ...) {#key, KEY_SLOT + ADJ_F_##e},
    ADJ_FIELD_LIST(T_X)
#undef T_X
};

#define NKEYS (sizeof keys / sizeof keys[0])

static int lookup(const char *s) { return reader_key_lookup(s, strlen(s)); }

static bool is_key(const char *s)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strcmp(keys[i].name, s) == 0)
            return true;
    return false;
}

static void test_every_catalogue_key_is_found(void **state)
{
    (void)state;
    reader_event_init();
    assert_int_equal(NKEYS, ADJ_EVENT_COUNT + ADJ_FIELD_COUNT);
    for (size_t i = 0; i < NKEYS; i++) {
        if (lookup(keys[i].name) != keys[i].value)
            fail_msg("key `%s` found as %d, not %d", keys[i].name, lookup(keys[i].name),
                     keys[i].value);
        assert_string_equal(i < ADJ_EVENT_COUNT ? adj_event_name((adj_event_kind_t)i) : keys[i].name,
                            keys[i].name);
    }
}

/* Each key with one byte changed, added or removed, or a NUL inside, is
 * not a key (unless it is another one). */
static void test_near_misses_are_not_keys(void **state)
{
    (void)state;
    reader_event_init();
    char s[40];
    size_t tried = 0;
    for (size_t i = 0; i < NKEYS; i++) {
        const char *k = keys[i].name;
        size_t n = strlen(k);
        for (size_t at = 0; at < n; at++) {
            for (int c = 1; c < 256; c++) {
                memcpy(s, k, n + 1);
                if ((unsigned char)s[at] == c)
                    continue;
                s[at] = (char)c;
                if (!is_key(s) && lookup(s) != -1)
                    fail_msg("`%s` (from `%s`) is found as %d", s, k, lookup(s));
                tried++;
            }
            memcpy(s, k, n + 1);
            memmove(s + at, s + at + 1, n - at);  /* one byte removed */
            if (!is_key(s) && lookup(s) != -1)
                fail_msg("`%s` (from `%s`) is found", s, k);
        }
        snprintf(s, sizeof s, "%s_", k);
        assert_int_equal(lookup(s), -1);
        snprintf(s, sizeof s, "%s%s", k, k);
        assert_int_equal(lookup(s), -1);
        memcpy(s, k, n + 1);
        assert_int_equal(reader_key_lookup(s, n + 1), -1);  /* its NUL too */
    }
    assert_int_equal(lookup(""), -1);
    assert_int_equal(lookup("a_key_longer_than_any"), -1);
    assert_true(tried > 100 * NKEYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_catalogue_key_is_found),
        cmocka_unit_test(test_near_misses_are_not_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
