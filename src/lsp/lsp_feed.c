/* SPDX-License-Identifier: MIT */
/*
 * lsp_feed.c - the bytes the client sends, cut into frames (lsp_frame.c)
 * and each message handed to the dispatcher (lsp_dispatch.c); the server's
 * writing and documents (lsp_server.c) are below both, so neither calls
 * back into the other.
 */
#include "lsp_server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A frame from the reader: a body to dispatch, or what was wrong with it. */
static void on_frame(lsp_server_t *s, lsp_frame_kind_t kind)
{
    const adj_buf_t *b = &s->frame.body;
    if (kind == LSP_FRAME_BAD_HEADER) {
        lsp_error(s, NULL, -32700, "a message header without a valid Content-Length");
    } else if (kind == LSP_FRAME_TOO_BIG) {
        lsp_error(s, NULL, -32600, "a message larger than 64 MiB is refused");
        lsp_skipped(s, b->data ? b->data : "", b->len);
    } else if (lsp_frame_too_many(b->data ? b->data : "", b->len)) {
        lsp_error(s, NULL, -32600, "a message with more than 1048576 JSON values is refused");
    } else {
        json_error_t err;
        json_t *m = json_loadb(b->data ? b->data : "", b->len, JSON_ALLOW_NUL, &err);
        if (!m)
            lsp_error(s, NULL, -32700, "the message is not JSON");
        else
            lsp_dispatch(s, m);
        json_decref(m);
    }
}

void lsp_server_feed(lsp_server_t *s, const char *p, size_t n, int64_t now_ms)
{
    s->now = now_ms;
    while (!s->exited) {
        size_t used = 0;
        lsp_frame_kind_t kind;
        int r = lsp_frame_next(&s->frame, p, n, &used, &kind);
        p += used;
        n -= used;
        if (!r)
            break;  /* all taken: the rest of a frame comes later */
        on_frame(s, kind);
    }
}
