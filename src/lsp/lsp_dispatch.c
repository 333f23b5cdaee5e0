/* SPDX-License-Identifier: MIT */
/*
 * lsp_dispatch.c - the language server's methods, in one table with the
 * capability that promises each: the life cycle, the documents'
 * notifications and the requests on a document. `initialize` advertises
 * the table's capabilities, so a method and its promise are one row. What
 * no row names is -32601 for a request and ignored for a notification;
 * bad params are -32602 for a request and a line on standard error for a
 * notification (SPEC 14).
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

static json_t *capabilities(const lsp_server_t *s);

/* What the client takes in a hover: the first of its contentFormat the
 * server writes; plain text when it names none (Markdown is its opt-in). */
static bool takes_markdown(json_t *caps)
{
    json_t *fmts = json_object_get(
        json_object_get(json_object_get(caps, "textDocument"), "hover"), "contentFormat"), *f;
    size_t i;
    json_array_foreach(fmts, i, f) {
        const char *v = json_string_value(f);
        if (v && (!strcmp(v, "markdown") || !strcmp(v, "plaintext")))
            return !strcmp(v, "markdown");
    }
    return false;
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
    s->hover_markdown = takes_markdown(caps);
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

/* params.textDocument.uri, its length in *len; NULL when not a string. */
static const char *param_uri(json_t *params, size_t *len)
{
    json_t *u = json_object_get(json_object_get(params, "textDocument"), "uri");
    *len = json_string_length(u);
    return json_string_value(u);
}

static void limit_message(lsp_server_t *s, const char *uri, size_t len, const char *why)
{
    adj_buf_t b = {0};
    adj_buf_puts(&b, "adjutant: ");
    adj_buf_put(&b, uri, len);
    adj_buf_printf(&b, " is not checked: %s", why);
    lsp_notify(s, "window/showMessage",
               json_pack("{s:i,s:s%}", "type", 2, "message", b.data, b.len));
    adj_buf_free(&b);
}

/* Over the bound of bytes held: the document's one diagnostic says so; the
 * editor's message once, until there is room again. */
static void over_bound(lsp_server_t *s, const char *uri, size_t len)
{
    lsp_doc_refused(s, uri, len,
                    "not checked: the open documents would hold more than 256 MiB; close some, "
                    "then close and open this one again");
    if (!s->over_told)
        limit_message(s, uri, len, "the open documents would hold more than 256 MiB");
    s->over_told = true;
}

static bool m_did_open(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    json_t *td = json_object_get(params, "textDocument");
    size_t len;
    const char *uri = param_uri(params, &len);
    json_t *text = json_object_get(td, "text");
    if (!uri || !json_is_string(text))
        return false;
    lsp_doc_forget(s, uri, len);  /* opened again: the new text replaces it */
    if (!lsp_doc_open(s, uri, len, json_string_value(text), json_string_length(text),
                      json_integer_value(json_object_get(td, "version"))))
        over_bound(s, uri, len);
    return true;
}

static bool m_did_change(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    size_t len;
    const char *uri = param_uri(params, &len);
    json_t *changes = json_object_get(params, "contentChanges");
    if (!uri || !json_is_array(changes))
        return false;
    lsp_doc_t *d = lsp_doc_find(s, uri, len);
    if (!d)
        return true;  /* not open (or refused at didOpen): nothing to change */
    size_t old = d->text.len;
    lsp_edit_result_t r = lsp_edit_apply(&d->text, changes, s->enc, lsp_doc_room(s, d));
    if (r == LSP_EDIT_BAD)
        return false;
    if (r == LSP_EDIT_TOO_BIG) {
        lsp_doc_forget(s, uri, len);
        over_bound(s, uri, len);
        return true;
    }
    lsp_doc_resized(s, d, old);
    json_t *v = json_object_get(json_object_get(params, "textDocument"), "version");
    if (json_is_integer(v))
        d->version = json_integer_value(v);
    lsp_doc_touched(s, d, false);
    return true;
}

static bool m_did_close(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    size_t len;
    const char *uri = param_uri(params, &len);
    if (!uri)
        return false;
    lsp_doc_close(s, uri, len);  /* a refused one's diagnostic goes too */
    return true;
}

/* A file was saved: a ladder file on disk may have changed with it, or
 * appeared (a client that watches no files, as Neovim 0.7, says nothing
 * else): every open log is checked again. */
static bool m_did_save(lsp_server_t *s, json_t *id, json_t *params)
{
    (void)id;
    size_t len;
    if (!param_uri(params, &len))
        return false;
    lsp_ladders_changed(s);
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
        size_t n = json_string_length(json_object_get(c, "uri"));
        yaml = yaml || (u && n > 5 && memcmp(u + n - 5, ".yaml", 5) == 0) ||
               (u && n > 4 && memcmp(u + n - 4, ".yml", 4) == 0);
    }
    if (yaml)
        lsp_ladders_changed(s);
    return true;
}

/* ---- requests on a document ---- */

/* The document and byte offset of params' textDocument and position;
 * false when they are malformed (*d NULL when it is not open). */
static bool doc_position(lsp_server_t *s, json_t *params, lsp_doc_t **d, size_t *off)
{
    size_t len;
    const char *uri = param_uri(params, &len);
    json_t *pos = json_object_get(params, "position");
    json_t *l = json_object_get(pos, "line"), *c = json_object_get(pos, "character");
    if (!uri || !json_is_integer(l) || !json_is_integer(c) || json_integer_value(l) < 0 ||
        json_integer_value(c) < 0)
        return false;
    *d = lsp_doc_find(s, uri, len);
    if (!*d)
        return true;
    lsp_flush_doc(s, *d);
    lsp_text_t t;
    lsp_text_open(&t, (*d)->text.data, (*d)->text.len);
    *off = lsp_text_offset(&t, (size_t)json_integer_value(l), (size_t)json_integer_value(c),
                           s->enc);
    lsp_text_close(&t);
    return true;
}

/* The open document whose file name is `path` (a ladder file the editor holds). */
static const lsp_doc_t *open_doc(void *ctx, const char *path)
{
    lsp_server_t *s = ctx;
    for (lsp_doc_t *d = s->ladder_docs ? s->docs : NULL; d; d = d->next)
        if (d->kind == LSP_LADDER && strcmp(d->path, path) == 0)
            return d;
    return NULL;
}

static lsp_request_t request_of(lsp_server_t *s)
{
    return (lsp_request_t){&s->config, s->enc, s->hover_markdown, open_doc, s};
}

typedef json_t *(*at_fn)(const lsp_doc_t *d, const lsp_request_t *q, size_t off);

static bool at_position(lsp_server_t *s, json_t *id, json_t *params, at_fn fn)
{
    lsp_doc_t *d = NULL;
    size_t off = 0;
    if (!doc_position(s, params, &d, &off))
        return false;
    lsp_request_t q = request_of(s);
    lsp_reply(s, id, d && d->kind == LSP_LOG ? fn(d, &q, off) : json_null());
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
    size_t len;
    const char *uri = param_uri(params, &len);
    if (!uri)
        return false;
    lsp_doc_t *d = lsp_doc_find(s, uri, len);
    if (d)
        lsp_flush_doc(s, d);
    lsp_request_t q = request_of(s);
    adj_buf_t out = {0};
    if (d && d->kind == LSP_LOG)
        lsp_symbols(d, &q, &out);
    else
        adj_buf_puts(&out, "[]");
    lsp_reply_text(s, id, out.data, out.len);
    adj_buf_free(&out);
    return true;
}

static bool m_code_action(lsp_server_t *s, json_t *id, json_t *params)
{
    size_t len;
    const char *uri = param_uri(params, &len);
    if (!uri || !json_is_object(json_object_get(params, "range")))
        return false;
    lsp_doc_t *d = lsp_doc_find(s, uri, len);
    if (d)
        lsp_flush_doc(s, d);
    lsp_request_t q = request_of(s);
    lsp_reply(s, id, d && d->kind == LSP_LOG ? lsp_code_actions(d, &q) : json_array());
    return true;
}

/* ---- the table ---- */

/* One method: its name, its handler, whether it is a request (it has an
 * id and is answered), and the member of ServerCapabilities that promises
 * it to the client (a dotted path) with that member's JSON value. NULL:
 * the life cycle, which needs no promise, or a method the server registers
 * with the client while it runs (client/registerCapability). */
typedef struct method_s {
    const char *name;
    method_fn fn;
    bool request;
    const char *capability;
    const char *value;
} method_t;

static const method_t methods[] = {
    {"initialize", m_initialize, true, NULL, NULL},
    {"initialized", m_initialized, false, NULL, NULL},
    {"shutdown", m_shutdown, true, NULL, NULL},
    {"exit", m_exit, false, NULL, NULL},
    {"textDocument/didOpen", m_did_open, false, "textDocumentSync.openClose", "true"},
    {"textDocument/didChange", m_did_change, false, "textDocumentSync.change", "2"},
    {"textDocument/didClose", m_did_close, false, "textDocumentSync.openClose", "true"},
    {"textDocument/didSave", m_did_save, false, "textDocumentSync.save",
     "{\"includeText\": false}"},
    {"workspace/didChangeWatchedFiles", m_watched, false, NULL, NULL},  /* m_initialized */
    {"textDocument/hover", m_hover, true, "hoverProvider", "true"},
    {"textDocument/definition", m_definition, true, "definitionProvider", "true"},
    {"textDocument/completion", m_completion, true, "completionProvider",
     "{\"triggerCharacters\": [\":\", \" \", \"-\"]}"},
    {"textDocument/documentSymbol", m_symbols, true, "documentSymbolProvider", "true"},
    {"textDocument/codeAction", m_code_action, true, "codeActionProvider",
     "{\"codeActionKinds\": [\"quickfix\"]}"},
};

/* The capabilities initialize answers: each row's, and the encoding. */
static json_t *capabilities(const lsp_server_t *s)
{
    json_t *caps = json_pack("{s:s}", "positionEncoding", s->enc == LSP_UTF8 ? "utf-8" : "utf-16");
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        const char *path = methods[i].capability;
        if (!path)
            continue;
        json_t *at = caps;
        for (const char *dot; (dot = strchr(path, '.')) != NULL; path = dot + 1) {
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)(dot - path), path);
            if (!json_is_object(json_object_get(at, key)))
                json_object_set_new(at, key, json_object());
            at = json_object_get(at, key);
        }
        json_t *v = json_loads(methods[i].value, JSON_DECODE_ANY, NULL);
        if (!v) {  /* the table's own mistake: every test that initializes sees it */
            lsp_log((lsp_server_t *)s, "%s: its capability's value is not JSON", methods[i].name);
            abort();
        }
        json_object_set_new(at, path, v);
    }
    return caps;
}

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
                lsp_log(s, "%s: a notification with invalid params was ignored", method);
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
    if (!json_is_object(msg)) {
        lsp_error(s, NULL, -32600, "a message must be a JSON object");
    } else if (!method && id && (json_object_get(msg, "result") || json_object_get(msg, "error"))) {
        return;  /* the client's answer to our registration */
    } else if (id && !json_is_string(id) && !json_is_integer(id)) {
        /* JSON-RPC 2.0: a request's id is a string or an integer (null and
         * fractions are allowed there but mean nothing to answer to) */
        lsp_error(s, NULL, -32600, "a request's id must be a string or an integer");
    } else if (!json_is_string(method)) {
        lsp_error(s, id, -32600, "a message must have a method");
    } else {
        dispatch_method(s, json_string_value(method), id, json_object_get(msg, "params"));
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

/* The JSON string that starts at q (its opening quote) in [q, end): decoded
 * by jansson (escapes, \u0000), NULL when it does not end there. */
static json_t *string_at(const char *q, const char *end)
{
    for (const char *p = q + 1; p < end; p++) {
        if (*p == '\\') {
            p++;
        } else if (*p == '"') {
            json_t *v = json_loadb(q, (size_t)(p + 1 - q), JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
            if (json_is_string(v))
                return v;
            json_decref(v);
            return NULL;
        }
    }
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
    json_t *uri = q ? string_at(q, start + n) : NULL;
    if (!uri)
        return;
    const char *v = json_string_value(uri);
    size_t len = json_string_length(uri);
    if (lsp_doc_find(s, v, len)) {
        limit_message(s, v, len, "a change larger than 64 MiB was refused; open it again");
        lsp_doc_close(s, v, len);
    }
    json_decref(uri);
}
