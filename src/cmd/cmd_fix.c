/* SPDX-License-Identifier: MIT */
/*
 * cmd_fix.c - `adjutant fix [--ruling NAME=VALUE]... [--diff] FILE` (SPEC
 * 12): the log read once, corrected in memory (fix.c), then written (or
 * its diff, fix_diff.c) once its replay holds; standard error lists each
 * change and the findings left to a person. Exit 0 clean, 1 errors left,
 * 2 usage, I/O or a refusal (nothing written).
 */
#include "adj_cli.h"
#include "fix_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A cursor over the log that knows each byte's line and column as libyaml
 * counts them (characters; LF, CR LF, CR, NEL, LS or PS ends a line; a BOM
 * takes none). */
typedef struct fix_pos_s {
    size_t at, line, column;
} fix_pos_t;

static void pos_advance(const fix_t *f, fix_pos_t *p, size_t to)
{
    unsigned w = fix_enc_width(f->enc);
    for (; p->at + w <= to; p->at += w) {
        unsigned c = fix_unit_at(f, p->at);
        bool bom = p->at == 0 && (w == 2 || (f->log->len >= 3 && !memcmp(f->log->data, "\xEF\xBB\xBF", 3)));
        bool crlf = c == '\r' && p->at + 2 * w <= f->log->len && fix_unit_at(f, p->at + w) == '\n';
        if (fix_break_at(f, p->at) && !crlf) {
            p->line++;
            p->column = 1;
        } else if (bom) {
            /* no column (in UTF-8 its other two bytes are continuation bytes) */
        } else if (w == 1 ? (c & 0xC0) != 0x80 : c < 0xDC00 || c > 0xDFFF) {
            p->column++;  /* a character's first byte or unit */
        }
    }
}

/* UTF-16's code point at `at` (a surrogate pair taken whole, a lone
 * surrogate U+FFFD), in UTF-8 into `out`; the units it took. */
static unsigned utf16_char(const fix_t *f, size_t at, size_t end, adj_buf_t *out)
{
    uint32_t c = fix_unit_at(f, at), n = 1;
    if (c >= 0xD800 && c <= 0xDBFF && at + 4 <= end && fix_unit_at(f, at + 2) >= 0xDC00 &&
        fix_unit_at(f, at + 2) <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (fix_unit_at(f, at + 2) - 0xDC00);
        n = 2;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
        c = 0xFFFD;
    }
    char u[4];
    int k = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (int i = k - 1; i > 0; i--, c >>= 6)
        u[i] = (char)(0x80 | (c & 0x3F));
    u[0] = (char)(k == 1 ? c : (lead[k] | c));
    adj_buf_put(out, u, (size_t)k);
    return n;
}

/* The value's text as written, its first 60 characters, for the message
 * (a UTF-16 log's decoded to UTF-8). */
static void old_text(const fix_t *f, adj_span_t v, adj_buf_t *out)
{
    if (v.length == 0) {
        adj_buf_puts(out, "null");
        return;
    }
    adj_buf_t raw = {0};
    unsigned w = fix_enc_width(f->enc);
    size_t at = (size_t)v.offset, end = (size_t)(v.offset + v.length), chars = 0;
    while (at + w <= end) {
        unsigned c = fix_unit_at(f, at);
        bool first = w == 2 || (c & 0xC0) != 0x80;  /* a character's first byte or unit */
        if (first && chars++ == 60)
            break;
        if (w == 1)
            adj_buf_putc(&raw, (char)c), at++;
        else
            at += 2 * utf16_char(f, at, end, &raw);
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
        adj_msg_error_name(f->name, "not rewritten: the diff could not be made: %s",
                           strerror(errno));
    free(data);
    return ok;
}

/* Write the corrected log, or `diff`, to standard output. */
static bool fix_output(const adj_config_t *c, const fix_t *f, const adj_buf_t *diff)
{
    adj_run_write(c->diff ? diff : f->log);
    /* a failed write is standard output's error, which the runner's flush says */
    return adj_run_flush(ADJ_EXIT_OK) == ADJ_EXIT_OK;
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
        return ADJ_EXIT_IO;
    }
    fix_apply(f->log, e, n, f->enc);
    adj_audit_t a;
    adj_audit_bytes(&a, f->log->data, f->log->len, f->name, &c->audit);
    int status = ADJ_EXIT_REFUSED;  /* or IO: the output not written */
    const char *differs = fix_differs(f, b, &a, &why);
    if (differs) {
        adj_buf_t name = {0};
        adj_escape_text(&name, f->name, strlen(f->name));
        adj_msg_error("%s: not rewritten: the corrected log would not replay as this one does "
                      "but for the corrected claims (%s); please report this", name.data, differs);
        adj_buf_free(&name);
    } else {
        print_tally_note(f, &a);
        fputs(changes.data ? changes.data : "", stderr);
        /* the changes are half of the report: without them, nothing is written */
        if (!adj_msg_failed() && fix_output(c, f, &diff)) {
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

static int fix_run(const adj_config_t *c)
{
    adj_buf_t *log = c->input;  /* read once by the runner (the row's input) */
    fix_t f = {.name = c->args[0], .log = log};
    f.enc = fix_encoding(log);
    if (c->diff && f.enc != FIX_UTF8) {
        adj_msg_error_name(f.name, "--diff writes text: this log is UTF-16 (fix without --diff "
                           "keeps it)");
        return ADJ_EXIT_USAGE;
    }
    adj_audit_t first;  /* the replay, collecting corrections */
    adj_audit_opts_t o = c->audit;
    o.on_entry = fix_on_entry;
    o.entry_ctx = &f;
    adj_audit_bytes(&first, log->data, log->len, f.name, &o);
    if (first.io_error) {  /* its ladder file is not valid (SPEC 13) */
        adj_run_error_io(f.name, first.io_errno);
        adj_audit_free(&first);
        fix_before_t none = {.leaders = NULL};
        fix_free(&f, &none);
        return ADJ_EXIT_IO;
    }
    fix_before_t before = {.leaders = NULL};
    fix_before_take(&f, &first, &before);
    bool refused = fix_refused(&f, &first.diags);
    adj_audit_free(&first);  /* before the second audit: one audit's memory at a time */
    int status = ADJ_EXIT_REFUSED;
    if (!refused && fix_place(&f))
        status = fix_write(c, &f, &before);
    fix_free(&f, &before);
    return status;
}

const adj_command_t adj_command_fix = {
    .name = "fix",
    .page = true,
    .synopsis = "[--ruling NAME=VALUE]... [--diff] FILE",
    .help = "write the log with every claim the replay settles corrected in place",
    .min_args = 1,
    .max_args = 1,
    .args_error = "fix needs exactly one FILE (- for standard input)",
    .options = ADJ_OPT_RULING | ADJ_OPT_DIFF,
    .input = ADJ_INPUT_ONCE,  /* rewritten from the bytes read (c->input) */
    .op = ADJ_OP_NONE,
    .run = fix_run,
};
