/* SPDX-License-Identifier: MIT */
/*
 * lsp_feature.c - the requests on an open log beyond its diagnostics
 * (SPEC 14): hover (the state after an event, as `--at line:L` gives it),
 * go to definition of a leader id (his roster entry, in the log or in the
 * ladder file that lends the roster) and completion (leader ids, event
 * kinds). The quick fix is lsp_fix.c's, the outline lsp_outline.c's.
 */
#include "lsp_server.h"

#include "adj_cli.h"
#include "adj_ladder.h"
#include "adj_models.h"

#include <stdlib.h>
#include <string.h>

/* ---- hover ---- */

/* Text for Markdown: its punctuation escaped, control bytes shown escaped. */
static void md_text(adj_buf_t *out, const char *s, size_t n)
{
    adj_buf_t esc = {0};
    adj_escape_text(&esc, s, n);
    for (size_t i = 0; i < esc.len; i++) {
        if (strchr("\\`*_[]<>|~", esc.data[i]))
            adj_buf_putc(out, '\\');
        adj_buf_putc(out, esc.data[i]);
    }
    adj_buf_free(&esc);
}

static void md_leader(adj_buf_t *out, const adj_replay_t *r, int32_t i)
{
    const adj_header_t *h = r->header;
    const adj_leader_def_t *d = &h->leaders[i];
    const adj_leader_state_t *st = &r->leaders[i];
    adj_buf_puts(out, "**");
    md_text(out, d->id, d->id_len);
    adj_buf_puts(out, "** (");
    md_text(out, h->sides[d->side], h->side_len[d->side]);
    adj_buf_printf(out, "): %s", adj_status_name(st->status));
    if (st->level)
        adj_buf_printf(out, ", level %lld", (long long)st->level);
    adj_buf_printf(out, ", counter %s", st->inactive ? "Inactive" : "Active");
    if (st->replaced_by >= 0) {
        adj_buf_puts(out, ", replaced by **");
        md_text(out, h->leaders[st->replaced_by].id, h->leaders[st->replaced_by].id_len);
        adj_buf_puts(out, "**");
    }
}

static void md_pending(adj_buf_t *out, const adj_replay_t *r)
{
    size_t n = 0;
    adj_obligation_t *p = adj_pending_sorted(r, &n);
    adj_buf_puts(out, n ? "\n\nPending:" : "\n\nNothing is pending.");
    for (size_t i = 0; i < n; i++) {
        adj_buf_t due = {0};
        adj_pending_due(&due, r->header, &p[i]);
        adj_buf_puts(out, "\n- ");
        md_text(out, due.data ? due.data : "", due.len);
        adj_buf_free(&due);
    }
    free(p);
}

static json_t *hover_of(adj_buf_t *md, json_t *range)
{
    json_t *h = json_pack("{s:{s:s,s:s%}}", "contents", "kind", "markdown", "value",
                          md->data ? md->data : "", md->len);
    if (range)
        json_object_set_new(h, "range", range);
    adj_buf_free(md);
    return h;
}

/* The roster entry of the log whose item holds CLI line `line`: from its
 * mark to the next entry's, the last to the next line at the left margin. */
static long roster_at(const lsp_scan_t *s, const adj_header_t *h, size_t line)
{
    for (size_t i = 0; h && !h->from_ladder && i < h->leader_count; i++) {
        size_t from = h->leaders[i].mark.line, to = SIZE_MAX;
        if (i + 1 < h->leader_count)
            to = h->leaders[i + 1].mark.line;
        for (size_t l = from + 1; to == SIZE_MAX && l <= s->yaml.count; l++) {
            char c = s->text[s->yaml.start[l - 1]];
            if (c != ' ' && c != '\t' && c != '#' && c != '\n' && c != '\r')
                to = l;
        }
        if (line >= from && line < to)
            return (long)i;
    }
    return -1;
}

/* On a roster entry of the log: his final state and VP value. */
static json_t *hover_roster(const lsp_scan_t *s, size_t line, lsp_enc_t enc)
{
    const adj_header_t *h = lsp_scan_header(s);
    long i = roster_at(s, h, line);
    if (i < 0)
        return NULL;
    adj_buf_t md = {0};
    md_leader(&md, &s->audit.result, (int32_t)i);
    adj_buf_printf(&md, "; worth %lld VP", (long long)h->leaders[i].vp);
    size_t from = lsp_scan_offset(s, h->leaders[i].mark);
    return hover_of(&md, lsp_scan_range(s, from, lsp_scan_line_end(s, h->leaders[i].mark.line), enc));
}

json_t *lsp_hover(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off)
{
    lsp_scan_t s;
    lsp_scan(&s, d, c, 0);
    size_t line = lsp_scan_line(&s, off);
    json_t *r = hover_roster(&s, line, enc);
    long k = r ? -1 : lsp_scan_event_at(&s, line);
    if (k >= 0) {
        lsp_event_t ev = s.events[k];
        size_t from = lsp_scan_offset(&s, ev.mark);
        lsp_scan_free(&s);
        lsp_scan(&s, d, c, ev.mark.line);  /* the moment after it: `--at line:L` */
        adj_buf_t md = {0};
        adj_buf_printf(&md, "After the `%s` on line %zu:", adj_event_name(ev.kind), ev.mark.line);
        int32_t who[2] = {ev.leader, ev.other};
        for (int i = 0; i < 2 && s.audit.replayed; i++)
            if (who[i] >= 0 && (size_t)who[i] < s.audit.result.header->leader_count &&
                (i == 0 || who[1] != who[0])) {
                adj_buf_puts(&md, "\n\n");
                md_leader(&md, &s.audit.result, who[i]);
            }
        if (s.audit.replayed)
            md_pending(&md, &s.audit.result);
        r = hover_of(&md, lsp_scan_range(&s, from, lsp_scan_line_end(&s, ev.mark.line), enc));
    }
    lsp_scan_free(&s);
    return r ? r : json_null();
}

/* ---- go to definition ---- */

/* The roster index named at byte off in an event, -1 when none. */
static int32_t leader_at(const lsp_scan_t *s, size_t off)
{
    long k = lsp_scan_event_at(s, lsp_scan_line(s, off));
    if (k < 0)
        return -1;
    const lsp_event_t *e = &s->events[k];
    bool has_id_subject = e->kind != ADJ_EV_TURN && e->kind != ADJ_EV_VP && e->kind != ADJ_EV_END;
    if (has_id_subject && lsp_span_has(e->subject, off))
        return e->leader;
    if (lsp_span_has(e->by, off) || lsp_span_has(e->leader_at, off))
        return e->other;
    return -1;
}

/* A mark in file `path` as a Location: its text read from disk. */
static json_t *location_in_file(const char *path, adj_mark_t m, lsp_enc_t enc)
{
    adj_buf_t b = {0};
    adj_slurp_status_t st;
    if (!adj_slurp(path, LSP_MAX_MESSAGE, &b, &st)) {
        adj_buf_free(&b);
        return json_null();
    }
    const char *t = b.data ? b.data : "";
    lsp_lines_t ed, y;
    lsp_lines_editor(&ed, t, b.len);
    lsp_lines_yaml(&y, t, b.len);
    size_t from = lsp_yaml_offset(&y, t, b.len, m.line, m.column);
    size_t to = m.line <= y.count ? lsp_line_end(&y, t, b.len, m.line - 1) : b.len;
    char *uri = lsp_path_uri(path);
    json_t *loc = json_pack("{s:s,s:o}", "uri", uri, "range",
                            lsp_json_range(&ed, t, b.len, from, to, enc));
    free(uri);
    lsp_lines_free(&ed);
    lsp_lines_free(&y);
    adj_buf_free(&b);
    return loc;
}

/* The log's `scenario` value as written at h->scenario_mark (one line, a
 * comment and quotes dropped). */
static void scenario_name(const lsp_scan_t *s, const adj_header_t *h, const char **p, size_t *n)
{
    size_t a = lsp_scan_offset(s, h->scenario_mark), e = lsp_scan_line_end(s, h->scenario_mark.line);
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

json_t *lsp_definition(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off)
{
    lsp_scan_t s;
    lsp_scan(&s, d, c, 0);
    const adj_header_t *h = lsp_scan_header(&s);
    int32_t i = h ? leader_at(&s, off) : -1;
    json_t *r = json_null();
    if (i >= 0 && (size_t)i < h->leader_count) {
        adj_mark_t m = h->leaders[i].mark;
        if (h->from_ladder && s.audit.ladder) {
            if (ladder_mark(&s, h, h->leaders[i].id, &m)) {
                json_decref(r);
                r = location_in_file(adj_ladder_path(s.audit.ladder), m, enc);
            }
        } else {
            size_t from = lsp_scan_offset(&s, m);
            json_decref(r);
            r = json_pack("{s:s,s:o}", "uri", d->uri, "range",
                          lsp_scan_range(&s, from, lsp_scan_line_end(&s, m.line), enc));
        }
    }
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

/* A key whose value is a roster id, read from ADJ_EVENT_CATALOGUE (the
 * table --list-catalogue prints): a kind whose subject is ID, or a field
 * of type ID in any kind. */
static bool names_leader(const char *key, size_t n)
{
    static const char *const fields[ADJ_FIELD_COUNT] = {
#define LSP_X(e, k, label, def) #k,
        ADJ_FIELD_LIST(LSP_X)
#undef LSP_X
    };
#define LSP_F(f, type, req) || (!strcmp(#type, "ID") && same_word(key, n, fields[ADJ_F_##f]))
#define LSP_K(e, k, words, subject, f1, f2, f3, f4) \
    if ((!strcmp(#subject, "ID") && same_word(key, n, #k)) f1 f2 f3 f4) \
        return true;
    ADJ_EVENT_CATALOGUE(LSP_K, LSP_F, )
#undef LSP_K
#undef LSP_F
    return false;
}

static json_t *complete_leaders(const lsp_doc_t *d, const lsp_config_t *c, size_t line)
{
    lsp_scan_t s;
    lsp_scan(&s, d, c, line > 1 ? line - 1 : 0);  /* the state at that point */
    json_t *items = json_array();
    const adj_header_t *h = lsp_scan_header(&s);
    for (size_t i = 0; h && i < h->leader_count; i++) {
        const adj_leader_def_t *l = &h->leaders[i];
        const adj_leader_state_t *st = &s.audit.result.leaders[i];
        adj_buf_t detail = {0};
        adj_escape_text(&detail, h->sides[l->side], h->side_len[l->side]);
        adj_buf_printf(&detail, ", %s%s", adj_status_name(st->status),
                       st->inactive ? ", Inactive" : "");
        json_array_append_new(items, json_pack("{s:s%,s:i,s:s}", "label", l->id, l->id_len,
                                               "kind", 6, "detail", detail.data));
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

json_t *lsp_completion(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off)
{
    (void)enc;
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
    if (key && names_leader(key, klen))
        return complete_leaders(d, c, line);
    json_t *items = json_array();
    item = item && in_events(t, from);
    for (int k = 0; item && k < ADJ_EVENT_COUNT; k++)
        json_array_append_new(items, json_pack("{s:s,s:i,s:s}", "label",
                                               adj_event_name((adj_event_kind_t)k), "kind", 14,
                                               "detail", "event kind"));
    return items;
}
