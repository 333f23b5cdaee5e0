/*
 * report_json.c - JSON Lines for programs (SPEC 5): one object per file.
 * Every string goes through adj_json_string, so the output is valid UTF-8
 * and valid JSON whatever bytes the log held.
 */
#include "adj_audit.h"

#include <string.h>

static void key(adj_buf_t *out, const char *k)
{
    adj_json_string(out, k, strlen(k));
    adj_buf_puts(out, ": ");
}

static void str_or_null(adj_buf_t *out, const char *s)
{
    if (s)
        adj_json_string(out, s, strlen(s));
    else
        adj_buf_puts(out, "null");
}

void adj_json_diag(adj_buf_t *out, const adj_diag_t *d)
{
    adj_buf_printf(out, "{\"line\": %zu, \"column\": %zu, \"severity\": \"%s\", ", d->mark.line,
                   d->mark.column,
                   adj_code_severity(d->code) == ADJ_SEV_ERROR ? "error" : "warning");
    key(out, "code");
    str_or_null(out, adj_code_name(d->code));
    adj_buf_puts(out, ", ");
    key(out, "rule");
    str_or_null(out, d->rule);
    adj_buf_puts(out, ", ");
    key(out, "leader");
    str_or_null(out, d->leader);
    adj_buf_puts(out, ", ");
    key(out, "turn");
    if (d->has_turn)
        adj_buf_printf(out, "%lld", (long long)d->turn);
    else
        adj_buf_puts(out, "null");
    adj_buf_puts(out, ", ");
    key(out, "message");
    str_or_null(out, d->message);
    adj_buf_putc(out, '}');
}

void adj_json_state(adj_buf_t *out, const adj_audit_t *a, int32_t l)
{
    const adj_leader_state_t *s = &a->engine->leaders[l];
    const adj_header_t *h = a->engine->header;
    adj_buf_puts(out, "{\"status\": ");
    str_or_null(out, adj_status_name(s->status));
    adj_buf_printf(out, ", \"level\": %lld, \"inactive\": %s, \"replaced_by\": ",
                   (long long)s->level, s->inactive ? "true" : "false");
    str_or_null(out, s->replaced_by >= 0 ? h->leaders[s->replaced_by].id : NULL);
    adj_buf_putc(out, '}');
}

void adj_json_rulings(adj_buf_t *out, const adj_rulings_t *rs)
{
    adj_buf_putc(out, '{');
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        if (r)
            adj_buf_puts(out, ", ");
        key(out, adj_ruling_name((adj_ruling_t)r));
        str_or_null(out, adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
    }
    adj_buf_putc(out, '}');
}

static void tally(adj_buf_t *out, const adj_header_t *h, const int64_t vp[2],
                  const bool *present)
{
    adj_buf_putc(out, '{');
    bool first = true;
    for (int s = 0; s < 2; s++) {
        if (present && !present[s])
            continue;
        if (!first)
            adj_buf_puts(out, ", ");
        first = false;
        key(out, h->sides[s]);
        adj_buf_printf(out, "%lld", (long long)vp[s]);
    }
    adj_buf_putc(out, '}');
}

void adj_report_json(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    const adj_engine_t *e = a->engine;
    adj_buf_puts(out, "{");
    key(out, "file");
    str_or_null(out, a->file);
    adj_buf_printf(out, ", \"ok\": %s, \"turn\": ", a->diags.errors ? "false" : "true");
    if (e && e->turn_begun)
        adj_buf_printf(out, "%lld", (long long)e->turn);
    else
        adj_buf_puts(out, "null");
    adj_buf_printf(out, ", \"ended\": %s, \"diagnostics\": [", e && e->ended ? "true" : "false");
    for (size_t i = 0; i < a->diags.count; i++) {
        if (i)
            adj_buf_puts(out, ", ");
        adj_json_diag(out, &a->diags.items[i]);
    }
    adj_buf_puts(out, "]");
    if (a->diags.omitted)  /* past ADJ_MAX_DIAGS: counted, not kept */
        adj_buf_printf(out, ", \"diagnostics_omitted\": %zu", a->diags.omitted);
    adj_buf_puts(out, ", \"leaders\": [");
    for (size_t i = 0; e && i < e->header->leader_count; i++) {
        const adj_leader_def_t *d = &e->header->leaders[i];
        if (i)
            adj_buf_puts(out, ", ");
        adj_buf_puts(out, "{\"id\": ");
        str_or_null(out, d->id);
        adj_buf_puts(out, ", \"side\": ");
        str_or_null(out, e->header->sides[d->side]);
        adj_buf_puts(out, ", ");
        /* the state object's members, spliced into the leader's object */
        size_t at = out->len;
        adj_json_state(out, a, (int32_t)i);
        memmove(out->data + at, out->data + at + 1, out->len - at - 1);
        out->len--;
        out->data[out->len] = '\0';
    }
    adj_buf_puts(out, "], \"vp\": ");
    if (e)
        tally(out, e->header, e->vp, NULL);
    else
        adj_buf_puts(out, "null");
    adj_buf_puts(out, ", \"claimed_vp\": ");
    if (e && e->has_claim)
        tally(out, e->header, e->claim, e->claim_present);
    else
        adj_buf_puts(out, "null");
    const adj_audit_opts_t *ao = o ? o->audit : NULL;
    adj_rulings_t defaults = {{0}};
    adj_buf_puts(out, ", \"rulings\": ");
    adj_json_rulings(out, ao ? &ao->rulings : &defaults);
    if (ao && ao->at.kind != ADJ_AT_NONE)
        adj_buf_printf(out, ", \"at\": \"%s:%lld\"", ao->at.kind == ADJ_AT_TURN ? "turn" : "line",
                       (long long)ao->at.value);
    adj_buf_puts(out, "}\n");
}
