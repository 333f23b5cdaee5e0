/* SPDX-License-Identifier: MIT */
/*
 * common.c - buffers, checked allocation, saturating arithmetic and the two
 * escapers every reporter uses (terminal text and JSON).
 */
#include "adj_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Allocation                                                          */
/* ------------------------------------------------------------------ */

void adj_oom(void)
{
    fputs("adjutant: out of memory\n", stderr);
    abort();
}

void *adj_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        adj_oom();
    return p;
}

void *adj_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        adj_oom();
    return p;
}

void *adj_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        adj_oom();
    return q;
}

void *adj_xreallocarray(void *p, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        adj_oom();
    return adj_xrealloc(p, count * size);
}

char *adj_xstrndup(const char *s, size_t n)
{
    char *p = adj_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *adj_xstrdup(const char *s)
{
    return adj_xstrndup(s, strlen(s));
}

char *adj_xasprintf(const char *fmt, ...)
{
    adj_buf_t b = {0};
    va_list ap;
    va_start(ap, fmt);
    adj_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    return b.data ? b.data : adj_xstrdup("");
}

/* ------------------------------------------------------------------ */
/* Buffers                                                             */
/* ------------------------------------------------------------------ */

void adj_buf_free(adj_buf_t *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void adj_buf_reset(adj_buf_t *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

static void adj_buf_reserve(adj_buf_t *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = adj_xrealloc(b->data, cap);
    b->cap = cap;
}

void adj_buf_put(adj_buf_t *b, const char *s, size_t n)
{
    adj_buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void adj_buf_puts(adj_buf_t *b, const char *s)
{
    adj_buf_put(b, s, strlen(s));
}

void adj_buf_putc(adj_buf_t *b, char c)
{
    adj_buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

void adj_buf_vprintf(adj_buf_t *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    adj_buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void adj_buf_printf(adj_buf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    adj_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------------ */
/* Saturating arithmetic                                               */
/* ------------------------------------------------------------------ */

int64_t adj_sat_add(int64_t a, int64_t b)
{
    int64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return b > 0 ? INT64_MAX : INT64_MIN;
    return r;
}

int64_t adj_sat_sub(int64_t a, int64_t b)
{
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r))
        return b < 0 ? INT64_MAX : INT64_MIN;
    return r;
}

uint64_t adj_fnv1a(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * UINT64_C(0x100000001b3);
    return h;
}

/* ------------------------------------------------------------------ */
/* UTF-8 and escaping                                                  */
/* ------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static size_t utf8_seq_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

/* C1 controls (U+0080..U+009F) are encoded C2 80..C2 9F: a terminal may act
 * on them just like ESC sequences. */
static bool is_c1(const unsigned char *s, size_t len)
{
    return len == 2 && s[0] == 0xC2 && s[1] < 0xA0;
}

/* Bidirectional controls, U+202A..U+202E (E2 80 AA..AE) and U+2066..U+2069
 * (E2 81 A6..A9): they reorder what a terminal shows after them. */
static bool is_bidi(const unsigned char *s, size_t len)
{
    return len == 3 && s[0] == 0xE2 &&
           ((s[1] == 0x80 && s[2] >= 0xAA && s[2] <= 0xAE) ||
            (s[1] == 0x81 && s[2] >= 0xA6 && s[2] <= 0xA9));
}

void adj_escape_name(adj_buf_t *out, const char *name)
{
    adj_escape_text(out, name, strlen(name));
    if (!out->data)
        adj_buf_puts(out, "");
}

void adj_escape_text(adj_buf_t *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n && s[run] >= 0x20 && s[run] < 0x7F && s[run] != '\\')
            run++;
        if (run > i) {
            adj_buf_put(out, (const char *)s + i, run - i);
            i = run;
            continue;
        }
        unsigned char c = s[i];
        size_t len = utf8_seq_len(s + i, n - i);
        if (c == '\\') {
            adj_buf_puts(out, "\\\\");
            i++;
        } else if (c == '\n') {
            adj_buf_puts(out, "\\n");
            i++;
        } else if (c == '\t') {
            adj_buf_puts(out, "\\t");
            i++;
        } else if (c == '\r') {
            adj_buf_puts(out, "\\r");
            i++;
        } else if (c >= 0x80 && len > 1 && !is_c1(s + i, len) && !is_bidi(s + i, len)) {
            adj_buf_put(out, (const char *)s + i, len);
            i += len;
        } else if (len > 1) {  /* a C1 or bidirectional control: each of its bytes */
            for (size_t k = 0; k < len; k++)
                adj_buf_printf(out, "\\x%02X", s[i + k]);
            i += len;
        } else {
            adj_buf_printf(out, "\\x%02X", c);
            i++;
        }
    }
}

void adj_json_string(adj_buf_t *out, const char *str, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    adj_buf_putc(out, '"');
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n && s[run] >= 0x20 && s[run] < 0x7F && s[run] != '"' && s[run] != '\\')
            run++;
        if (run > i) {
            adj_buf_put(out, (const char *)s + i, run - i);
            i = run;
            continue;
        }
        unsigned char c = s[i];
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            adj_buf_put(out, esc, 2);
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            adj_buf_put(out, esc, 6);
            i++;
        } else {
            size_t len = utf8_seq_len(s + i, n - i);
            if (len == 0) {
                adj_buf_puts(out, "\\ufffd");
                i++;
            } else if (is_c1(s + i, len)) {
                char esc[6] = {'\\', 'u', '0', '0', hex[s[i + 1] >> 4], hex[s[i + 1] & 15]};
                adj_buf_put(out, esc, 6);
                i += len;
            } else {
                adj_buf_put(out, (const char *)s + i, len);
                i += len;
            }
        }
    }
    adj_buf_putc(out, '"');
}

void adj_escape_text_cut(adj_buf_t *out, const char *s, size_t len, size_t width)
{
    adj_buf_t esc = {0};
    adj_escape_text(&esc, s, len);
    const char *t = esc.data ? esc.data : "";
    size_t n = esc.len;
    if (width && n > width) {
        size_t cut = width > 3 ? width - 3 : 0;
        while (cut > 0 && ((unsigned char)t[cut] & 0xC0) == 0x80)
            cut--;  /* never inside a UTF-8 sequence */
        adj_buf_put(out, t, cut);
        adj_buf_puts(out, "...");
    } else {
        adj_buf_put(out, t, n);
    }
    adj_buf_free(&esc);
}
