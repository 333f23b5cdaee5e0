/* SPDX-License-Identifier: MIT */
/*
 * fix.c - `fix` (SPEC 12) as a pass in memory: one replay collects the
 * corrections (fix_correct.c says which), a log that stops or is not wholly
 * seen is refused, and the corrected log's replay must be the original's
 * but for the corrected claims. The command (cmd_fix.c) and the language
 * server's quick fix (adj_fix_bytes, below) both run it. Memory: the larger of the two logs, plus
 * one audit's.
 */
#include "fix_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Each entry, from the one replay loop: the corrections it calls for. */
void fix_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                  bool was_over)
{
    fix_t *f = ctx;
    f->header = adj_reader_header(a->reader);
    fix_entry(f, a->engine, en, &a->diags, from, was_over);
}

/* What the original log's replay gave, kept for fix_differs once the
 * audit that made it is freed. */
void fix_before_take(const fix_t *f, const adj_audit_t *a, fix_before_t *b)
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

void fix_free(fix_t *f, fix_before_t *b)
{
    for (size_t i = 0; i < f->count; i++) {
        free(f->items[i].edit.text);
        for (size_t k = 0; k < f->items[i].more_count; k++)
            free(f->items[i].more[k].text);
        free(f->items[i].more);
        free(f->items[i].field);
    }
    free(f->items);
    free(b->leaders);
}

/* A log not read through, or not wholly seen, is not rewritten: true, said why. */
bool fix_refused(const fix_t *f, const adj_diags_t *d)
{
    for (size_t i = 0; d->stopped && i < d->count; i++) {
        adj_code_t c = d->items[i].code;
        if (adj_code_stops(c)) {
            adj_buf_t m = {0};
            adj_escape_text(&m, d->items[i].message, strlen(d->items[i].message));
            adj_buf_t name = {0};
            adj_escape_name(&name, f->name);
            adj_msg_error("%s:%zu:%zu: not rewritten: the log stops here (%s): %s", name.data,
                          d->items[i].mark.line, d->items[i].mark.column, adj_code_name(c),
                          m.data);
            adj_buf_free(&name);
            adj_buf_free(&m);
            return true;
        }
    }
    if (d->stopped) {
        adj_msg_error_name(f->name, "not rewritten: the log stops before its end");
        return true;
    }
    if (d->omitted) {
        adj_msg_error_name(f->name, "not rewritten: more than %d findings; fix needs to see "
                           "them all", ADJ_MAX_DIAGS);
        return true;
    }
    return false;
}

/* Why the corrected log's replay is not the original's but for the
 * corrected claims (SPEC 12), NULL when it is: the same state and tally
 * at the end, and the same findings, less some of the corrected codes
 * (and of bad-field and duplicate-key inside a claim replaced whole;
 * move-exceeds-mp follows an `mp`). */
const char *fix_differs(const fix_t *f, const fix_before_t *b, const adj_audit_t *a,
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
