/* SPDX-License-Identifier: MIT */
/*
 * cmd_explain.c - `adjutant explain FILE LEADER...` (SPEC 6.3): each
 * leader's story collected from the engine's steps, which the chosen
 * reporter writes.
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

typedef struct explain_ctx_s {
    adj_story_t *stories;        /* borrowed array */
    size_t count;
    ptrdiff_t *first;            /* owned: per roster leader, his first story, -1: none */
    ptrdiff_t *next;             /* owned: per story, the next of the same leader, -1: none */
    bool unknown;                /* a name is not in the roster */
    const adj_reader_t *reader;  /* borrowed, once the roster is read */
} explain_ctx_t;

static void story_push(adj_story_t *s, const adj_step_t *st)
{
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->steps = adj_xreallocarray(s->steps, s->cap, sizeof *s->steps);
    }
    s->steps[s->count++] = (adj_story_step_t){st->mark, st->has_turn, st->turn, st->event,
                                              st->rule, adj_xstrdup(st->text), *st->state};
}

/* Names against the roster before the first event (an unknown one stops
 * the audit: a usage error), and each leader's stories chained, so a step
 * costs the same however many names were given. */
static bool on_header(void *ctx, const adj_audit_t *a)
{
    explain_ctx_t *x = ctx;
    x->reader = a->reader;
    size_t n = adj_reader_header(a->reader)->leader_count;
    x->first = adj_xcalloc(n ? n : 1, sizeof *x->first);
    x->next = adj_xcalloc(x->count ? x->count : 1, sizeof *x->next);
    for (size_t l = 0; l < n; l++)
        x->first[l] = -1;
    for (size_t i = x->count; i-- > 0;) {
        adj_story_t *s = &x->stories[i];
        s->leader = adj_reader_leader_index(a->reader, s->id);
        x->next[i] = -1;
        if (s->leader < 0) {
            x->unknown = true;
            continue;
        }
        x->next[i] = x->first[s->leader];
        x->first[s->leader] = (ptrdiff_t)i;
    }
    return !x->unknown;
}

/* Past the cap of diagnostics kept, those about a leader named are kept
 * all the same (a wall of other findings hides none of his; issue 44). */
static bool keep_his(void *ctx, const char *leader)
{
    const explain_ctx_t *x = ctx;
    int32_t l = x->reader ? adj_reader_leader_index(x->reader, leader) : -1;
    return l >= 0 && x->first[l] >= 0;
}

static void on_step(void *ctx, const adj_step_t *st)
{
    explain_ctx_t *x = ctx;
    for (ptrdiff_t i = x->first[st->leader]; i >= 0; i = x->next[i])
        story_push(&x->stories[i], st);
}

static void stories_free(adj_story_t *stories, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < stories[i].count; j++)
            free(stories[i].steps[j].text);
        free(stories[i].steps);
    }
    free(stories);
}

/* The log could not be replayed: its findings on standard error. */
static int explain_no_replay(const adj_config_t *c, const adj_audit_t *a)
{
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    adj_reporter_find("text")->audit(&out, a, &ro);  /* for people, whatever --format says */
    fputs(out.data ? out.data : "", stderr);
    adj_buf_free(&out);
    adj_msg_error_name(a->file, "the log could not be replayed, so no leader can be explained");
    return ADJ_EXIT_REFUSED;
}

/* Every story's leader in the roster, or a usage error naming each. */
static int explain_find_leaders(const adj_audit_t *a, adj_story_t *stories, size_t n)
{
    int status = ADJ_EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        if (stories[i].leader < 0) {  /* resolved by on_header */
            const char *sid = stories[i].id;
            const adj_header_t *h = adj_reader_header(a->reader);
            int32_t near = h ? adj_closest_leader(h, sid, strlen(sid), NULL) : -1;
            adj_buf_t id = {0}, hint = {0};
            adj_escape_text(&id, sid, strlen(sid));
            if (near >= 0)  /* roster ids match [A-Za-z0-9_.-]+: nothing to escape */
                adj_put_did_you_mean(&hint, sid, strlen(sid), h->leaders[near].id);
            adj_msg_error_name(a->file, "leader '%s' is not in the roster%s",
                               id.data ? id.data : "", hint.data ? hint.data : "");
            adj_buf_free(&id);
            adj_buf_free(&hint);
            status = ADJ_EXIT_USAGE;
        }
    }
    return status;
}

typedef struct explain_report_s {
    const adj_audit_t *a;
    const adj_story_t *stories;
    size_t count;
} explain_report_t;

static void explain_op(adj_buf_t *out, const adj_reporter_t *r, const void *ctx,
                       const adj_report_opts_t *o)
{
    const explain_report_t *x = ctx;
    for (size_t i = 0; i < x->count; i++)
        r->explain(out, x->a, &x->stories[i], o);
}

static int explain_run(const adj_config_t *c)
{
    const char *file = c->args[0];
    size_t nleaders = c->arg_count - 1;
    adj_story_t *stories = adj_xcalloc(nleaders, sizeof *stories);
    for (size_t i = 0; i < nleaders; i++)
        stories[i].id = c->args[i + 1];
    adj_audit_t a;
    explain_ctx_t x = {stories, nleaders, NULL, NULL, false, NULL};
    adj_audit_opts_t o = c->audit;
    o.on_step = on_step;
    o.on_header = on_header;
    o.diag_keep = keep_his;
    o.step_ctx = &x;
    int status;
    if (!adj_audit_file(&a, file, &o)) {
        adj_msg_error_name(file, "%s", adj_audit_strerror(a.io_errno));
        status = ADJ_EXIT_IO;
    } else if (!a.replayed) {
        status = explain_no_replay(c, &a);
    } else {
        status = explain_find_leaders(&a, stories, nleaders);
        if (status == ADJ_EXIT_OK) {
            adj_run_warn_at(file, &a, &c->audit);
            explain_report_t rep = {&a, stories, nleaders};
            status = adj_run_report(c, a.diags.errors ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK, explain_op,
                                    &rep);
        }
    }
    stories_free(stories, nleaders);
    free(x.first);
    free(x.next);
    adj_audit_free(&a);
    return status;
}


const adj_command_t adj_command_explain = {
    .name = "explain",
    .page = true,
    .synopsis = "[options] FILE LEADER...",
    .help = "tell the story of one or more leaders' game, step by step",
    .min_args = 2,
    .args_error = "explain needs a FILE and at least one LEADER id",
    .options = ADJ_OPT_FORMAT | ADJ_OPT_RULING | ADJ_OPT_AT | ADJ_OPT_COLOR,
    .input = ADJ_INPUT_STREAM,
    .op = ADJ_OP_EXPLAIN,
    .run = explain_run,
};
