/*
 * report_text.c - the report for people: compiler-style diagnostics, the
 * leaders' final state as a table, the tally beside the claim, a verdict.
 * Every piece of text that came from the log is escaped: a terminal escape
 * sequence in a log never reaches the terminal.
 */
#include "adj_audit.h"

#include <string.h>

#define C_RESET "\033[0m"
#define C_BOLD "\033[1m"
#define C_ERROR "\033[1;31m"
#define C_WARN "\033[1;35m"
#define C_OK "\033[1;32m"
#define C_DIM "\033[2m"

/* Escaped text, cut to `width` display bytes (0: no limit). */
static void put_text(adj_buf_t *out, const char *s, size_t width)
{
    adj_buf_t esc = {0};
    adj_escape_text(&esc, s, strlen(s));
    const char *t = esc.data ? esc.data : "";
    size_t n = esc.len;
    if (width && n > width) {
        size_t cut = width > 3 ? width - 3 : 0;
        while (cut > 0 && ((unsigned char)t[cut] & 0xC0) == 0x80)
            cut--;
        adj_buf_put(out, t, cut);
        adj_buf_puts(out, "...");
    } else {
        adj_buf_put(out, t, n);
    }
    adj_buf_free(&esc);
}

static size_t text_width(const char *s)
{
    adj_buf_t esc = {0};
    adj_escape_text(&esc, s, strlen(s));
    size_t w = 0;
    for (size_t i = 0; i < esc.len; i++)
        w += ((unsigned char)esc.data[i] & 0xC0) != 0x80;
    adj_buf_free(&esc);
    return w;
}

/* Pad with spaces to `width` columns after writing `s` (escaped, cut). */
static void put_cell(adj_buf_t *out, const char *s, size_t width)
{
    size_t before = out->len;
    put_text(out, s, width);
    size_t w = 0;
    for (size_t i = before; i < out->len; i++)
        w += ((unsigned char)out->data[i] & 0xC0) != 0x80;
    for (; w < width; w++)
        adj_buf_putc(out, ' ');
}

static const char *paint(const adj_report_opts_t *o, const char *c) { return o->color ? c : ""; }

static void put_diag(adj_buf_t *out, const adj_audit_t *a, const adj_diag_t *d,
                     const adj_report_opts_t *o)
{
    bool err = adj_code_severity(d->code) == ADJ_SEV_ERROR;
    adj_buf_puts(out, paint(o, C_BOLD));
    put_text(out, a->file, 0);
    adj_buf_printf(out, ":%zu:%zu:%s ", d->mark.line, d->mark.column, paint(o, C_RESET));
    adj_buf_printf(out, "%s%s:%s ", paint(o, err ? C_ERROR : C_WARN), err ? "error" : "warning",
                   paint(o, C_RESET));
    put_text(out, d->message, 0);
    adj_buf_printf(out, " %s[%s, rule %s]%s\n", paint(o, C_DIM), adj_code_name(d->code), d->rule,
                   paint(o, C_RESET));
}

void adj_report_text(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    const adj_audit_opts_t *ao = o->audit;
    if (ao && !adj_rulings_is_default(&ao->rulings)) {
        adj_buf_puts(out, "rulings:");
        for (int r = 0; r < ADJ_RULING_COUNT; r++)
            if (ao->rulings.value[r])
                adj_buf_printf(out, " %s=%s", adj_ruling_name((adj_ruling_t)r),
                               adj_ruling_value_name((adj_ruling_t)r, ao->rulings.value[r]));
        adj_buf_puts(out, " (the others at their defaults)\n");
    }
    if (ao && ao->at.kind != ADJ_AT_NONE)
        adj_buf_printf(out, "at %s:%lld: the state at that moment of the log\n",
                       ao->at.kind == ADJ_AT_TURN ? "turn" : "line", (long long)ao->at.value);
    for (size_t i = 0; i < a->diags.count; i++)
        put_diag(out, a, &a->diags.items[i], o);
    if (a->diags.omitted)
        adj_buf_printf(out, "... and %zu more diagnostics, counted but not listed (adjutant keeps "
                       "the first %d of a file)\n", a->diags.omitted, ADJ_MAX_DIAGS);

    const adj_engine_t *e = a->engine;
    if (a->diags.count)
        adj_buf_putc(out, '\n');
    if (!e) {
        adj_buf_puts(out, "No replay: the log's header could not be read.\n");
    } else {
        const adj_header_t *h = e->header;
        size_t idw = 6, sidew = 4;
        for (size_t i = 0; i < h->leader_count; i++) {
            size_t w = text_width(h->leaders[i].id);
            idw = w > idw ? w : idw;
        }
        for (int s = 0; s < 2; s++) {
            size_t w = text_width(h->sides[s]);
            sidew = w > sidew ? w : sidew;
        }
        idw = idw > 24 ? 24 : idw;
        sidew = sidew > 10 ? 10 : sidew;
        adj_buf_puts(out, paint(o, C_BOLD));
        put_cell(out, "leader", idw);
        adj_buf_puts(out, "  ");
        put_cell(out, "side", sidew);
        adj_buf_printf(out, "  %-13s  level  counter   replaced by%s\n", "status", paint(o, C_RESET));
        for (size_t i = 0; i < h->leader_count; i++) {
            const adj_leader_state_t *s = &e->leaders[i];
            put_cell(out, h->leaders[i].id, idw);
            adj_buf_puts(out, "  ");
            put_cell(out, h->sides[h->leaders[i].side], sidew);
            adj_buf_printf(out, "  %-13s  %5lld  %-8s  ", adj_status_name(s->status),
                           (long long)s->level,
                           adj_status_in_play(s->status) ? (s->inactive ? "Inactive" : "Active")
                                                         : "-");
            put_text(out, s->replaced_by >= 0 ? h->leaders[s->replaced_by].id : "-", 24);
            adj_buf_putc(out, '\n');
        }
        adj_buf_putc(out, '\n');
        adj_buf_puts(out, paint(o, C_BOLD));
        adj_buf_puts(out, "VP           ");
        for (int s = 0; s < 2; s++) {
            adj_buf_puts(out, "  ");
            size_t w = text_width(h->sides[s]);
            for (; w < 8; w++)
                adj_buf_putc(out, ' ');
            put_text(out, h->sides[s], 10);
        }
        adj_buf_printf(out, "%s\nregenerated  ", paint(o, C_RESET));
        for (int s = 0; s < 2; s++)
            adj_buf_printf(out, "  %8lld", (long long)e->vp[s]);
        adj_buf_puts(out, "\nclaimed      ");
        if (!e->has_claim) {
            adj_buf_puts(out, e->ended ? "  (no claim at `end`)" : "  (no `end`)");
        } else {
            for (int s = 0; s < 2; s++) {
                if (e->claim_present[s])
                    adj_buf_printf(out, "  %8lld", (long long)e->claim[s]);
                else
                    adj_buf_printf(out, "  %8s", "-");
            }
        }
        adj_buf_putc(out, '\n');
    }
    /* the verdict */
    put_text(out, a->file, 0);
    adj_buf_puts(out, ": ");
    if (a->diags.errors == 0)
        adj_buf_printf(out, "%sclean%s", paint(o, C_OK), paint(o, C_RESET));
    else
        adj_buf_printf(out, "%s%zu error%s%s", paint(o, C_ERROR), a->diags.errors,
                       a->diags.errors == 1 ? "" : "s", paint(o, C_RESET));
    adj_buf_printf(out, ", %zu warning%s", a->diags.warnings, a->diags.warnings == 1 ? "" : "s");
    if (a->diags.stopped)
        adj_buf_puts(out, "; the audit stopped early");
    else if (e && e->has_claim)
        adj_buf_puts(out, e->claim_present[0] && e->claim_present[1] && e->claim[0] == e->vp[0] &&
                                  e->claim[1] == e->vp[1]
                              ? "; the claimed tally agrees"
                              : "; the claimed tally is wrong");
    adj_buf_puts(out, ".\n");
}

void adj_report_summary_line(adj_buf_t *out, const adj_audit_t *a)
{
    const adj_engine_t *e = a->engine;
    adj_buf_puts(out, a->diags.errors ? "FAIL  " : "ok    ");
    adj_buf_printf(out, "%4zu errors  %4zu warnings  ", a->diags.errors, a->diags.warnings);
    if (e) {
        for (int s = 0; s < 2; s++) {
            put_text(out, e->header->sides[s], 10);
            adj_buf_printf(out, " %lld  ", (long long)e->vp[s]);
        }
    } else {
        adj_buf_puts(out, "(no replay)  ");
    }
    put_text(out, a->file, 0);
    adj_buf_putc(out, '\n');
}
