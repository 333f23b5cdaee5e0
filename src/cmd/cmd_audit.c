/* SPDX-License-Identifier: MIT */
/*
 * cmd_audit.c - `adjutant audit`: many files and directories, audited on
 * the runner's pool, reported in input order exactly as one thread would.
 *
 * Each file's report is rendered into a buffer by a worker and written by
 * the main thread in order. --summary keeps its rows (one short line per
 * file) until the last, so that its columns align. A one-file format
 * (html) is cmd_audit_html.c's.
 */
#include "adj_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct result_s {
    adj_buf_t out;          /* owned: the rendered report */
    bool io_error;
    bool has_game;          /* --summary: `game` holds the file's game */
    adj_summary_game_t game;
    bool at_missed;         /* --at turn:N never began */
    size_t errors, warnings;
    uint64_t bytes;
} result_t;

typedef struct totals_s {
    size_t io_failed;  /* files not read: the summary's not_read */
    bool written;  /* a file's report is out: the next one follows the format's separator */
    int status;
    adj_buf_t rows, more;   /* owned: --summary's held parts, written once all are in */
    adj_summary_t summary;  /* --summary: duplicates, standings, totals */
    bool stopped;   /* the batch ended early: no total */
} totals_t;

typedef struct audit_run_s {
    const adj_config_t *config;   /* borrowed */
    char **paths;                 /* owned array of owned strings */
    size_t count;
    result_t *results;            /* owned array, one per file */
    totals_t t;
} audit_run_t;

/* --summary's reporter: the format's, or the default's when it has none. */
static const adj_reporter_t *summary_reporter(const adj_config_t *c)
{
    return c->reporter->summary ? c->reporter : adj_reporter_at(0);
}

/* What every file's result holds, from its audit: false (the audit freed)
 * when the file could not be read, its reason in res->out. */
static bool result_take(result_t *res, adj_audit_t *a, const adj_config_t *c)
{
    res->bytes = a->bytes;
    if (a->io_error) {
        res->io_error = true;
        adj_buf_puts(&res->out, adj_audit_strerror(a->io_errno));
        adj_audit_free(a);
        return false;
    }
    res->at_missed = adj_audit_at_missed(a, &c->audit);
    res->errors = a->diags.errors;
    res->warnings = a->diags.warnings;
    return true;
}

/* --summary's replay of one file: an unfinished game as `status` replays
 * it, its counted rolls digested for duplicates (SPEC 5.1). */
static void summary_one(const adj_config_t *c, const char *path, result_t *res)
{
    adj_audit_opts_t o = c->audit;
    adj_summary_rolls_t rolls;
    adj_summary_rolls_init(&rolls);
    o.open_unfinished = true;
    o.on_entry = adj_summary_on_entry;
    o.entry_ctx = &rolls;
    adj_audit_t a;
    adj_audit_file(&a, path, &o);
    if (!result_take(res, &a, c))
        return;
    adj_summary_game_init(&res->game, &a, summary_reporter(c)->summary_diags);
    res->game.file = path;  /* the run's copy outlives the audit */
    adj_summary_rolls_take(&res->game, &rolls);
    res->has_game = true;
    adj_audit_free(&a);
}

static void audit_one(void *ctx, size_t i)
{
    audit_run_t *run = ctx;
    const adj_config_t *c = run->config;
    const char *path = run->paths[i];
    result_t *res = &run->results[i];
    if (c->summary) {
        summary_one(c, path, res);
        return;
    }
    adj_audit_t a;
    adj_audit_file(&a, path, &c->audit);
    if (!result_take(res, &a, c))
        return;
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    c->reporter->audit(&res->out, &a, &ro);
    adj_audit_free(&a);
}

/* A file's report, after the separator when it is not the first, flushed
 * whole (a signal then leaves no cut line). False when standard output
 * failed. */
static bool write_report(const adj_config_t *c, const adj_buf_t *out, totals_t *t)
{
    const char *sep = c->summary ? NULL : c->reporter->separator;
    adj_output_begin();
    bool sep_ok = !(out->len && sep && t->written && fputs(sep, stdout) == EOF);
    t->written = t->written || out->len;
    return adj_run_write_flush(out) && sep_ok;
}

/* --summary: file i's game counted, then rendered: held, or written at
 * once (then nothing of it stays but its hash and the standings). */
static void summary_game(audit_run_t *run, size_t i)
{
    const adj_config_t *c = run->config;
    const adj_reporter_t *rep = summary_reporter(c);
    totals_t *t = &run->t;
    result_t *r = &run->results[i];
    adj_summary_add(&t->summary, &r->game, i, run->paths);
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    if (rep->summary_holds) {
        rep->summary(&t->rows, &t->more, &r->game, &ro);
    } else {
        adj_buf_t out = {0};
        rep->summary(&out, &t->more, &r->game, &ro);
        if (!adj_run_write_flush(&out))
            t->stopped = true;
        adj_buf_free(&out);
    }
    adj_summary_game_free(&r->game);
    r->has_game = false;
}

/* Print file i's report once it is done (over the progress line), and
 * count it. False when the batch stops here: a signal, or a failed write
 * (SIGPIPE may be ignored); only whole reports are written. */
static bool print_result(void *ctx, size_t i)
{
    audit_run_t *run = ctx;
    totals_t *t = &run->t;
    const adj_config_t *c = run->config;
    result_t *r = &run->results[i];
    if (r->io_error) {
        adj_msg_error_name(run->paths[i], "%s", r->out.data);
        t->status = ADJ_EXIT_IO;
        t->io_failed++;
    } else {
        if (r->at_missed)
            adj_msg_error_name(run->paths[i], "turn %lld never begins; the report covers "
                               "the whole log", (long long)c->audit.at.value);
        if (c->summary)
            summary_game(run, i);
        else if (!write_report(c, &r->out, t))
            t->stopped = true;  /* adj_run_flush says why, once */
        bool flawed = r->errors || (c->strict && r->warnings);
        if (flawed && t->status == ADJ_EXIT_OK)
            t->status = ADJ_EXIT_FLAWS;
    }
    adj_buf_free(&r->out);
    t->stopped = t->stopped || adj_signal_caught();
    return !t->stopped;
}

/* A document-per-run format's opening or closing (SARIF), when it has one. */
static void report_hook(const adj_config_t *c,
                        void (*hook)(adj_buf_t *, const adj_report_opts_t *), totals_t *t)
{
    if (!hook || c->summary)
        return;
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    hook(&out, &ro);
    if (!adj_run_write(&out))
        t->status = ADJ_EXIT_IO;
    adj_buf_free(&out);
}

/* --summary: the reporter's opening (CSV's header row). */
static void summary_begin(const adj_config_t *c, totals_t *t)
{
    const adj_reporter_t *rep = summary_reporter(c);
    if (!rep->summary_begin)
        return;
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    rep->summary_begin(&out, &ro);
    if (!adj_run_write(&out))
        t->status = ADJ_EXIT_IO;
    adj_buf_free(&out);
}

/* --summary: the held rows (aligned, ordered by the reporter), the
 * standings and the totals. */
static void summary_end(const adj_config_t *c, totals_t *t)
{
    adj_summary_t *s = &t->summary;
    s->total.not_read = t->io_failed;
    s->total.files += t->io_failed;
    adj_summary_finish(s);
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    adj_buf_t out = {0};
    summary_reporter(c)->summary_end(&out, &t->rows, &t->more, s, &ro);
    if (!adj_run_write(&out))
        t->status = ADJ_EXIT_IO;
    adj_buf_free(&out);
}

static uint64_t file_bytes(void *ctx, size_t i)
{
    return ((audit_run_t *)ctx)->results[i].bytes;
}

static int audit_run(const adj_config_t *c)
{
    if (c->reporter->one_file && !c->summary)
        return adj_cmd_audit_html(c);
    audit_run_t run = {.config = c};
    if (!adj_run_files(c, &run.paths, &run.count))
        run.t.status = ADJ_EXIT_IO;
    run.results = adj_xcalloc(run.count ? run.count : 1, sizeof *run.results);
    report_hook(c, c->reporter->begin, &run.t);
    if (c->summary)
        summary_begin(c, &run.t);
    adj_pool_job_t job = {run.count, c->jobs, audit_one, print_result, &run,
                          c->progress, file_bytes};
    adj_run_pool(&job);
    report_hook(c, c->reporter->end, &run.t);
    if (c->summary && !run.t.stopped)
        summary_end(c, &run.t);
    run.t.status = adj_run_flush(run.t.status);
    adj_buf_free(&run.t.rows);
    adj_buf_free(&run.t.more);
    adj_summary_free(&run.t.summary);
    for (size_t i = 0; i < run.count; i++) {
        adj_buf_free(&run.results[i].out);  /* those a stop left unprinted */
        if (run.results[i].has_game)
            adj_summary_game_free(&run.results[i].game);
        free(run.paths[i]);
    }
    free(run.results);
    free(run.paths);
    return run.t.status;
}

/* A one-file format (html, SPEC 9): exactly one FILE, not a directory;
 * --summary needs a format that has it. */
static const char *audit_check(const adj_config_t *c, adj_buf_t *msg)
{
    const char *f = c->reporter->name;
    if (c->summary && c->reporter->audit_only)
        adj_buf_printf(msg, "--summary has no %s format", f);
    else if (!c->reporter->one_file || c->summary)
        return NULL;
    else if (c->arg_count != 1)
        adj_buf_printf(msg, "--format %s takes exactly one FILE (- for standard input), not %zu",
                       f, c->arg_count);
    else if (adj_is_directory(c->args[0])) {
        adj_buf_printf(msg, "--format %s takes a FILE, not a directory: ", f);
        adj_escape_name(msg, c->args[0]);
    }
    return msg->data;
}

const adj_command_t adj_command_audit = {
    .name = "audit",
    .page = true,
    .synopsis = "[options] FILE|DIR...",
    .help = "audit logs (FILE, - for standard input, or a DIR: every *.yaml below it)",
    .min_args = 1,
    .args_error = "audit needs at least one FILE or DIR (- for standard input)",
    .takes_dir = true,
    .options = ADJ_OPT_FORMAT | ADJ_OPT_RULING | ADJ_OPT_AT | ADJ_OPT_JOBS | ADJ_OPT_SUMMARY |
               ADJ_OPT_STRICT | ADJ_OPT_COLOR,
    .input = ADJ_INPUT_STREAM,  /* --format html: read once (cmd_audit_html.c) */
    .op = ADJ_OP_AUDIT,
    .check = audit_check,
    .run = audit_run,
};
