/*
 * batch.c - `adjutant audit`: many files and directories, audited by a pool
 * of threads, reported in input order exactly as one thread would.
 *
 * Workers take the next file by index, render its report into a buffer and
 * park it; the main thread prints the buffers in order as they complete.
 * Workers never run more than a window of files ahead of the printer, so
 * memory stays bounded however large the archive. --summary keeps its rows
 * (one short line per file) until the last, so that its columns align.
 */
#include "adj_cli.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* The list of files                                                   */
/* ------------------------------------------------------------------ */

typedef struct file_list_s {
    char **paths;   /* owned array of owned strings */
    size_t count, cap;
} file_list_t;

static void list_push(file_list_t *l, char *path)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->paths = adj_xreallocarray(l->paths, l->cap, sizeof *l->paths);
    }
    l->paths[l->count++] = path;
}

static void list_found(void *ctx, char *path)
{
    list_push(ctx, path);
}

/* ------------------------------------------------------------------ */
/* The pool                                                            */
/* ------------------------------------------------------------------ */

typedef struct result_s {
    adj_buf_t out;          /* owned: the rendered report */
    bool done;
    bool io_error;
    bool claim_wrong;       /* for --summary's totals */
    bool at_missed;         /* --at turn:N never began */
    size_t errors, warnings;
    uint64_t bytes;
} result_t;

typedef struct pool_s {
    const adj_config_t *config;   /* borrowed */
    const file_list_t *files;     /* borrowed */
    result_t *results;            /* owned array, one per file */
    size_t next;                  /* next file to take */
    size_t printed;               /* files printed so far */
    size_t window;                /* how far ahead workers may run */
    bool stopping;                /* a signal or a failed write: take no new file */
    pthread_mutex_t lock;
    pthread_cond_t changed;
} pool_t;

/* --summary's reporter: the format's, or the default's when it has none. */
static const adj_reporter_t *summary_reporter(const adj_config_t *c)
{
    return c->reporter->summary ? c->reporter : adj_reporter_at(0);
}

static void audit_one(const adj_config_t *c, const char *path, result_t *res)
{
    adj_audit_t a;
    adj_audit_file(&a, path, &c->audit);
    res->bytes = a.bytes;
    if (a.io_error) {
        res->io_error = true;
        adj_buf_puts(&res->out, strerror(a.io_errno));
        adj_audit_free(&a);
        return;
    }
    res->at_missed = adj_audit_at_missed(&a, &c->audit);
    res->errors = a.diags.errors;
    res->warnings = a.diags.warnings;
    res->claim_wrong = adj_claim_verdict(&a) == ADJ_CLAIM_WRONG;
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    if (c->summary)
        summary_reporter(c)->summary(&res->out, &a, &ro);
    else
        c->reporter->audit(&res->out, &a, &ro);
    adj_audit_free(&a);
}

static void *worker(void *arg)
{
    pool_t *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next < p->files->count && p->next >= p->printed + p->window && !p->stopping)
            pthread_cond_wait(&p->changed, &p->lock);
        if (p->next >= p->files->count || p->stopping || adj_signal_caught())
            break;
        size_t i = p->next++;
        pthread_mutex_unlock(&p->lock);
        audit_one(p->config, p->files->paths[i], &p->results[i]);
        pthread_mutex_lock(&p->lock);
        p->results[i].done = true;
        pthread_cond_broadcast(&p->changed);
    }
    pthread_cond_broadcast(&p->changed);  /* a printer waiting for a file none will take */
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void show_progress(size_t done, size_t total, uint64_t bytes, double start)
{
    double secs = now_seconds() - start;
    double mbs = secs > 0 ? (double)bytes / 1e6 / secs : 0;
    double left = done ? secs / (double)done * (double)(total - done) : 0;
    fprintf(stderr, "\r\033[K%zu/%zu files  %.1f MB/s  %.0f s left", done, total, mbs, left);
    fflush(stderr);
}

/* The files named, directories expanded; false when a directory failed. */
static bool collect_args(const adj_config_t *c, file_list_t *files)
{
    bool ok = true;
    for (size_t i = 0; i < c->arg_count; i++) {
        struct stat st;
        const char *a = c->args[i];
        if (strcmp(a, "-") != 0 && stat(a, &st) == 0 && S_ISDIR(st.st_mode))
            ok = adj_walk(a, list_found, files) && ok;
        else
            list_push(files, adj_xstrdup(a));
    }
    return ok;
}

/* Start up to -j workers; returns how many run (0: the main thread works). */
static size_t pool_start(pool_t *p, pthread_t *threads, size_t nthreads)
{
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->changed, NULL);
    if (nthreads > p->files->count)
        nthreads = p->files->count;
    if (nthreads <= 1)
        return 0;  /* one file or -j 1: the main thread does the work, no pool */
    size_t started = 0;
    for (; started < nthreads; started++)
        if (pthread_create(&threads[started], NULL, worker, p) != 0)
            break;
    return started;
}

typedef struct totals_s {
    size_t clean, flawed, io_failed, claims_wrong;
    bool written;  /* a file's report is out: the next one follows the format's separator */
    uint64_t bytes;
    int status;
    adj_buf_t rows;   /* owned: --summary's rows, written once all are in */
    bool stopped;   /* the batch ended early: no total */
} totals_t;

/* A file's report, after the separator when it is not the first, flushed
 * whole (a signal then leaves no cut line). False when standard output
 * failed. */
static bool write_report(const adj_config_t *c, const adj_buf_t *out, totals_t *t)
{
    const char *sep = c->summary ? NULL : c->reporter->separator;
    bool sep_ok = !(out->len && sep && t->written && fputs(sep, stdout) == EOF);
    t->written = t->written || out->len;
    return adj_cli_write_flush(out) && sep_ok;
}

/* Print file i's report once it is done (over the progress line), and
 * count it. False when the batch stops here: a signal, or a failed write
 * (SIGPIPE may be ignored); only whole reports are written. */
static bool print_result(pool_t *p, size_t i, bool pooled, bool progress, totals_t *t)
{
    result_t *r = &p->results[i];
    if (!pooled) {
        audit_one(p->config, p->files->paths[i], r);  /* no pool: audit, then print, in turn */
    } else {
        pthread_mutex_lock(&p->lock);
        while (!r->done && !(i >= p->next && adj_signal_caught()))
            pthread_cond_wait(&p->changed, &p->lock);
        bool untaken = !r->done;  /* a signal stopped the workers first */
        pthread_mutex_unlock(&p->lock);
        if (untaken)
            return false;
    }
    t->bytes += r->bytes;
    if (progress)
        fputs("\r\033[K", stderr);
    if (r->io_error) {
        adj_cli_error_name(p->files->paths[i], "%s", r->out.data);
        t->status = ADJ_EXIT_USAGE;
        t->io_failed++;
    } else {
        if (r->at_missed)
            adj_cli_error_name(p->files->paths[i], "turn %lld never begins; the report covers "
                               "the whole log", (long long)p->config->audit.at.value);
        if (p->config->summary)
            adj_buf_put(&t->rows, r->out.data ? r->out.data : "", r->out.len);
        else if (!write_report(p->config, &r->out, t))
            t->stopped = true;  /* adj_cli_flush says why, once */
        t->claims_wrong += r->claim_wrong;
        bool flawed = r->errors || (p->config->strict && r->warnings);
        if (flawed && t->status == ADJ_EXIT_OK)
            t->status = ADJ_EXIT_FLAWS;
        if (r->errors)
            t->flawed++;
        else
            t->clean++;
    }
    adj_buf_free(&r->out);
    t->stopped = t->stopped || adj_signal_caught();
    pthread_mutex_lock(&p->lock);
    p->printed = i + 1;
    p->stopping = t->stopped;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
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
    if (!adj_cli_write(&out))
        t->status = ADJ_EXIT_USAGE;
    adj_buf_free(&out);
}

/* --summary: the rows, aligned by the reporter, and the totals. */
static void summary_end(const adj_config_t *c, size_t files, totals_t *t)
{
    adj_summary_total_t total = {files, t->clean, t->flawed, t->claims_wrong, t->io_failed};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    adj_buf_t out = {0};
    summary_reporter(c)->summary_end(&out, &t->rows, &total, &ro);
    adj_buf_free(&t->rows);
    if (!adj_cli_write(&out))
        t->status = ADJ_EXIT_USAGE;
    adj_buf_free(&out);
}

static void print_all(pool_t *p, size_t started, totals_t *t)
{
    const adj_config_t *c = p->config;
    size_t n = p->files->count;
    bool progress = c->progress && n > 1;
    double start = now_seconds();
    report_hook(c, c->reporter->begin, t);
    for (size_t i = 0; i < n; i++) {
        if (!print_result(p, i, started > 0, progress, t))
            break;
        if (progress)
            show_progress(i + 1, n, t->bytes, start);
    }
    if (progress)
        fputs("\r\033[K", stderr);
    report_hook(c, c->reporter->end, t);
    if (c->summary && !t->stopped)
        summary_end(c, n, t);
}

int adj_cmd_audit(const adj_config_t *c)
{
    if (c->reporter->one_file)
        return adj_cmd_audit_single(c);
    file_list_t files = {0};
    totals_t t = {0};
    if (!collect_args(c, &files))
        t.status = ADJ_EXIT_USAGE;
    pool_t p = {0};
    p.config = c;
    p.files = &files;
    p.results = adj_xcalloc(files.count ? files.count : 1, sizeof *p.results);
    p.window = (size_t)c->jobs * 4;
    pthread_t *threads = adj_xcalloc((size_t)c->jobs, sizeof *threads);
    size_t started = pool_start(&p, threads, (size_t)c->jobs);
    print_all(&p, started, &t);
    for (size_t i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    t.status = adj_cli_flush(t.status);
    for (size_t i = 0; i < files.count; i++)
        adj_buf_free(&p.results[i].out);  /* those a stop left unprinted */
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.changed);
    free(threads);
    free(p.results);
    for (size_t i = 0; i < files.count; i++)
        free(files.paths[i]);
    free(files.paths);
    return t.status;
}

bool adj_cli_files(const adj_config_t *c, char ***paths, size_t *count)
{
    file_list_t l = {0};
    bool ok = collect_args(c, &l);
    *paths = l.paths;
    *count = l.count;
    return ok;
}
