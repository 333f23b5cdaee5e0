/* SPDX-License-Identifier: MIT */
/*
 * reader_text.c - the reader's scalar text helpers (SPEC 1.1): integers,
 * booleans, ids, "did you mean", user text in messages, and the key set
 * that finds duplicate keys.
 */
#include "adj_reader.h"  /* adj_closest_leader */
#include "reader_text.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* ------------------------------------------------------------------ */
/* The key set                                                        */
/* ------------------------------------------------------------------ */

void reader_keyset_free(keyset_t *k)
{
    for (size_t i = 0; k->count && i < k->cap; i++)
        free(k->slots[i]);
    free(k->slots);
    memset(k, 0, sizeof *k);
}

/* Clearing walks the table, so a table grown by one huge mapping is given
 * back rather than walked again for every later small one (that would be
 * quadratic in a hostile log). */
void reader_keyset_clear(keyset_t *k)
{
    if (k->count == 0)
        return;
    if (k->cap > 64) {
        reader_keyset_free(k);
        return;
    }
    for (size_t i = 0; i < k->cap; i++) {
        free(k->slots[i]);
        k->slots[i] = NULL;
    }
    k->count = 0;
}

static void keyset_grow(keyset_t *k)
{
    size_t cap = k->cap ? k->cap * 2 : 16;
    char **slots = adj_xcalloc(cap, sizeof *slots);
    for (size_t i = 0; i < k->cap; i++) {
        char *s = k->slots[i];
        if (!s)
            continue;
        size_t j = reader_hash_bytes(s, strlen(s)) & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = s;
    }
    free(k->slots);
    k->slots = slots;
    k->cap = cap;
}

bool reader_keyset_insert(keyset_t *k, const char *s, size_t n)
{
    if ((k->count + 1) * 2 > k->cap)
        keyset_grow(k);
    size_t j = reader_hash_bytes(s, n) & (k->cap - 1);
    while (k->slots[j]) {
        if (strlen(k->slots[j]) == n && memcmp(k->slots[j], s, n) == 0)
            return false;
        j = (j + 1) & (k->cap - 1);
    }
    k->slots[j] = adj_xstrndup(s, n);
    k->count++;
    return true;
}
/* ------------------------------------------------------------------ */
/* Scalars (SPEC 1.1)                                                  */
/* ------------------------------------------------------------------ */

bool reader_text_int(const char *s, size_t n, bool plain, int64_t *out)
{
    if (!plain || n == 0)
        return false;
    size_t i = 0;
    bool neg = false;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        i = 1;
    }
    if (i == n)
        return false;
    uint64_t v = 0;
    uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (limit - d) / 10)
            return false;  /* beyond 64 bits: not an integer */
        v = v * 10 + d;
    }
    *out = neg ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v) : (int64_t)v;
    return true;
}

bool reader_text_bool(const char *s, size_t n, bool plain, bool *out)
{
    if (!plain)
        return false;
    if (n == 4 && memcmp(s, "true", 4) == 0)
        return (*out = true), true;
    if (n == 5 && memcmp(s, "false", 5) == 0)
        return (*out = false), true;
    return false;
}

bool reader_id_ok(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-'))
            return false;
    }
    return true;
}
/* ------------------------------------------------------------------ */
/* Did you mean                                                        */
/* ------------------------------------------------------------------ */

static size_t edit_distance(const char *a, size_t n, const char *b, size_t m)
{
    size_t row[33];
    if (n > 32 || m > 32)
        return SIZE_MAX;
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

size_t adj_closest_index(const char *key, size_t n, const char *const *names,
                         const size_t *lens, size_t count)
{
    size_t best = SIZE_MAX, best_d = SIZE_MAX;
    for (size_t i = 0; i < count; i++) {
        if (!names[i])
            continue;
        size_t m = lens ? lens[i] : strlen(names[i]);
        size_t d = edit_distance(key, n, names[i], m);
        size_t limit = (m < 4 ? 1 : 2);
        if (d <= limit && d < best_d && d < n) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

/* The closest of `names` to `key`, or NULL when none is close. */
const char *reader_closest(const char *key, size_t n, const char *const *names, size_t count)
{
    size_t i = adj_closest_index(key, n, names, NULL, count);
    return i == SIZE_MAX ? NULL : names[i];
}

const char *adj_closest_name(const char *key, size_t n, const char *const *names, size_t count)
{
    return reader_closest(key, n, names, count);
}

/* Suggesting a roster id compares the unknown one with every id; past this
 * many comparisons in one log (a huge roster and thousands of unknown ids,
 * as a hostile log may hold) nothing more is suggested: the work stays
 * linear in the input. */
#define SUGGEST_BUDGET 200000u

static unsigned char ascii_lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + ('a' - 'A')) : c;
}

static bool same_but_case(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (ascii_lower((unsigned char)a[i]) != ascii_lower((unsigned char)b[i]))
            return false;
    return true;
}

int32_t adj_closest_leader(const adj_header_t *h, const char *key, size_t n, size_t *used)
{
    int32_t best = -1;
    size_t best_d = SIZE_MAX;
    for (size_t i = 0; i < h->leader_count; i++) {
        if (used && (*used)++ >= SUGGEST_BUDGET)
            return -1;
        const char *id = h->leaders[i].id;
        size_t m = h->leaders[i].id_len;
        if (m == n && same_but_case(key, id, n))
            return (int32_t)i;  /* the same id but for case: the likeliest slip */
        if (m > n + 2 || n > m + 2)
            continue;  /* too far apart to be a slip: skip the edit distance */
        size_t d = edit_distance(key, n, id, m);
        size_t limit = (m < 4 ? 1 : 2);
        if (d <= limit && d < best_d && d < n) {
            best = (int32_t)i;
            best_d = d;
        }
    }
    return best;
}

void adj_put_did_you_mean(adj_buf_t *b, const char *key, size_t n, const char *id)
{
    if (strlen(id) == n && same_but_case(key, id, n))
        adj_buf_printf(b, " (ids are case-sensitive: did you mean `%s`?)", id);
    else
        adj_buf_printf(b, " (did you mean `%s`?)", id);
}

/* ------------------------------------------------------------------ */
/* User text in messages                                               */
/* ------------------------------------------------------------------ */

/* Append user text to a message. The reporters escape messages (text and
 * JSON alike), so bytes go in as they are, except NUL, which would end the
 * message early: it becomes U+FFFD. */
void reader_put_user_text(adj_buf_t *b, const char *s, size_t n)
{
    const char *nul;
    while (n && (nul = memchr(s, '\0', n)) != NULL) {
        adj_buf_put(b, s, (size_t)(nul - s));
        adj_buf_puts(b, "\xEF\xBF\xBD");
        n -= (size_t)(nul - s) + 1;
        s = nul + 1;
    }
    adj_buf_put(b, s, n);
}

/* A short, quoted rendering of user text for messages. */
const char *reader_clip(adj_buf_t *tmp, const char *s, size_t n)
{
    adj_buf_reset(tmp);
    adj_buf_putc(tmp, '"');
    if (n > 40) {
        size_t cut = 37;
        while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
            cut--;  /* do not split a UTF-8 sequence */
        reader_put_user_text(tmp, s, cut);
        adj_buf_puts(tmp, "...");
    } else {
        reader_put_user_text(tmp, s, n);
    }
    adj_buf_putc(tmp, '"');
    return tmp->data;
}


char *reader_value_words(const yaml_event_t *ev, adj_buf_t *tmp)
{
    if (ev->type == YAML_SEQUENCE_START_EVENT)
        return adj_xstrdup("a list");
    if (ev->type == YAML_MAPPING_START_EVENT)
        return adj_xstrdup("a mapping");
    if (ev->type != YAML_SCALAR_EVENT)
        return adj_xstrdup("that value");
    const char *s = (const char *)ev->data.scalar.value;
    size_t n = ev->data.scalar.length;
    bool plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
    if (text_is_null(s, n, plain))
        return adj_xstrdup("null");
    const char *q = reader_clip(tmp, s, n);
    return adj_xasprintf(plain ? "%s" : "the quoted string %s", q);
}
