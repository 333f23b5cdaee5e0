/*
 * explain.c - the dispute tools (SPEC 6.3, 6.4): a leader's story collected
 * from the engine's steps, and one log replayed under two readings. The
 * chosen reporter writes both.
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
    adj_reader_t **reader;       /* borrowed: the audit's reader, for the roster */
    adj_story_t *stories;        /* borrowed array */
    size_t count;
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

static void on_step(void *ctx, const adj_step_t *st)
{
    explain_ctx_t *x = ctx;
    const char *id = adj_reader_header(*x->reader)->leaders[st->leader].id;
    for (size_t i = 0; i < x->count; i++)
        if (!strcmp(x->stories[i].id, id))
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
    adj_cli_error("%s: the log could not be replayed, so no leader can be explained", a->file);
    return ADJ_EXIT_USAGE;
}

/* Every story's leader in the roster, or a usage error naming each. */
static int explain_find_leaders(const adj_audit_t *a, adj_story_t *stories, size_t n)
{
    int status = ADJ_EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        stories[i].leader = adj_reader_leader_index(a->reader, stories[i].id);
        if (stories[i].leader < 0) {
            adj_cli_error("%s: leader '%s' is not in the roster", a->file, stories[i].id);
            status = ADJ_EXIT_USAGE;
        }
    }
    return status;
}

static int explain_report(const adj_config_t *c, const adj_audit_t *a, const adj_story_t *stories,
                          size_t n)
{
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    if (c->reporter->begin)
        c->reporter->begin(&out, &ro);
    for (size_t i = 0; i < n; i++)
        c->reporter->explain(&out, a, &stories[i], &ro);
    if (c->reporter->end)
        c->reporter->end(&out, &ro);
    int status = a->diags.errors ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    if (!adj_cli_write(&out) || fflush(stdout) != 0)
        status = ADJ_EXIT_USAGE;
    adj_buf_free(&out);
    return status;
}

int adj_cmd_explain(const adj_config_t *c)
{
    const char *file = c->args[0];
    size_t nleaders = c->arg_count - 1;
    adj_story_t *stories = adj_xcalloc(nleaders, sizeof *stories);
    for (size_t i = 0; i < nleaders; i++)
        stories[i].id = c->args[i + 1];
    adj_audit_t a;
    explain_ctx_t x = {&a.reader, stories, nleaders};
    adj_audit_opts_t o = c->audit;
    o.on_step = on_step;
    o.step_ctx = &x;
    int status;
    if (!adj_audit_file(&a, file, &o)) {
        adj_cli_error("%s: %s", file, strerror(a.io_errno));
        status = ADJ_EXIT_USAGE;
    } else if (!a.replayed) {
        status = explain_no_replay(c, &a);
    } else {
        status = explain_find_leaders(&a, stories, nleaders);
        if (status == ADJ_EXIT_OK)
            status = explain_report(c, &a, stories, nleaders);
    }
    stories_free(stories, nleaders);
    adj_audit_free(&a);
    return status;
}

/* ------------------------------------------------------------------ */
/* compare                                                             */
/* ------------------------------------------------------------------ */

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

/* Standard input can be read once: both replays read one copy of it. */
static bool compare_stdin(adj_audit_t run[2], const adj_audit_opts_t opts[2])
{
    adj_buf_t in = {0};
    if (!read_all(0, &in)) {
        adj_cli_error("-: %s", strerror(errno));
        adj_buf_free(&in);
        return false;
    }
    for (int k = 0; k < 2; k++)
        adj_audit_bytes(&run[k], in.data ? in.data : "", in.len, "-", &opts[k]);
    adj_buf_free(&in);
    return true;
}

static bool compare_file(adj_audit_t run[2], const adj_audit_opts_t opts[2], const char *file)
{
    for (int k = 0; k < 2; k++) {
        if (!adj_audit_file(&run[k], file, &opts[k])) {
            adj_cli_error("%s: %s", file, strerror(run[k].io_errno));
            for (int i = 0; i <= k; i++)
                adj_audit_free(&run[i]);
            return false;
        }
    }
    return true;
}

int adj_cmd_compare(const adj_config_t *c)
{
    const char *file = c->args[0];
    adj_audit_opts_t opts[2] = {c->audit, c->audit};
    memset(&opts[0].rulings, 0, sizeof opts[0].rulings);  /* [0]: the default reading */
    adj_audit_t run[2];
    if (!(strcmp(file, "-") == 0 ? compare_stdin(run, opts) : compare_file(run, opts, file)))
        return ADJ_EXIT_USAGE;
    adj_compare_t cmp;
    adj_compare_init(&cmp, file, &run[0], &run[1], &opts[1].rulings);
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    if (c->reporter->begin)
        c->reporter->begin(&out, &ro);
    c->reporter->compare(&out, &cmp, &ro);
    if (c->reporter->end)
        c->reporter->end(&out, &ro);
    int status = (cmp.leaders_differ || cmp.tally_differs) ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    if (!adj_cli_write(&out) || fflush(stdout) != 0)
        status = ADJ_EXIT_USAGE;
    adj_buf_free(&out);
    adj_compare_free(&cmp);
    adj_audit_free(&run[0]);
    adj_audit_free(&run[1]);
    return status;
}
