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

#include <stdarg.h>
#include <stdint.h>
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

void lsp_reply_text(lsp_server_t *s, json_t *id, const char *result, size_t n)
{
    char *idj = json_dumps(id ? id : json_null(), JSON_ENCODE_ANY | JSON_COMPACT);
    if (!idj)
        adj_oom();
    adj_buf_t body = {0};
    adj_buf_printf(&body, "{\"id\":%s,\"result\":", idj);
    adj_buf_put(&body, result, n);
    adj_buf_puts(&body, ",\"jsonrpc\":\"2.0\"}");
    char head[64];
    int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", body.len);
    adj_buf_t b = {0};
    adj_buf_put(&b, head, (size_t)h);
    adj_buf_put(&b, body.data, body.len);
    s->write(s->write_ctx, b.data, b.len);
    adj_buf_free(&b);
    adj_buf_free(&body);
    free(idj);
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

void lsp_log(lsp_server_t *s, const char *fmt, ...)
{
    (void)s;
    va_list ap;
    va_start(ap, fmt);
    fputs("adjutant lsp: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- the queues of checks ---- */

static void queue_leave(lsp_server_t *s, lsp_doc_t *d)
{
    if (d->queue == LSP_Q_NONE)
        return;
    lsp_queue_list_t *q = &s->queue[d->queue];
    *(d->qprev ? &d->qprev->qnext : &q->head) = d->qnext;
    *(d->qnext ? &d->qnext->qprev : &q->tail) = d->qprev;
    d->qprev = d->qnext = NULL;
    d->queue = LSP_Q_NONE;
}

/* d waits in queue `which`, at its end: each queue is in the order its
 * checks fall due (LSP_Q_LATER: every check is due LSP_DEBOUNCE_MS after
 * its change, and the changes come in time order). */
static void queue_join(lsp_server_t *s, lsp_doc_t *d, lsp_queue_t which)
{
    queue_leave(s, d);
    lsp_queue_list_t *q = &s->queue[which];
    d->qprev = q->tail;
    *(q->tail ? &q->tail->qnext : &q->head) = d;
    q->tail = d;
    d->queue = which;
}

/* ---- documents: a list, a hash table by URI, the bytes held ---- */

static size_t uri_hash(const char *uri, size_t len)
{
    uint64_t h = 1469598103934665603u;  /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)uri[i]) * 1099511628211u;
    return (size_t)h;
}

static void server_table_grow(lsp_server_t *s)
{
    size_t size = s->table_size ? s->table_size * 2 : 64;
    lsp_doc_t **t = adj_xcalloc(size, sizeof *t);
    for (lsp_doc_t *d = s->docs; d; d = d->next) {
        size_t h = uri_hash(d->uri, d->uri_len) & (size - 1);
        d->hnext = t[h];
        t[h] = d;
    }
    free(s->table);
    s->table = t;
    s->table_size = size;
}

lsp_doc_t *lsp_doc_find(lsp_server_t *s, const char *uri, size_t len)
{
    if (!s->table_size)
        return NULL;
    for (lsp_doc_t *d = s->table[uri_hash(uri, len) & (s->table_size - 1)]; d; d = d->hnext)
        if (d->uri_len == len && memcmp(d->uri, uri, len) == 0)
            return d;
    return NULL;
}

static size_t doc_held(const lsp_doc_t *d)
{
    return LSP_DOC_OVERHEAD + d->uri_len + strlen(d->path) + d->text.len;
}

size_t lsp_doc_room(const lsp_server_t *s, const lsp_doc_t *d)
{
    size_t others = s->held - d->held, own = d->held - d->text.len;
    return others + own >= LSP_MAX_HELD ? 0 : LSP_MAX_HELD - others - own;
}

void lsp_doc_resized(lsp_server_t *s, lsp_doc_t *d, size_t old_len)
{
    (void)old_len;
    s->held -= d->held;
    d->held = doc_held(d);
    s->held += d->held;
}

static void doc_free(lsp_doc_t *d)
{
    free(d->uri);
    free(d->path);
    adj_buf_free(&d->text);
    free(d);
}

static json_t *uri_json(const char *uri, size_t len) { return json_stringn(uri, len); }

void lsp_doc_refused(lsp_server_t *s, const char *uri, size_t len, const char *why)
{
    json_t *at = json_pack("{s:i,s:i}", "line", 0, "character", 0);
    json_t *diag = json_pack("{s:{s:O,s:O},s:i,s:s,s:s}", "range", "start", at, "end", at,
                             "severity", 1, "source", "adjutant", "message", why);
    json_decref(at);
    lsp_notify(s, "textDocument/publishDiagnostics",
               json_pack("{s:o,s:[o]}", "uri", uri_json(uri, len), "diagnostics", diag));
}

lsp_doc_t *lsp_doc_open(lsp_server_t *s, const char *uri, size_t len, const char *text,
                        size_t n, int64_t version)
{
    lsp_doc_t *d = adj_xcalloc(1, sizeof *d);
    d->uri = adj_xcalloc(1, len + 1);
    memcpy(d->uri, uri, len);
    d->uri_len = len;
    d->path = lsp_uri_path(uri, len);
    size_t need = LSP_DOC_OVERHEAD + len + strlen(d->path);
    if (n > LSP_MAX_HELD - s->held || need > LSP_MAX_HELD - s->held - n) {
        doc_free(d);
        return NULL;
    }
    adj_buf_put(&d->text, text, n);
    d->version = version;
    d->held = doc_held(d);
    s->held += d->held;
    d->next = s->docs;
    if (s->docs)
        s->docs->prev = d;
    s->docs = d;
    if (++s->doc_count > s->table_size)
        server_table_grow(s);
    else {
        size_t h = uri_hash(uri, len) & (s->table_size - 1);
        d->hnext = s->table[h];
        s->table[h] = d;
    }
    lsp_doc_touched(s, d, true);
    return d;
}

static void doc_unlink(lsp_server_t *s, lsp_doc_t *d)
{
    queue_leave(s, d);
    for (lsp_doc_t **p = &s->table[uri_hash(d->uri, d->uri_len) & (s->table_size - 1)]; *p;
         p = &(*p)->hnext)
        if (*p == d) {
            *p = d->hnext;
            break;
        }
    *(d->prev ? &d->prev->next : &s->docs) = d->next;
    if (d->next)
        d->next->prev = d->prev;
    s->doc_count--;
    s->held -= d->held;
    if (s->held + LSP_MAX_HELD / 16 < LSP_MAX_HELD)
        s->over_told = false;  /* room again: the next refusal is told */
}

void lsp_doc_close(lsp_server_t *s, const char *uri, size_t len)
{
    lsp_doc_forget(s, uri, len);
    lsp_notify(s, "textDocument/publishDiagnostics",
               json_pack("{s:o,s:[]}", "uri", uri_json(uri, len), "diagnostics"));
}

void lsp_doc_forget(lsp_server_t *s, const char *uri, size_t len)
{
    lsp_doc_t *d = lsp_doc_find(s, uri, len);
    if (d) {
        doc_unlink(s, d);
        if (d->kind == LSP_LADDER) {
            s->ladder_docs--;
            lsp_ladders_changed(s);
        }
        doc_free(d);
    }
}

/* A ladder file's text changed (or opened, or closed, or a file was
 * saved): every open log is checked again, with every ladder read anew. */
void lsp_ladders_changed(lsp_server_t *s)
{
    adj_ladder_reset();
    for (lsp_doc_t *d = s->docs; d; d = d->next)
        if (d->kind == LSP_LOG && d->queue == LSP_Q_NONE)
            queue_join(s, d, LSP_Q_NOW);
}

/* The text of `path` when the editor holds it (adj_ladder_set_source). */
static bool ladder_source(void *ctx, const char *path, const char **data, size_t *len)
{
    lsp_server_t *s = ctx;
    for (lsp_doc_t *d = s->ladder_docs ? s->docs : NULL; d; d = d->next)
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
    s->ladder_docs = s->ladder_docs + (d->kind == LSP_LADDER) - (was == LSP_LADDER);
    d->changed_ms = s->now;
    queue_join(s, d, now ? LSP_Q_NOW : LSP_Q_LATER);
    if (was == LSP_LADDER || d->kind == LSP_LADDER)
        lsp_ladders_changed(s);
}

/* ---- checks ---- */

static void publish(lsp_server_t *s, lsp_doc_t *d)
{
    queue_leave(s, d);
    json_t *diags = lsp_check_doc(s, d);
    d->checked = true;
    lsp_notify(s, "textDocument/publishDiagnostics",
               json_pack("{s:o,s:I,s:o}", "uri", uri_json(d->uri, d->uri_len), "version",
                         (json_int_t)d->version, "diagnostics", diags));
}

json_t *lsp_check_doc(lsp_server_t *s, const lsp_doc_t *d)
{
    return d->kind == LSP_LADDER ? lsp_check_ladder(d, s->enc) : lsp_check(d, &s->config, s->enc);
}

static bool later_due(const lsp_server_t *s, int64_t now_ms, bool all)
{
    const lsp_doc_t *d = s->queue[LSP_Q_LATER].head;
    return d && (all || now_ms - d->changed_ms >= LSP_DEBOUNCE_MS);
}

/* The checks due, in the order they fell due; past LSP_CHECK_SLICE bytes
 * checked (unless `all`), the rest wait for the next call, so that input
 * is read (and requests answered) between slices. */
void lsp_server_idle(lsp_server_t *s, int64_t now_ms, bool all)
{
    s->now = now_ms;
    if (!s->queue[LSP_Q_NOW].head && !later_due(s, now_ms, all))
        return;
    if (adj_ladder_stale())  /* a ladder file changed on disk (size, time): its logs again */
        lsp_ladders_changed(s);
    size_t done = 0;
    while (all || done < LSP_CHECK_SLICE) {
        lsp_doc_t *d = s->queue[LSP_Q_NOW].head;
        if (!d && later_due(s, now_ms, all))
            d = s->queue[LSP_Q_LATER].head;
        if (!d)
            break;
        done += d->text.len + 1;
        publish(s, d);
    }
}

void lsp_flush_doc(lsp_server_t *s, lsp_doc_t *d)
{
    if (d->queue == LSP_Q_NONE)
        return;
    if (adj_ladder_stale())
        lsp_ladders_changed(s);
    publish(s, d);
}

int lsp_server_wait(const lsp_server_t *s, int64_t now_ms)
{
    if (s->queue[LSP_Q_NOW].head)
        return 0;
    const lsp_doc_t *d = s->queue[LSP_Q_LATER].head;
    if (!d)
        return -1;
    int64_t left = d->changed_ms + LSP_DEBOUNCE_MS - now_ms;
    return left < 0 ? 0 : (int)left;
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
    free(s->table);
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
