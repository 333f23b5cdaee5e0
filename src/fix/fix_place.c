/* SPDX-License-Identifier: MIT */
/*
 * fix_place.c - where each correction of `fix` goes in the log's bytes
 * (SPEC 12: at the value's own bytes; after a `:` for an empty value; the
 * comments of a value replaced whole kept, fix_comments.c), and the
 * corrections made in the buffer, in the log's encoding (UTF-8, UTF-16LE
 * or UTF-16BE).
 */
#include "fix_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A value's bytes end with its own line breaks only when it is a block
 * scalar (`|`): those stay, so the next line stays a line. */
static void trim_breaks(const fix_t *f, adj_edit_t *e)
{
    size_t k;
    while (e->length &&
           (k = fix_break_before(f, (size_t)e->offset, (size_t)(e->offset + e->length))))
        e->length -= k;
}

/* An empty value (`CSA:`) is written after its key's `:`, with a space
 * when none stands between: false when no `:` precedes it on its line
 * (`{CSA, USA: 0}`, `- {end}`, `? end`), a claim left to a person. */
static bool after_colon(fix_t *f, fix_item_t *it)
{
    unsigned w = fix_enc_width(f->enc);
    size_t at = (size_t)it->edit.offset, p = at, start = f->enc == FIX_UTF8 ? 0 : 2;
    while (p >= start + w && (fix_unit_at(f, p - w) == ' ' || fix_unit_at(f, p - w) == '\t'))
        p -= w;
    if (p < start + w || fix_unit_at(f, p - w) != ':')
        return false;
    if (p == at) {
        adj_edit_t *e = &it->edit;
        char *t = adj_xmalloc(e->text_len + 2);
        t[0] = ' ';
        memcpy(t + 1, e->text, e->text_len + 1);
        free(e->text);
        e->text = t;
        e->text_len++;
    }
    return true;
}

/* The corrections in file order: fix_entry adds an entry's in its kind's
 * field order, which a record may not follow (`{state: lee, inactive:
 * true, level: 1, status: fit}`). Insertion sort, stable: only an entry's
 * few fields are ever out of place, so it is linear. */
static void sort_items(fix_t *f)
{
    for (size_t i = 1; i < f->count; i++) {
        fix_item_t it = f->items[i];
        size_t j = i;
        for (; j > 0 && f->items[j - 1].edit.offset > it.edit.offset; j--)
            f->items[j] = f->items[j - 1];
        f->items[j] = it;
    }
}

/* Every correction has known bytes inside the log, in order, apart:
 * else nothing is rewritten (a message says why; false). Each is then
 * placed: after its `:`, without its line breaks, around its comments. */
bool fix_place(fix_t *f)
{
    uint64_t end = 0;
    sort_items(f);
    for (size_t i = 0; i < f->count; i++) {
        fix_item_t *it = &f->items[i];
        adj_edit_t *e = &it->edit;
        const char *why = NULL;
        if (e->offset == ADJ_SPAN_UNKNOWN)
            why = "where its value stands in the file is not known (too much multibyte text "
                  "before it)";
        else if (e->offset > f->log->len || e->length > f->log->len - e->offset || e->offset < end)
            why = "its value's place in the file is out of order";
        if (why) {
            adj_buf_t field = {0}, name = {0};
            adj_escape_text(&field, it->field, strlen(it->field));
            adj_escape_name(&name, f->name);
            adj_msg_error("%s:%zu:%zu: not rewritten: `%s` needs a correction, but %s", name.data,
                          it->event.line, it->event.column, field.data, why);
            adj_buf_free(&name);
            adj_buf_free(&field);
            return false;
        }
        if (e->length == 0) {
            it->left = !after_colon(f, it);
            continue;
        }
        trim_breaks(f, e);
        it->value.length = e->length;  /* the value as written, for the message */
        fix_keep_comments(f, it);
        const adj_edit_t *last = it->more_count ? &it->more[it->more_count - 1] : e;
        end = last->offset + last->length;
    }
    return true;
}

/* The edits made, in file order (an array owned by the caller). */
adj_edit_t *fix_edits(const fix_t *f, size_t *n)
{
    size_t total = f->count;
    for (size_t i = 0; i < f->count; i++)
        total += f->items[i].more_count;
    adj_edit_t *e = adj_xreallocarray(NULL, total + 1, sizeof *e);
    *n = 0;
    for (size_t i = 0; i < f->count; i++) {
        if (f->items[i].left)
            continue;
        e[(*n)++] = f->items[i].edit;
        for (size_t k = 0; k < f->items[i].more_count; k++)
            e[(*n)++] = f->items[i].more[k];
    }
    return e;
}


static void put_encoded(char *dst, const adj_edit_t *e, fix_enc_t enc)
{
    for (size_t i = 0; i < e->text_len; i++) {
        char c = e->text[i];
        if (enc == FIX_UTF8)
            dst[i] = c;
        else if (enc == FIX_UTF16LE)
            dst[2 * i] = c, dst[2 * i + 1] = 0;
        else
            dst[2 * i] = 0, dst[2 * i + 1] = c;
    }
}

/* Make the `n` edits (sorted, apart) in the buffer itself, grown first
 * when the log grows: pieces moving left are moved first to last, those
 * moving right last to first, so none is overwritten before it moved. */
void fix_apply(adj_buf_t *b, const adj_edit_t *e, size_t n, fix_enc_t enc)
{
    unsigned w = fix_enc_width(enc);
    long long *shift = adj_xreallocarray(NULL, n + 1, sizeof *shift);
    long long total = 0;
    for (size_t i = 0; i < n; i++) {
        shift[i] = total;  /* where the bytes before edit i move */
        total += (long long)(e[i].text_len * w) - (long long)e[i].length;
    }
    shift[n] = total;
    size_t len = b->len, grown = (size_t)((long long)len + total);
    if (grown + 1 > b->cap) {
        b->data = adj_xrealloc(b->data, grown + 1);
        b->cap = grown + 1;
    }
    /* piece k: the bytes after edit k-1 up to edit k */
    #define PIECE_FROM(k) ((k) ? (size_t)(e[(k) - 1].offset + e[(k) - 1].length) : 0)
    #define PIECE_TO(k) ((k) < n ? (size_t)e[k].offset : len)
    for (size_t k = 0; k <= n; k++)
        if (shift[k] < 0)
            memmove(b->data + PIECE_FROM(k) + shift[k], b->data + PIECE_FROM(k), PIECE_TO(k) - PIECE_FROM(k));
    for (size_t k = n + 1; k-- > 0;)
        if (shift[k] > 0)
            memmove(b->data + PIECE_FROM(k) + shift[k], b->data + PIECE_FROM(k), PIECE_TO(k) - PIECE_FROM(k));
    for (size_t i = 0; i < n; i++)
        put_encoded(b->data + e[i].offset + shift[i], &e[i], enc);
    #undef PIECE_FROM
    #undef PIECE_TO
    b->len = grown;
    b->data[grown] = '\0';
    free(shift);
}
