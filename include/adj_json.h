/* SPDX-License-Identifier: MIT */
/*
 * adj_json.h - the one JSON writer every report goes through: it escapes
 * strings (adj_json_string), places the ", " between members and items and
 * the ": " after keys, and tracks nesting, so no reporter splices text.
 *
 *     adj_json_t j;
 *     adj_json_init(&j, out);
 *     adj_json_open_object(&j);
 *     adj_json_key(&j, "file"); adj_json_str(&j, name);
 *     adj_json_key(&j, "turns"); adj_json_open_array(&j); ... adj_json_close(&j);
 *     adj_json_close(&j);
 *
 * The layout is adjutant's JSON Lines one: one line, ", " and ": " with a
 * space, no newline (the caller ends the record).
 */
#ifndef ADJ_JSON_H
#define ADJ_JSON_H

#include "adj_common.h"

#define ADJ_JSON_MAX_DEPTH 16

typedef struct adj_json_s {
    adj_buf_t *out;                       /* borrowed: the text is appended here */
    int depth;                            /* open objects and arrays */
    bool filled[ADJ_JSON_MAX_DEPTH + 1];  /* a member or item already written at that depth */
    bool after_key;                       /* a key was written: its value comes next */
} adj_json_t;

void adj_json_init(adj_json_t *j, adj_buf_t *out);
void adj_json_open_object(adj_json_t *j);
void adj_json_open_array(adj_json_t *j);
void adj_json_close_object(adj_json_t *j);
void adj_json_close_array(adj_json_t *j);

/* A member's key; the next call writes its value. */
void adj_json_key(adj_json_t *j, const char *key);
/* The same for a key of n bytes (it may hold NUL bytes). */
void adj_json_key_n(adj_json_t *j, const char *key, size_t n);

/* Values (an array item, or a member's value after adj_json_key). */
void adj_json_str(adj_json_t *j, const char *s);    /* NULL writes null */
void adj_json_str_n(adj_json_t *j, const char *s, size_t n);
void adj_json_int(adj_json_t *j, int64_t v);
void adj_json_uint(adj_json_t *j, uint64_t v);
void adj_json_bool(adj_json_t *j, bool v);
void adj_json_null(adj_json_t *j);
/* A finite double, in the shortest form that reads back as the same double. */
void adj_json_double(adj_json_t *j, double v);
/* A finite double with `decimals` digits after the point (printf's %.*f:
 * the same bytes on every machine), such as a rating's 1464.05. */
void adj_json_fixed(adj_json_t *j, double v, int decimals);
/* A finite double in the fewest decimals (at most 12) that read back as it,
 * without an exponent: 1200, 0.06. */
void adj_json_decimal(adj_json_t *j, double v);

/* Shorthands for a member: key and value. */
void adj_json_member_str(adj_json_t *j, const char *key, const char *s);
void adj_json_member_int(adj_json_t *j, const char *key, int64_t v);
void adj_json_member_uint(adj_json_t *j, const char *key, uint64_t v);
void adj_json_member_bool(adj_json_t *j, const char *key, bool v);

/* A file name: the string adj_escape_text shows (so two names that differ
 * only in invalid bytes stay different, and read as the text report). */
void adj_json_name(adj_json_t *j, const char *name);
void adj_json_member_name(adj_json_t *j, const char *key, const char *name);

#endif
