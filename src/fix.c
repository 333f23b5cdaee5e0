/*
 * fix.c - `adjutant fix` (SPEC 12): the log with every claim the replay
 * settles by arithmetic set to what the replay gives, each at its own
 * bytes, every other byte kept.
 *
 * The log is read once into memory. One replay collects the corrections:
 * after each entry is fed, the diagnostics it drew say which of its values
 * are wrong, the replay says what they should be, and the entry's spans say
 * where they stand. The corrections are then made in that same buffer
 * (grown to the corrected size), and the corrected log is audited before a
 * byte is written: its replay must be the original's but for the
 * corrected claims (else nothing is written, exit 2), and it gives the
 * findings left to a person and the exit status (--diff: the diff is made
 * first, in memory). Memory: the larger of the two logs, plus the audit's.
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
    adj_edit_t tail;        /* text owned (""): a block scalar's lines after a comment on
                               its header line, removed; length 0: none */
    adj_span_t value;       /* the value as written, for the message */
    adj_mark_t event;       /* the event's first key, for a refusal */
    adj_mark_t key;         /* its key, for a claim left to a person */
    char *field;            /* owned: "mp", "end", a side's name */
    adj_code_t code;
    bool tally;             /* the `end` claim: the regenerated tally is written */
    bool left;              /* an empty value whose key has no `:`: left to a person */
} fix_item_t;

/* What the original's replay gave, to hold the corrected one to (SPEC 12). */
typedef struct fix_before_s {
    size_t counts[ADJ_DIAG_COUNT];
    adj_leader_state_t *leaders;  /* owned copy */
    size_t leader_count;
    bool ended, turn_begun;
    int64_t turn, vp[2];
} fix_before_t;

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
    f->items[f->count++] = (fix_item_t){.edit = {at.offset, at.length, adj_xstrdup(text), strlen(text)},
                                        .tail = {0, 0, adj_xstrdup(""), 0}, .value = at,
                                        .event = en->mark, .key = en->mark,
                                        .field = adj_xstrdup(field), .code = code};
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

#define FIX_IMPLICIT_KEY_MAX 1000  /* characters, under libyaml's 1024 */

/* The `end` claim: each side's value in place when both sides are keys of
 * it, else the whole claim (or its null) as a flow mapping. */
static void fix_end(fix_t *f, const adj_entry_t *en, const adj_replay_t *r, adj_code_t code)
{
    const adj_claim_item_t *side[2] = {NULL, NULL};
    for (size_t i = 0; i < en->claim_count; i++)
        if (en->claim[i].side >= 0 && !side[en->claim[i].side])
            side[en->claim[i].side] = &en->claim[i];
    const adj_header_t *h = f->header;
    if (en->has_claim && side[0] && side[1]) {
        for (int k = 0; k < 2; k++)
            if (!side[k]->value_ok || side[k]->value != r->vp[k]) {
                item_add_int(f, en, side[k]->value_at, h->sides[k], ADJ_D_VP_TALLY_MISMATCH,
                             r->vp[k]);
                f->items[f->count - 1].key = side[k]->key_mark;
                f->items[f->count - 1].tally = true;
            }
        return;
    }
    adj_buf_t m = {0}, key = {0};
    adj_buf_putc(&m, '{');
    for (int k = 0; k < 2; k++) {
        adj_buf_reset(&key);
        put_side(&key, h->sides[k], h->side_len[k]);
        /* YAML reads an implicit key only within 1024 characters of its
         * start: a longer one is made explicit */
        if (key.len > FIX_IMPLICIT_KEY_MAX)
            adj_buf_puts(&m, "? ");
        adj_buf_put(&m, key.data, key.len);
        adj_buf_printf(&m, ": %lld%s", (long long)r->vp[k], k ? "}" : ", ");
    }
    adj_buf_free(&key);
    item_add(f, en, en->subject_at, "end", code, m.data);
    f->items[f->count - 1].tally = true;
    adj_buf_free(&m);
}

/* The reader drew bad-field for `en` itself (its claim ill-typed, read as
 * `end: ~`): its findings are the last before `from`, none before its mark. */
static bool claim_ill_typed(const adj_diags_t *d, size_t from, const adj_entry_t *en)
{
    for (size_t i = from; i-- > 0;) {
        const adj_mark_t *m = &d->items[i].mark;
        if (m->line < en->mark.line || (m->line == en->mark.line && m->column < en->mark.column))
            return false;
        if (d->items[i].code == ADJ_D_BAD_FIELD)
            return true;
    }
    return false;
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
        /* an ill-typed claim drew bad-field and was read as `end: ~` (SPEC 3.8) */
        if (!was_over && r.ended && (!en->has_claim || drew(d, from, ADJ_D_VP_TALLY_MISMATCH)))
            fix_end(f, en, &r, !en->has_claim && claim_ill_typed(d, from, en)
                                   ? ADJ_D_BAD_FIELD : ADJ_D_VP_TALLY_MISMATCH);
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

/* What the original log's replay gave, kept for fix_differs once the
 * audit that made it is freed. */
static void fix_before_take(const fix_t *f, const adj_audit_t *a, fix_before_t *b)
{
    const adj_header_t *h = a->reader ? adj_reader_header(a->reader) : NULL;
    (void)f;
    if (a->engine && h) {
        adj_replay_t r = adj_engine_result(a->engine);
        b->leader_count = h->leader_count;
        b->leaders = adj_xreallocarray(NULL, b->leader_count + 1, sizeof *b->leaders);
        memcpy(b->leaders, r.leaders, b->leader_count * sizeof *b->leaders);
        b->ended = r.ended, b->turn_begun = r.turn_begun, b->turn = r.turn;
        b->vp[0] = r.vp[0], b->vp[1] = r.vp[1];
    }
    for (size_t i = 0; i < a->diags.count; i++)
        b->counts[a->diags.items[i].code]++;
}

/* ------------------------------------------------------------------ */
/* Where each correction goes                                          */
/* ------------------------------------------------------------------ */

static unsigned unit_at(const fix_t *f, size_t at)
{
    const unsigned char *p = (const unsigned char *)f->log->data;
    if (f->enc == FIX_UTF8)
        return p[at];
    return f->enc == FIX_UTF16LE ? p[at] | p[at + 1] << 8 : p[at] << 8 | p[at + 1];
}

/* The bytes of the line break that starts at `at` (as libyaml counts
 * them: LF, CR, NEL, LS, PS; CR LF is two), 0 when none starts there. */
static size_t break_at(const fix_t *f, size_t at)
{
    unsigned w = enc_width(f->enc), c = unit_at(f, at);
    if (c == '\n' || c == '\r')
        return w;
    if (w == 2)
        return c == 0x85 || c == 0x2028 || c == 0x2029 ? 2 : 0;
    const unsigned char *p = (const unsigned char *)f->log->data + at;
    size_t left = f->log->len - at;
    if (left >= 2 && p[0] == 0xC2 && p[1] == 0x85)
        return 2;
    return left >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9) ? 3 : 0;
}

/* The bytes of the line break that ends just before `end`, 0 when none. */
static size_t break_before(const fix_t *f, size_t from, size_t end)
{
    for (size_t k = enc_width(f->enc); k <= 3 && k <= end - from; k += enc_width(f->enc))
        if (break_at(f, end - k) == k)
            return k;
    return 0;
}

/* A value's bytes end with its own line breaks only when it is a block
 * scalar (`|`): those stay, so the next line stays a line. */
static void trim_breaks(const fix_t *f, adj_edit_t *e)
{
    size_t k;
    while (e->length && (k = break_before(f, (size_t)e->offset, (size_t)(e->offset + e->length))))
        e->length -= k;
}

/* A block scalar whose header line holds a comment (`|- # note`): the
 * indicator becomes the value, the comment stays after it, the lines
 * after it go (the item's tail). */
static void split_comment(const fix_t *f, fix_item_t *it)
{
    adj_edit_t *e = &it->edit;
    unsigned w = enc_width(f->enc);
    size_t p = (size_t)e->offset, end = (size_t)(e->offset + e->length);
    if (p + w > end || (unit_at(f, p) != '|' && unit_at(f, p) != '>'))
        return;
    for (p += w; p + w <= end && (unit_at(f, p) == '-' || unit_at(f, p) == '+' ||
                                  (unit_at(f, p) >= '0' && unit_at(f, p) <= '9')); p += w)
        ;
    size_t indicator = p;
    while (p + w <= end && (unit_at(f, p) == ' ' || unit_at(f, p) == '\t'))
        p += w;
    if (p == indicator || p + w > end || unit_at(f, p) != '#')
        return;
    while (p + w <= end && !break_at(f, p))
        p += w;
    it->tail.offset = p;
    it->tail.length = end - p;
    e->length = indicator - e->offset;
}

/* An empty value (`CSA:`) is written after its key's `:`, with a space
 * when none stands between: false when no `:` precedes it on its line
 * (`{CSA, USA: 0}`, `- {end}`, `? end`), a claim left to a person. */
static bool after_colon(fix_t *f, fix_item_t *it)
{
    unsigned w = enc_width(f->enc);
    size_t at = (size_t)it->edit.offset, p = at, start = f->enc == FIX_UTF8 ? 0 : 2;
    while (p >= start + w && (unit_at(f, p - w) == ' ' || unit_at(f, p - w) == '\t'))
        p -= w;
    if (p < start + w || unit_at(f, p - w) != ':')
        return false;
    if (p == at) {
        adj_edit_t *e = &it->edit;
        char *t = adj_xmalloc(e->text_len + 2);
        t[0] = ' ';
        memcpy(t + 1, e->text, e->text_len + 1);
        free(e->text);
        e->text = t;
        e->text_len++;
    }
    return true;
}

/* Every correction has known bytes inside the log, in order, apart:
 * else nothing is rewritten (a message says why; false). Each is then
 * placed: after its `:`, around a comment, without its line breaks. */
static bool fix_place(fix_t *f)
{
    uint64_t end = 0;
    for (size_t i = 0; i < f->count; i++) {
        fix_item_t *it = &f->items[i];
        adj_edit_t *e = &it->edit;
        const char *why = NULL;
        if (e->offset == ADJ_SPAN_UNKNOWN)
            why = "where its value stands in the file is not known (too much multibyte text "
                  "before it)";
        else if (e->offset > f->log->len || e->length > f->log->len - e->offset || e->offset < end)
            why = "its value's place in the file is out of order";
        if (why) {
            adj_buf_t field = {0}, name = {0};
            adj_escape_text(&field, it->field, strlen(it->field));
            adj_escape_name(&name, f->name);
            adj_cli_error("%s:%zu:%zu: not rewritten: `%s` needs a correction, but %s", name.data,
                          it->event.line, it->event.column, field.data, why);
            adj_buf_free(&name);
            adj_buf_free(&field);
            return false;
        }
        if (e->length == 0) {
            it->left = !after_colon(f, it);
            continue;
        }
        split_comment(f, it);
        adj_edit_t *last = it->tail.length ? &it->tail : e;
        trim_breaks(f, last);
        end = last->offset + last->length;
        it->value.length = end - it->value.offset;
    }
    return true;
}

/* The edits made, in file order (an array owned by the caller). */
static adj_edit_t *fix_edits(const fix_t *f, size_t *n)
{
    adj_edit_t *e = adj_xreallocarray(NULL, 2 * f->count + 1, sizeof *e);
    *n = 0;
    for (size_t i = 0; i < f->count; i++) {
        if (f->items[i].left)
            continue;
        e[(*n)++] = f->items[i].edit;
        if (f->items[i].tail.length)
            e[(*n)++] = f->items[i].tail;
    }
    return e;
}

/* ------------------------------------------------------------------ */
/* Standard error: the changes, then what is left                      */
/* ------------------------------------------------------------------ */

/* A cursor over the log that knows each byte's line and column as libyaml
 * counts them (characters; LF, CR LF, CR, NEL, LS or PS ends a line; a BOM
 * takes none). */
typedef struct fix_pos_s {
    size_t at, line, column;
} fix_pos_t;

static void pos_advance(const fix_t *f, fix_pos_t *p, size_t to)
{
    unsigned w = enc_width(f->enc);
    for (; p->at + w <= to; p->at += w) {
        unsigned c = unit_at(f, p->at);
        bool bom = p->at == 0 && (w == 2 || (f->log->len >= 3 && !memcmp(f->log->data, "\xEF\xBB\xBF", 3)));
        bool crlf = c == '\r' && p->at + 2 * w <= f->log->len && unit_at(f, p->at + w) == '\n';
        if (break_at(f, p->at) && !crlf) {
            p->line++;
            p->column = 1;
        } else if (bom) {
            /* no column (in UTF-8 its other two bytes are continuation bytes) */
        } else if (w == 1 ? (c & 0xC0) != 0x80 : c < 0xDC00 || c > 0xDFFF) {
            p->column++;  /* a character's first byte or unit */
        }
    }
}

/* The value's text as written, its first 60 characters, for the message
 * (UTF-16: its ASCII). */
static void old_text(const fix_t *f, adj_span_t v, adj_buf_t *out)
{
    if (v.length == 0) {
        adj_buf_puts(out, "null");
        return;
    }
    adj_buf_t raw = {0};
    unsigned w = enc_width(f->enc);
    size_t at = (size_t)v.offset, end = (size_t)(v.offset + v.length), chars = 0;
    for (; at + w <= end; at += w) {
        unsigned c = unit_at(f, at);
        bool first = w == 1 ? (c & 0xC0) != 0x80 : c < 0xDC00 || c > 0xDFFF;
        if (first && chars++ == 60)
            break;
        adj_buf_putc(&raw, w == 1 || c < 0x80 ? (char)c : '?');
    }
    adj_escape_text(out, raw.data, raw.len);
    if (at < end)
        adj_buf_puts(out, "...");
    adj_buf_free(&raw);
}

/* The change lines (and the claims left to a person), from the original
 * bytes, into `out`. */
static void fix_changes(const fix_t *f, adj_buf_t *out)
{
    fix_pos_t p = {0, 1, 1};
    adj_buf_t name = {0};
    adj_escape_text(&name, f->name, strlen(f->name));
    for (size_t i = 0; i < f->count; i++) {
        const fix_item_t *it = &f->items[i];
        const char *now = it->edit.text + (it->edit.text[0] == ' ');
        if (it->left) {
            adj_buf_printf(out, "%s:%zu:%zu: ", name.data, it->key.line, it->key.column);
            adj_escape_text(out, it->field, strlen(it->field));
            adj_buf_printf(out, " left for a person: its key has no `:` to write the value "
                                "after; the replay gives %s (%s)\n", now, adj_code_name(it->code));
            continue;
        }
        pos_advance(f, &p, (size_t)it->edit.offset);
        adj_buf_printf(out, "%s:%zu:%zu: ", name.data, p.line, p.column);
        adj_escape_text(out, it->field, strlen(it->field));
        adj_buf_putc(out, ' ');
        old_text(f, it->value, out);
        adj_buf_printf(out, " -> %s (%s)\n", now, adj_code_name(it->code));
    }
    adj_buf_free(&name);
}

/* Findings of the corrected log that could change its tally: an event
 * ignored before the rules saw it, or a roll missing (SPEC 12: the tally
 * assumes the log as written). A bad-field says whether it ignored one. */
static bool could_change_tally(const adj_diag_t *d)
{
    static const char ignored[] = "the event is ignored";
    size_t n = strlen(d->message), k = sizeof ignored - 1;
    switch (d->code) {
    case ADJ_D_BAD_FIELD:
        return n >= k && !strcmp(d->message + n - k, ignored);
    case ADJ_D_UNKNOWN_LEADER:
    case ADJ_D_UNKNOWN_EVENT:
    case ADJ_D_EVENT_BEFORE_TURN:
    case ADJ_D_ILLNESS_CHECK_MISSING:
    case ADJ_D_DURATION_MISSING:
    case ADJ_D_SUSTAIN_MISSING:
        return true;
    default:
        return false;
    }
}

/* At the top: a regenerated tally written while such findings remain. */
static void print_tally_note(const fix_t *f, const adj_audit_t *a)
{
    bool tally = false;
    for (size_t i = 0; i < f->count; i++)
        tally = tally || (f->items[i].tally && !f->items[i].left);
    size_t n = 0;
    adj_buf_t b = {0};
    for (size_t i = 0; tally && i < a->diags.count; i++) {
        const adj_diag_t *d = &a->diags.items[i];
        if (!could_change_tally(d))
            continue;
        if (n++ < 3)
            adj_buf_printf(&b, "%s%s on line %zu", n > 1 ? ", " : "", adj_code_name(d->code),
                           d->mark.line);
    }
    if (n) {
        adj_buf_t name = {0};
        adj_escape_text(&name, f->name, strlen(f->name));
        fprintf(stderr, "%s: the regenerated tally assumes the log as written: %zu finding%s "
                        "left for a person could change it (%s%s)\n", name.data, n,
                n == 1 ? "" : "s", b.data, n > 3 ? ", ..." : "");
        adj_buf_free(&name);
    }
    adj_buf_free(&b);
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

/* Make the `n` edits (sorted, apart) in the buffer itself, grown first
 * when the log grows: pieces moving left are moved first to last, those
 * moving right last to first, so none is overwritten before it moved. */
static void fix_apply(adj_buf_t *b, const adj_edit_t *e, size_t n, fix_enc_t enc)
{
    unsigned w = enc_width(enc);
    long long *shift = adj_xreallocarray(NULL, n + 1, sizeof *shift);
    long long total = 0;
    for (size_t i = 0; i < n; i++) {
        shift[i] = total;  /* where the bytes before edit i move */
        total += (long long)(e[i].text_len * w) - (long long)e[i].length;
    }
    shift[n] = total;
    size_t len = b->len, grown = (size_t)((long long)len + total);
    if (grown + 1 > b->cap) {
        b->data = adj_xrealloc(b->data, grown + 1);
        b->cap = grown + 1;
    }
    /* piece k: the bytes after edit k-1 up to edit k */
    #define PIECE_FROM(k) ((k) ? (size_t)(e[(k) - 1].offset + e[(k) - 1].length) : 0)
    #define PIECE_TO(k) ((k) < n ? (size_t)e[k].offset : len)
    for (size_t k = 0; k <= n; k++)
        if (shift[k] < 0)
            memmove(b->data + PIECE_FROM(k) + shift[k], b->data + PIECE_FROM(k), PIECE_TO(k) - PIECE_FROM(k));
    for (size_t k = n + 1; k-- > 0;)
        if (shift[k] > 0)
            memmove(b->data + PIECE_FROM(k) + shift[k], b->data + PIECE_FROM(k), PIECE_TO(k) - PIECE_FROM(k));
    for (size_t i = 0; i < n; i++)
        put_encoded(b->data + e[i].offset + shift[i], &e[i], enc);
    #undef PIECE_FROM
    #undef PIECE_TO
    b->len = grown;
    b->data[grown] = '\0';
    free(shift);
}

/* Why the corrected log's replay is not the original's but for the
 * corrected claims (SPEC 12), NULL when it is: the same state and tally
 * at the end, and the same findings, less some of the corrected codes
 * (and of bad-field and duplicate-key inside a claim replaced whole;
 * move-exceeds-mp follows an `mp`). */
static const char *fix_differs(const fix_t *f, const fix_before_t *b, const adj_audit_t *a,
                               adj_buf_t *why)
{
    if (a->diags.stopped || !a->replayed || a->diags.omitted)
        return "it stops before its end";
    const adj_replay_t *r = &a->result;
    if (r->ended != b->ended || r->vp[0] != b->vp[0] || r->vp[1] != b->vp[1] ||
        r->turn_begun != b->turn_begun || r->turn != b->turn)
        return "its turns, end or tally differ";
    if (r->header->leader_count != b->leader_count)
        return "its roster differs";
    for (size_t i = 0; i < b->leader_count; i++) {
        const adj_leader_state_t *x = &r->leaders[i], *y = &b->leaders[i];
        if (x->status != y->status || x->level != y->level || x->inactive != y->inactive ||
            x->replaced_by != y->replaced_by)
            return "a leader's state differs";
    }
    bool drop[ADJ_DIAG_COUNT] = {false};
    for (size_t i = 0; i < f->count; i++) {
        if (f->items[i].left)
            continue;
        drop[f->items[i].code] = true;
        /* inside a claim replaced whole: a bad entry, a key given twice */
        drop[ADJ_D_BAD_FIELD] = drop[ADJ_D_BAD_FIELD] || f->items[i].tally;
        drop[ADJ_D_DUPLICATE_KEY] = drop[ADJ_D_DUPLICATE_KEY] || f->items[i].tally;
    }
    size_t now[ADJ_DIAG_COUNT] = {0};
    for (size_t i = 0; i < a->diags.count; i++)
        now[a->diags.items[i].code]++;
    for (int c = 0; c < ADJ_DIAG_COUNT; c++) {
        if (c == ADJ_D_MOVE_EXCEEDS_MP && drop[ADJ_D_IMC_MISMATCH])
            continue;
        if (now[c] > b->counts[c] || (now[c] < b->counts[c] && !drop[c])) {
            adj_buf_printf(why, "it draws %zu %s, not %zu", now[c], adj_code_name((adj_code_t)c),
                           b->counts[c]);
            return why->data;
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

static void fix_free(fix_t *f, fix_before_t *b)
{
    for (size_t i = 0; i < f->count; i++) {
        free(f->items[i].edit.text);
        free(f->items[i].tail.text);
        free(f->items[i].field);
    }
    free(f->items);
    free(b->leaders);
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

/* --diff: the diff, made in memory from the original bytes before they
 * change (its hunks only, not a copy of the log). False when out of memory. */
static bool fix_diff(const fix_t *f, const adj_edit_t *e, size_t n, adj_buf_t *out)
{
    char *data = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&data, &len);
    adj_buf_t shown = {0};  /* the headers name the file as SPEC 5 shows names */
    adj_escape_name(&shown, f->name);
    bool ok = m && adj_diff_write(m, shown.data, f->log->data, f->log->len, e, n);
    adj_buf_free(&shown);
    ok = m && fclose(m) == 0 && ok;
    if (ok)
        adj_buf_put(out, data ? data : "", len);
    else
        adj_cli_error_name(f->name, "not rewritten: the diff could not be made: %s",
                           strerror(errno));
    free(data);
    return ok;
}

/* Write the corrected log, or `diff`, to standard output. */
static bool fix_output(const adj_config_t *c, const fix_t *f, const adj_buf_t *diff)
{
    adj_cli_write(c->diff ? diff : f->log);
    /* a failed write is standard output's error, which the runner's flush says */
    return adj_cli_flush(ADJ_EXIT_OK) == ADJ_EXIT_OK;
}

/* The corrections made and replayed, then written if the replay holds
 * (SPEC 12): the exit status. */
static int fix_write(const adj_config_t *c, fix_t *f, const fix_before_t *b)
{
    adj_buf_t changes = {0}, diff = {0}, why = {0};
    fix_changes(f, &changes);  /* from the original bytes */
    size_t n;
    adj_edit_t *e = fix_edits(f, &n);
    if (c->diff && !fix_diff(f, e, n, &diff)) {
        free(e);
        adj_buf_free(&changes);
        return ADJ_EXIT_USAGE;
    }
    fix_apply(f->log, e, n, f->enc);
    adj_audit_t a;
    adj_audit_bytes(&a, f->log->data, f->log->len, f->name, &c->audit);
    int status = ADJ_EXIT_USAGE;
    const char *differs = fix_differs(f, b, &a, &why);
    if (differs) {
        adj_buf_t name = {0};
        adj_escape_text(&name, f->name, strlen(f->name));
        adj_cli_error("%s: not rewritten: the corrected log would not replay as this one does "
                      "but for the corrected claims (%s); please report this", name.data, differs);
        adj_buf_free(&name);
    } else {
        print_tally_note(f, &a);
        fputs(changes.data ? changes.data : "", stderr);
        if (fix_output(c, f, &diff)) {
            print_left(&a);
            bool left = false;  /* a claim left to a person is not corrected */
            for (size_t i = 0; i < f->count; i++)
                left = left || f->items[i].left;
            status = a.diags.errors || left ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
        }
    }
    adj_audit_free(&a);
    free(e);
    adj_buf_free(&changes);
    adj_buf_free(&diff);
    adj_buf_free(&why);
    return status;
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
        fix_before_t none = {.leaders = NULL};
        fix_free(&f, &none);
        return ADJ_EXIT_USAGE;
    }
    fix_before_t before = {.leaders = NULL};
    fix_before_take(&f, &first, &before);
    bool refused = fix_refused(&f, &first.diags);
    adj_audit_free(&first);  /* before the second audit: one audit's memory at a time */
    int status = ADJ_EXIT_USAGE;
    if (!refused && fix_place(&f))
        status = fix_write(c, &f, &before);
    fix_free(&f, &before);
    return status;
}

/* ------------------------------------------------------------------ */
/* In memory: the language server's quick fix (SPEC 14)                */
/* ------------------------------------------------------------------ */

bool adj_fix_bytes(const char *name, const adj_audit_opts_t *ao, const adj_buf_t *log,
                   adj_fix_result_t *res)
{
    memset(res, 0, sizeof *res);
    adj_buf_t copy = {0};  /* corrected in place, as fix corrects the bytes it read */
    adj_buf_put(&copy, log->data ? log->data : "", log->len);
    fix_t f = {.name = name, .log = &copy, .enc = FIX_UTF8};
    adj_audit_t a;
    adj_audit_opts_t o = *ao;
    o.on_entry = fix_on_entry;
    o.entry_ctx = &f;
    adj_audit_bytes(&a, copy.data ? copy.data : "", copy.len, name, &o);
    fix_before_t before = {.leaders = NULL};
    bool ok = !a.io_error && fix_encoding(&copy) == FIX_UTF8;
    if (ok)
        fix_before_take(&f, &a, &before);
    ok = ok && !fix_refused(&f, &a.diags) && fix_place(&f);
    adj_audit_free(&a);
    size_t n = 0;
    adj_edit_t *e = ok ? fix_edits(&f, &n) : NULL;
    if (ok && n) {
        fix_apply(&copy, e, n, f.enc);
        adj_buf_t why = {0};
        adj_audit_bytes(&a, copy.data, copy.len, name, ao);
        ok = !fix_differs(&f, &before, &a, &why);
        adj_audit_free(&a);
        adj_buf_free(&why);
    }
    if (ok && n) {
        res->edits = adj_xreallocarray(NULL, n, sizeof *res->edits);
        res->mends = adj_xreallocarray(NULL, f.count + 1, sizeof *res->mends);
        for (size_t i = 0; i < n; i++) {
            res->edits[i] = e[i];
            res->edits[i].text = adj_xstrndup(e[i].text, e[i].text_len);
        }
        res->edit_count = n;
        for (size_t i = 0; i < f.count; i++)
            if (!f.items[i].left)
                res->mends[res->mend_count++] = (adj_fix_mend_t){f.items[i].event, f.items[i].code};
    }
    free(e);
    adj_buf_free(&copy);
    fix_free(&f, &before);
    return ok && n;
}

void adj_fix_result_free(adj_fix_result_t *r)
{
    for (size_t i = 0; i < r->edit_count; i++)
        free(r->edits[i].text);
    free(r->edits);
    free(r->mends);
    memset(r, 0, sizeof *r);
}
