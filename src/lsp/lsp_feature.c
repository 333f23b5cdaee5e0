/* SPDX-License-Identifier: MIT */
/*
 * lsp_feature.c - the requests on an open log beyond its diagnostics
 * (SPEC 14): go to definition of a leader id (his roster entry, in the log
 * or in the ladder file that lends the roster) and completion (leader ids
 * where the catalogue says an event names a leader, event kinds). Hover is
 * lsp_hover.c's, the quick fix lsp_fix.c's, the outline lsp_outline.c's.
 */
#include "lsp_server.h"

#include "adj_cli.h"
#include "adj_ladder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- go to definition ---- */

/* A kind whose subject (its key's value) is a roster id, from
 * ADJ_EVENT_CATALOGUE. */
static bool subject_is_id(adj_event_kind_t kind)
{
    switch (kind) {
#define LSP_K(e, k, words, subject, ...) \
    case ADJ_EV_##e:                      \
        return !strcmp(#subject, "ID");
        ADJ_EVENT_LIST(LSP_K)
#undef LSP_K
    default:
        return false;
    }
}

/* The roster index named at byte off in event e, -1 when none. */
static int32_t leader_at(const lsp_event_t *e, size_t off)
{
    if (subject_is_id(e->kind) && lsp_span_has(e->subject, off))
        return e->leader;
    if (lsp_span_has(e->by, off) || lsp_span_has(e->leader_at, off))
        return e->other;
    return -1;
}

/* Where a roster entry at mark m ends: the `{...}` around it when it is
 * written so, else its line's end. */
static size_t entry_end(const lsp_text_t *t, adj_mark_t m)
{
    size_t at = lsp_text_cli(t, m.line, m.column), end = lsp_text_cli_end(t, m.line);
    size_t b = at;
    while (b > lsp_text_cli_start(t, m.line) && (t->s[b - 1] == ' ' || t->s[b - 1] == '\t'))
        b--;
    if (b == lsp_text_cli_start(t, m.line) || t->s[b - 1] != '{')
        return end;
    lsp_mark0_t want = {m.line - 1, lsp_text_cli_column(t, b - 1) - 1};
    lsp_yaml_t y = {.want = &want, .want_count = 1};
    lsp_yaml_scan(&y, t->s, t->n);
    size_t e = y.has[0] ? lsp_text_cli(t, (size_t)y.found[0].el + 1, (size_t)y.found[0].ec + 1)
                        : end;
    lsp_yaml_free(&y);
    return e;
}

/* A URI for `path` in the form of the log's own (file://localhost/...
 * stays so): the editor then knows the file as it knows the log's. */
static char *uri_like(const lsp_doc_t *d, const char *path)
{
    char *plain = lsp_path_uri(path);  /* file:///... */
    const char *host = d->uri_len > 7 && !strncmp(d->uri, "file://", 7) ? d->uri + 7 : NULL;
    const char *slash = host ? strchr(host, '/') : NULL;
    if (!slash || slash == host)
        return plain;
    adj_buf_t b = {0};
    adj_buf_put(&b, d->uri, (size_t)(slash - d->uri));
    adj_buf_puts(&b, plain + 7);
    free(plain);
    return b.data;
}

/* A mark in the ladder file `path` as a Location: in the editor's text and
 * under the editor's URI when it is open there, else as on disk. */
static json_t *location_in_file(const lsp_doc_t *d, const lsp_request_t *q, const char *path,
                                adj_mark_t m)
{
    const lsp_doc_t *open = q->open_doc ? q->open_doc(q->open_ctx, path) : NULL;
    adj_buf_t b = {0};
    adj_slurp_status_t st;
    if (!open && !adj_slurp(path, LSP_MAX_MESSAGE, &b, &st)) {
        adj_buf_free(&b);
        return json_null();
    }
    lsp_text_t t;
    lsp_text_open(&t, open ? open->text.data : b.data, open ? open->text.len : b.len);
    char *uri = open ? NULL : uri_like(d, path);
    json_t *loc = json_pack("{s:s%,s:o}", "uri", open ? open->uri : uri,
                            open ? open->uri_len : strlen(uri), "range",
                            lsp_text_range(&t, lsp_text_cli(&t, m.line, m.column),
                                           entry_end(&t, m), q->enc));
    free(uri);
    lsp_text_close(&t);
    adj_buf_free(&b);
    return loc;
}

/* The log's `scenario` value as written at h->scenario_mark (one line, a
 * comment and quotes dropped). */
static void scenario_name(const lsp_scan_t *s, const adj_header_t *h, const char **p, size_t *n)
{
    size_t a = lsp_scan_offset(s, h->scenario_mark), e = lsp_text_cli_end(&s->t, h->scenario_mark.line);
    for (size_t i = a; i + 1 < e; i++)
        if (s->text[i] == ' ' && s->text[i + 1] == '#')
            e = i;
    while (e > a && s->text[e - 1] == ' ')
        e--;
    if (e - a >= 2 && (s->text[a] == '"' || s->text[a] == '\'') && s->text[e - 1] == s->text[a])
        a++, e--;
    *p = s->text + a;
    *n = e - a;
}

/* Leader `id`'s entry in the ladder's scenario that lends the log's roster. */
static bool ladder_mark(const lsp_scan_t *s, const adj_header_t *h, const char *id, adj_mark_t *m)
{
    const adj_ladder_doc_t *doc = adj_ladder_doc(s->audit.ladder);
    const char *name;
    size_t n;
    scenario_name(s, h, &name, &n);
    for (size_t i = 0; i < doc->scenario_count; i++) {
        const adj_scenario_t *sc = &doc->scenarios[i];
        if (sc->name.len != n || memcmp(sc->name.text, name, n) != 0)
            continue;
        for (size_t k = 0; k < sc->leader_count; k++)
            if (sc->leaders[k].id && strcmp(sc->leaders[k].id, id) == 0) {
                *m = sc->leaders[k].mark;
                return true;
            }
    }
    return false;
}

/* Leader i's entry: in the ladder file that lends the roster, or the
 * log's roster item that holds it. */
static json_t *definition_of(const lsp_scan_t *s, const lsp_doc_t *d, const adj_header_t *h,
                             int32_t i, const lsp_request_t *q)
{
    adj_mark_t m = h->leaders[i].mark;
    lsp_enc_t enc = q->enc;
    if (h->from_ladder)
        return s->audit.ladder && ladder_mark(s, h, h->leaders[i].id, &m)
                   ? location_in_file(d, q, adj_ladder_path(s->audit.ladder), m)
                   : json_null();
    size_t from = lsp_scan_offset(s, m), to = lsp_text_cli_end(&s->t, m.line);
    long k = lsp_scan_item_at(s, s->y.leaders, s->y.leader_count, from);
    if (k >= 0)
        to = lsp_scan_ext_end(s, s->y.leaders[k].ext);
    return json_pack("{s:s%,s:o}", "uri", d->uri, d->uri_len, "range",
                     lsp_scan_range(s, from, to, enc));
}

json_t *lsp_definition(const lsp_doc_t *d, const lsp_request_t *q, size_t off)
{
    lsp_scan_t s;
    lsp_scan_open(&s, d, true, off);
    long k = lsp_scan_item_at(&s, s.y.events, s.y.event_count, off), e = -1;
    const lsp_item_t *it = k >= 0 ? &s.y.events[k] : NULL;
    if (it) {  /* the replay up to the event: the roster, and where it names leaders */
        lsp_scan_replay(&s, d, q->config, (it->key.sl != UINT32_MAX ? it->key.sl : it->ext.sl) + 1);
        e = lsp_scan_event_of(&s, (size_t)k);
    }
    const adj_header_t *h = lsp_scan_header(&s);
    int32_t i = h && e >= 0 ? leader_at(&s.events[e], off) : -1;
    json_t *r = i >= 0 && (size_t)i < h->leader_count ? definition_of(&s, d, h, i, q)
                                                     : json_null();
    lsp_scan_free(&s);
    return r;
}

/* ---- completion ---- */

/* The key whose value the cursor is in, on the editor's line up to off
 * ("activate" in `  - {activate: jac`), or NULL; *item: the cursor is at
 * the start of an item of a sequence (`  - ` or `  - {`, a word begun). */
static const char *value_key(const char *s, size_t from, size_t off, size_t *klen, bool *item)
{
    size_t e = off;
    while (e > from && (strchr("_-.", s[e - 1]) || (s[e - 1] >= 'a' && s[e - 1] <= 'z') ||
                        (s[e - 1] >= 'A' && s[e - 1] <= 'Z') || (s[e - 1] >= '0' && s[e - 1] <= '9')))
        e--;
    size_t word = e;
    while (e > from && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        e--;
    size_t b = from;
    while (b < off && (s[b] == ' ' || s[b] == '\t'))
        b++;
    *item = b < off && s[b] == '-' && (e == b + 1 || (e == b + 2 && s[b + 1] == ' ') ||
                                       (s[e - 1] == '{' && e <= b + 4));
    if (*item && s[e - 1] == '{')
        *item = word >= e;
    if (e == from || s[e - 1] != ':')
        return NULL;
    size_t k = --e;
    while (k > from && s[k - 1] >= 'a' && s[k - 1] <= 'z')
        k--;
    if (k > from && !strchr(" \t{,", s[k - 1]))
        return NULL;
    *klen = e - k;
    return s + k;
}

static bool same_word(const char *key, size_t n, const char *word)
{
    return strlen(word) == n && !memcmp(key, word, n);
}

/* Whether `key` names a leader in an event of kind `kind`, read from
 * ADJ_EVENT_CATALOGUE (the table --list-catalogue prints): the kind key of
 * a kind whose subject is ID, or one of the kind's fields of type ID. */
static bool names_leader(adj_event_kind_t kind, const char *key, size_t n)
{
    static const char *const fields[ADJ_FIELD_COUNT] = {
#define LSP_X(e, k, label, def) #k,
        ADJ_FIELD_LIST(LSP_X)
#undef LSP_X
    };
    (void)fields;
#define LSP_F(f, type, req) || (!strcmp(#type, "ID") && same_word(key, n, fields[ADJ_F_##f]))
#define LSP_K(e, k, words, subject, f1, f2, f3, f4)                                   \
    if (kind == ADJ_EV_##e)                                                            \
        return (!strcmp(#subject, "ID") && same_word(key, n, #k)) f1 f2 f3 f4;
    ADJ_EVENT_CATALOGUE(LSP_K, LSP_F, )
#undef LSP_K
#undef LSP_F
    return false;
}

static bool is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The kind of a key written at t[k..) (a word), ADJ_EVENT_COUNT if none. */
static adj_event_kind_t kind_at(const char *t, size_t k, size_t end)
{
    size_t e = k;
    while (e < end && is_word(t[e]))
        e++;
    for (int i = 0; i < ADJ_EVENT_COUNT; i++)
        if (same_word(t + k, e - k, adj_event_name((adj_event_kind_t)i)))
            return (adj_event_kind_t)i;
    return ADJ_EVENT_COUNT;
}

/* The kind of the item the cursor is in, by its first key as written:
 * after the last `{` still open on the cursor's line, else on the nearest
 * line above that starts an item (`- key:`), within a few lines and below
 * any key at the left margin. ADJ_EVENT_COUNT when none. */
static adj_event_kind_t item_kind(const char *t, size_t from, size_t off)
{
    size_t opens[ADJ_MAX_DEPTH], depth = 0;
    char quote = 0;
    for (size_t i = from; i < off; i++) {  /* flow: the innermost `{` open */
        if (quote)
            quote = t[i] == quote ? 0 : quote;
        else if (t[i] == '"' || t[i] == '\'')
            quote = t[i];
        else if (t[i] == '{' && depth < ADJ_MAX_DEPTH)
            opens[depth++] = i;
        else if (t[i] == '}' && depth)
            depth--;
    }
    size_t open = depth ? opens[depth - 1] : SIZE_MAX;
    if (open != SIZE_MAX) {
        size_t k = open + 1;
        while (k < off && (t[k] == ' ' || t[k] == '\t'))
            k++;
        return kind_at(t, k, off);
    }
    for (int lines = 0; lines < 32; lines++) {  /* block: the item's `- key` above */
        size_t k = from;
        while (t[k] == ' ' || t[k] == '\t')
            k++;
        if (t[k] == '-' && (t[k + 1] == ' ' || t[k + 1] == '{')) {
            for (k++; t[k] == ' ' || t[k] == '{'; k++)
                ;
            return kind_at(t, k, off);
        }
        if (k == from && is_word(t[k]) && lines)
            break;  /* a key at the margin: no item holds the cursor */
        if (from == 0)
            break;
        from--;  /* the line above */
        if (from && t[from] == '\n' && t[from - 1] == '\r')
            from--;
        while (from > 0 && t[from - 1] != '\n' && t[from - 1] != '\r')
            from--;
    }
    return ADJ_EVENT_COUNT;
}

static json_t *complete_leaders(const lsp_doc_t *d, const lsp_config_t *c, size_t line)
{
    lsp_scan_t s;
    lsp_scan(&s, d, c, line > 1 ? line - 1 : 0, false);  /* the state at that point */
    json_t *items = json_array();
    const adj_header_t *h = lsp_scan_header(&s);
    for (size_t i = 0; h && i < h->leader_count; i++) {
        const adj_leader_def_t *l = &h->leaders[i];
        const adj_leader_state_t *st = &s.audit.result.leaders[i];
        adj_buf_t detail = {0};
        adj_escape_text(&detail, h->sides[l->side], h->side_len[l->side]);
        adj_buf_printf(&detail, ", %s%s", adj_status_name(st->status),
                       st->inactive ? ", Inactive" : "");
        char order[24];  /* the roster's order, which a client sorts by */
        snprintf(order, sizeof order, "%06zu", i);
        json_array_append_new(items, json_pack("{s:s%,s:i,s:s,s:s}", "label", l->id, l->id_len,
                                               "kind", 6, "detail", detail.data, "sortText",
                                               order));
        adj_buf_free(&detail);
    }
    lsp_scan_free(&s);
    return items;
}

/* A line `events:` (the log's key, at the left margin) before byte `from`. */
static bool in_events(const char *t, size_t from)
{
    for (size_t i = 0; i + 7 <= from; i++)
        if ((i == 0 || t[i - 1] == '\n' || t[i - 1] == '\r') && !memcmp(t + i, "events:", 7))
            return true;
    return false;
}

json_t *lsp_completion(const lsp_doc_t *d, const lsp_request_t *q, size_t off)
{
    const char *t = d->text.data ? d->text.data : "";
    size_t from = off;
    while (from > 0 && t[from - 1] != '\n' && t[from - 1] != '\r')
        from--;
    size_t line = 1;
    for (size_t i = 0; i < from; i++)
        line += t[i] == '\n' || (t[i] == '\r' && (i + 1 >= d->text.len || t[i + 1] != '\n'));
    size_t klen = 0;
    bool item = false;
    const char *key = value_key(t, from, off, &klen, &item);
    bool events = in_events(t, from);
    if (key && events) {
        adj_event_kind_t kind = item_kind(t, from, off);
        if (kind != ADJ_EVENT_COUNT && names_leader(kind, key, klen))
            return complete_leaders(d, q->config, line);
        return json_array();
    }
    json_t *items = json_array();
    for (int k = 0; item && events && k < ADJ_EVENT_COUNT; k++) {
        char order[24];  /* the catalogue's order */
        snprintf(order, sizeof order, "%06d", k);
        json_array_append_new(items, json_pack("{s:s,s:i,s:s,s:s}", "label",
                                               adj_event_name((adj_event_kind_t)k), "kind", 14,
                                               "detail", "event kind", "sortText", order));
    }
    return items;
}
