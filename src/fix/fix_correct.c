/* SPDX-License-Identifier: MIT */
/*
 * fix_correct.c - the corrections `fix` makes (SPEC 12), in one table: for
 * each code it settles, the kinds of entry it looks at, the catalogue's
 * words (`fixable_when`, adj_fix_when) and the correction, which reads the
 * value the replay gives and adds it to the items at the value's span.
 */
#include "fix_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void item_add(fix_t *f, const adj_entry_t *en, adj_span_t at, const char *field,
                     adj_code_t code, const char *text)
{
    if (f->count == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 16;
        f->items = adj_xreallocarray(f->items, f->cap, sizeof *f->items);
    }
    f->items[f->count++] = (fix_item_t){.edit = {at.offset, at.length, adj_xstrdup(text), strlen(text)},
                                        .value = at,
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
    int64_t m = adj_imc_modified(en->roll, en->modifier);
    item_add_int(f, en, en->at[ADJ_F_MP], "mp", ADJ_D_IMC_MISMATCH,
                 f->header->imc_rows[d->imc_row][m - 1]);
}

/* The result the roll gave: an illness roll's is its face; a duration
 * roll's is the state it left him in. */
static void fix_result(fix_t *f, const adj_entry_t *en, const adj_leader_state_t *s)
{
    adj_result_t r = ADJ_RES_NONE;
    if (en->kind == ADJ_EV_ILLNESS)
        r = adj_illness_result(en->roll);
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

/* What a correction sees of the entry just fed. */
typedef struct fix_seen_s {
    const adj_entry_t *en;
    const adj_replay_t *r;
    const adj_leader_state_t *s;   /* the subject's state; NULL without a subject leader */
    const adj_diags_t *d;
    size_t from;                   /* the entry's findings: d->items[from..] */
    bool was_over;                 /* the game had ended before it */
} fix_seen_t;

static void row_activate(fix_t *f, const fix_seen_t *x)
{
    if (drew(x->d, x->from, ADJ_D_IMC_MISMATCH))
        fix_activate(f, x->en);
}

static void row_result(fix_t *f, const fix_seen_t *x)
{
    if (drew(x->d, x->from, ADJ_D_RESULT_MISMATCH))
        fix_result(f, x->en, x->s);
}

static void row_vp(fix_t *f, const fix_seen_t *x)
{
    if (x->en->other >= 0 && drew(x->d, x->from, ADJ_D_VP_MISMATCH))
        fix_vp(f, x->en);
}

static void row_state(fix_t *f, const fix_seen_t *x)
{
    if (drew(x->d, x->from, ADJ_D_STATE_MISMATCH))
        fix_state(f, x->en, x->s);
}

/* An ill-typed claim drew bad-field and was read as `end: ~` (SPEC 3.8). */
static void row_end(fix_t *f, const fix_seen_t *x)
{
    const adj_entry_t *en = x->en;
    if (!x->was_over && x->r->ended &&
        (!en->has_claim || drew(x->d, x->from, ADJ_D_VP_TALLY_MISMATCH)))
        fix_end(f, en, x->r, !en->has_claim && claim_ill_typed(x->d, x->from, en)
                                 ? ADJ_D_BAD_FIELD : ADJ_D_VP_TALLY_MISMATCH);
}

#define KIND(k) (1u << ADJ_EV_##k)

/* The corrections (SPEC 12), the one table of what `fix` settles: for
 * each code, the kinds of entry it is looked for on, the words the
 * catalogue gives (`fixable_when`), and the correction (NULL: another
 * row's makes it). */
static const struct fix_row_s {
    adj_code_t code;
    unsigned kinds;
    const char *when;
    void (*apply)(fix_t *f, const fix_seen_t *x);
} fix_rows[] = {
    {ADJ_D_IMC_MISMATCH, KIND(ACTIVATE), "the `mp` of an activation: the IMC's value",
     row_activate},
    {ADJ_D_RESULT_MISMATCH, KIND(ILLNESS) | KIND(DURATION),
     "the `result` of an illness or duration roll: the result the roll gives", row_result},
    {ADJ_D_VP_MISMATCH, KIND(VP),
     "the `points` of a death claim for the right side: the roster's value", row_vp},
    {ADJ_D_STATE_MISMATCH, KIND(STATE),
     "the `status`, `level` and `inactive` a state record holds: the replay's", row_state},
    {ADJ_D_VP_TALLY_MISMATCH, KIND(END), "the `end` claim: the replay's tally", row_end},
    {ADJ_D_BAD_FIELD, KIND(END), "an `end` claim that is null or ill-typed: the replay's tally",
     NULL},
};

_Static_assert(ADJ_EVENT_COUNT <= 32, "a row's kinds are a bit each");

#undef KIND

const char *adj_fix_when(adj_code_t code)
{
    for (size_t i = 0; i < sizeof fix_rows / sizeof fix_rows[0]; i++)
        if (fix_rows[i].code == code)
            return fix_rows[i].when;
    return NULL;
}

/* What entry `en`, just fed, drew from diagnostic `from` on: each row for
 * its kind. */
void fix_entry(fix_t *f, const adj_engine_t *eng, const adj_entry_t *en,
               const adj_diags_t *d, size_t from, bool was_over)
{
    adj_replay_t r = adj_engine_result(eng);
    fix_seen_t x = {en, &r, en->leader >= 0 ? &r.leaders[en->leader] : NULL, d, from, was_over};
    for (size_t i = 0; i < sizeof fix_rows / sizeof fix_rows[0]; i++)
        if (fix_rows[i].apply && fix_rows[i].kinds >> en->kind & 1)
            fix_rows[i].apply(f, &x);
}
