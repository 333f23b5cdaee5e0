/*
 * explain.c - the dispute tools (SPEC 6.3, 6.4): a leader's story told
 * from the engine's steps, and the same log replayed under two readings.
 */
#include "adj_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* explain                                                             */
/* ------------------------------------------------------------------ */

typedef struct story_step_s {
    adj_mark_t mark;
    bool has_turn;
    int64_t turn;
    const char *event;    /* static */
    const char *rule;     /* static */
    char *text;           /* owned */
    adj_leader_state_t after;
} story_step_t;

typedef struct story_s {
    const char *id;       /* borrowed from argv */
    story_step_t *steps;  /* owned array */
    size_t count, cap;
} story_t;

typedef struct explain_ctx_s {
    adj_audit_t *audit;   /* borrowed: its engine holds the states */
    story_t *stories;     /* borrowed array */
    size_t count;
} explain_ctx_t;

static void on_step(void *ctx, const adj_step_t *st)
{
    explain_ctx_t *x = ctx;
    const adj_engine_t *e = x->audit->engine;
    const char *id = e->header->leaders[st->leader].id;
    for (size_t i = 0; i < x->count; i++) {
        story_t *s = &x->stories[i];
        if (strcmp(s->id, id) != 0)
            continue;
        if (s->count == s->cap) {
            s->cap = s->cap ? s->cap * 2 : 16;
            s->steps = adj_xreallocarray(s->steps, s->cap, sizeof *s->steps);
        }
        s->steps[s->count++] = (story_step_t){st->mark, st->has_turn, st->turn, st->event,
                                              st->rule, adj_xstrdup(st->text),
                                              e->leaders[st->leader]};
    }
}

static void json_state_of(adj_buf_t *out, const adj_header_t *h, const adj_leader_state_t *s)
{
    adj_buf_printf(out, "{\"status\": \"%s\", \"level\": %lld, \"inactive\": %s, \"replaced_by\": ",
                   adj_status_name(s->status), (long long)s->level, s->inactive ? "true" : "false");
    if (s->replaced_by >= 0) {
        const char *r = h->leaders[s->replaced_by].id;
        adj_json_string(out, r, strlen(r));
    } else {
        adj_buf_puts(out, "null");
    }
    adj_buf_putc(out, '}');
}

static void text_state_of(adj_buf_t *out, const adj_header_t *h, const adj_leader_state_t *s)
{
    adj_buf_puts(out, adj_status_name(s->status));
    if (s->level)
        adj_buf_printf(out, " %lld", (long long)s->level);
    if (adj_status_in_play(s->status))
        adj_buf_puts(out, s->inactive ? ", Inactive" : ", Active");
    if (s->replaced_by >= 0) {
        adj_buf_puts(out, ", replaced by ");
        const char *r = h->leaders[s->replaced_by].id;
        adj_escape_text(out, r, strlen(r));
    }
}

static void explain_text(adj_buf_t *out, const adj_audit_t *a, const story_t *s, int32_t l,
                         const adj_config_t *c)
{
    const adj_header_t *h = a->engine->header;
    const adj_leader_def_t *d = &h->leaders[l];
    adj_escape_text(out, d->id, strlen(d->id));
    if (d->name) {
        adj_buf_puts(out, " (");
        adj_escape_text(out, d->name, strlen(d->name));
        adj_buf_putc(out, ')');
    }
    adj_buf_puts(out, ", ");
    adj_escape_text(out, h->sides[d->side], strlen(h->sides[d->side]));
    adj_buf_printf(out, ", worth %lld VP if he dies", (long long)d->vp);
    if (!adj_rulings_is_default(&c->audit.rulings)) {
        adj_buf_puts(out, "; rulings:");
        for (int r = 0; r < ADJ_RULING_COUNT; r++)
            if (c->audit.rulings.value[r])
                adj_buf_printf(out, " %s=%s", adj_ruling_name((adj_ruling_t)r),
                               adj_ruling_value_name((adj_ruling_t)r, c->audit.rulings.value[r]));
    }
    adj_buf_puts(out, "\n  at the start: ");
    adj_buf_puts(out, d->reserve ? "in reserve" : d->wound ? "wounded" : "fit");
    if (!d->reserve && d->wound)
        adj_buf_printf(out, " %lld", (long long)d->wound);
    adj_buf_putc(out, '\n');
    for (size_t i = 0; i < s->count; i++) {
        const story_step_t *st = &s->steps[i];
        adj_buf_printf(out, "  line %zu", st->mark.line);
        if (st->has_turn)
            adj_buf_printf(out, ", turn %lld", (long long)st->turn);
        adj_buf_printf(out, ", %s [%s]: ", st->event, st->rule);
        adj_escape_text(out, st->text, strlen(st->text));
        adj_buf_puts(out, "\n      now: ");
        text_state_of(out, h, &st->after);
        adj_buf_putc(out, '\n');
    }
    size_t about = 0;
    for (size_t i = 0; i < a->diags.count; i++) {
        const adj_diag_t *g = &a->diags.items[i];
        if (!g->leader || strcmp(g->leader, d->id) != 0)
            continue;
        if (about++ == 0)
            adj_buf_puts(out, "  diagnostics about him:\n");
        adj_buf_printf(out, "    %zu:%zu: %s: ", g->mark.line, g->mark.column,
                       adj_code_severity(g->code) == ADJ_SEV_ERROR ? "error" : "warning");
        adj_escape_text(out, g->message, strlen(g->message));
        adj_buf_printf(out, " [%s, rule %s]\n", adj_code_name(g->code), g->rule);
    }
    if (!about)
        adj_buf_puts(out, "  no diagnostic is about him\n");
    adj_buf_puts(out, "  final: ");
    text_state_of(out, h, &a->engine->leaders[l]);
    adj_buf_puts(out, "\n\n");
}

static void explain_json(adj_buf_t *out, const adj_audit_t *a, const story_t *s, int32_t l,
                         const adj_config_t *c)
{
    const adj_header_t *h = a->engine->header;
    const char *id = h->leaders[l].id;
    adj_buf_puts(out, "{\"file\": ");
    adj_json_string(out, a->file, strlen(a->file));
    adj_buf_puts(out, ", \"leader\": ");
    adj_json_string(out, id, strlen(id));
    adj_buf_puts(out, ", \"rulings\": ");
    adj_json_rulings(out, &c->audit.rulings);
    if (c->audit.at.kind != ADJ_AT_NONE)
        adj_buf_printf(out, ", \"at\": \"%s:%lld\"", c->audit.at.kind == ADJ_AT_TURN ? "turn" : "line",
                       (long long)c->audit.at.value);
    adj_buf_puts(out, ", \"steps\": [");
    for (size_t i = 0; i < s->count; i++) {
        const story_step_t *st = &s->steps[i];
        adj_buf_printf(out, "%s{\"line\": %zu, \"turn\": ", i ? ", " : "", st->mark.line);
        if (st->has_turn)
            adj_buf_printf(out, "%lld", (long long)st->turn);
        else
            adj_buf_puts(out, "null");
        adj_buf_printf(out, ", \"event\": \"%s\", \"rule\": \"%s\", \"text\": ", st->event, st->rule);
        adj_json_string(out, st->text, strlen(st->text));
        adj_buf_puts(out, ", \"after\": ");
        json_state_of(out, h, &st->after);
        adj_buf_putc(out, '}');
    }
    adj_buf_puts(out, "], \"diagnostics\": [");
    size_t n = 0;
    for (size_t i = 0; i < a->diags.count; i++) {
        const adj_diag_t *g = &a->diags.items[i];
        if (!g->leader || strcmp(g->leader, id) != 0)
            continue;
        if (n++)
            adj_buf_puts(out, ", ");
        adj_json_diag(out, g);
    }
    adj_buf_puts(out, "], \"final\": ");
    json_state_of(out, h, &a->engine->leaders[l]);
    adj_buf_puts(out, "}\n");
}

int adj_cmd_explain(const adj_config_t *c)
{
    const char *file = c->args[0];
    size_t nleaders = c->arg_count - 1;
    story_t *stories = adj_xcalloc(nleaders, sizeof *stories);
    for (size_t i = 0; i < nleaders; i++)
        stories[i].id = c->args[i + 1];
    adj_audit_t a;
    explain_ctx_t x = {&a, stories, nleaders};
    adj_audit_opts_t o = c->audit;
    o.on_step = on_step;
    o.step_ctx = &x;
    int status = ADJ_EXIT_OK;
    if (!adj_audit_file(&a, file, &o)) {
        adj_cli_error("%s: %s", file, strerror(a.io_errno));
        status = ADJ_EXIT_USAGE;
    } else if (!a.engine) {
        adj_buf_t out = {0};
        adj_report_opts_t ro = {&c->audit, c->color};
        adj_report_text(&out, &a, &ro);
        fputs(out.data ? out.data : "", stderr);
        adj_buf_free(&out);
        adj_cli_error("%s: the log could not be replayed, so no leader can be explained", file);
        status = ADJ_EXIT_USAGE;
    } else {
        for (size_t i = 0; i < nleaders; i++) {
            if (adj_reader_leader_index(a.reader, stories[i].id) < 0) {
                adj_cli_error("%s: leader '%s' is not in the roster", file, stories[i].id);
                status = ADJ_EXIT_USAGE;
            }
        }
        if (status == ADJ_EXIT_OK) {
            adj_buf_t out = {0};
            for (size_t i = 0; i < nleaders; i++) {
                int32_t l = adj_reader_leader_index(a.reader, stories[i].id);
                if (c->format == ADJ_FMT_JSON)
                    explain_json(&out, &a, &stories[i], l, c);
                else
                    explain_text(&out, &a, &stories[i], l, c);
            }
            if (!adj_cli_write(&out) || fflush(stdout) != 0)
                status = ADJ_EXIT_USAGE;
            adj_buf_free(&out);
            if (status == ADJ_EXIT_OK && a.diags.errors)
                status = ADJ_EXIT_FLAWS;
        }
    }
    for (size_t i = 0; i < nleaders; i++) {
        for (size_t j = 0; j < stories[i].count; j++)
            free(stories[i].steps[j].text);
        free(stories[i].steps);
    }
    free(stories);
    adj_audit_free(&a);
    return status;
}

/* ------------------------------------------------------------------ */
/* compare                                                             */
/* ------------------------------------------------------------------ */

static bool same_state(const adj_leader_state_t *x, const adj_leader_state_t *y)
{
    return x->status == y->status && x->level == y->level && x->inactive == y->inactive &&
           x->replaced_by == y->replaced_by;
}

static bool same_diag(const adj_diag_t *x, const adj_diag_t *y)
{
    return x->code == y->code && x->mark.line == y->mark.line && x->mark.column == y->mark.column;
}

/* Diagnostics of `a` with no equal in `b` (both sorted by place). */
static size_t only_in(const adj_diags_t *a, const adj_diags_t *b, bool *mask)
{
    size_t n = 0, j = 0;
    for (size_t i = 0; i < a->count; i++) {
        const adj_diag_t *x = &a->items[i];
        while (j < b->count && (b->items[j].mark.line < x->mark.line ||
                                (b->items[j].mark.line == x->mark.line &&
                                 b->items[j].mark.column < x->mark.column)))
            j++;
        bool found = false;
        for (size_t k = j; k < b->count && b->items[k].mark.line == x->mark.line &&
                           b->items[k].mark.column == x->mark.column;
             k++)
            found = found || same_diag(x, &b->items[k]);
        mask[i] = !found;
        n += !found;
    }
    return n;
}

static bool read_all(int fd, adj_buf_t *b)
{
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            return true;
        adj_buf_put(b, chunk, (size_t)n);
    }
}

static void alt_name(adj_buf_t *out, const adj_rulings_t *rs)
{
    bool first = true;
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        if (!rs->value[r])
            continue;
        adj_buf_printf(out, "%s%s=%s", first ? "" : ", ", adj_ruling_name((adj_ruling_t)r),
                       adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
        first = false;
    }
}

static void text_tally(adj_buf_t *out, const adj_engine_t *e)
{
    for (int s = 0; s < 2; s++) {
        adj_escape_text(out, e->header->sides[s], strlen(e->header->sides[s]));
        adj_buf_printf(out, " %lld%s", (long long)e->vp[s], s ? "" : ", ");
    }
}

static void text_column(adj_buf_t *out, size_t from, size_t width)
{
    size_t w = 0;
    for (size_t i = from; i < out->len; i++)
        w += ((unsigned char)out->data[i] & 0xC0) != 0x80;
    for (; w < width; w++)
        adj_buf_putc(out, ' ');
}

int adj_cmd_compare(const adj_config_t *c)
{
    const char *file = c->args[0];
    adj_audit_opts_t def = c->audit, alt = c->audit;
    memset(&def.rulings, 0, sizeof def.rulings);
    adj_audit_t a, b;
    if (strcmp(file, "-") == 0) {
        adj_buf_t in = {0};
        if (!read_all(0, &in)) {
            adj_cli_error("-: %s", strerror(errno));
            adj_buf_free(&in);
            return ADJ_EXIT_USAGE;
        }
        adj_audit_bytes(&a, in.data ? in.data : "", in.len, "-", &def);
        adj_audit_bytes(&b, in.data ? in.data : "", in.len, "-", &alt);
        adj_buf_free(&in);
    } else {
        if (!adj_audit_file(&a, file, &def)) {
            adj_cli_error("%s: %s", file, strerror(a.io_errno));
            adj_audit_free(&a);
            return ADJ_EXIT_USAGE;
        }
        if (!adj_audit_file(&b, file, &alt)) {
            adj_cli_error("%s: %s", file, strerror(b.io_errno));
            adj_audit_free(&a);
            adj_audit_free(&b);
            return ADJ_EXIT_USAGE;
        }
    }
    const adj_engine_t *ea = a.engine, *eb = b.engine;
    size_t nl = ea && eb ? ea->header->leader_count : 0;
    bool tally_differs = ea && eb && (ea->vp[0] != eb->vp[0] || ea->vp[1] != eb->vp[1]);
    size_t leaders_differ = 0;
    for (size_t i = 0; i < nl; i++)
        leaders_differ += !same_state(&ea->leaders[i], &eb->leaders[i]);
    bool *mask_a = adj_xcalloc(a.diags.count ? a.diags.count : 1, sizeof *mask_a);
    bool *mask_b = adj_xcalloc(b.diags.count ? b.diags.count : 1, sizeof *mask_b);
    size_t only_a = only_in(&a.diags, &b.diags, mask_a);
    size_t only_b = only_in(&b.diags, &a.diags, mask_b);

    adj_buf_t out = {0};
    if (c->format == ADJ_FMT_JSON) {
        adj_buf_puts(&out, "{\"file\": ");
        adj_json_string(&out, file, strlen(file));
        adj_buf_puts(&out, ", \"rulings\": {");
        bool first = true;
        for (int r = 0; r < ADJ_RULING_COUNT; r++) {
            if (!alt.rulings.value[r])
                continue;
            adj_buf_printf(&out, "%s\"%s\": \"%s\"", first ? "" : ", ",
                           adj_ruling_name((adj_ruling_t)r),
                           adj_ruling_value_name((adj_ruling_t)r, alt.rulings.value[r]));
            first = false;
        }
        adj_buf_puts(&out, "}, \"leaders\": [");
        size_t n = 0;
        for (size_t i = 0; i < nl; i++) {
            if (same_state(&ea->leaders[i], &eb->leaders[i]))
                continue;
            const char *id = ea->header->leaders[i].id;
            adj_buf_puts(&out, n++ ? ", {\"id\": " : "{\"id\": ");
            adj_json_string(&out, id, strlen(id));
            adj_buf_puts(&out, ", \"default\": ");
            json_state_of(&out, ea->header, &ea->leaders[i]);
            adj_buf_puts(&out, ", \"alternative\": ");
            json_state_of(&out, eb->header, &eb->leaders[i]);
            adj_buf_putc(&out, '}');
        }
        adj_buf_puts(&out, "], \"vp\": ");
        if (tally_differs) {
            adj_buf_puts(&out, "{");
            for (int k = 0; k < 2; k++) {
                const adj_engine_t *e = k ? eb : ea;
                adj_buf_printf(&out, "%s\"%s\": {", k ? ", " : "", k ? "alternative" : "default");
                for (int s = 0; s < 2; s++) {
                    if (s)
                        adj_buf_puts(&out, ", ");
                    adj_json_string(&out, e->header->sides[s], strlen(e->header->sides[s]));
                    adj_buf_printf(&out, ": %lld", (long long)e->vp[s]);
                }
                adj_buf_putc(&out, '}');
            }
            adj_buf_putc(&out, '}');
        } else {
            adj_buf_puts(&out, "null");
        }
        adj_buf_puts(&out, ", \"diagnostics\": {\"only_default\": [");
        n = 0;
        for (size_t i = 0; i < a.diags.count; i++)
            if (mask_a[i]) {
                if (n++)
                    adj_buf_puts(&out, ", ");
                adj_json_diag(&out, &a.diags.items[i]);
            }
        adj_buf_puts(&out, "], \"only_alternative\": [");
        n = 0;
        for (size_t i = 0; i < b.diags.count; i++)
            if (mask_b[i]) {
                if (n++)
                    adj_buf_puts(&out, ", ");
                adj_json_diag(&out, &b.diags.items[i]);
            }
        adj_buf_puts(&out, "]}}\n");
    } else {
        adj_buf_puts(&out, "compare ");
        adj_escape_text(&out, file, strlen(file));
        adj_buf_puts(&out, ": the default reading against ");
        alt_name(&out, &alt.rulings);
        adj_buf_puts(&out, "\n\n");
        const size_t col = 34;
        size_t line_start = out.len;
        adj_buf_puts(&out, "leader");
        text_column(&out, line_start, 17);
        size_t mid = out.len;
        adj_buf_puts(&out, "default");
        text_column(&out, mid, col);
        adj_buf_puts(&out, "alternative\n");
        for (size_t i = 0; i < nl; i++) {
            if (same_state(&ea->leaders[i], &eb->leaders[i]))
                continue;
            line_start = out.len;
            const char *id = ea->header->leaders[i].id;
            adj_escape_text(&out, id, strlen(id));
            text_column(&out, line_start, 16);
            adj_buf_putc(&out, ' ');
            mid = out.len;
            text_state_of(&out, ea->header, &ea->leaders[i]);
            text_column(&out, mid, col);
            text_state_of(&out, eb->header, &eb->leaders[i]);
            adj_buf_putc(&out, '\n');
        }
        if (!leaders_differ)
            adj_buf_puts(&out, "(every leader ends in the same state)\n");
        if (ea && eb) {
            line_start = out.len;
            adj_buf_puts(&out, "VP tally");
            text_column(&out, line_start, 16);
            adj_buf_putc(&out, ' ');
            mid = out.len;
            text_tally(&out, ea);
            text_column(&out, mid, col);
            text_tally(&out, eb);
            adj_buf_puts(&out, tally_differs ? "\n" : "   (the same)\n");
        }
        for (int k = 0; k < 2; k++) {
            const adj_audit_t *x = k ? &b : &a;
            const bool *mask = k ? mask_b : mask_a;
            if (!(k ? only_b : only_a))
                continue;
            adj_buf_puts(&out, k ? "\nfound only under " : "\nfound only under the default reading:\n");
            if (k) {
                alt_name(&out, &alt.rulings);
                adj_buf_puts(&out, ":\n");
            }
            for (size_t i = 0; i < x->diags.count; i++) {
                if (!mask[i])
                    continue;
                const adj_diag_t *g = &x->diags.items[i];
                adj_buf_printf(&out, "  %zu:%zu: %s: ", g->mark.line, g->mark.column,
                               adj_code_severity(g->code) == ADJ_SEV_ERROR ? "error" : "warning");
                adj_escape_text(&out, g->message, strlen(g->message));
                adj_buf_printf(&out, " [%s]\n", adj_code_name(g->code));
            }
        }
        bool agree = !leaders_differ && !tally_differs;
        adj_buf_printf(&out, "\n%s", agree ? "The readings agree on every leader and the tally"
                                           : "The readings differ");
        if (!agree)
            adj_buf_printf(&out, " on %zu leader%s%s", leaders_differ,
                           leaders_differ == 1 ? "" : "s", tally_differs ? " and the tally" : "");
        adj_buf_puts(&out, ".\n");
    }
    int status = (leaders_differ || tally_differs) ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    if (!adj_cli_write(&out) || fflush(stdout) != 0)
        status = ADJ_EXIT_USAGE;
    adj_buf_free(&out);
    free(mask_a);
    free(mask_b);
    adj_audit_free(&a);
    adj_audit_free(&b);
    return status;
}
