/* SPDX-License-Identifier: MIT */
/*
 * test_sha256.c - our SHA-256 (src/sha256.c) against the examples NIST
 * publishes for FIPS 180-4 (one block, two blocks, one million "a"), the
 * empty message, and the same bytes given in pieces of every size.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adj_sha256.h"

static void hex(const unsigned char d[ADJ_SHA256_LEN], char out[2 * ADJ_SHA256_LEN + 1])
{
    for (int i = 0; i < ADJ_SHA256_LEN; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void check(const char *msg, size_t n, size_t piece, const char *want)
{
    adj_sha256_t c;
    adj_sha256_init(&c);
    for (size_t i = 0; i < n; i += piece)
        adj_sha256_update(&c, msg + i, n - i < piece ? n - i : piece);
    unsigned char d[ADJ_SHA256_LEN];
    char got[2 * ADJ_SHA256_LEN + 1];
    adj_sha256_final(&c, d);
    hex(d, got);
    assert_string_equal(got, want);
}

static const char one_block[] = "abc";
static const char two_blocks[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char two_blocks_896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopq"
    "rsmnopqrstnopqrstu";

static void test_fips_180_4_examples(void **state)
{
    (void)state;
    check(one_block, 3, 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    check(two_blocks, strlen(two_blocks), 64,
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    check(two_blocks_896, strlen(two_blocks_896), 64,
          "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    check("", 0, 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

static void test_one_million_a(void **state)
{
    (void)state;
    static char a[1000000];
    memset(a, 'a', sizeof a);
    check(a, sizeof a, 1000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* Padding at every boundary: 55, 56, 63, 64 bytes, given in pieces. */
static void test_pieces_and_padding(void **state)
{
    (void)state;
    static const char *const want[] = {
        [55] = "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
        [56] = "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
        [63] = "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
        [64] = "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"};
    char a[64];
    memset(a, 'a', sizeof a);
    for (size_t n = 55; n <= 64; n++)
        if (want[n])
            for (size_t piece = 1; piece <= n; piece += 7)
                check(a, n, piece, want[n]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fips_180_4_examples),
        cmocka_unit_test(test_one_million_a),
        cmocka_unit_test(test_pieces_and_padding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
