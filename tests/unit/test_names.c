/* SPDX-License-Identifier: MIT */
/*
 * test_names.c - the key of a player's name and the look-alike test
 * (SPEC 7; adj_names.h, shared with the ladder).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adj_names.h"

static void key_is(const char *name, size_t len, const char *want, size_t want_len)
{
    size_t n;
    char *k = adj_name_key(name, len, &n);
    if (n != want_len || memcmp(k, want, n))
        fail_msg("key of '%.*s' is '%.*s' (%zu bytes), want '%.*s'", (int)(len < 80 ? len : 80),
                 name, (int)(n < 80 ? n : 80), k, n, (int)(want_len < 80 ? want_len : 80), want);
    assert_true(k[n] == '\0');
    free(k);
}

#define KEY_IS(name, want) key_is(name, sizeof name - 1, want, sizeof want - 1)

static void test_key_folds_case(void **state)
{
    (void)state;
    KEY_IS("Gus Berg", "gus berg");
    KEY_IS("GUS BERG", "gus berg");
    KEY_IS("Stra\xc3\x9f" "e", "strasse");          /* full folding: ß is ss */
    KEY_IS("\xc3\x89mile", "\xc3\xa9mile");         /* É */
}

/* "Zoë" precomposed (U+00EB) and decomposed (e, U+0308): one key, NFC. */
static void test_key_is_nfc(void **state)
{
    (void)state;
    KEY_IS("Zo\xc3\xab", "zo\xc3\xab");
    KEY_IS("Zoe\xcc\x88", "zo\xc3\xab");
    KEY_IS("ZO\xc3\x8b", "zo\xc3\xab");
}

/* Runs of White_Space (tab, no-break space, em space, line separator...)
 * are one U+0020; none at either end. */
static void test_key_squeezes_white_space(void **state)
{
    (void)state;
    KEY_IS("Gus  Berg", "gus berg");
    KEY_IS("Gus\xc2\xa0" "Berg", "gus berg");            /* U+00A0 */
    KEY_IS(" \tGus \xe2\x80\x83\xe2\x80\xa8 Berg\xe3\x80\x80", "gus berg");  /* U+2003 U+2028 U+3000 */
    KEY_IS("Gus\xe2\x80\x8b" "Berg", "gusberg");  /* U+200B: not White_Space, ignorable */
    KEY_IS("   ", "");
}

/* Default-ignorable code points (Unicode Default_Ignorable_Code_Point)
 * are removed: a name that looks the same is the same player (issue 33
 * item 16). */
static void test_key_drops_default_ignorables(void **state)
{
    (void)state;
    KEY_IS("Gus Berg\xe2\x80\x8b", "gus berg");              /* U+200B zero-width space */
    KEY_IS("Gus B\xe2\x80\x8d" "erg", "gus berg");           /* U+200D zero-width joiner */
    KEY_IS("\xef\xbb\xbfGus Berg", "gus berg");              /* U+FEFF */
    KEY_IS("Gus Be\xc2\xad" "rg", "gus berg");                /* U+00AD soft hyphen */
    KEY_IS("Gus\xe2\x80\x8b \xe2\x80\x8b" "Berg", "gus berg");  /* then spaces squeezed */
    KEY_IS("\xe2\x80\x8e" "Ann\xe2\x80\xae", "ann");          /* bidi controls U+200E, U+202E */
    KEY_IS("A\xcd\x8f" "nn", "ann");                          /* U+034F grapheme joiner */
}

/* Unicode's canonical caseless match: NFD before folding, so a mark that
 * folds into a letter is folded in canonical order. "α\u0345\u0301" and
 * "ᾴ" (U+1FB4) are one name, ά followed by ι. */
static void test_key_is_canonical_caseless(void **state)
{
    (void)state;
    KEY_IS("\xce\xb1\xcd\x85\xcc\x81", "\xce\xac\xce\xb9");  /* α U+0345 U+0301 */
    KEY_IS("\xe1\xbe\xb4", "\xce\xac\xce\xb9");                /* U+1FB4 */
    KEY_IS("\xce\xb1\xcc\x81\xcd\x85", "\xce\xac\xce\xb9");  /* α U+0301 U+0345 */
    KEY_IS("\xe1\xbe\xbc", "\xce\xb1\xce\xb9");                /* U+1FBC: ᾼ */
}

/* A name of half a million marks, as a hostile log's 1 MiB scalar may
 * hold, in the worst order for utf8proc's own reordering (which swaps
 * neighbours: a quarter of a million squared, minutes): keyed in linear
 * time, and right. a + (U+0301 U+0316) x N is a-acute, then the N U+0316
 * (class 220) before the other N - 1 U+0301 (class 230). ctest's TIMEOUT
 * for this test (tests/CMakeLists.txt) stops the quadratic one. */
static void test_key_of_many_marks_is_linear(void **state)
{
    (void)state;
    enum { N = 250000 };
    size_t len = 1 + 4 * (size_t)N, want_len = 2 + 4 * (size_t)N - 2;
    char *name = malloc(len), *want = malloc(want_len);
    assert_non_null(name);
    assert_non_null(want);
    name[0] = 'a';
    for (size_t i = 0; i < N; i++)
        memcpy(name + 1 + 4 * i, "\xcc\x81\xcc\x96", 4);
    memcpy(want, "\xc3\xa1", 2);
    for (size_t i = 0; i < N; i++)
        memcpy(want + 2 + 2 * i, "\xcc\x96", 2);
    for (size_t i = 0; i + 1 < N; i++)
        memcpy(want + 2 + 2 * (size_t)N + 2 * i, "\xcc\x81", 2);
    key_is(name, len, want, want_len);
    free(name);
    free(want);
}

/* Not valid UTF-8: keyed as its bytes, untouched (no folding, no spaces
 * squeezed); a NUL inside a valid name is a code point like another. */
static void test_key_of_invalid_utf8_is_its_bytes(void **state)
{
    (void)state;
    KEY_IS("Gus  \xff" "Berg", "Gus  \xff" "Berg");
    KEY_IS("\xc3", "\xc3");
    KEY_IS("\xed\xa0\x80", "\xed\xa0\x80");  /* a surrogate */
    KEY_IS("A\0B", "a\0b");
}

static bool alike(const char *a, const char *b)
{
    return adj_name_look_alike(a, strlen(a), b, strlen(b));
}

static void test_look_alike_is_one_edit(void **state)
{
    (void)state;
    assert_true(alike("ann carter", "ann cartor"));   /* changed */
    assert_true(alike("ann carter", "ann carte"));    /* removed */
    assert_true(alike("ann carter", "ann carterr"));  /* added */
    assert_true(alike("ann carter", "ann cartre"));   /* neighbours swapped */
    assert_true(alike("ann carter", "nan carter"));
    assert_false(alike("ann carter", "ann carter"));  /* equal: the same player */
    assert_false(alike("ann carter", "ann crtre"));   /* two edits */
    assert_false(alike("ann carter", "anncar ter"));
    assert_false(alike("abc", "cba"));                /* not neighbours */
    assert_true(alike("", "a"));
}

/* A NUL is a code point like another: "ann" and "ann\0" are one edit
 * apart (issue 33 item 26: a mutant that took them as equal survived). */
static void test_look_alike_counts_a_nul(void **state)
{
    (void)state;
    assert_true(adj_name_look_alike("ann", 3, "ann\0", 4));
    assert_true(adj_name_look_alike("ann\0", 4, "ann", 3));
    assert_true(adj_name_look_alike("an\0n", 4, "ann", 3));
    assert_false(adj_name_look_alike("ann\0", 4, "ann\0", 4));
    assert_false(adj_name_look_alike("ann\0\0", 5, "ann", 3));
}

/* Edits are of code points, not bytes. */
static void test_look_alike_counts_code_points(void **state)
{
    (void)state;
    assert_true(alike("zo\xc3\xab", "zoe"));            /* ë -> e */
    assert_true(alike("zo\xc3\xab", "zo\xf0\x9f\x8e\xb2"));  /* ë -> a 4-byte one */
    assert_false(alike("zo\xc3\xab", "zoey"));
    assert_true(alike("zo\xc3\xab", "z\xc3\xabo"));      /* swapped */
    assert_true(alike("gus\xff", "gus\xfe"));          /* bytes, when not UTF-8 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_folds_case),
        cmocka_unit_test(test_key_is_nfc),
        cmocka_unit_test(test_key_squeezes_white_space),
        cmocka_unit_test(test_key_drops_default_ignorables),
        cmocka_unit_test(test_key_is_canonical_caseless),
        cmocka_unit_test(test_key_of_many_marks_is_linear),
        cmocka_unit_test(test_key_of_invalid_utf8_is_its_bytes),
        cmocka_unit_test(test_look_alike_counts_a_nul),
        cmocka_unit_test(test_look_alike_is_one_edit),
        cmocka_unit_test(test_look_alike_counts_code_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
