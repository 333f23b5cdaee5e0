/* SPDX-License-Identifier: MIT */
/*
 * lsp_server.c - the language server's protocol (SPEC 14): the life cycle
 * (initialize, shutdown, exit), JSON-RPC's errors for bad input, and the
 * documents the client opens, changes and closes. Checks run after a
 * short debounce, on the latest text only; requests go to lsp_feature.c.
 * The bytes read are cut into messages by lsp_feed.c.
 */
#include "lsp_server.h"

#include "adj_ladder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

void lsp_send(lsp_server_t *s, json_t *msg)
{
    json_object_set_new(msg, "jsonrpc", json_string("2.0"));
    char *body = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (!body)
        adj_oom();
    size_t n = strlen(body);
    char head[64];
    int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", n);
    adj_buf_t b = {0};
    adj_buf_put(&b, head, (size_t)h);
    adj_buf_put(&b, body, n);
    s->write(s->write_ctx, b.data, b.len);
    adj_buf_free(&b);
    free(body);
}

void lsp_reply(lsp_server_t *s, json_t *id, json_t *result)
{
    json_t *m = json_object();
    json_object_set(m, "id", id ? id : json_null());
    json_object_set_new(m, "result", result ? result : json_null());
    lsp_send(s, m);
}

void lsp_error(lsp_server_t *s, json_t *id, int code, const char *message)
{
    json_t *m = json_object();
    json_object_set(m, "id", id ? id : json_null());
    json_object_set_new(m, "error", json_pack("{s:i,s:s}", "code", code, "message", message));
    lsp_send(s, m);
}

void lsp_notify(lsp_server_t *s, const char *method, json_t *params)
{
    lsp_send(s, json_pack("{s:s,s:o}", "method", method, "params", params));
}

void lsp_log(lsp_server_t *s, const char *what)
{
    (void)s;
    fprintf(stderr, "adjutant lsp: %s\n", what);
}

/* ---- documents ---- */

lsp_doc_t *lsp_doc_find(lsp_server_t *s, const char *uri)
{
    for (lsp_doc_t *d = s->docs; d; d = d->next)
        if (strcmp(d->uri, uri) == 0)
            return d;
    return NULL;
}

static void doc_free(lsp_doc_t *d)
{
    free(d->uri);
    free(d->path);
    adj_buf_free(&d->text);
    free(d);
}

void lsp_doc_close(lsp_server_t *s, const char *uri)
{
    for (lsp_doc_t **p = &s->docs; *p; p = &(*p)->next) {
        if (strcmp((*p)->uri, uri) != 0)
            continue;
        lsp_doc_t *d = *p;
        *p = d->next;
        s->doc_count--;
        s->text_bytes -= d->text.len;
        if (d->kind == LSP_LADDER)
            lsp_ladders_changed(s);
        doc_free(d);
        break;
    }
    lsp_notify(s, "textDocument/publishDiagnostics",
               json_pack("{s:s,s:[]}", "uri", uri, "diagnostics"));
}

/* A ladder file's text changed (or opened, or closed): every open log is
 * checked again, with every ladder read anew. */
void lsp_ladders_changed(lsp_server_t *s)
{
    adj_ladder_reset();
    for (lsp_doc_t *d = s->docs; d; d = d->next)
        if (d->kind == LSP_LOG && !d->dirty) {
            d->dirty = true;
            d->changed_ms = s->now - LSP_DEBOUNCE_MS;  /* due now */
        }
}

/* The text of `path` when the editor holds it (adj_ladder_set_source). */
static bool ladder_source(void *ctx, const char *path, const char **data, size_t *len)
{
    lsp_server_t *s = ctx;
    for (lsp_doc_t *d = s->docs; d; d = d->next)
        if (d->kind == LSP_LADDER && strcmp(d->path, path) == 0) {
            *data = d->text.data ? d->text.data : "";
            *len = d->text.len;
            return true;
        }
    return false;
}

/* The document's text was set: its kind, and a check due after the debounce. */
void lsp_doc_touched(lsp_server_t *s, lsp_doc_t *d, bool now)
{
    lsp_kind_t was = d->kind;
    d->kind = lsp_doc_kind(d->path, d->text.data ? d->text.data : "", d->text.len);
    d->dirty = true;
    d->changed_ms = now ? s->now - LSP_DEBOUNCE_MS : s->now;
    if (was == LSP_LADDER || d->kind == LSP_LADDER)
        lsp_ladders_changed(s);
}

/* ---- checks ---- */

static void publish(lsp_server_t *s, lsp_doc_t *d)
{
    json_t *diags = lsp_check_doc(s, d);
    d->dirty = false;
    d->checked = true;
    lsp_notify(s, "textDocument/publishDiagnostics",
               json_pack("{s:s,s:I,s:o}", "uri", d->uri, "version", (json_int_t)d->version,
                         "diagnostics", diags));
}

json_t *lsp_check_doc(lsp_server_t *s, const lsp_doc_t *d)
{
    return d->kind == LSP_LADDER ? lsp_check_ladder(d, s->enc) : lsp_check(d, &s->config, s->enc);
}

void lsp_server_idle(lsp_server_t *s, int64_t now_ms, bool all)
{
    s->now = now_ms;
    bool due = false;
    for (lsp_doc_t *d = s->docs; d; d = d->next)
        due = due || (d->dirty && (all || now_ms - d->changed_ms >= LSP_DEBOUNCE_MS));
    if (!due)
        return;
    if (adj_ladder_stale())  /* a ladder file changed on disk: its logs again */
        lsp_ladders_changed(s);
    for (lsp_doc_t *d = s->docs; d; d = d->next)
        if (d->dirty && (all || now_ms - d->changed_ms >= LSP_DEBOUNCE_MS))
            publish(s, d);
}

void lsp_flush_doc(lsp_server_t *s, lsp_doc_t *d)
{
    if (d->dirty)
        lsp_server_idle(s, s->now, true);
}

int lsp_server_wait(const lsp_server_t *s, int64_t now_ms)
{
    int64_t best = -1;
    for (const lsp_doc_t *d = s->docs; d; d = d->next) {
        if (!d->dirty)
            continue;
        int64_t left = d->changed_ms + LSP_DEBOUNCE_MS - now_ms;
        if (left < 0)
            left = 0;
        if (best < 0 || left < best)
            best = left;
    }
    return (int)best;
}

/* ---- life ---- */

lsp_server_t *lsp_server_new(const lsp_config_t *c, lsp_write_fn write, void *ctx)
{
    lsp_server_t *s = adj_xcalloc(1, sizeof *s);
    s->config = *c;
    s->write = write;
    s->write_ctx = ctx;
    s->enc = LSP_UTF16;
    adj_ladder_set_source(ladder_source, s);
    return s;
}

void lsp_server_free(lsp_server_t *s)
{
    if (!s)
        return;
    while (s->docs) {
        lsp_doc_t *d = s->docs;
        s->docs = d->next;
        doc_free(d);
    }
    lsp_frame_free(&s->frame);
    adj_ladder_set_source(NULL, NULL);
    adj_ladder_reset();
    free(s);
}

bool lsp_server_exited(const lsp_server_t *s, int *status)
{
    *status = s->shutdown ? 0 : 1;
    return s->exited;
}

int lsp_server_eof(const lsp_server_t *s) { return s->shutdown ? 0 : 1; }
