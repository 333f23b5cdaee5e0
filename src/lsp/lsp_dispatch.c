/* SPDX-License-Identifier: MIT */
/*
 * lsp_dispatch.c - the language server's methods, in one table: the life
 * cycle, the documents' notifications and the requests on a document.
 * What no row names is -32601 for a request and ignored for a
 * notification; bad params are -32602 for a request and a line on
 * standard error for a notification (SPEC 14).
 */
#include "lsp_server.h"

#include <stdlib.h>
#include <string.h>

/* A method's handler: params borrowed (may be NULL), id NULL for a
 * notification. Returns false when the params are bad. */
typedef bool (*method_fn)(lsp_server_t *s, json_t *id, json_t *params);

/* ---- the life cycle ---- */

static bool offers_utf8(json_t *caps)
{
    json_t *encs = json_object_get(json_object_get(caps, "general"), "positionEncodings"), *e;
    size_t i;
    json_array_foreach(encs, i, e) {
        if (json_is_string(e) && strcmp(json_string_value(e), "utf-8") == 0)
            return true;
    }
    return false;
}

static json_t *capabilities(const lsp_server_t *s)
{
    return json_pack(
        "{s:s,s:{s:b,s:i,s:{s:b}},s:b,s:b,s:{s:[s,s,s]},s:b,s:{s:[s]}}", "positionEncoding",
        s->enc == LSP_UTF8 ? "utf-8" : "utf-16", "textDocumentSync", "openClose", 1, "change", 2,
        "save", "includeText", 0, "hoverProvider", 1, "definitionProvider", 1,
        "completionProvider", "triggerCharacters", ":", " ", "-", "documentSymbolProvider", 1,
        "codeActionProvider", "codeActionKinds", "quickfix");
}

static bool m_initialize(lsp_server_t *s, json_t *id, json_t *params)
{
    if (!json_is_object(params))
        return false;
    if (s->initialized) {
        lsp_error(s, id, -32600, "initialize was already received");
        return true;
    }
    json_t *caps = json_object_get(params, "capabilities");
    s->enc = offers_utf8(caps) ? LSP_UTF8 : LSP_UTF16;
    s->watch_dynamic = json_is_true(json_object_get(
        json_object_get(json_object_get(caps, "workspace"), "didChangeWatchedFiles"),
        "dynamicRegistration"));
    s->initialized = true;
    lsp_reply(s, id, json_pack("{s:o,s:{s:s,s:s}}", "capabilities", capabilities(s),
                               "serverInfo", "name", "adjutant", "version", ADJ_VERSION));
    return true;
}

/* Ask the client to tell us of ladder files changed on disk, where it can. */
static bool m_initialized(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id, (void)params;
    if (!s->watch_dynamic)
        return true;
    json_t *w = json_pack("[{s:s},{s:s}]", "globPattern", "**/adjutant-ladder.yaml",
                          "globPattern", "**/*.{yaml,yml}");
    json_t *reg = json_pack("{s:s,s:s,s:{s:o}}", "id", "adjutant-ladder-files", "method",
                            "workspace/didChangeWatchedFiles", "registerOptions", "watchers", w);
    char rid[32];
    snprintf(rid, sizeof rid, "adjutant-%lld", (long long)++s->next_id);
    lsp_send(s, json_pack("{s:s,s:s,s:{s:[o]}}", "id", rid, "method",
                          "client/registerCapability", "params", "registrations", reg));
    return true;
}

static bool m_shutdown(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)params;
    s->shutdown = true;
    lsp_reply(s, id, json_null());
    return true;
}

static bool m_exit(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id, (void)params;
    s->exited = true;
    return true;
}

/* ---- documents ---- */

static const char *param_uri(json_t *params)
{
    return json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
}

static void limit_message(lsp_server_t *s, const char *uri, const char *why)
{
    adj_buf_t b = {0};
    adj_buf_printf(&b, "adjutant: %s is not checked: %s", uri, why);
    lsp_notify(s, "window/showMessage", json_pack("{s:i,s:s}", "type", 2, "message", b.data));
    adj_buf_free(&b);
}

static bool m_did_open(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    json_t *td = json_object_get(params, "textDocument");
    const char *uri = json_string_value(json_object_get(td, "uri"));
    json_t *text = json_object_get(td, "text");
    if (!uri || !json_is_string(text))
        return false;
    lsp_doc_t *old = lsp_doc_find(s, uri);
    if (old)
        lsp_doc_close(s, uri);
    size_t n = json_string_length(text);
    if (s->doc_count >= LSP_MAX_DOCS || n > LSP_MAX_TEXT - s->text_bytes) {
        limit_message(s, uri, s->doc_count >= LSP_MAX_DOCS
                                  ? "64 documents are open already"
                                  : "the open documents hold 256 MiB of text already");
        return true;
    }
    lsp_doc_t *d = adj_xcalloc(1, sizeof *d);
    d->uri = adj_xstrdup(uri);
    d->path = lsp_uri_path(uri);
    adj_buf_put(&d->text, json_string_value(text), n);
    d->version = json_integer_value(json_object_get(td, "version"));
    d->next = s->docs;
    s->docs = d;
    s->doc_count++;
    s->text_bytes += n;
    lsp_doc_touched(s, d, true);
    return true;
}

/* One change: the range's bytes replaced by `text`, or the whole text. */
static bool apply_change(lsp_server_t *s, lsp_doc_t *d, json_t *ch)
{
    json_t *text = json_object_get(ch, "text"), *range = json_object_get(ch, "range");
    if (!json_is_string(text))
        return false;
    size_t n = json_string_length(text), from = 0, to = d->text.len;
    if (range) {
        json_t *a = json_object_get(range, "start"), *b = json_object_get(range, "end");
        json_t *al = json_object_get(a, "line"), *ac = json_object_get(a, "character");
        json_t *bl = json_object_get(b, "line"), *bc = json_object_get(b, "character");
        if (!json_is_integer(al) || !json_is_integer(ac) || !json_is_integer(bl) ||
            !json_is_integer(bc) || json_integer_value(al) < 0 || json_integer_value(ac) < 0 ||
            json_integer_value(bl) < 0 || json_integer_value(bc) < 0)
            return false;
        const char *t = d->text.data ? d->text.data : "";
        lsp_lines_t l;
        lsp_lines_editor(&l, t, d->text.len);
        from = lsp_offset(&l, t, d->text.len, (size_t)json_integer_value(al),
                          (size_t)json_integer_value(ac), s->enc);
        to = lsp_offset(&l, t, d->text.len, (size_t)json_integer_value(bl),
                        (size_t)json_integer_value(bc), s->enc);
        lsp_lines_free(&l);
        if (to < from)
            to = from;
    }
    size_t len = d->text.len - (to - from) + n;
    if (len > d->text.len && len - d->text.len > LSP_MAX_TEXT - s->text_bytes)
        return true;  /* past the limit: the caller closes it */
    adj_buf_t b = {0};
    adj_buf_put(&b, d->text.data ? d->text.data : "", from);
    adj_buf_put(&b, json_string_value(text), n);
    adj_buf_put(&b, d->text.data ? d->text.data + to : "", d->text.len - to);
    s->text_bytes = s->text_bytes - d->text.len + b.len;
    adj_buf_free(&d->text);
    d->text = b;
    return true;
}

static bool m_did_change(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    const char *uri = param_uri(params);
    json_t *changes = json_object_get(params, "contentChanges"), *ch;
    if (!uri || !json_is_array(changes))
        return false;
    lsp_doc_t *d = lsp_doc_find(s, uri);
    if (!d)
        return true;  /* not open (or refused at didOpen): nothing to change */
    size_t i;
    json_array_foreach(changes, i, ch) {
        size_t before = s->text_bytes;
        if (!apply_change(s, d, ch))
            return false;
        if (s->text_bytes == before && json_string_length(json_object_get(ch, "text")) >
                                           LSP_MAX_TEXT - s->text_bytes) {
            limit_message(s, uri, "the open documents would hold more than 256 MiB of text");
            lsp_doc_close(s, uri);
            return true;
        }
    }
    json_t *v = json_object_get(json_object_get(params, "textDocument"), "version");
    if (json_is_integer(v))
        d->version = json_integer_value(v);
    lsp_doc_touched(s, d, false);
    return true;
}

static bool m_did_close(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    const char *uri = param_uri(params);
    if (!uri)
        return false;
    if (lsp_doc_find(s, uri))
        lsp_doc_close(s, uri);
    return true;
}

/* A file on disk changed: a YAML file may be a ladder file some log uses. */
static bool m_watched(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    json_t *changes = json_object_get(params, "changes"), *c;
    if (!json_is_array(changes))
        return false;
    size_t i;
    bool yaml = false;
    json_array_foreach(changes, i, c) {
        const char *u = json_string_value(json_object_get(c, "uri"));
        size_t n = u ? strlen(u) : 0;
        yaml = yaml || (n > 5 && strcmp(u + n - 5, ".yaml") == 0) ||
               (n > 4 && strcmp(u + n - 4, ".yml") == 0);
    }
    if (yaml)
        lsp_ladders_changed(s);
    return true;
}

static bool m_ignore(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)s, (void)id, (void)params;
    return true;
}

/* ---- requests on a document ---- */

/* The document and byte offset of params' textDocument and position;
 * false when they are malformed (*d NULL when it is not open). */
static bool doc_position(lsp_server_t *s, json_t *params, lsp_doc_t **d, size_t *off)
{
    const char *uri = param_uri(params);
    json_t *pos = json_object_get(params, "position");
    json_t *l = json_object_get(pos, "line"), *c = json_object_get(pos, "character");
    if (!uri || !json_is_integer(l) || !json_is_integer(c) || json_integer_value(l) < 0 ||
        json_integer_value(c) < 0)
        return false;
    *d = lsp_doc_find(s, uri);
    if (!*d)
        return true;
    lsp_flush_doc(s, *d);
    const char *t = (*d)->text.data ? (*d)->text.data : "";
    lsp_lines_t lines;
    lsp_lines_editor(&lines, t, (*d)->text.len);
    *off = lsp_offset(&lines, t, (*d)->text.len, (size_t)json_integer_value(l),
                      (size_t)json_integer_value(c), s->enc);
    lsp_lines_free(&lines);
    return true;
}

typedef json_t *(*at_fn)(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off);

static bool at_position(lsp_server_t *s, json_t *id, json_t *params, at_fn fn)
{
    lsp_doc_t *d = NULL;
    size_t off = 0;
    if (!doc_position(s, params, &d, &off))
        return false;
    lsp_reply(s, id, d && d->kind == LSP_LOG ? fn(d, &s->config, s->enc, off) : json_null());
    return true;
}

static bool m_hover(lsp_server_t *s, json_t *id, json_t *p) { return at_position(s, id, p, lsp_hover); }
static bool m_definition(lsp_server_t *s, json_t *id, json_t *p)
{
    return at_position(s, id, p, lsp_definition);
}
static bool m_completion(lsp_server_t *s, json_t *id, json_t *p)
{
    return at_position(s, id, p, lsp_completion);
}

static bool m_symbols(lsp_server_t *s, json_t *id, json_t *params)
{
    const char *uri = param_uri(params);
    if (!uri)
        return false;
    lsp_doc_t *d = lsp_doc_find(s, uri);
    lsp_reply(s, id, d && d->kind == LSP_LOG ? lsp_symbols(d, &s->config, s->enc) : json_array());
    return true;
}

static bool m_code_action(lsp_server_t *s, json_t *id, json_t *params)
{
    const char *uri = param_uri(params);
    if (!uri || !json_is_object(json_object_get(params, "range")))
        return false;
    lsp_doc_t *d = lsp_doc_find(s, uri);
    if (d)
        lsp_flush_doc(s, d);
    json_t *diags = json_object_get(json_object_get(params, "context"), "diagnostics");
    lsp_reply(s, id,
              d && d->kind == LSP_LOG ? lsp_code_actions(d, &s->config, s->enc, diags) : json_array());
    return true;
}

/* ---- the table ---- */

static const struct {
    const char *name;
    method_fn fn;
    bool request;     /* a request: it has an id and is answered */
} methods[] = {
    {"initialize", m_initialize, true},
    {"initialized", m_initialized, false},
    {"shutdown", m_shutdown, true},
    {"exit", m_exit, false},
    {"textDocument/didOpen", m_did_open, false},
    {"textDocument/didChange", m_did_change, false},
    {"textDocument/didClose", m_did_close, false},
    {"textDocument/didSave", m_ignore, false},
    {"workspace/didChangeWatchedFiles", m_watched, false},
    {"textDocument/hover", m_hover, true},
    {"textDocument/definition", m_definition, true},
    {"textDocument/completion", m_completion, true},
    {"textDocument/documentSymbol", m_symbols, true},
    {"textDocument/codeAction", m_code_action, true},
};

/* What may be done now: an error code (with its message), or 0. */
static int refused(const lsp_server_t *s, const char *method, const char **why)
{
    if (!s->initialized && strcmp(method, "initialize") != 0 && strcmp(method, "exit") != 0) {
        *why = "the server is not initialized: initialize first";
        return -32002;
    }
    if (s->shutdown && strcmp(method, "exit") != 0) {
        *why = "the server is shut down: only exit is accepted";
        return -32600;
    }
    return 0;
}

static void dispatch_method(lsp_server_t *s, const char *method, json_t *id, json_t *params)
{
    const char *why = NULL;
    int code = refused(s, method, &why);
    if (code) {
        if (id)
            lsp_error(s, id, code, why);
        return;
    }
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        if (strcmp(methods[i].name, method) != 0)
            continue;
        if (methods[i].request != (id != NULL)) {
            if (id)
                lsp_error(s, id, -32600, "this method is a notification, not a request");
            return;
        }
        if (!methods[i].fn(s, id, params)) {
            if (id)
                lsp_error(s, id, -32602, "invalid params");
            else
                lsp_log(s, "a notification with invalid params was ignored");
        }
        return;
    }
    if (id)
        lsp_error(s, id, -32601, "method not found");
}

void lsp_dispatch(lsp_server_t *s, json_t *msg)
{
    json_t *id = json_object_get(msg, "id");
    json_t *method = json_object_get(msg, "method");
    if (id && !json_is_string(id) && !json_is_integer(id) && !json_is_null(id))
        id = NULL;  /* an id that cannot be an id: answered with null */
    if (!json_is_object(msg)) {
        lsp_error(s, NULL, -32600, "a message must be a JSON object");
    } else if (!method && id && (json_object_get(msg, "result") || json_object_get(msg, "error"))) {
        return;  /* the client's answer to our registration */
    } else if (!json_is_string(method)) {
        lsp_error(s, id, -32600, "a message must have a method");
    } else {
        dispatch_method(s, json_string_value(method), id && !json_is_null(id) ? id : NULL,
                        json_object_get(msg, "params"));
    }
}

static const char *find(const char *h, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(h + i, needle, k) == 0)
            return h + i;
    return NULL;
}

void lsp_skipped(lsp_server_t *s, const char *start, size_t n)
{
    /* the skipped body's start, read only for a didChange's document URI */
    const char *m = find(start, n, "\"textDocument/didChange\"");
    const char *u = find(start, n, "\"uri\"");
    if (!m || !u)
        return;
    const char *q = memchr(u + 5, '"', n - (size_t)(u + 5 - start));
    const char *e = q ? memchr(q + 1, '"', n - (size_t)(q + 1 - start)) : NULL;
    if (!e)
        return;
    char *uri = adj_xstrndup(q + 1, (size_t)(e - q - 1));
    if (lsp_doc_find(s, uri)) {
        limit_message(s, uri, "a change larger than 64 MiB was refused; open it again");
        lsp_doc_close(s, uri);
    }
    free(uri);
}
