/* SPDX-License-Identifier: MIT */
/*
 * test_common.c - the shared pieces every reporter leans on: the terminal
 * escaper (adj_escape_text), the JSON string writer (adj_json_string),
 * saturating arithmetic and the growable buffer.
 *
 * The escapers are checked two ways: exact outputs for the cases a person
 * would write down, and properties over every 1- and 2-byte input and a
 * seeded stream of random strings (no control byte or C1 control reaches
 * a terminal; the JSON is always valid and always valid UTF-8, and it
 * decodes to the input with each invalid byte replaced by U+FFFD).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "adj_common.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static char *escaped(const char *s, size_t n)
{
    adj_buf_t b = {0};
    adj_escape_text(&b, s, n);
    return b.data ? b.data : strdup("");
}

static char *jsoned(const char *s, size_t n)
{
    adj_buf_t b = {0};
    adj_json_string(&b, s, n);
    return b.data ? b.data : strdup("");
}

/* Length of the valid UTF-8 sequence at s (1..4), 0 if invalid: an
 * independent statement of RFC 3629 (no overlongs, no surrogates, nothing
 * past U+10FFFF). */
static size_t ref_utf8(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len;
    uint32_t min, cp;
    if ((s[0] & 0xE0) == 0xC0) {
        len = 2, min = 0x80, cp = s[0] & 0x1F;
    } else if ((s[0] & 0xF0) == 0xE0) {
        len = 3, min = 0x800, cp = s[0] & 0x0F;
    } else if ((s[0] & 0xF8) == 0xF0) {
        len = 4, min = 0x10000, cp = s[0] & 0x07;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static bool valid_utf8(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        size_t l = ref_utf8(s + i, n - i);
        if (!l)
            return false;
        i += l;
    }
    return true;
}

/* Safe for a terminal: valid UTF-8, no C0 control, no C1 control, and
 * (when `del` is set) no DEL. */
static bool safe_text(const char *str, size_t n, bool del)
{
    const unsigned char *s = (const unsigned char *)str;
    if (!valid_utf8(str, n))
        return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x20 || (del && s[i] == 0x7F))
            return false;
        if (s[i] == 0xC2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] < 0xA0)
            return false;
    }
    return true;
}

static bool terminal_safe(const char *str, size_t n) { return safe_text(str, n, true); }

static void put_utf8(adj_buf_t *b, uint32_t cp)
{
    char o[4];
    if (cp < 0x80) {
        adj_buf_putc(b, (char)cp);
    } else if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3F));
        adj_buf_put(b, o, 2);
    } else if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        adj_buf_put(b, o, 3);
    } else {
        o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
        o[2] = (char)(0x80 | (cp >> 6 & 0x3F)), o[3] = (char)(0x80 | (cp & 0x3F));
        adj_buf_put(b, o, 4);
    }
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parse one JSON string literal (RFC 8259) spanning all of `j`, decoding
 * it into `out`. False when it is not exactly one valid string literal. */
static bool json_decode(const char *j, size_t n, adj_buf_t *out)
{
    const unsigned char *s = (const unsigned char *)j;
    if (n < 2 || s[0] != '"' || s[n - 1] != '"' || !valid_utf8(j, n))
        return false;
    size_t i = 1;
    while (i < n - 1) {
        unsigned char c = s[i];
        if (c < 0x20)
            return false;           /* raw control characters are not allowed */
        if (c == '"')
            return false;           /* an unescaped quote ends the string early */
        if (c != '\\') {
            size_t l = ref_utf8(s + i, n - 1 - i);
            adj_buf_put(out, j + i, l);
            i += l;
            continue;
        }
        if (i + 1 >= n - 1)
            return false;
        char e = j[i + 1];
        i += 2;
        switch (e) {
        case '"': adj_buf_putc(out, '"'); break;
        case '\\': adj_buf_putc(out, '\\'); break;
        case '/': adj_buf_putc(out, '/'); break;
        case 'b': adj_buf_putc(out, '\b'); break;
        case 'f': adj_buf_putc(out, '\f'); break;
        case 'n': adj_buf_putc(out, '\n'); break;
        case 'r': adj_buf_putc(out, '\r'); break;
        case 't': adj_buf_putc(out, '\t'); break;
        case 'u': {
            uint32_t cp = 0;
            for (int k = 0; k < 4; k++) {
                int h = i < n - 1 ? hexval(j[i]) : -1;
                if (h < 0)
                    return false;
                cp = cp << 4 | (uint32_t)h;
                i++;
            }
            if (cp >= 0xD800 && cp <= 0xDBFF) {   /* a surrogate pair */
                if (i + 6 > n - 1 || j[i] != '\\' || j[i + 1] != 'u')
                    return false;
                uint32_t lo = 0;
                for (int k = 0; k < 4; k++) {
                    int h = hexval(j[i + 2 + k]);
                    if (h < 0)
                        return false;
                    lo = lo << 4 | (uint32_t)h;
                }
                if (lo < 0xDC00 || lo > 0xDFFF)
                    return false;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                i += 6;
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                return false;
            }
            put_utf8(out, cp);
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

/* The input with each byte that does not start a valid UTF-8 sequence
 * replaced by U+FFFD: what adj_json_string promises to encode. */
static void expected_json_text(const char *str, size_t n, adj_buf_t *out)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        size_t l = ref_utf8(s + i, n - i);
        if (!l) {
            adj_buf_puts(out, "\xEF\xBF\xBD");
            i++;
        } else {
            adj_buf_put(out, str + i, l);
            i += l;
        }
    }
}

static int failures;

/* Check one input against every promise of both escapers. */
static void check_both(const char *s, size_t n)
{
    adj_buf_t t = {0}, j = {0}, dec = {0}, want = {0};
    adj_escape_text(&t, s, n);
    adj_json_string(&j, s, n);
    if (!terminal_safe(t.data ? t.data : "", t.len)) {
        failures++;
        fprintf(stderr, "  escape_text output not terminal-safe for input of %zu bytes:", n);
        for (size_t i = 0; i < n && i < 16; i++)
            fprintf(stderr, " %02X", (unsigned char)s[i]);
        fputc('\n', stderr);
    }
    expected_json_text(s, n, &want);
    bool ok = json_decode(j.data ? j.data : "", j.len, &dec);
    if (!ok || dec.len != want.len || (want.len && memcmp(dec.data, want.data, want.len) != 0)) {
        failures++;
        fprintf(stderr, "  json_string wrong for input of %zu bytes (%s):", n,
                ok ? "decodes to something else" : "not a valid JSON string");
        for (size_t i = 0; i < n && i < 16; i++)
            fprintf(stderr, " %02X", (unsigned char)s[i]);
        fprintf(stderr, " -> %s\n", j.data ? j.data : "");
    }
    /* no raw C0 or C1 control in JSON either: JSON Lines stay one line and
     * safe to print (DEL: see test_json_string_escapes_del) */
    if (!safe_text(j.data ? j.data : "", j.len, false)) {
        failures++;
        fprintf(stderr, "  json_string output holds a raw control character\n");
    }
    adj_buf_free(&t);
    adj_buf_free(&j);
    adj_buf_free(&dec);
    adj_buf_free(&want);
}

/* ------------------------------------------------------------------ */
/* adj_escape_text                                                     */
/* ------------------------------------------------------------------ */

static void expect_escape(const char *in, size_t n, const char *want)
{
    char *got = escaped(in, n);
    if (strcmp(got, want) != 0) {
        failures++;
        fprintf(stderr, "  escape_text: expected \"%s\", got \"", want);
        for (const char *p = got; *p; p++)
            fprintf(stderr, (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7F ? "<%02X>" : "%c",
                    (unsigned char)*p);
        fputs("\"\n", stderr);
    }
    free(got);
}

#define ESC(lit, want) expect_escape(lit, sizeof lit - 1, want)

static void test_escape_text_terminal_sequences(void **state)
{
    (void)state;
    failures = 0;
    ESC("\x1b[2J", "\\x1B[2J");                     /* clear screen */
    ESC("\x1b]0;title\x07", "\\x1B]0;title\\x07");  /* OSC: set the window title */
    ESC("\x1b[31mred\x1b[0m", "\\x1B[31mred\\x1B[0m");
    ESC("a\x7f" "b", "a\\x7Fb");                    /* DEL */
    ESC("\x07\x08\x0b\x0c", "\\x07\\x08\\x0B\\x0C");
    ESC("\x00", "\\x00");                           /* NUL inside the text */
    ESC("line\nnext", "line\\nnext");
    ESC("tab\there", "tab\\there");
    ESC("cr\rlf", "cr\\rlf");
    ESC("back\\slash", "back\\\\slash");            /* \ itself is escaped: no ambiguity */
    ESC("", "");
    ESC("plain ASCII, with ~ and {}.", "plain ASCII, with ~ and {}.");
    assert_int_equal(failures, 0);
}

/* Bidirectional controls reorder what a terminal shows after them (SPEC 5
 * "Names"): U+202A..U+202E and U+2066..U+2069 as their three bytes; their
 * neighbours U+2029, U+202F, U+2065 (unassigned) and U+206A pass. */
static void test_escape_text_bidi_controls(void **state)
{
    (void)state;
    failures = 0;
    ESC("a\xe2\x80\xaa" "b", "a\\xE2\\x80\\xAAb");  /* U+202A LRE */
    ESC("\xe2\x80\xae" "gnp.exe", "\\xE2\\x80\\xAEgnp.exe");  /* U+202E RLO */
    ESC("\xe2\x81\xa6" "x\xe2\x81\xa9", "\\xE2\\x81\\xA6x\\xE2\\x81\\xA9");  /* LRI, PDI */
    ESC("\xe2\x80\xa9", "\xe2\x80\xa9");  /* U+2029, not a bidi control: as it is */
    ESC("\xe2\x80\xaf", "\xe2\x80\xaf");  /* U+202F */
    ESC("\xe2\x81\xa5", "\xe2\x81\xa5");  /* U+2065 */
    ESC("\xe2\x81\xaa", "\xe2\x81\xaa");  /* U+206A */
    assert_int_equal(failures, 0);
}

static void test_escape_text_c1_controls(void **state)
{
    (void)state;
    failures = 0;
    /* U+009B (CSI) and U+009D (OSC) act like ESC [ and ESC ] on many
     * terminals: no byte of them may pass */
    static const char csi[] = "\xc2\x9b" "2J";
    char *got = escaped(csi, sizeof csi - 1);
    if (!terminal_safe(got, strlen(got)) || strstr(got, "\xc2\x9b") || !strstr(got, "2J") ||
        !strstr(got, "\\x")) {
        failures++;
        fprintf(stderr, "  C1 CSI not escaped: %s\n", got);
    }
    free(got);
    for (unsigned c = 0x80; c < 0xA0; c++) {
        char in[3] = {(char)0xC2, (char)c, '\0'};
        got = escaped(in, 2);
        if (!terminal_safe(got, strlen(got)) || strstr(got, in)) {
            failures++;
            fprintf(stderr, "  C1 U+%04X not escaped\n", c);
        }
        free(got);
    }
    /* U+00A0 (no-break space) is not a control: kept */
    ESC("\xc2\xa0", "\xc2\xa0");
    assert_int_equal(failures, 0);
}

static void test_escape_text_invalid_utf8(void **state)
{
    (void)state;
    failures = 0;
    ESC("\xff", "\\xFF");
    ESC("caf\xe9", "caf\\xE9");                        /* Latin-1 */
    ESC("\xc0\xaf", "\\xC0\\xAF");                     /* overlong '/' */
    ESC("\xe0\x80\xaf", "\\xE0\\x80\\xAF");            /* overlong, 3 bytes */
    ESC("\xed\xa0\x80", "\\xED\\xA0\\x80");            /* a surrogate */
    ESC("\xf4\x90\x80\x80", "\\xF4\\x90\\x80\\x80");   /* past U+10FFFF */
    ESC("\xe2\x82", "\\xE2\\x82");                     /* truncated at the end */
    ESC("\xe2\x82" "A", "\\xE2\\x82A");                /* truncated, then ASCII */
    ESC("\x80", "\\x80");                              /* a lone continuation byte */
    assert_int_equal(failures, 0);
}

static void test_escape_text_keeps_valid_utf8(void **state)
{
    (void)state;
    failures = 0;
    ESC("Jos\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8e\x96", "Jos\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8e\x96");
    ESC("\xef\xbf\xbd", "\xef\xbf\xbd");                /* U+FFFD itself */
    ESC("\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf");        /* U+10FFFF */
    ESC("\xe4\xb8\xad\xe6\x96\x87", "\xe4\xb8\xad\xe6\x96\x87");
    /* appends, never resets */
    adj_buf_t b = {0};
    adj_buf_puts(&b, "x=");
    adj_escape_text(&b, "\x1b", 1);
    assert_string_equal(b.data, "x=\\x1B");
    adj_buf_free(&b);
    assert_int_equal(failures, 0);
}

/* ------------------------------------------------------------------ */
/* adj_json_string                                                     */
/* ------------------------------------------------------------------ */

/* `in` must come out as one valid JSON string literal that decodes to
 * `want` (the escaping style, \n or \u000a, is the writer's choice). */
static void expect_json(const char *in, size_t n, const char *want, size_t want_n)
{
    char *got = jsoned(in, n);
    adj_buf_t dec = {0};
    bool ok = json_decode(got, strlen(got), &dec);
    if (!ok || dec.len != want_n || (want_n && memcmp(dec.data, want, want_n) != 0)) {
        failures++;
        fprintf(stderr, "  json_string: %s does not decode to the expected text\n", got);
    }
    if (!safe_text(got, strlen(got), false)) {
        failures++;
        fprintf(stderr, "  json_string: raw control character in %s\n", got);
    }
    adj_buf_free(&dec);
    free(got);
}

#define JS(lit, want) expect_json(lit, sizeof lit - 1, want, sizeof want - 1)

static void test_json_string_exact(void **state)
{
    (void)state;
    failures = 0;
    JS("", "");
    JS("plain", "plain");
    JS("say \"hi\"", "say \"hi\"");
    JS("a\\b", "a\\b");
    JS("a/b", "a/b");
    JS("\n\r\t\b\f", "\n\r\t\b\f");
    JS("\x1b[2J", "\x1b[2J");
    JS("\x1b]0;title\x07", "\x1b]0;title\x07");
    JS("\x00", "\x00");
    JS("\x7f", "\x7f");
    JS("\xc2\x9b" "2J", "\xc2\x9b" "2J");          /* C1: escaped, same code point */
    JS("\xff", "\xef\xbf\xbd");                   /* invalid bytes: U+FFFD each */
    JS("caf\xe9!", "caf\xef\xbf\xbd!");
    JS("\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd");
    JS("\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    JS("Jos\xc3\xa9", "Jos\xc3\xa9");
    JS("\xf0\x9f\x8e\x96", "\xf0\x9f\x8e\x96");
    /* a quote or backslash never ends or breaks the literal */
    char *got = jsoned("\"", 1);
    assert_string_not_equal(got, "\"\"\"");
    free(got);
    assert_int_equal(failures, 0);
}

/* adj_json_string has a branch escaping DEL as \u007f, like the C0
 * controls and like adj_escape_text does; the fast path before it lets
 * 0x7F through raw. Valid JSON either way, but the promise in the code is
 * that no control character is written raw. */
static void test_json_string_escapes_del(void **state)
{
    (void)state;
    char *got = jsoned("a\x7f" "b", 3);
    if (strchr(got, 0x7F))
        fprintf(stderr, "  json_string wrote DEL raw: \"a<7F>b\"\n");
    assert_null(strchr(got, 0x7F));
    free(got);
}

static void test_json_string_every_short_input(void **state)
{
    (void)state;
    failures = 0;
    /* every byte, every pair of bytes, and every pair after a lead byte */
    for (unsigned a = 0; a < 256; a++) {
        char in1[1] = {(char)a};
        check_both(in1, 1);
        for (unsigned b = 0; b < 256; b++) {
            char in2[2] = {(char)a, (char)b};
            check_both(in2, 2);
        }
    }
    static const unsigned char leads[] = {0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5};
    for (size_t l = 0; l < sizeof leads; l++)
        for (unsigned b = 0x70; b < 0xD0; b++)
            for (unsigned c = 0x70; c < 0xD0; c++) {
                char in3[4] = {(char)leads[l], (char)b, (char)c, (char)0x80};
                check_both(in3, 3);
                check_both(in3, 4);
            }
    assert_int_equal(failures, 0);
}

static void test_json_string_random_inputs(void **state)
{
    (void)state;
    failures = 0;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    unsigned char buf[64];
    for (int round = 0; round < 200000 && failures < 20; round++) {
        size_t n = 0;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        size_t len = (size_t)(seed >> 58);            /* 0..63 */
        while (n < len) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            unsigned r = (unsigned)(seed >> 33);
            /* mostly near the interesting ranges */
            switch (r % 6) {
            case 0: buf[n++] = (unsigned char)(r >> 8); break;        /* any byte */
            case 1: buf[n++] = (unsigned char)(0x80 + (r >> 8) % 64); break;
            case 2: buf[n++] = (unsigned char)(0xC0 + (r >> 8) % 64); break;
            case 3: buf[n++] = (unsigned char)((r >> 8) % 32); break;  /* C0 */
            case 4: buf[n++] = "\"\\/ab"[(r >> 8) % 5]; break;
            default:
                if (n + 2 <= len) {
                    buf[n++] = 0xC2;
                    buf[n++] = (unsigned char)(0x80 + (r >> 8) % 64);
                } else {
                    buf[n++] = 'z';
                }
            }
        }
        check_both((const char *)buf, n);
    }
    assert_int_equal(failures, 0);
}

/* ------------------------------------------------------------------ */
/* Saturating arithmetic                                               */
/* ------------------------------------------------------------------ */

static void test_sat_add(void **state)
{
    (void)state;
    assert_true(adj_sat_add(INT64_MAX, 1) == INT64_MAX);
    assert_true(adj_sat_add(INT64_MAX, INT64_MAX) == INT64_MAX);
    assert_true(adj_sat_add(1, INT64_MAX) == INT64_MAX);
    assert_true(adj_sat_add(INT64_MIN, -1) == INT64_MIN);
    assert_true(adj_sat_add(INT64_MIN, INT64_MIN) == INT64_MIN);
    assert_true(adj_sat_add(-1, INT64_MIN) == INT64_MIN);
    assert_true(adj_sat_add(INT64_MAX, INT64_MIN) == -1);
    assert_true(adj_sat_add(INT64_MIN, INT64_MAX) == -1);
    assert_true(adj_sat_add(INT64_MAX, 0) == INT64_MAX);
    assert_true(adj_sat_add(INT64_MIN, 0) == INT64_MIN);
    assert_true(adj_sat_add(INT64_MAX - 1, 1) == INT64_MAX);
    assert_true(adj_sat_add(INT64_MIN + 1, -1) == INT64_MIN);
    assert_true(adj_sat_add(INT64_MAX, -1) == INT64_MAX - 1);
    assert_true(adj_sat_add(INT64_MIN, 1) == INT64_MIN + 1);
    assert_true(adj_sat_add(2, 3) == 5);
    assert_true(adj_sat_add(-2, 3) == 1);
}

static void test_sat_sub(void **state)
{
    (void)state;
    assert_true(adj_sat_sub(INT64_MIN, 1) == INT64_MIN);
    assert_true(adj_sat_sub(INT64_MIN, INT64_MAX) == INT64_MIN);
    assert_true(adj_sat_sub(-2, INT64_MAX) == INT64_MIN);
    assert_true(adj_sat_sub(-1, INT64_MAX) == INT64_MIN);
    assert_true(adj_sat_sub(INT64_MAX, -1) == INT64_MAX);
    assert_true(adj_sat_sub(INT64_MAX, INT64_MIN) == INT64_MAX);
    assert_true(adj_sat_sub(0, INT64_MIN) == INT64_MAX);        /* -MIN does not fit */
    assert_true(adj_sat_sub(-1, INT64_MIN) == INT64_MAX);
    assert_true(adj_sat_sub(INT64_MIN, INT64_MIN) == 0);
    assert_true(adj_sat_sub(INT64_MAX, INT64_MAX) == 0);
    assert_true(adj_sat_sub(INT64_MIN, -1) == INT64_MIN + 1);
    assert_true(adj_sat_sub(INT64_MAX, 1) == INT64_MAX - 1);
    assert_true(adj_sat_sub(5, 7) == -2);
    /* the turn leap of SPEC 3.2: N minus the previous turn, at the ends */
    assert_true(adj_sat_sub(INT64_MAX, INT64_MIN + 2000000000) == INT64_MAX);
    assert_true(adj_sat_sub(INT64_MIN + 2000000000, INT64_MIN) == 2000000000);
}

/* ------------------------------------------------------------------ */
/* Buffers                                                             */
/* ------------------------------------------------------------------ */

static void test_buf_grows_and_resets(void **state)
{
    (void)state;
    adj_buf_t b = {0};
    for (int i = 0; i < 10000; i++)
        adj_buf_printf(&b, "%d,", i % 10);
    assert_int_equal(b.len, 20000);
    assert_int_equal(strlen(b.data), 20000);
    adj_buf_reset(&b);
    assert_int_equal(b.len, 0);
    assert_string_equal(b.data, "");
    adj_buf_put(&b, "a\0b", 3);
    assert_int_equal(b.len, 3);
    assert_int_equal(b.data[3], '\0');
    adj_buf_printf(&b, "%s", "");
    assert_int_equal(b.len, 3);
    char big[5000];
    memset(big, 'q', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    adj_buf_printf(&b, "<%s>", big);
    assert_int_equal(b.len, 3 + 2 + sizeof big - 1);
    adj_buf_free(&b);
    assert_null(b.data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_text_terminal_sequences),
        cmocka_unit_test(test_escape_text_c1_controls),
        cmocka_unit_test(test_escape_text_bidi_controls),
        cmocka_unit_test(test_escape_text_invalid_utf8),
        cmocka_unit_test(test_escape_text_keeps_valid_utf8),
        cmocka_unit_test(test_json_string_exact),
        cmocka_unit_test(test_json_string_escapes_del),
        cmocka_unit_test(test_json_string_every_short_input),
        cmocka_unit_test(test_json_string_random_inputs),
        cmocka_unit_test(test_sat_add),
        cmocka_unit_test(test_sat_sub),
        cmocka_unit_test(test_buf_grows_and_resets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
