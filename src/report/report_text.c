/* SPDX-License-Identifier: MIT */
/*
 * report_text.c - the text reporter, for people: an audit as compiler-style
 * diagnostics, the leaders' final state as a table, the tally beside the
 * claim and a verdict; a ladder's summary, its columns aligned; explain's
 * stories; compare's two columns.
 * Every piece of text that came from the log is escaped: a terminal escape
 * sequence in a log never reaches the terminal.
 */
#include "adj_ladder.h"
#include "adj_report.h"
#include "report_dice.h"
#include "report_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_RESET "\033[0m"
#define C_BOLD "\033[1m"
#define C_ERROR "\033[1;31m"
#define C_WARN "\033[1;35m"
#define C_OK "\033[1;32m"
#define C_DIM "\033[2m"


static void put_text(adj_buf_t *out, const char *s, size_t width)
{
    adj_escape_text_cut(out, s, strlen(s), width);
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

static const char *severity_name(adj_code_t c)
{
    return adj_code_severity(c) == ADJ_SEV_ERROR ? "error" : "warning";
}

/* The rulings off their default, "name=value" each, `first` before the
 * first and `sep` before the others; with `sources`, each set by a ladder,
 * a log or the command line, followed by where it came from (SPEC 13). */
static void put_rulings(adj_buf_t *out, const adj_rulings_t *rs, const char *first_sep,
                        const char *sep, bool sources)
{
    bool first = true;
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        if (!rs->value[r] && !(sources && rs->src[r]))
            continue;
        adj_buf_printf(out, "%s%s=%s", first ? first_sep : sep,
                       adj_ruling_name((adj_ruling_t)r),
                       adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
        if (sources && rs->src[r])
            adj_buf_printf(out, " (%s)", adj_ruling_src_name((adj_ruling_src_t)rs->src[r]));
        first = false;
    }
}

static void changed_rulings(adj_buf_t *out, const adj_rulings_t *rs, const char *first_sep,
                            const char *sep)
{
    put_rulings(out, rs, first_sep, sep, false);
}

/* ---- a file's audit ---- */

/* What is owed at an `--at` moment, which the stop does not expire. */
static void owed_at_moment(adj_buf_t *out, const adj_audit_t *a)
{
    size_t n;
    adj_obligation_t *obs = adj_pending_sorted(&a->result, &n);
    adj_buf_t due = {0};
    adj_buf_puts(out, n ? "owed at that moment (not yet missing):\n"
                        : "nothing is owed at that moment\n");
    for (size_t i = 0; i < n; i++) {
        adj_buf_puts(out, "  ");
        adj_pending_due(&due, a->result.header, &obs[i]);
        put_text(out, due.data ? due.data : "", 0);
        adj_buf_reset(&due);
        adj_buf_putc(out, '\n');
    }
    adj_buf_free(&due);
    free(obs);
}

/* The ladder file and the players (SPEC 13). */
static void ladder_players(adj_buf_t *out, const adj_audit_t *a)
{
    if (a->ladder) {
        adj_buf_puts(out, "ladder: ");
        adj_escape_name(out, adj_ladder_path(a->ladder));
        adj_buf_putc(out, '\n');
    }
    const adj_header_t *h = a->reader ? adj_reader_header(a->reader) : NULL;
    if (h && (h->players[0] || h->players[1])) {
        adj_buf_puts(out, "players:");
        for (int s = 0; s < 2; s++) {
            if (!h->players[s])
                continue;
            adj_buf_puts(out, s && h->players[0] ? "; " : " ");
            adj_escape_text_cut(out, h->sides[s], h->side_len[s], 0);
            adj_buf_putc(out, ' ');
            adj_escape_text_cut(out, h->players[s], h->player_len[s], 0);
        }
        adj_buf_putc(out, '\n');
    }
}

/* The ladder, the players, the rulings in force with where each came
 * from, and, with `--at`, what the replay did (SPEC 6.2): stopped at the
 * moment, or replayed the whole log because no event lies after it or the
 * turn never begins. */
static void audit_preamble(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    const adj_audit_opts_t *ao = o->audit;
    ladder_players(out, a);
    bool sourced = false;
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        sourced = sourced || a->rulings.src[r] != ADJ_RSRC_DEFAULT;
    if (!adj_rulings_is_default(&a->rulings) || sourced) {
        adj_buf_puts(out, "rulings:");
        put_rulings(out, &a->rulings, " ", " ", true);
        adj_buf_puts(out, " (the others at their defaults)\n");
    }
    if (!ao || ao->at.kind == ADJ_AT_NONE)
        return;
    bool turn = ao->at.kind == ADJ_AT_TURN;
    long long v = (long long)ao->at.value;
    adj_buf_printf(out, "at %s:%lld: ", turn ? "turn" : "line", v);
    if (turn && adj_audit_at_missed(a, ao))
        adj_buf_printf(out, "turn %lld never begins, so this is the whole log's audit, as "
                       "without --at; `adjutant status` lists what a game in progress owes\n", v);
    else if (a->at_whole)
        adj_buf_printf(out, "the whole log (nothing after line %lld), audited as without --at: "
                       "what is still owed at its end is reported missing; `adjutant status` "
                       "lists it as owed instead\n", v);
    else if (!a->replayed || a->diags.stopped)
        adj_buf_puts(out, "the state at that moment of the log\n");
    else {
        adj_buf_puts(out, "the state at that moment of the log; nothing after it is replayed, "
                          "and nothing is expired by the stop\n");
        owed_at_moment(out, a);
    }
}

static void leaders_table(adj_buf_t *out, const adj_replay_t *r, const adj_report_opts_t *o)
{
    const adj_header_t *h = r->header;
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
        const adj_leader_state_t *s = &r->leaders[i];
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
}

static void tally_table(adj_buf_t *out, const adj_replay_t *r, const adj_report_opts_t *o)
{
    const adj_header_t *h = r->header;
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
        adj_buf_printf(out, "  %8lld", (long long)r->vp[s]);
    adj_buf_puts(out, "\nclaimed      ");
    if (!r->has_claim) {
        adj_buf_puts(out, r->ended ? "  (no claim at `end`)" : "  (no `end`)");
    } else {
        for (int s = 0; s < 2; s++) {
            if (r->claim_present[s])
                adj_buf_printf(out, "  %8lld", (long long)r->claim[s]);
            else
                adj_buf_printf(out, "  %8s", "-");
        }
    }
    adj_buf_putc(out, '\n');
}

static void verdict(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    const adj_replay_t *r = a->replayed ? &a->result : NULL;
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
    else if (r && r->has_claim)
        adj_buf_puts(out, r->claim_present[0] && r->claim_present[1] && r->claim[0] == r->vp[0] &&
                                  r->claim[1] == r->vp[1]
                              ? "; the claimed tally agrees"
                              : "; the claimed tally is wrong");
    adj_buf_puts(out, ".\n");
}

static void text_audit(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    audit_preamble(out, a, o);
    for (size_t i = 0; i < a->diags.count; i++)
        put_diag(out, a, &a->diags.items[i], o);
    if (a->diags.omitted)
        adj_buf_printf(out, "... and %zu more diagnostics, counted but not listed (adjutant keeps "
                       "the first %d of a file)\n", a->diags.omitted, ADJ_MAX_DIAGS);
    if (a->diags.count)
        adj_buf_putc(out, '\n');
    if (!a->replayed) {
        adj_buf_puts(out, "No replay: the log's header could not be read.\n");
    } else {
        leaders_table(out, &a->result, o);
        tally_table(out, &a->result, o);
    }
    verdict(out, a, o);
}

/* ---- status: a game in progress (SPEC 8) ---- */

static void pending_section(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    const adj_replay_t *r = a->replayed ? &a->result : NULL;
    size_t n;
    adj_obligation_t *obs = adj_pending_sorted(r, &n);
    adj_buf_t due = {0};
    adj_buf_puts(out, n ? "\npending:\n" : "\nnothing is pending\n");
    for (size_t i = 0; i < n; i++) {
        adj_buf_puts(out, paint(o, C_BOLD));
        put_text(out, a->file, 0);
        adj_buf_printf(out, ":%zu:%s ", obs[i].mark.line, paint(o, C_RESET));
        adj_buf_reset(&due);
        adj_pending_due(&due, r->header, &obs[i]);
        put_text(out, due.data ? due.data : "", 0);
        adj_buf_putc(out, '\n');
    }
    adj_buf_free(&due);
    free(obs);
}

static void activation_line(adj_buf_t *out, const adj_audit_t *a)
{
    const adj_activation_t *act = a->replayed ? &a->result.activation : NULL;
    if (!act || act->leader < 0) {
        adj_buf_puts(out, "no activation is open\n");
        return;
    }
    adj_buf_puts(out, "open activation: ");
    put_text(out, a->result.header->leaders[act->leader].id, 0);
    adj_buf_printf(out, " (line %zu): ", act->mark.line);
    if (act->mp_known)
        adj_buf_printf(out, "%lld MP available", (long long)act->mp);
    else
        adj_buf_puts(out, "MPs available unknown");
    adj_buf_printf(out, ", %llu spent\n", (unsigned long long)act->spent);
}

static void text_status(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    text_audit(out, a, o);
    pending_section(out, a, o);
    activation_line(out, a);
}

/* ---- explain ---- */

static void put_escaped(adj_buf_t *out, const char *s) { adj_escape_text(out, s, strlen(s)); }

static void state_text(adj_buf_t *out, const adj_header_t *h, const adj_leader_state_t *s)
{
    adj_buf_puts(out, adj_status_name(s->status));
    if (s->level)
        adj_buf_printf(out, " %lld", (long long)s->level);
    if (adj_status_in_play(s->status))
        adj_buf_puts(out, s->inactive ? ", Inactive" : ", Active");
    if (s->replaced_by >= 0) {
        adj_buf_puts(out, ", replaced by ");
        put_escaped(out, h->leaders[s->replaced_by].id);
    }
}

static void explain_intro(adj_buf_t *out, const adj_header_t *h, const adj_leader_def_t *d,
                          const adj_rulings_t *rs)
{
    put_escaped(out, d->id);
    if (d->name) {
        adj_buf_puts(out, " (");
        put_escaped(out, d->name);
        adj_buf_putc(out, ')');
    }
    adj_buf_puts(out, ", ");
    put_escaped(out, h->sides[d->side]);
    adj_buf_printf(out, ", worth %lld VP if he dies", (long long)d->vp);
    if (!adj_rulings_is_default(rs)) {
        adj_buf_puts(out, "; rulings:");
        changed_rulings(out, rs, " ", " ");
    }
    adj_buf_puts(out, "\n  at the start: ");
    adj_buf_puts(out, d->reserve ? "in reserve" : d->wound ? "wounded" : "fit");
    if (!d->reserve && d->wound)
        adj_buf_printf(out, " %lld", (long long)d->wound);
    adj_buf_putc(out, '\n');
}

static void explain_steps(adj_buf_t *out, const adj_header_t *h, const adj_story_t *s)
{
    for (size_t i = 0; i < s->count; i++) {
        const adj_story_step_t *st = &s->steps[i];
        adj_buf_printf(out, "  line %zu", st->mark.line);
        if (st->has_turn)
            adj_buf_printf(out, ", turn %lld", (long long)st->turn);
        adj_buf_printf(out, ", %s [%s]: ", st->event, st->rule);
        put_escaped(out, st->text);
        adj_buf_puts(out, "\n      now: ");
        state_text(out, h, &st->after);
        adj_buf_putc(out, '\n');
    }
}

enum { ELSEWHERE_LINES = 10 };  /* lines named before "and N more" */

/* The next error line after index *i of the sorted list (0: none left). */
static size_t next_error_line(const adj_audit_t *a, size_t *i, size_t last)
{
    for (; *i < a->diags.count; (*i)++) {
        const adj_diag_t *g = &a->diags.items[*i];
        if (adj_code_severity(g->code) == ADJ_SEV_ERROR && g->mark.line != last)
            return g->mark.line;
    }
    return 0;
}

/* Errors among the diagnostics not kept (past ADJ_MAX_DIAGS). */
static size_t omitted_errors(const adj_diags_t *d)
{
    size_t n = 0;
    for (int c = 0; c < ADJ_DIAG_COUNT; c++)
        n += adj_code_severity((adj_code_t)c) == ADJ_SEV_ERROR ? d->omitted_code[c] : 0;
    return n;
}

/* The log has errors and none is about him (so the exit status is not his
 * doing): say where they are, by line; those past the cap, by count. */
static void explain_elsewhere(adj_buf_t *out, const adj_audit_t *a, size_t his_errors)
{
    size_t n = a->diags.errors - his_errors, lines = 0, i = 0, line = 0;
    size_t unkept = omitted_errors(&a->diags);
    if (his_errors || n == 0)
        return;
    while ((line = next_error_line(a, &i, line)) != 0)
        lines++;
    adj_buf_printf(out, "  %zu error%s elsewhere in the log", n, n == 1 ? "" : "s");
    if (lines)
        adj_buf_printf(out, ": line%s", lines > 1 ? "s" : "");
    i = line = 0;
    for (size_t k = 0; k < lines && k < ELSEWHERE_LINES; k++) {
        line = next_error_line(a, &i, line);
        adj_buf_printf(out, "%s %zu", k ? "," : "", line);
    }
    if (lines > ELSEWHERE_LINES)
        adj_buf_printf(out, " and %zu more", lines - ELSEWHERE_LINES);
    if (unkept && lines)  /* never "line" without a number */
        adj_buf_printf(out, "; %zu of them past the cap of %d diagnostics kept, not listed",
                       unkept, ADJ_MAX_DIAGS);
    else if (unkept)
        adj_buf_printf(out, ", past the cap of %d diagnostics kept, not listed", ADJ_MAX_DIAGS);
    adj_buf_putc(out, '\n');
}

/* Past the cap: how many of the log's diagnostics were not kept, and
 * whether any about him may be among them (explain keeps his). */
static void text_explain_past_cap(adj_buf_t *out, const adj_diags_t *d)
{
    if (!d->omitted)
        return;
    size_t e = omitted_errors(d), w = d->omitted - e;
    adj_buf_printf(out, "  past the cap of %d diagnostics kept: %zu of the log's not kept (%zu "
                   "error%s, %zu warning%s), %s\n", ADJ_MAX_DIAGS, d->omitted, e, e == 1 ? "" : "s",
                   w, w == 1 ? "" : "s",
                   d->keep_missed ? "some of them maybe about him" : "none of them about him");
}

static void explain_diags(adj_buf_t *out, const adj_audit_t *a, const char *id)
{
    size_t about = 0, his_errors = 0;
    for (size_t i = 0; i < a->diags.count; i++) {
        const adj_diag_t *g = &a->diags.items[i];
        if (!adj_diag_is_about(g, id))
            continue;
        if (about++ == 0)
            adj_buf_puts(out, "  diagnostics about him:\n");
        his_errors += adj_code_severity(g->code) == ADJ_SEV_ERROR;
        adj_buf_printf(out, "    %zu:%zu: %s: ", g->mark.line, g->mark.column,
                       severity_name(g->code));
        put_escaped(out, g->message);
        adj_buf_printf(out, " [%s, rule %s]\n", adj_code_name(g->code), g->rule);
    }
    if (!about)
        adj_buf_puts(out, "  no diagnostic is about him\n");
    explain_elsewhere(out, a, his_errors);
    text_explain_past_cap(out, &a->diags);
}

static void text_explain(adj_buf_t *out, const adj_audit_t *a, const adj_story_t *s,
                         const adj_report_opts_t *o)
{
    (void)o;  /* the rulings are the audit's: ladder, log, command line */
    const adj_header_t *h = a->result.header;
    const adj_leader_def_t *d = &h->leaders[s->leader];
    explain_intro(out, h, d, &a->rulings);
    explain_steps(out, h, s);
    explain_diags(out, a, d->id);
    adj_buf_puts(out, "  final: ");
    state_text(out, h, &a->result.leaders[s->leader]);
    adj_buf_puts(out, "\n\n");
}

/* ---- compare ---- */

/* Pad the text written since `from` to `width` columns. */
static void text_column(adj_buf_t *out, size_t from, size_t width)
{
    size_t w = 0;
    for (size_t i = from; i < out->len; i++)
        w += ((unsigned char)out->data[i] & 0xC0) != 0x80;
    for (; w < width; w++)
        adj_buf_putc(out, ' ');
}

enum { COMPARE_COL = 34 };

static void text_tally(adj_buf_t *out, const adj_replay_t *r)
{
    for (int s = 0; s < 2; s++) {
        put_escaped(out, r->header->sides[s]);
        adj_buf_printf(out, " %lld%s", (long long)r->vp[s], s ? "" : ", ");
    }
}

/* A row: its label in 16 columns, the default's cell, the alternative's. */
static size_t compare_row(adj_buf_t *out, const char *label)
{
    size_t start = out->len;
    put_escaped(out, label);
    text_column(out, start, 16);
    adj_buf_putc(out, ' ');
    return out->len;
}

static void compare_leaders(adj_buf_t *out, const adj_compare_t *c)
{
    const adj_replay_t *x = &c->run[0]->result, *y = &c->run[1]->result;
    for (size_t i = 0; c->replayed && i < x->header->leader_count; i++) {
        if (adj_state_same(&x->leaders[i], &y->leaders[i]))
            continue;
        size_t mid = compare_row(out, x->header->leaders[i].id);
        state_text(out, x->header, &x->leaders[i]);
        text_column(out, mid, COMPARE_COL);
        state_text(out, y->header, &y->leaders[i]);
        adj_buf_putc(out, '\n');
    }
    if (!c->leaders_differ)
        adj_buf_puts(out, "(every leader ends in the same state)\n");
    if (c->replayed) {
        size_t mid = compare_row(out, "VP tally");
        text_tally(out, x);
        text_column(out, mid, COMPARE_COL);
        text_tally(out, y);
        adj_buf_puts(out, c->tally_differs ? "\n" : "   (the same)\n");
    }
}

/* The alternative: the rulings where it differs from the default reading. */
static void compare_rulings(adj_buf_t *out, const adj_compare_t *c)
{
    const char *sep = "";
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        if (!c->alt_differs[r])
            continue;
        adj_buf_printf(out, "%s%s=%s", sep, adj_ruling_name((adj_ruling_t)r),
                       adj_ruling_value_name((adj_ruling_t)r, c->alt->value[r]));
        sep = ", ";
    }
}

static void compare_only(adj_buf_t *out, const adj_compare_t *c, int k)
{
    if (!c->only_count[k])
        return;
    adj_buf_puts(out, k ? "\nfound only under " : "\nfound only under the default reading:\n");
    if (k) {
        compare_rulings(out, c);
        adj_buf_puts(out, ":\n");
    }
    const adj_diags_t *d = &c->run[k]->diags;
    for (size_t i = 0; i < d->count; i++) {
        if (!c->only[k][i])
            continue;
        const adj_diag_t *g = &d->items[i];
        adj_buf_printf(out, "  %zu:%zu: %s: ", g->mark.line, g->mark.column,
                       severity_name(g->code));
        put_escaped(out, g->message);
        adj_buf_printf(out, " [%s]\n", adj_code_name(g->code));
    }
}

/* Past the cap of diagnostics kept: how many each reading left out, and
 * the codes whose diagnostics not listed above differ in number. */
static void compare_past_cap(adj_buf_t *out, const adj_compare_t *c)
{
    if (!c->past_cap)
        return;
    adj_buf_printf(out, "\npast the cap of %d diagnostics kept: %zu not kept under the default "
                   "reading, %zu under ", ADJ_MAX_DIAGS, c->run[0]->diags.omitted,
                   c->run[1]->diags.omitted);
    compare_rulings(out, c);
    size_t differ = 0;
    for (int code = 0; code < ADJ_DIAG_COUNT; code++) {
        size_t def = c->unlisted[0][code], alt = c->unlisted[1][code];
        if (def == alt)
            continue;
        adj_buf_puts(out, differ++ ? "\n  " : ";\nnot listed above, by code, where they differ:\n  ");
        adj_buf_printf(out, "%s: %zu under the default reading, %zu under ",
                       adj_code_name((adj_code_t)code), def, alt);
        compare_rulings(out, c);
    }
    adj_buf_puts(out, differ ? "\n" : "; those not listed above agree in number, code by code\n");
}

static void text_compare(adj_buf_t *out, const adj_compare_t *c, const adj_report_opts_t *o)
{
    (void)o;
    adj_buf_puts(out, "compare ");
    put_escaped(out, c->file);
    adj_buf_puts(out, ": the default reading");
    bool sourced = false;  /* a ladder's or the log's rulings are the default reading (SPEC 13) */
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        sourced = sourced || c->run[0]->rulings.src[r];
    if (sourced) {
        adj_buf_puts(out, " (");
        put_rulings(out, &c->run[0]->rulings, "", ", ", true);
        adj_buf_putc(out, ')');
    }
    adj_buf_puts(out, " against ");
    compare_rulings(out, c);
    adj_buf_puts(out, "\n\n");
    size_t start = out->len;
    adj_buf_puts(out, "leader");
    text_column(out, start, 17);
    size_t mid = out->len;
    adj_buf_puts(out, "default");
    text_column(out, mid, COMPARE_COL);
    adj_buf_puts(out, "alternative\n");
    compare_leaders(out, c);
    compare_only(out, c, 0);
    compare_only(out, c, 1);
    compare_past_cap(out, c);
    bool agree = !c->leaders_differ && !c->tally_differs;
    adj_buf_printf(out, "\n%s", agree ? "The readings agree on every leader and the tally"
                                      : "The readings differ");
    if (!agree)
        adj_buf_printf(out, " on %zu leader%s%s", c->leaders_differ,
                       c->leaders_differ == 1 ? "" : "s",
                       c->tally_differs ? " and the tally" : "");
    adj_buf_puts(out, ".\n");
}

const adj_reporter_t adj_reporter_text = {
    .name = "text",
    .help = "text for people (default)",
    .audit = text_audit,
    .summary_holds = true,
    .summary = adj_text_summary,
    .summary_end = adj_text_summary_end,
    .explain = text_explain,
    .compare = text_compare,
    .status = text_status,
    .dice = adj_text_dice,
    .ladder = adj_text_ladder,
};
