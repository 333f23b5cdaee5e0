/* SPDX-License-Identifier: MIT */
/*
 * lsp_edit.c - a didChange's content changes applied to a document's text
 * (SPEC 14 "Text and positions"), in time that does not grow with the
 * number of changes times the text's length.
 *
 * Each change's range is in the text its predecessors left, so the changes
 * are applied one by one, to the text held as blocks of a few KiB in groups
 * of blocks, each counting its bytes, line breaks and UTF-16 units: a
 * position is found by skipping whole groups and blocks, an edit touches
 * only the blocks it covers. The text is made whole again once, after the
 * last change. A block never ends between a CR and its LF, nor inside a
 * character (the text is UTF-8, as JSON gives it).
 */
#include "lsp_server.h"

#include <stdlib.h>
#include <string.h>

#define BLK_MAX 4096   /* a block's bytes, at most (an LF kept with its CR: one more) */
#define BLK_FILL 2048  /* a new block's bytes */
#define GRP_MAX 64     /* blocks in a group, at most */
#define GRP_FILL 32    /* blocks in a new group */

typedef struct blk_s {
    char *p;           /* owned */
    size_t len, cap, breaks, u16;
} blk_t;

typedef struct grp_s {
    blk_t *b;          /* owned */
    size_t count, cap, len, breaks, u16;
} grp_t;

typedef struct rope_s {
    grp_t *g;          /* owned */
    size_t count, cap, len;
} rope_t;

/* ---- blocks ---- */

static void blk_count(blk_t *b, size_t *breaks, size_t *u16)
{
    size_t br = 0, u = 0;
    const unsigned char *p = (const unsigned char *)b->p;
    for (size_t i = 0; i < b->len; i++) {
        unsigned char c = p[i];
        br += c == '\n' || (c == '\r' && (i + 1 == b->len || p[i + 1] != '\n'));
        u += ((c & 0xC0) != 0x80) + (c >= 0xF0);
    }
    *breaks = br;
    *u16 = u;
}

/* Block k of group g changed: its counts, and the group's, again. */
static void blk_changed(rope_t *r, grp_t *g, blk_t *b, size_t old_len)
{
    size_t br, u;
    blk_count(b, &br, &u);
    g->len = g->len - old_len + b->len;
    g->breaks = g->breaks - b->breaks + br;
    g->u16 = g->u16 - b->u16 + u;
    r->len = r->len - old_len + b->len;
    b->breaks = br;
    b->u16 = u;
}

static void blk_reserve(blk_t *b, size_t need)
{
    if (need <= b->cap)
        return;
    b->cap = need > 2 * b->cap ? need : 2 * b->cap;
    b->p = adj_xreallocarray(b->p, b->cap, 1);
}

/* Where c[0..n) may be cut near `want`: at a character's start, never
 * between a CR and its LF. */
static size_t cut_at(const char *c, size_t n, size_t want)
{
    size_t k = want < n ? want : n;
    while (k > 0 && k < n && ((((unsigned char)c[k] & 0xC0) == 0x80) ||
                              (c[k - 1] == '\r' && c[k] == '\n')))
        k--;
    return k ? k : (want < n ? want : n);
}

/* c[0..n) as new blocks (*out, *count of them). */
static blk_t *blocks_of(const char *c, size_t n, size_t *count)
{
    blk_t *out = NULL;
    size_t cap = 0;
    *count = 0;
    for (size_t at = 0; at < n;) {
        size_t k = n - at <= BLK_MAX ? n - at : cut_at(c + at, n - at, BLK_FILL);
        if (*count == cap) {
            cap = cap ? cap * 2 : 8;
            out = adj_xreallocarray(out, cap, sizeof *out);
        }
        blk_t b = {0};
        blk_reserve(&b, k);
        memcpy(b.p, c + at, k);
        b.len = k;
        blk_count(&b, &b.breaks, &b.u16);
        out[(*count)++] = b;
        at += k;
    }
    return out;
}

/* ---- groups ---- */

static void grp_sum(grp_t *g)
{
    g->len = g->breaks = g->u16 = 0;
    for (size_t i = 0; i < g->count; i++)
        g->len += g->b[i].len, g->breaks += g->b[i].breaks, g->u16 += g->b[i].u16;
}

/* n blocks put in place of block k of group gi (n may be 0: removed);
 * a group grown past GRP_MAX is split, an emptied one removed. */
static void grp_replace(rope_t *r, size_t gi, size_t k, blk_t *nb, size_t n)
{
    grp_t *g = &r->g[gi];
    r->len -= g->b[k].len;
    free(g->b[k].p);
    if (g->count - 1 + n > g->cap) {
        g->cap = g->count - 1 + n;
        g->b = adj_xreallocarray(g->b, g->cap, sizeof *g->b);
    }
    memmove(g->b + k + n, g->b + k + 1, (g->count - k - 1) * sizeof *g->b);
    if (n)
        memcpy(g->b + k, nb, n * sizeof *nb);
    g->count = g->count - 1 + n;
    for (size_t i = 0; i < n; i++)
        r->len += nb[i].len;
    if (g->count <= GRP_MAX) {
        grp_sum(g);
        if (!g->count) {
            free(g->b);
            memmove(r->g + gi, r->g + gi + 1, (r->count - gi - 1) * sizeof *r->g);
            r->count--;
        }
        return;
    }
    size_t parts = (g->count + GRP_FILL - 1) / GRP_FILL;  /* split in groups of GRP_FILL */
    grp_t old = *g;
    if (r->count - 1 + parts > r->cap) {
        r->cap = (r->count - 1 + parts) * 2;
        r->g = adj_xreallocarray(r->g, r->cap, sizeof *r->g);
    }
    memmove(r->g + gi + parts, r->g + gi + 1, (r->count - gi - 1) * sizeof *r->g);
    for (size_t p = 0; p < parts; p++) {
        grp_t ng = {0};
        ng.count = p + 1 < parts ? GRP_FILL : old.count - p * GRP_FILL;
        ng.cap = ng.count;
        ng.b = adj_xreallocarray(NULL, ng.cap, sizeof *ng.b);
        memcpy(ng.b, old.b + p * GRP_FILL, ng.count * sizeof *ng.b);
        grp_sum(&ng);
        r->g[gi + p] = ng;
    }
    r->count = r->count - 1 + parts;
    free(old.b);
}

static void rope_of(rope_t *r, const char *s, size_t n)
{
    memset(r, 0, sizeof *r);
    size_t count;
    blk_t *b = blocks_of(s, n, &count);
    r->cap = r->count = (count + GRP_FILL - 1) / GRP_FILL;
    r->g = r->cap ? adj_xreallocarray(NULL, r->cap, sizeof *r->g) : NULL;
    for (size_t i = 0; i < r->count; i++) {
        grp_t *g = &r->g[i];
        memset(g, 0, sizeof *g);
        g->count = g->cap = i + 1 < r->count ? GRP_FILL : count - i * GRP_FILL;
        g->b = adj_xreallocarray(NULL, g->cap, sizeof *g->b);
        memcpy(g->b, b + i * GRP_FILL, g->count * sizeof *b);
        grp_sum(g);
        r->len += g->len;
    }
    free(b);
}

static void rope_free(rope_t *r)
{
    for (size_t i = 0; i < r->count; i++) {
        for (size_t k = 0; k < r->g[i].count; k++)
            free(r->g[i].b[k].p);
        free(r->g[i].b);
    }
    free(r->g);
}

static void rope_flat(const rope_t *r, adj_buf_t *out)
{
    adj_buf_t b = {0};
    for (size_t i = 0; i < r->count; i++)
        for (size_t k = 0; k < r->g[i].count; k++)
            adj_buf_put(&b, r->g[i].b[k].p, r->g[i].b[k].len);
    adj_buf_free(out);
    *out = b;
}

/* ---- positions ---- */

typedef struct pos_s {
    size_t g, b, i;    /* group, block, byte in it */
    size_t off;        /* from the text's start */
} pos_t;

/* The block holding byte off (off < r->len), or the end of the last. */
static pos_t find_byte(const rope_t *r, size_t off)
{
    pos_t p = {0};
    size_t acc = 0;
    while (p.g + 1 < r->count && acc + r->g[p.g].len <= off)
        acc += r->g[p.g++].len;
    const grp_t *g = &r->g[p.g];
    while (p.b + 1 < g->count && acc + g->b[p.b].len <= off)
        acc += g->b[p.b++].len;
    p.i = off - acc;
    p.off = off;
    return p;
}

/* The start of editor line L: false when the text has fewer lines. */
static bool line_start(const rope_t *r, size_t line, pos_t *p)
{
    memset(p, 0, sizeof *p);
    if (line == 0)
        return true;
    size_t acc = 0;
    while (p->g < r->count && acc + r->g[p->g].breaks < line)
        acc += r->g[p->g].breaks, p->off += r->g[p->g++].len;
    if (p->g == r->count)
        return false;
    const grp_t *g = &r->g[p->g];
    while (p->b + 1 < g->count && acc + g->b[p->b].breaks < line)
        acc += g->b[p->b].breaks, p->off += g->b[p->b++].len;
    const blk_t *b = &g->b[p->b];
    for (size_t i = 0; i < b->len; i++) {
        char c = b->p[i];
        if (c == '\n' || (c == '\r' && (i + 1 == b->len || b->p[i + 1] != '\n'))) {
            if (++acc == line) {
                p->i = i + 1;
                p->off += i + 1;
                return true;
            }
        }
    }
    return false;  /* not reached: the counts say the break is here */
}

static size_t blk_units(const blk_t *b, lsp_enc_t enc) { return enc == LSP_UTF8 ? b->len : b->u16; }
static size_t grp_units(const grp_t *g, lsp_enc_t enc) { return enc == LSP_UTF8 ? g->len : g->u16; }

/* From p, `ch` units on along the line: the byte reached, at most the
 * line's end, never inside a character. */
static size_t advance(const rope_t *r, pos_t p, size_t ch, lsp_enc_t enc)
{
    while (p.g < r->count) {
        const grp_t *g = &r->g[p.g];
        const blk_t *b = &g->b[p.b];
        for (size_t i = p.i; i < b->len;) {
            unsigned char c = (unsigned char)b->p[i];
            if (c == '\n' || c == '\r')
                return p.off + (i - p.i);
            size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            k = k <= b->len - i ? k : b->len - i;
            size_t u = enc == LSP_UTF8 ? k : k == 4 ? 2 : 1;
            if (u > ch)
                return p.off + (i - p.i);
            ch -= u;
            i += k;
        }
        p.off += b->len - p.i;
        p.i = 0;
        if (++p.b == g->count) {  /* whole groups without a break skipped */
            p.b = 0;
            for (p.g++; p.g < r->count && !r->g[p.g].breaks && grp_units(&r->g[p.g], enc) <= ch;
                 p.g++)
                ch -= grp_units(&r->g[p.g], enc), p.off += r->g[p.g].len;
            if (p.g == r->count)
                break;
        }
        g = &r->g[p.g];
        while (p.b + 1 < g->count && !g->b[p.b].breaks && blk_units(&g->b[p.b], enc) <= ch)
            ch -= blk_units(&g->b[p.b], enc), p.off += g->b[p.b++].len;
    }
    return p.off;
}

static size_t offset_of(const rope_t *r, size_t line, size_t ch, lsp_enc_t enc)
{
    pos_t p;
    if (!r->count || !line_start(r, line, &p))
        return r->len;
    return advance(r, p, ch, enc);
}

/* ---- edits ---- */

/* At a block boundary at byte x, a CR ending one block and an LF starting
 * the next: the LF joins its CR. */
static void fix_boundary(rope_t *r, size_t x)
{
    if (x == 0 || x >= r->len)
        return;
    pos_t p = find_byte(r, x - 1);
    grp_t *g = &r->g[p.g];
    blk_t *b = &g->b[p.b];
    if (p.i + 1 != b->len || b->p[p.i] != '\r')
        return;
    size_t ng = p.b + 1 < g->count ? p.g : p.g + 1, nb = p.b + 1 < g->count ? p.b + 1 : 0;
    blk_t *n = &r->g[ng].b[nb];
    if (n->p[0] != '\n')
        return;
    size_t bl = b->len, nl = n->len;
    blk_reserve(b, b->len + 1);
    b->p[b->len++] = '\n';
    memmove(n->p, n->p + 1, --n->len);
    blk_changed(r, g, b, bl);
    blk_changed(r, &r->g[ng], n, nl);
    if (!n->len)
        grp_replace(r, ng, nb, NULL, 0);
}

static void rope_delete(rope_t *r, size_t a, size_t b)
{
    while (b > a && a < r->len) {
        pos_t p = find_byte(r, a);
        grp_t *g = &r->g[p.g];
        blk_t *k = &g->b[p.b];
        size_t take = k->len - p.i < b - a ? k->len - p.i : b - a, old = k->len;
        memmove(k->p + p.i, k->p + p.i + take, k->len - p.i - take);
        k->len -= take;
        b -= take;
        blk_changed(r, g, k, old);
        if (!k->len)
            grp_replace(r, p.g, p.b, NULL, 0);
    }
    fix_boundary(r, a);
}

static void rope_insert(rope_t *r, size_t a, const char *t, size_t m)
{
    if (!m)
        return;
    if (!r->count) {
        free(r->g);
        rope_of(r, t, m);
        return;
    }
    pos_t p = find_byte(r, a);
    grp_t *g = &r->g[p.g];
    blk_t *k = &g->b[p.b];
    if (k->len + m <= BLK_MAX) {
        size_t old = k->len;
        blk_reserve(k, k->len + m);
        memmove(k->p + p.i + m, k->p + p.i, k->len - p.i);
        memcpy(k->p + p.i, t, m);
        k->len += m;
        blk_changed(r, g, k, old);
    } else {  /* the block and the text, as new blocks */
        adj_buf_t c = {0};
        adj_buf_put(&c, k->p, p.i);
        adj_buf_put(&c, t, m);
        adj_buf_put(&c, k->p + p.i, k->len - p.i);
        size_t n;
        blk_t *nb = blocks_of(c.data, c.len, &n);
        adj_buf_free(&c);
        grp_replace(r, p.g, p.b, nb, n);
        free(nb);
    }
    fix_boundary(r, a);
    fix_boundary(r, a + m);
}

/* ---- a didChange ---- */

typedef struct change_s {
    bool whole;        /* no range: the whole text */
    size_t l1, c1, l2, c2;
    const char *text;  /* borrowed from the message */
    size_t len;
} change_t;

static bool position_of(json_t *pos, size_t *line, size_t *ch)
{
    json_t *l = json_object_get(pos, "line"), *c = json_object_get(pos, "character");
    if (!json_is_integer(l) || !json_is_integer(c) || json_integer_value(l) < 0 ||
        json_integer_value(c) < 0)
        return false;
    *line = (size_t)json_integer_value(l);
    *ch = (size_t)json_integer_value(c);
    return true;
}

/* The changes read, each checked before any is applied. */
static change_t *changes_of(json_t *changes, size_t *count)
{
    size_t n = json_array_size(changes), i;
    change_t *out = adj_xcalloc(n ? n : 1, sizeof *out);
    json_t *ch;
    json_array_foreach(changes, i, ch) {
        json_t *text = json_object_get(ch, "text"), *range = json_object_get(ch, "range");
        change_t *c = &out[i];
        if (!json_is_string(text) ||
            (range && !(position_of(json_object_get(range, "start"), &c->l1, &c->c1) &&
                        position_of(json_object_get(range, "end"), &c->l2, &c->c2)))) {
            free(out);
            return NULL;
        }
        c->whole = !range;
        c->text = json_string_value(text);
        c->len = json_string_length(text);
    }
    *count = n;
    return out;
}

lsp_edit_result_t lsp_edit_apply(adj_buf_t *text, json_t *changes, lsp_enc_t enc, size_t limit)
{
    size_t n;
    change_t *c = json_is_array(changes) ? changes_of(changes, &n) : NULL;
    if (!c)
        return LSP_EDIT_BAD;
    rope_t r;
    rope_of(&r, text->data ? text->data : "", text->len);
    lsp_edit_result_t res = LSP_EDIT_OK;
    for (size_t i = 0; i < n && res == LSP_EDIT_OK; i++) {
        size_t from = 0, to = r.len;
        if (!c[i].whole) {
            from = offset_of(&r, c[i].l1, c[i].c1, enc);
            to = offset_of(&r, c[i].l2, c[i].c2, enc);
            to = to < from ? from : to;
        }
        size_t kept = r.len - (to - from);
        if (kept > limit || c[i].len > limit - kept) {
            res = LSP_EDIT_TOO_BIG;
        } else if (c[i].whole) {
            rope_free(&r);
            rope_of(&r, c[i].text, c[i].len);
        } else {
            rope_delete(&r, from, to);
            rope_insert(&r, from, c[i].text, c[i].len);
        }
    }
    if (res == LSP_EDIT_OK)
        rope_flat(&r, text);
    rope_free(&r);
    free(c);
    return res;
}
