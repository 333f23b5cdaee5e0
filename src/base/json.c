/* SPDX-License-Identifier: MIT */
/*
 * json.c - the JSON writer: separators and nesting kept in one place.
 * Numbers are formatted by hand (no printf): reports of large archives
 * write millions of them.
 */
#include "adj_json.h"

#include "adj_stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void adj_json_init(adj_json_t *j, adj_buf_t *out)
{
    memset(j, 0, sizeof *j);
    j->out = out;
}

/* Before any value: the ", " that separates it from the previous one. */
static void before_value(adj_json_t *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->filled[j->depth])
        adj_buf_put(j->out, ", ", 2);
    j->filled[j->depth] = true;
}

static void json_open(adj_json_t *j, char c)
{
    before_value(j);
    adj_buf_putc(j->out, c);
    if (j->depth >= ADJ_JSON_MAX_DEPTH)
        abort();  /* a reporter's bug, never the input's: adjutant's documents are shallow */
    j->filled[++j->depth] = false;
}

void adj_json_open_object(adj_json_t *j) { json_open(j, '{'); }
void adj_json_open_array(adj_json_t *j) { json_open(j, '['); }

static void json_close(adj_json_t *j, char c)
{
    adj_buf_putc(j->out, c);
    if (j->depth > 0)
        j->depth--;
}

void adj_json_close_object(adj_json_t *j) { json_close(j, '}'); }
void adj_json_close_array(adj_json_t *j) { json_close(j, ']'); }

void adj_json_key(adj_json_t *j, const char *key)
{
    adj_json_key_n(j, key, strlen(key));
}

void adj_json_key_n(adj_json_t *j, const char *key, size_t n)
{
    before_value(j);
    adj_json_string(j->out, key, n);
    adj_buf_put(j->out, ": ", 2);
    j->after_key = true;
}

void adj_json_str_n(adj_json_t *j, const char *s, size_t n)
{
    before_value(j);
    adj_json_string(j->out, s, n);
}

void adj_json_str(adj_json_t *j, const char *s)
{
    before_value(j);
    if (s)
        adj_json_string(j->out, s, strlen(s));
    else
        adj_buf_put(j->out, "null", 4);
}

void adj_json_uint(adj_json_t *j, uint64_t v)
{
    before_value(j);
    char tmp[24];
    size_t n = sizeof tmp;
    do {
        tmp[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    adj_buf_put(j->out, tmp + n, sizeof tmp - n);
}

void adj_json_int(adj_json_t *j, int64_t v)
{
    if (v >= 0) {
        adj_json_uint(j, (uint64_t)v);
        return;
    }
    before_value(j);
    adj_buf_putc(j->out, '-');
    j->after_key = true;  /* the digits follow the sign with no separator */
    adj_json_uint(j, (uint64_t)0 - (uint64_t)v);
}

void adj_json_bool(adj_json_t *j, bool v)
{
    before_value(j);
    if (v)
        adj_buf_put(j->out, "true", 4);
    else
        adj_buf_put(j->out, "false", 5);
}

void adj_json_null(adj_json_t *j)
{
    before_value(j);
    adj_buf_put(j->out, "null", 4);
}

void adj_json_double(adj_json_t *j, double v)
{
    before_value(j);
    adj_stats_put_double(j->out, v);
}

void adj_json_fixed(adj_json_t *j, double v, int decimals)
{
    before_value(j);
    adj_buf_printf(j->out, "%.*f", decimals, v);
}

void adj_json_decimal(adj_json_t *j, double v)
{
    char buf[64];
    int d = 0;
    for (; d < 12; d++) {
        snprintf(buf, sizeof buf, "%.*f", d, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    adj_json_fixed(j, v, d);
}

void adj_json_member_str(adj_json_t *j, const char *key, const char *s)
{
    adj_json_key(j, key);
    adj_json_str(j, s);
}

void adj_json_member_int(adj_json_t *j, const char *key, int64_t v)
{
    adj_json_key(j, key);
    adj_json_int(j, v);
}

void adj_json_member_uint(adj_json_t *j, const char *key, uint64_t v)
{
    adj_json_key(j, key);
    adj_json_uint(j, v);
}

void adj_json_member_bool(adj_json_t *j, const char *key, bool v)
{
    adj_json_key(j, key);
    adj_json_bool(j, v);
}

void adj_json_name(adj_json_t *j, const char *name)
{
    adj_buf_t shown = {0};
    adj_escape_text(&shown, name, strlen(name));
    adj_json_str_n(j, shown.data ? shown.data : "", shown.len);
    adj_buf_free(&shown);
}

void adj_json_member_name(adj_json_t *j, const char *key, const char *name)
{
    adj_json_key(j, key);
    adj_json_name(j, name);
}
