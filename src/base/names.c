/* SPDX-License-Identifier: MIT */
/*
 * names.c - the key of a player's name and the one-edit look-alike test
 * (SPEC 7), on utf8proc. See adj_names.h.
 */
#include "adj_names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "adj_common.h"

/* Unicode's White_Space property (PropList.txt; stable since Unicode 6.3). */
static bool is_white_space(int32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

/* Every run of white space in the valid UTF-8 s[0..n) made one U+0020,
 * none at either end; into out (at most n bytes). Returns the length. */
static size_t squeeze_spaces(const uint8_t *s, size_t n, char *out)
{
    size_t o = 0, i = 0;
    bool pending = false;
    while (i < n) {
        int32_t c;
        utf8proc_ssize_t step = utf8proc_iterate(s + i, (utf8proc_ssize_t)(n - i), &c);
        if (step <= 0)
            break;  /* cannot happen: utf8proc's own output */
        if (is_white_space(c)) {
            pending = o > 0;
        } else {
            if (pending)
                out[o++] = ' ';
            pending = false;
            memcpy(out + o, s + i, (size_t)step);
            o += (size_t)step;
        }
        i += (size_t)step;
    }
    out[o] = '\0';
    return o;
}

/* Code points being normalised: owned array v, n used, cap allocated. */
typedef struct cps_s {
    utf8proc_int32_t *v;
    size_t n, cap;
} cps_t;

static void cps_reserve(cps_t *c, size_t more)
{
    if (c->cap - c->n >= more)
        return;
    size_t cap = c->cap ? c->cap : 64;
    while (cap - c->n < more)
        cap *= 2;
    c->v = adj_xreallocarray(c->v, cap, sizeof *c->v);
    c->cap = cap;
}

/* Append code point cp decomposed under `opt` (DECOMPOSE, with IGNORE or
 * CASEFOLD): one code point at a time, never utf8proc's whole-string
 * decomposition, whose reordering is quadratic in a run of marks. */
static bool cps_decompose(cps_t *c, utf8proc_int32_t cp, utf8proc_option_t opt)
{
    for (;;) {
        int boundclass = UTF8PROC_BOUNDCLASS_START;
        size_t room = c->cap - c->n;
        utf8proc_ssize_t k = utf8proc_decompose_char(cp, c->v + c->n, (utf8proc_ssize_t)room,
                                                     opt, &boundclass);
        if (k < 0)
            return false;
        if ((size_t)k <= room) {
            c->n += (size_t)k;
            return true;
        }
        cps_reserve(c, (size_t)k);
    }
}

static int ccc(utf8proc_int32_t cp) { return utf8proc_get_property(cp)->combining_class; }

/* One run of marks (combining class > 0) sorted by class, stably: insertion
 * for a short run, counting for a long one (linear, however many marks a
 * hostile name holds). */
static void sort_marks(utf8proc_int32_t *v, size_t k, cps_t *tmp)
{
    if (k <= 16) {
        for (size_t i = 1; i < k; i++)
            for (size_t j = i; j > 0 && ccc(v[j - 1]) > ccc(v[j]); j--) {
                utf8proc_int32_t t = v[j];
                v[j] = v[j - 1];
                v[j - 1] = t;
            }
        return;
    }
    size_t at[257] = {0};
    for (size_t i = 0; i < k; i++)
        at[ccc(v[i]) + 1]++;
    for (int c = 1; c < 257; c++)
        at[c] += at[c - 1];
    tmp->n = 0;
    cps_reserve(tmp, k);
    for (size_t i = 0; i < k; i++)
        tmp->v[at[ccc(v[i])]++] = v[i];
    memcpy(v, tmp->v, k * sizeof *v);
}

/* Unicode's canonical ordering of a decomposed string. */
static void canonical_order(cps_t *c, cps_t *tmp)
{
    for (size_t i = 0; i < c->n;) {
        size_t j = i;
        while (j < c->n && ccc(c->v[j]))
            j++;
        if (j - i > 1)
            sort_marks(c->v + i, j - i, tmp);
        i = j > i ? j : i + 1;
    }
}

/* Unicode's canonical caseless match (Unicode 3.13, D145), with the
 * default-ignorable code points removed: NFD without them first, so that a
 * combining mark folded into a letter (U+0345 -> iota) is folded in its
 * canonical order ("α\u0345\u0301" is "ᾴ"), then folded and composed
 * (NFC of the match's NFD: equal exactly when the NFDs are). The UTF-8
 * result into *out (owned, NUL-terminated); its length, or -1 when s is
 * not valid UTF-8. */
static utf8proc_ssize_t caseless(const char *s, size_t len, utf8proc_uint8_t **out)
{
    cps_t d = {0}, f = {0}, tmp = {0};
    bool ok = true;
    cps_reserve(&d, 1);
    for (size_t i = 0; ok && i < len;) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t step = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
                                                 (utf8proc_ssize_t)(len - i), &cp);
        ok = step > 0 && cps_decompose(&d, cp, UTF8PROC_DECOMPOSE | UTF8PROC_IGNORE);
        i += step > 0 ? (size_t)step : 0;
    }
    canonical_order(&d, &tmp);
    cps_reserve(&f, d.n + 1);
    for (size_t i = 0; ok && i < d.n; i++)
        ok = cps_decompose(&f, d.v[i], UTF8PROC_DECOMPOSE | UTF8PROC_CASEFOLD);
    canonical_order(&f, &tmp);
    cps_reserve(&f, 1);  /* utf8proc_reencode ends its UTF-8 with a NUL */
    utf8proc_ssize_t n = ok ? utf8proc_reencode(f.v, (utf8proc_ssize_t)f.n,
                                                UTF8PROC_STABLE | UTF8PROC_COMPOSE)
                            : -1;
    free(d.v);
    free(tmp.v);
    *out = (utf8proc_uint8_t *)f.v;
    return n;
}

char *adj_name_key(const char *name, size_t len, size_t *key_len)
{
    utf8proc_uint8_t *folded = NULL;
    utf8proc_ssize_t n = caseless(name, len, &folded);
    if (n < 0) {  /* not valid UTF-8: its bytes */
        free(folded);
        *key_len = len;
        return adj_xstrndup(name, len);
    }
    char *key = adj_xmalloc((size_t)n + 1);
    *key_len = squeeze_spaces(folded, (size_t)n, key);
    free(folded);
    return key;
}

/* The code points of s[0..n), or its bytes when it is not valid UTF-8;
 * owned array, its length in *count. */
static int32_t *code_points(const char *s, size_t n, size_t *count)
{
    int32_t *cp = adj_xcalloc(n + 1, sizeof *cp);
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        utf8proc_ssize_t step = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
                                                 (utf8proc_ssize_t)(n - i), &cp[k]);
        if (step <= 0) {
            for (k = 0; k < n; k++)
                cp[k] = (unsigned char)s[k];
            break;
        }
        k++;
        i += (size_t)step;
    }
    *count = k;
    return cp;
}

/* One edit between code point strings a (length an) and b (an <= bn). */
static bool one_edit(const int32_t *a, size_t an, const int32_t *b, size_t bn)
{
    size_t i = 0;
    while (i < an && a[i] == b[i])
        i++;
    if (an + 1 == bn)  /* one added to a */
        return !memcmp(a + i, b + i + 1, (an - i) * sizeof *a);
    if (an != bn || i == an)
        return false;
    size_t j = an - 1;  /* the last difference */
    while (a[j] == b[j])
        j--;
    if (i == j)
        return true;  /* one changed */
    return j == i + 1 && a[i] == b[j] && a[j] == b[i];  /* two neighbours swapped */
}

bool adj_name_look_alike(const char *a, size_t an, const char *b, size_t bn)
{
    size_t big = an > bn ? an - bn : bn - an;
    if (big > 4)  /* one code point is at most 4 bytes: never one edit */
        return false;
    size_t na, nb;
    int32_t *ca = code_points(a, an, &na);
    int32_t *cb = code_points(b, bn, &nb);
    bool one = na <= nb ? one_edit(ca, na, cb, nb) : one_edit(cb, nb, ca, na);
    free(ca);
    free(cb);
    return one;
}
