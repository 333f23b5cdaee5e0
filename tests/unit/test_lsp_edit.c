/* SPDX-License-Identifier: MIT */
/*
 * test_lsp_edit.c - the language server's text (src/lsp_text.c, its
 * positions found from checkpoints) and a didChange's edits applied in
 * blocks (src/lsp_edit.c), each held to the plain way: positions walked
 * from the line's start, edits spliced into the whole text one by one.
 * Seeded texts of LF, CRLF, CR and characters of 1 to 4 bytes, long enough
 * that blocks split and groups of blocks split.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lsp.h"

#include <stdlib.h>
#include <string.h>

static uint64_t seed;
static uint32_t rnd(uint32_t n)
{
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return n ? (uint32_t)(seed >> 33) % n : 0;
}

static const char *const pieces[] = {"a", "bc", "\n", "\r\n", "\r", "\xC3\xA9", "\xE2\x82\xAC",
                                     "\xF0\x9F\x8E\xB2", "  - {activate: lee, roll: 4}",
                                     "\t", "\xC2\x85", "\xE2\x80\xA8"};
#define PIECES (sizeof pieces / sizeof pieces[0])

/* A seeded text of about n bytes; long runs of ASCII among the rest. */
static void text_of(adj_buf_t *b, size_t n)
{
    adj_buf_reset(b);
    while (b->len < n) {
        if (rnd(8) == 0)
            for (uint32_t k = rnd(3000); k; k--)
                adj_buf_putc(b, (char)('a' + k % 26));
        else
            adj_buf_puts(b, pieces[rnd(PIECES)]);
    }
}

/* ---- the plain way ---- */

static size_t clen(const char *s, size_t n, size_t i) { return lsp_char_len(s, n, i); }

/* The editor's line `line` starts at: n when there are fewer. */
static size_t plain_line(const char *s, size_t n, size_t line, size_t *end)
{
    size_t i = 0;
    for (size_t l = 0; l < line; l++) {
        while (i < n && s[i] != '\n' && s[i] != '\r')
            i++;
        if (i == n) {
            *end = n;
            return n;
        }
        i += s[i] == '\r' && i + 1 < n && s[i + 1] == '\n' ? 2 : 1;
    }
    size_t e = i;
    while (e < n && s[e] != '\n' && s[e] != '\r')
        e++;
    *end = e;
    return i;
}

static size_t plain_offset(const char *s, size_t n, size_t line, size_t ch, lsp_enc_t enc)
{
    size_t end, i = plain_line(s, n, line, &end);
    while (i < end) {
        size_t k = clen(s, n, i), u = enc == LSP_UTF8 ? k : k == 4 ? 2 : 1;
        if (u > ch || i + k > end)
            break;
        ch -= u;
        i += k;
    }
    return i;
}

/* ---- positions ---- */

static void test_offsets_match_the_walk(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    for (int round = 0; round < 10; round++) {
        seed = 1000 + (uint64_t)round;
        text_of(&b, 20000 + rnd(60000));
        lsp_text_t t;
        lsp_text_open(&t, b.data, b.len);
        for (int k = 0; k < 3000; k++) {
            size_t line = rnd((uint32_t)t.ed.count + 2), ch = rnd(k % 5 ? 40 : 5000);
            lsp_enc_t enc = k % 2 ? LSP_UTF8 : LSP_UTF16;
            size_t want = plain_offset(b.data, b.len, line, ch, enc);
            size_t got = lsp_text_offset(&t, line, ch, enc);
            if (got != want)
                fail_msg("round %d: line %zu ch %zu enc %d: got %zu, want %zu", round, line, ch,
                         (int)enc, got, want);
            size_t pl, pc;  /* and back: the same place */
            lsp_text_position(&t, got, enc, &pl, &pc);
            assert_int_equal(lsp_text_offset(&t, pl, pc, enc), got);
        }
        lsp_text_close(&t);
    }
    adj_buf_free(&b);
}

/* ---- edits ---- */

/* The changes applied one by one to the whole text, positions from lsp_text. */
static void plain_apply(adj_buf_t *text, json_t *changes, lsp_enc_t enc)
{
    size_t i;
    json_t *c;
    json_array_foreach(changes, i, c) {
        json_t *r = json_object_get(c, "range");
        const char *s = text->data ? text->data : "";
        size_t from = 0, to = text->len;
        if (r) {
            lsp_text_t t;
            lsp_text_open(&t, s, text->len);
            json_t *a = json_object_get(r, "start"), *z = json_object_get(r, "end");
            from = lsp_text_offset(&t, (size_t)json_integer_value(json_object_get(a, "line")),
                                   (size_t)json_integer_value(json_object_get(a, "character")),
                                   enc);
            to = lsp_text_offset(&t, (size_t)json_integer_value(json_object_get(z, "line")),
                                 (size_t)json_integer_value(json_object_get(z, "character")), enc);
            lsp_text_close(&t);
            to = to < from ? from : to;
        }
        adj_buf_t out = {0};
        adj_buf_put(&out, s, from);
        json_t *tx = json_object_get(c, "text");
        adj_buf_put(&out, json_string_value(tx), json_string_length(tx));
        adj_buf_put(&out, s + to, text->len - to);
        adj_buf_free(text);
        *text = out;
    }
}

static json_t *change_of(size_t lines, bool whole)
{
    adj_buf_t t = {0};
    for (uint32_t k = rnd(4); k; k--)
        adj_buf_puts(&t, pieces[rnd(PIECES)]);
    uint32_t big = rnd(150) == 0 ? 140000 : rnd(40) == 0 ? 5000 : 0;  /* groups, blocks split */
    for (uint32_t k = big ? big + rnd(9000) : 0; k; k--)
        adj_buf_putc(&t, (char)(k % 977 ? 'A' + k % 26 : '\n'));
    json_t *text = json_stringn(t.data ? t.data : "", t.len);
    adj_buf_free(&t);
    if (whole)
        return json_pack("{s:o}", "text", text);
    size_t l1 = rnd((uint32_t)lines + 2), l2 = rnd(4) ? l1 : l1 + rnd(3);
    return json_pack("{s:{s:{s:I,s:I},s:{s:I,s:I}},s:o}", "range", "start", "line",
                     (json_int_t)l1, "character", (json_int_t)rnd(30), "end", "line",
                     (json_int_t)l2, "character", (json_int_t)rnd(30), "text", text);
}

static void test_edits_match_splicing(void **state)
{
    (void)state;
    adj_buf_t base = {0};
    for (int round = 0; round < 8; round++) {
        seed = 7000 + (uint64_t)round;
        text_of(&base, round < 3 ? 3000 : 200000 + rnd(200000));
        lsp_enc_t enc = round % 2 ? LSP_UTF8 : LSP_UTF16;
        json_t *changes = json_array();
        size_t lines = 1;
        for (size_t i = 0; i < base.len; i++)
            lines += base.data[i] == '\n';
        for (int k = 0; k < 400; k++)
            json_array_append_new(changes, change_of(lines, round == 5 && k == 200));
        adj_buf_t want = {0}, got = {0};
        adj_buf_put(&want, base.data, base.len);
        adj_buf_put(&got, base.data, base.len);
        plain_apply(&want, changes, enc);
        assert_int_equal(lsp_edit_apply(&got, changes, enc, SIZE_MAX / 2), LSP_EDIT_OK);
        assert_int_equal(got.len, want.len);
        assert_memory_equal(got.data, want.data, want.len);
        json_decref(changes);
        adj_buf_free(&want);
        adj_buf_free(&got);
    }
    adj_buf_free(&base);
}

static void test_edit_past_the_limit_or_bad_changes_nothing(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    adj_buf_puts(&b, "ab\ncd\n");
    json_t *big = json_pack("[{s:s},{s:s}]", "text", "abcdef", "text", "abcdefgh");
    assert_int_equal(lsp_edit_apply(&b, big, LSP_UTF16, 7), LSP_EDIT_TOO_BIG);
    assert_string_equal(b.data, "ab\ncd\n");
    json_t *bad = json_pack("[{s:s},{s:i}]", "text", "x", "text", 3);
    assert_int_equal(lsp_edit_apply(&b, bad, LSP_UTF16, 100), LSP_EDIT_BAD);
    assert_string_equal(b.data, "ab\ncd\n");
    json_t *neg = json_pack("[{s:{s:{s:i,s:i},s:{s:i,s:i}},s:s}]", "range", "start", "line", 0,
                            "character", -1, "end", "line", 0, "character", 0, "text", "x");
    assert_int_equal(lsp_edit_apply(&b, neg, LSP_UTF16, 100), LSP_EDIT_BAD);
    json_t *cr = json_pack("[{s:{s:{s:i,s:i},s:{s:i,s:i}},s:s}]", "range", "start", "line", 0,
                           "character", 2, "end", "line", 1, "character", 0, "text", "\r");
    assert_int_equal(lsp_edit_apply(&b, cr, LSP_UTF16, 100), LSP_EDIT_OK);
    assert_string_equal(b.data, "ab\rcd\n");
    json_decref(big);
    json_decref(bad);
    json_decref(neg);
    json_decref(cr);
    adj_buf_free(&b);
}

/* One change at (line, ch) inserting `ins`, by lsp_edit and by splicing. */
static void one_change(adj_buf_t *text, size_t line, size_t ch, const char *ins, lsp_enc_t enc)
{
    json_t *c = json_pack("[{s:{s:{s:I,s:I},s:{s:I,s:I}},s:s}]", "range", "start", "line",
                          (json_int_t)line, "character", (json_int_t)ch, "end", "line",
                          (json_int_t)line, "character", (json_int_t)ch, "text", ins);
    adj_buf_t want = {0};
    adj_buf_put(&want, text->data, text->len);
    plain_apply(&want, c, enc);
    assert_int_equal(lsp_edit_apply(text, c, enc, SIZE_MAX / 2), LSP_EDIT_OK);
    assert_int_equal(text->len, want.len);
    assert_memory_equal(text->data, want.data, want.len);
    json_decref(c);
    adj_buf_free(&want);
}

/* A CR ending one block and an LF inserted at the next one's start are one
 * line break: the next position is counted after both. */
static void test_cr_and_lf_across_blocks_are_one_break(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    for (int i = 0; i < 4095; i++)
        adj_buf_putc(&b, 'x');
    adj_buf_putc(&b, '\r');
    for (int i = 0; i < 5000; i++)
        adj_buf_putc(&b, 'y');
    json_t *c = json_pack("[{s:{s:{s:i,s:i},s:{s:i,s:i}},s:s},{s:{s:{s:i,s:i},s:{s:i,s:i}},s:s}]",
                          "range", "start", "line", 1, "character", 0, "end", "line", 1,
                          "character", 0, "text", "\n", "range", "start", "line", 1, "character",
                          3, "end", "line", 1, "character", 3, "text", "Z");
    adj_buf_t want = {0};
    adj_buf_put(&want, b.data, b.len);
    plain_apply(&want, c, LSP_UTF16);
    assert_int_equal(lsp_edit_apply(&b, c, LSP_UTF16, SIZE_MAX / 2), LSP_EDIT_OK);
    assert_memory_equal(b.data, want.data, want.len);
    assert_memory_equal(b.data + 4095, "\r\nyyyZ", 6);
    json_decref(c);
    adj_buf_free(&want);
    adj_buf_free(&b);
}

/* Whole groups of blocks are skipped along a long line, never past its end. */
static void test_long_lines_skip_groups_to_the_line_end(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    for (int i = 0; i < 300000; i++)
        adj_buf_puts(&b, i % 1000 ? "a" : "\xF0\x9F\x8E\xB2");
    adj_buf_putc(&b, '\n');
    for (int i = 0; i < 300000; i++)
        adj_buf_putc(&b, 'b');
    for (int enc = 0; enc < 2; enc++) {
        one_change(&b, 0, 250000, "<", (lsp_enc_t)enc);
        one_change(&b, 0, 400000, ">", (lsp_enc_t)enc);  /* past the end: at it */
        one_change(&b, 1, 299999, "|", (lsp_enc_t)enc);
    }
    adj_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offsets_match_the_walk),
        cmocka_unit_test(test_edits_match_splicing),
        cmocka_unit_test(test_edit_past_the_limit_or_bad_changes_nothing),
        cmocka_unit_test(test_cr_and_lf_across_blocks_are_one_break),
        cmocka_unit_test(test_long_lines_skip_groups_to_the_line_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
