/*
 * fix.c - `adjutant fix` (SPEC 12): the log with every claim the replay
 * settles by arithmetic set to what the replay gives, each at its own
 * bytes, every other byte kept.
 *
 * The log is read once into memory. One replay collects the corrections:
 * after each entry is fed, the diagnostics it drew say which of its values
 * are wrong, the replay says what they should be, and the entry's spans say
 * where they stand. The corrections are then made in that same buffer
 * (grown to the corrected size), and the corrected log is audited for the
 * findings left to a person and the exit status. Memory: the larger of
 * the two logs, plus the audit's.
 */
#include "adj_cli.h"
#include "adj_fix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The log's encoding: each ASCII character written as 1 or 2 bytes. */
typedef enum fix_enc_e { FIX_UTF8, FIX_UTF16LE, FIX_UTF16BE } fix_enc_t;

/* One correction, with what standard error says of it. */
typedef struct fix_item_s {
    adj_edit_t edit;        /* text owned; offset/length as the entry gave them */
    adj_mark_t event;       /* the event's first key, for a refusal */
    char *field;            /* owned: "mp", "end", a side's name */
    adj_code_t code;
} fix_item_t;

typedef struct fix_s {
    const char *name;       /* borrowed: the file as given */
    adj_buf_t *log;         /* borrowed: the bytes read */
    fix_enc_t enc;
    fix_item_t *items;      /* owned array, in file order */
    size_t count, cap;
    const adj_header_t *header;  /* borrowed from the reader, during the replay */
} fix_t;

static fix_enc_t fix_encoding(const adj_buf_t *b)
{
    const unsigned char *p = (const unsigned char *)b->data;
    if (b->len >= 2 && p[0] == 0xFF && p[1] == 0xFE)
        return FIX_UTF16LE;
    if (b->len >= 2 && p[0] == 0xFE && p[1] == 0xFF)
        return FIX_UTF16BE;
    return FIX_UTF8;
}

static unsigned enc_width(fix_enc_t enc) { return enc == FIX_UTF8 ? 1 : 2; }

/* ------------------------------------------------------------------ */
/* The corrections                                                     */
/* ------------------------------------------------------------------ */

static void item_add(fix_t *f, const adj_entry_t *en, adj_span_t at, const char *field,
                     adj_code_t code, const char *text)
{
    if (f->count == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 16;
        f->items = adj_xreallocarray(f->items, f->cap, sizeof *f->items);
    }
    f->items[f->count++] = (fix_item_t){{at.offset, at.length, adj_xstrdup(text), strlen(text)},
                                        en->mark, adj_xstrdup(field), code};
}

static void item_add_int(fix_t *f, const adj_entry_t *en, adj_span_t at, const char *field,
                         adj_code_t code, int64_t v)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)v);
    item_add(f, en, at, field, code, text);
}

/* True when diagnostics [from, end) hold `code`. */
static bool drew(const adj_diags_t *d, size_t from, adj_code_t code)
{
    for (size_t i = from; i < d->count; i++)
        if (d->items[i].code == code)
            return true;
    return false;
}

static void fix_activate(fix_t *f, const adj_entry_t *en)
{
    const adj_leader_def_t *d = &f->header->leaders[en->leader];
    int64_t m = adj_sat_add(en->roll, en->modifier);
    m = m < 1 ? 1 : m > 6 ? 6 : m;  /* the modified roll, as the engine clamps it */
    item_add_int(f, en, en->at[ADJ_F_MP], "mp", ADJ_D_IMC_MISMATCH,
                 f->header->imc_rows[d->imc_row][m - 1]);
}

/* The result the roll gave: an illness roll's is its face; a duration
 * roll's is the state it left him in. */
static void fix_result(fix_t *f, const adj_entry_t *en, const adj_leader_state_t *s)
{
    adj_result_t r = ADJ_RES_NONE;
    if (en->kind == ADJ_EV_ILLNESS)
        r = en->roll == 5 ? ADJ_RES_INACTIVE : en->roll == 6 ? ADJ_RES_ILL : ADJ_RES_NONE;
    else if (s->status == ADJ_ST_DEAD)
        r = ADJ_RES_DEAD;
    else if (s->status == ADJ_ST_INCAPACITATED)
        r = ADJ_RES_INCAPACITATED;
    else
        r = s->status == ADJ_ST_WOUNDED ? ADJ_RES_WOUNDED : ADJ_RES_ILL;
    item_add(f, en, en->at[ADJ_F_RESULT], "result", ADJ_D_RESULT_MISMATCH, adj_result_name(r));
}

/* A death claim: only its points, and only when its side is right. */
static void fix_vp(fix_t *f, const adj_entry_t *en)
{
    const adj_leader_def_t *d = &f->header->leaders[en->other];
    if (en->side != d->side && en->points != d->vp)
        item_add_int(f, en, en->at[ADJ_F_POINTS], "points", ADJ_D_VP_MISMATCH, d->vp);
}

static void fix_state(fix_t *f, const adj_entry_t *en, const adj_leader_state_t *s)
{
    if (en->status != s->status)
        item_add(f, en, en->at[ADJ_F_STATUS], "status", ADJ_D_STATE_MISMATCH,
                 adj_status_name(s->status));
    if (en->has_level && en->level != s->level)
        item_add_int(f, en, en->at[ADJ_F_LEVEL], "level", ADJ_D_STATE_MISMATCH, s->level);
    if (en->has_inactive && en->inactive != s->inactive)
        item_add(f, en, en->at[ADJ_F_INACTIVE], "inactive", ADJ_D_STATE_MISMATCH,
                 s->inactive ? "true" : "false");
}

/* A side's name as a flow mapping key that reads back as the same text:
 * plain when it is a simple word, else double-quoted in ASCII. */
static void put_side(adj_buf_t *b, const char *s, size_t n)
{
    bool plain = n > 0 && (s[0] == '_' || ((s[0] | 32) >= 'a' && (s[0] | 32) <= 'z'));
    for (size_t i = 0; plain && i < n; i++)
        plain = s[i] == '_' || s[i] == '-' || s[i] == '.' || (s[i] >= '0' && s[i] <= '9') ||
                ((s[i] | 32) >= 'a' && (s[i] | 32) <= 'z');
    static const char *const words[] = {"null", "true", "false", "yes", "no", "on", "off", "y", "n"};
    for (size_t w = 0; plain && w < sizeof words / sizeof words[0]; w++)
        plain = !(strlen(words[w]) == n && !strncasecmp(s, words[w], n));
    if (plain) {
        adj_buf_put(b, s, n);
        return;
    }
    adj_buf_putc(b, '"');
    for (size_t i = 0; i < n;) {
        const unsigned char *p = (const unsigned char *)s + i;
        if (*p >= 0x20 && *p < 0x7F && *p != '"' && *p != '\\') {
            adj_buf_putc(b, (char)*p);
            i++;
            continue;
        }
        /* a code point, as YAML escapes it (libyaml gave valid UTF-8) */
        int k = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        uint32_t cp = k == 1 ? *p : *p & (0x7F >> k);
        for (int j = 1; j < k && i + (size_t)j < n; j++)
            cp = cp << 6 | (p[j] & 0x3F);
        if (cp == '"' || cp == '\\')
            adj_buf_printf(b, "\\%c", (char)cp);
        else if (cp < 0x100)
            adj_buf_printf(b, "\\x%02X", (unsigned)cp);
        else if (cp < 0x10000)
            adj_buf_printf(b, "\\u%04X", (unsigned)cp);
        else
            adj_buf_printf(b, "\\U%08X", (unsigned)cp);
        i += (size_t)k;
    }
    adj_buf_putc(b, '"');
}

/* The `end` claim: each side's value in place when both sides are keys of
 * it, else the whole claim (or its null) as a flow mapping. */
static void fix_end(fix_t *f, const adj_entry_t *en, const adj_replay_t *r)
{
    const adj_claim_item_t *side[2] = {NULL, NULL};
    for (size_t i = 0; i < en->claim_count; i++)
        if (en->claim[i].side >= 0 && !side[en->claim[i].side])
            side[en->claim[i].side] = &en->claim[i];
    const adj_header_t *h = f->header;
    if (en->has_claim && side[0] && side[1]) {
        for (int k = 0; k < 2; k++)
            if (!side[k]->value_ok || side[k]->value != r->vp[k])
                item_add_int(f, en, side[k]->value_at, h->sides[k], ADJ_D_VP_TALLY_MISMATCH,
                             r->vp[k]);
        return;
    }
    adj_buf_t m = {0};
    adj_buf_puts(&m, en->subject_at.length ? "{" : " {");  /* `end:` alone: after the colon */
    for (int k = 0; k < 2; k++) {
        put_side(&m, h->sides[k], h->side_len[k]);
        adj_buf_printf(&m, ": %lld%s", (long long)r->vp[k], k ? "}" : ", ");
    }
    item_add(f, en, en->subject_at, "end", ADJ_D_VP_TALLY_MISMATCH, m.data);
    adj_buf_free(&m);
}

/* What entry `en`, just fed, drew from diagnostic `from` on. */
static void fix_entry(fix_t *f, const adj_engine_t *eng, const adj_entry_t *en,
                      const adj_diags_t *d, size_t from, bool was_over)
{
    adj_replay_t r = adj_engine_result(eng);
    const adj_leader_state_t *s = en->leader >= 0 ? &r.leaders[en->leader] : NULL;
    switch (en->kind) {
    case ADJ_EV_ACTIVATE:
        if (drew(d, from, ADJ_D_IMC_MISMATCH))
            fix_activate(f, en);
        break;
    case ADJ_EV_ILLNESS:
    case ADJ_EV_DURATION:
        if (drew(d, from, ADJ_D_RESULT_MISMATCH))
            fix_result(f, en, s);
        break;
    case ADJ_EV_VP:
        if (en->other >= 0 && drew(d, from, ADJ_D_VP_MISMATCH))
            fix_vp(f, en);
        break;
    case ADJ_EV_STATE:
        if (drew(d, from, ADJ_D_STATE_MISMATCH))
            fix_state(f, en, s);
        break;
    case ADJ_EV_END:
        if (!was_over && r.ended && (!en->has_claim || drew(d, from, ADJ_D_VP_TALLY_MISMATCH)))
            fix_end(f, en, &r);
        break;
    default:
        break;
    }
}

/* Each entry, from the one replay loop: the corrections it calls for. */
static void fix_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                         bool was_over)
{
    fix_t *f = ctx;
    f->header = adj_reader_header(a->reader);
    fix_entry(f, a->engine, en, &a->diags, from, was_over);
}

/* ------------------------------------------------------------------ */
/* Checks before a byte is changed                                     */
/* ------------------------------------------------------------------ */

/* A value's bytes end with its own line breaks only when it is a block
 * scalar (`|`): those stay, so the next line stays a line. */
static void trim_breaks(const fix_t *f, adj_edit_t *e)
{
    unsigned w = enc_width(f->enc);
    const unsigned char *p = (const unsigned char *)f->log->data;
    while (e->length >= w) {
        size_t at = (size_t)(e->offset + e->length - w);
        unsigned c = w == 1 ? p[at] : f->enc == FIX_UTF16LE ? p[at] | p[at + 1] << 8
                                                            : p[at] << 8 | p[at + 1];
        if (c != '\n' && c != '\r')
            break;
        e->length -= w;
    }
}

/* Every correction has known bytes inside the log, in order, apart:
 * else nothing is rewritten (a message says why; false). */
static bool fix_check(fix_t *f)
{
    uint64_t end = 0;
    for (size_t i = 0; i < f->count; i++) {
        adj_edit_t *e = &f->items[i].edit;
        const char *why = NULL;
        if (e->offset == ADJ_SPAN_UNKNOWN)
            why = "where its value stands in the file is not known (too much multibyte text "
                  "before it, or a collection)";
        else if (e->offset > f->log->len || e->length > f->log->len - e->offset || e->offset < end)
            why = "its value's place in the file is out of order";
        if (why) {
            adj_buf_t field = {0};
            adj_escape_text(&field, f->items[i].field, strlen(f->items[i].field));
            adj_cli_error("%s:%zu:%zu: not rewritten: `%s` needs a correction, but %s", f->name,
                          f->items[i].event.line, f->items[i].event.column, field.data, why);
            adj_buf_free(&field);
            return false;
        }
        trim_breaks(f, e);
        end = e->offset + e->length;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Standard error: the changes, then what is left                      */
/* ------------------------------------------------------------------ */

/* A cursor over the log that knows each byte's line and column as libyaml
 * counts them (characters; \n, \r\n or \r ends a line; a BOM takes none). */
typedef struct fix_pos_s {
    size_t at, line, column;
} fix_pos_t;

static unsigned unit_at(const fix_t *f, size_t at)
{
    const unsigned char *p = (const unsigned char *)f->log->data;
    if (f->enc == FIX_UTF8)
        return p[at];
    return f->enc == FIX_UTF16LE ? p[at] | p[at + 1] << 8 : p[at] << 8 | p[at + 1];
}

static void pos_advance(const fix_t *f, fix_pos_t *p, size_t to)
{
    unsigned w = enc_width(f->enc);
    for (; p->at + w <= to; p->at += w) {
        unsigned c = unit_at(f, p->at);
        bool bom = p->at == 0 && (w == 2 || (f->log->len >= 3 && !memcmp(f->log->data, "\xEF\xBB\xBF", 3)));
        if (c == '\n' || (c == '\r' && (p->at + 2 * w > f->log->len || unit_at(f, p->at + w) != '\n'))) {
            p->line++;
            p->column = 1;
        } else if (bom) {
            /* no column (in UTF-8 its other two bytes are continuation bytes) */
        } else if (w == 1 ? (c & 0xC0) != 0x80 : c < 0xDC00 || c > 0xDFFF) {
            p->column++;  /* a character's first byte or unit */
        }
    }
}

/* The value's text as written, for the message (UTF-16: its ASCII). */
static void old_text(const fix_t *f, const adj_edit_t *e, adj_buf_t *out)
{
    if (e->length == 0) {
        adj_buf_puts(out, "null");
        return;
    }
    adj_buf_t raw = {0};
    unsigned w = enc_width(f->enc);
    for (size_t at = (size_t)e->offset; at + w <= e->offset + e->length && raw.len < 60; at += w) {
        unsigned c = unit_at(f, at);
        adj_buf_putc(&raw, w == 1 || c < 0x80 ? (char)c : '?');
    }
    adj_escape_text(out, raw.data, raw.len);
    if (e->length / w > 60)
        adj_buf_puts(out, "...");
    adj_buf_free(&raw);
}

static void print_changes(const fix_t *f)
{
    fix_pos_t p = {0, 1, 1};
    adj_buf_t name = {0}, m = {0};
    adj_escape_text(&name, f->name, strlen(f->name));
    for (size_t i = 0; i < f->count; i++) {
        const fix_item_t *it = &f->items[i];
        pos_advance(f, &p, (size_t)it->edit.offset);
        adj_buf_reset(&m);
        adj_escape_text(&m, it->field, strlen(it->field));
        adj_buf_putc(&m, ' ');
        old_text(f, &it->edit, &m);
        adj_buf_printf(&m, " -> %s (%s)", it->edit.text + (it->edit.text[0] == ' '),
                       adj_code_name(it->code));
        fprintf(stderr, "%s:%zu:%zu: %s\n", name.data, p.line, p.column, m.data);
    }
    adj_buf_free(&name);
    adj_buf_free(&m);
}

/* The corrected log's findings, as `audit` words them. */
static void print_left(const adj_audit_t *a)
{
    adj_buf_t b = {0};
    for (size_t i = 0; i < a->diags.count; i++) {
        const adj_diag_t *d = &a->diags.items[i];
        adj_escape_text(&b, a->file, strlen(a->file));
        adj_buf_printf(&b, ":%zu:%zu: %s: ", d->mark.line, d->mark.column,
                       adj_code_severity(d->code) == ADJ_SEV_ERROR ? "error" : "warning");
        adj_escape_text(&b, d->message, strlen(d->message));
        adj_buf_printf(&b, " [%s, rule %s]\n", adj_code_name(d->code), d->rule);
    }
    if (a->diags.omitted)
        adj_buf_printf(&b, "%s: %zu more findings not shown\n", a->file, a->diags.omitted);
    fputs(b.data ? b.data : "", stderr);
    adj_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* The corrections made                                                */
/* ------------------------------------------------------------------ */

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

/* Make the corrections in the buffer itself, grown first when the log
 * grows: pieces moving left are moved first to last, those moving right
 * last to first, so none is overwritten before it moved. */
static void fix_apply(fix_t *f)
{
    adj_buf_t *b = f->log;
    unsigned w = enc_width(f->enc);
    long long *shift = adj_xreallocarray(NULL, f->count + 1, sizeof *shift);
    long long total = 0;
    for (size_t i = 0; i < f->count; i++) {
        shift[i] = total;  /* where the bytes before correction i move */
        total += (long long)(f->items[i].edit.text_len * w) - (long long)f->items[i].edit.length;
    }
    shift[f->count] = total;
    size_t n = b->len, grown = (size_t)((long long)n + total);
    if (grown + 1 > b->cap) {
        b->data = adj_xrealloc(b->data, grown + 1);
        b->cap = grown + 1;
    }
    /* piece k: the bytes after correction k-1 up to correction k */
    #define PIECE_FROM(k) ((k) ? (size_t)(f->items[(k) - 1].edit.offset + f->items[(k) - 1].edit.length) : 0)
    #define PIECE_TO(k) ((k) < f->count ? (size_t)f->items[k].edit.offset : n)
    for (size_t k = 0; k <= f->count; k++)
        if (shift[k] < 0)
            memmove(b->data + PIECE_FROM(k) + shift[k], b->data + PIECE_FROM(k), PIECE_TO(k) - PIECE_FROM(k));
    for (size_t k = f->count + 1; k-- > 0;)
        if (shift[k] > 0)
            memmove(b->data + PIECE_FROM(k) + shift[k], b->data + PIECE_FROM(k), PIECE_TO(k) - PIECE_FROM(k));
    for (size_t i = 0; i < f->count; i++)
        put_encoded(b->data + f->items[i].edit.offset + shift[i], &f->items[i].edit, f->enc);
    #undef PIECE_FROM
    #undef PIECE_TO
    b->len = grown;
    b->data[grown] = '\0';
    free(shift);
}

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

static void fix_free(fix_t *f)
{
    for (size_t i = 0; i < f->count; i++) {
        free(f->items[i].edit.text);
        free(f->items[i].field);
    }
    free(f->items);
}

/* A log not read through, or not wholly seen, is not rewritten: true, said why. */
static bool fix_refused(const fix_t *f, const adj_diags_t *d)
{
    for (size_t i = 0; d->stopped && i < d->count; i++) {
        adj_code_t c = d->items[i].code;
        if (c == ADJ_D_YAML_SYNTAX || c == ADJ_D_YAML_ALIAS || c == ADJ_D_BAD_DOCUMENT) {
            adj_buf_t m = {0};
            adj_escape_text(&m, d->items[i].message, strlen(d->items[i].message));
            adj_buf_t name = {0};
            adj_escape_name(&name, f->name);
            adj_cli_error("%s:%zu:%zu: not rewritten: the log stops here (%s): %s", name.data,
                          d->items[i].mark.line, d->items[i].mark.column, adj_code_name(c),
                          m.data);
            adj_buf_free(&name);
            adj_buf_free(&m);
            return true;
        }
    }
    if (d->stopped) {
        adj_cli_error_name(f->name, "not rewritten: the log stops before its end");
        return true;
    }
    if (d->omitted) {
        adj_cli_error_name(f->name, "not rewritten: more than %d findings; fix needs to see "
                           "them all", ADJ_MAX_DIAGS);
        return true;
    }
    return false;
}

/* Write the corrected log, or the diff, to standard output. */
static bool fix_output(const adj_config_t *c, fix_t *f)
{
    if (c->diff) {
        adj_edit_t *e = adj_xreallocarray(NULL, f->count ? f->count : 1, sizeof *e);
        for (size_t i = 0; i < f->count; i++)
            e[i] = f->items[i].edit;
        adj_buf_t shown = {0};  /* the headers name the file as SPEC 5 shows names */
        adj_escape_name(&shown, f->name);
        (void)adj_diff_write(stdout, shown.data, f->log->data, f->log->len, e, f->count);
        adj_buf_free(&shown);
        free(e);
        fix_apply(f);
    } else {
        fix_apply(f);
        adj_cli_write(f->log);
    }
    /* a failed write is standard output's error, which the runner's flush says */
    return adj_cli_flush(ADJ_EXIT_OK) == ADJ_EXIT_OK;
}

int adj_cmd_fix(const adj_config_t *c)
{
    adj_buf_t *log = c->input;  /* read once by the runner (the row's input) */
    fix_t f = {.name = c->args[0], .log = log};
    f.enc = fix_encoding(log);
    if (c->diff && f.enc != FIX_UTF8) {
        adj_cli_error_name(f.name, "--diff writes text: this log is UTF-16 (fix without --diff "
                           "keeps it)");
        return ADJ_EXIT_USAGE;
    }
    adj_audit_t first;  /* the replay, collecting corrections */
    adj_audit_opts_t o = c->audit;
    o.on_entry = fix_on_entry;
    o.entry_ctx = &f;
    adj_audit_bytes(&first, log->data, log->len, f.name, &o);
    if (first.io_error) {  /* its ladder file is not valid (SPEC 13) */
        adj_cli_error_io(f.name, first.io_errno);
        adj_audit_free(&first);
        fix_free(&f);
        return ADJ_EXIT_USAGE;
    }
    bool refused = fix_refused(&f, &first.diags);
    adj_audit_free(&first);  /* before the second audit: one audit's memory at a time */
    int status = ADJ_EXIT_USAGE;
    if (!refused && fix_check(&f)) {
        print_changes(&f);
        if (fix_output(c, &f)) {
            adj_audit_t a;
            adj_audit_bytes(&a, log->data, log->len, f.name, &c->audit);
            print_left(&a);
            status = a.diags.errors ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
            adj_audit_free(&a);
        }
    }
    fix_free(&f);
    return status;
}
