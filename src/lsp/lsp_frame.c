/* SPDX-License-Identifier: MIT */
/*
 * lsp_frame.c - the framing of the language server's messages: header
 * lines ending in a blank line, `Content-Length: N`, then N bytes of body.
 * Fed bytes as they arrive; a body over LSP_MAX_MESSAGE is skipped as it
 * passes (its first bytes kept, to say which document it was for), so
 * memory stays bounded whatever the client sends.
 */
#include "lsp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { ST_HEAD, ST_BODY, ST_SKIP };

#define LSP_SKIP_KEEP ((size_t)64 << 10)  /* a refused body's start, kept */

void lsp_frame_free(lsp_frame_t *f)
{
    adj_buf_free(&f->head);
    adj_buf_free(&f->body);
    memset(f, 0, sizeof *f);
}

/* The header block in f->head ends with the byte just added: it ends in
 * a blank line (LF or CRLF), or is one. Returns its length, 0 if not yet. */
static size_t head_end(const adj_buf_t *h)
{
    const char *d = h->data;
    size_t n = h->len;
    if (d[n - 1] != '\n')
        return 0;
    if (n == 1 || (n >= 2 && d[n - 2] == '\n') || (n == 2 && d[0] == '\r') ||
        (n >= 3 && d[n - 2] == '\r' && d[n - 3] == '\n'))
        return n;
    return 0;
}

/* The Content-Length of a header block: -1 when none or malformed, -2
 * when over LSP_MAX_MESSAGE (*len then the length, saturated). A line
 * `Content-Length:` with no value says nothing and is passed over, as a
 * header the server does not know is. */
static int head_length(const char *h, size_t n, size_t *len)
{
    static const char key[] = "content-length:";
    int found = -1;
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && h[e] != '\n')
            e++;
        size_t kl = sizeof key - 1;
        if (e - i > kl && strncasecmp(h + i, key, kl) == 0) {
            size_t j = i + kl, v = 0;
            bool digits = false, over = false;
            while (j < e && (h[j] == ' ' || h[j] == '\t'))
                j++;
            for (; j < e && isdigit((unsigned char)h[j]); j++, digits = true) {
                if (v > (SIZE_MAX - 9) / 10)
                    over = true;
                else
                    v = v * 10 + (size_t)(h[j] - '0');
            }
            while (j < e && (h[j] == ' ' || h[j] == '\t' || h[j] == '\r'))
                j++;
            if (!digits && j == e) {  /* `Content-Length:` and nothing: no length said */
                i = e + 1;
                continue;
            }
            if (!digits || j != e)
                return -1;
            *len = over ? SIZE_MAX : v;
            found = *len > LSP_MAX_MESSAGE ? -2 : 0;
        }
        i = e + 1;
    }
    return found;
}

/* A header block complete in f->head: the state it leads to. 1 when it
 * is itself a frame (bad or too big). */
static int head_done(lsp_frame_t *f, size_t end, lsp_frame_kind_t *kind)
{
    size_t len = 0;
    int r = head_length(f->head.data, end, &len);
    adj_buf_reset(&f->body);
    if (r == -1) {
        *kind = LSP_FRAME_BAD_HEADER;
        return 1;
    }
    if (r == -2) {
        f->state = ST_SKIP;
        f->skip = len;
        return 0;
    }
    f->state = ST_BODY;
    f->want = len;
    return 0;
}

static int step_head(lsp_frame_t *f, const char *p, size_t n, size_t *used,
                     lsp_frame_kind_t *kind)
{
    /* one byte at a time up to the blank line: no byte of a body is taken */
    size_t i = 0;
    while (i < n) {
        adj_buf_putc(&f->head, p[i++]);
        size_t end = head_end(&f->head);
        if (end) {
            *used = i;
            int r = head_done(f, end, kind);
            adj_buf_reset(&f->head);
            return r;
        }
        if (f->head.len > LSP_MAX_HEADER) {
            *used = i;
            adj_buf_reset(&f->head);
            *kind = LSP_FRAME_BAD_HEADER;
            return 1;
        }
    }
    *used = i;
    return 0;
}

int lsp_frame_next(lsp_frame_t *f, const char *p, size_t n, size_t *used,
                   lsp_frame_kind_t *kind)
{
    size_t at = 0;
    while (at < n || (f->state == ST_BODY && f->body.len == f->want) ||
           (f->state == ST_SKIP && f->skip == 0)) {
        if (f->state == ST_HEAD) {
            size_t u = 0;
            int r = step_head(f, p + at, n - at, &u, kind);
            at += u;
            if (r) {
                *used = at;
                return 1;
            }
        } else if (f->state == ST_BODY) {
            size_t take = f->want - f->body.len < n - at ? f->want - f->body.len : n - at;
            adj_buf_put(&f->body, p + at, take);
            at += take;
            if (f->body.len == f->want) {
                f->state = ST_HEAD;
                *kind = LSP_FRAME_MESSAGE;
                *used = at;
                return 1;
            }
        } else {
            size_t take = f->skip < n - at ? f->skip : n - at;
            if (f->body.len < LSP_SKIP_KEEP) {
                size_t keep = LSP_SKIP_KEEP - f->body.len;
                adj_buf_put(&f->body, p + at, take < keep ? take : keep);
            }
            f->skip -= take;
            at += take;
            if (f->skip == 0) {
                f->state = ST_HEAD;
                *kind = LSP_FRAME_TOO_BIG;
                *used = at;
                return 1;
            }
        }
    }
    *used = at;
    return 0;
}

bool lsp_frame_too_many(const char *body, size_t n)
{
    size_t count = 0;
    bool in_str = false;
    for (size_t i = 0; i < n; i++) {
        char c = body[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = false;
        } else if (c == '"') {
            in_str = true;
        } else if (c == ',' || c == '[' || c == '{' || c == ':') {
            if (++count > LSP_MAX_TOKENS)
                return true;
        }
    }
    return false;
}
