/* SPDX-License-Identifier: MIT */
/*
 * reader_text.h - the reader's bottom layer: scalar text (reader_text.c)
 * and byte comparisons. Pure functions of their arguments: no reader, no
 * libyaml. Every other part of the reader may use them (see
 * reader_private.h for the layers).
 */
#ifndef ADJ_READER_TEXT_H
#define ADJ_READER_TEXT_H

#include "adj_common.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* The key set                                                         */
/* ------------------------------------------------------------------ */

static inline uint64_t reader_hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* A set of strings (keys seen in one mapping), for duplicate-key. Owns its
 * copies. Cleared per mapping; clearing an unused set costs nothing. */
typedef struct keyset_s {
    char **slots;   /* owned array of owned strings, NULL = empty */
    size_t cap;     /* power of two */
    size_t count;
} keyset_t;

void reader_keyset_free(keyset_t *k);
void reader_keyset_clear(keyset_t *k);
/* Insert; false when the key was already there. */
bool reader_keyset_insert(keyset_t *k, const char *s, size_t n);

/* ------------------------------------------------------------------ */
/* Scalar text                                                         */
/* ------------------------------------------------------------------ */

bool reader_text_int(const char *s, size_t n, bool plain, int64_t *out);
bool reader_text_bool(const char *s, size_t n, bool plain, bool *out);
bool reader_id_ok(const char *s, size_t n);
/* The closest of `names` to `key` (NULL entries skipped), or NULL when none
 * is close. */
const char *reader_closest(const char *key, size_t n, const char *const *names, size_t count);
/* Append user text to a message (a NUL becomes U+FFFD). */
void reader_put_user_text(adj_buf_t *b, const char *s, size_t n);
/* A short, quoted rendering of user text for messages, in tmp. */
const char *reader_clip(adj_buf_t *tmp, const char *s, size_t n);
/* What a value (its first event) is, for a message saying what it must be
 * instead: "a list", "a mapping", "null", or the scalar quoted. Owned. */
struct yaml_event_s;
char *reader_value_words(const struct yaml_event_s *ev, adj_buf_t *tmp);

static inline bool text_is_null(const char *s, size_t n, bool plain)
{
    return plain && (n == 0 || (n == 1 && s[0] == '~') || (n == 4 && memcmp(s, "null", 4) == 0));
}

/* a and b hold the same n bytes: for n <= 16, two overlapping loads from
 * each end, no call. Key names, leader ids, sides and enumerated values are
 * short and compared for every event; memcmp there was a library call each,
 * with branches on n that mispredict (perf: 2.4% of an audit's time). */
static inline bool same_bytes(const char *a, const char *b, size_t n)
{
    if (n > 16)
        return memcmp(a, b, n) == 0;
    if (n >= 8) {
        uint64_t a0, a1, b0, b1;
        memcpy(&a0, a, 8), memcpy(&a1, a + n - 8, 8);
        memcpy(&b0, b, 8), memcpy(&b1, b + n - 8, 8);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n >= 4) {
        uint32_t a0, a1, b0, b1;
        memcpy(&a0, a, 4), memcpy(&a1, a + n - 4, 4);
        memcpy(&b0, b, 4), memcpy(&b1, b + n - 4, 4);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n == 0)
        return true;
    /* 1..3 bytes: first, middle and last */
    return a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1];
}

/* Whether the n bytes at s are exactly `name` (a NUL inside s never matches). */
static inline bool text_is(const char *s, size_t n, const char *name)
{
    return strlen(name) == n && same_bytes(s, name, n);
}

#endif
