/* SPDX-License-Identifier: MIT */
/*
 * runner.c - what every command runs through: the files its arguments
 * name, the one pool of threads that reads them, the one way a report is
 * rendered (begin, operation, end) and written, and the exit status of a
 * failed write.
 *
 * The pool: workers take the next file by index and work it; the main
 * thread is told of each in input order as it completes (`done`), so the
 * output is the same for any -j. Workers never run more than a window of
 * files ahead of it, so memory stays bounded however large the archive.
 */
#include "adj_cli.h"
#include "adj_ladder.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

static int write_errno;  /* why the first failed write failed, 0: none */

int adj_run_flush(int status)
{
    errno = 0;
    bool ok = fflush(stdout) == 0 && !ferror(stdout);
    int flush_errno = errno;
    adj_output_end();
    errno = flush_errno;
    if (ok)
        return status;
    int err = write_errno ? write_errno : errno ? errno : EIO;
    adj_msg_error("cannot write the report: %s", strerror(err));
    return ADJ_EXIT_IO;
}

bool adj_run_write(const adj_buf_t *b)
{
    adj_output_begin();  /* a signal now waits for the flush (signals.c) */
    if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len) {
        if (!write_errno)
            write_errno = errno;
        return false;
    }
    return true;
}

bool adj_run_write_flush(const adj_buf_t *b)
{
    bool ok = adj_run_write(b);
    if (fflush(stdout) != 0) {
        if (!write_errno)
            write_errno = errno;
        ok = false;
    }
    adj_output_end();
    return ok;
}

void adj_run_warn_at(const char *file, const adj_audit_t *a, const adj_audit_opts_t *o)
{
    if (adj_audit_at_missed(a, o))
        adj_msg_error_name(file, "turn %lld never begins; the report covers the whole log",
                           (long long)o->at.value);
}

void adj_run_error_io(const char *name, int err)
{
    adj_msg_error_name(name, "%s", adj_audit_strerror(err));
}

int adj_run_report(const adj_config_t *c, int status,
                   void (*op)(adj_buf_t *out, const adj_reporter_t *r, const void *ctx,
                              const adj_report_opts_t *o),
                   const void *ctx)
{
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    if (c->reporter->begin)
        c->reporter->begin(&out, &ro);
    op(&out, c->reporter, ctx, &ro);
    if (c->reporter->end)
        c->reporter->end(&out, &ro);
    adj_run_write(&out);
    adj_buf_free(&out);
    return adj_run_flush(status);
}

bool adj_run_read_once(const char *path, size_t limit, const char *what, adj_buf_t *out)
{
    adj_slurp_status_t st;
    if (adj_slurp(path, limit, out, &st))
        return true;
    if (st == ADJ_SLURP_TOO_BIG)
        adj_msg_error_name(path, "larger than the %zu MiB %s", limit >> 20, what);
    else
        adj_run_error_io(path, errno);
    adj_buf_free(out);
    return false;
}

int adj_run_command(adj_config_t *c)
{
    adj_ladder_configure(c->no_ladder ? ADJ_LADDER_NONE
                         : c->ladder  ? ADJ_LADDER_FILE
                                      : ADJ_LADDER_FIND,
                         c->ladder);
    if (c->command->input != ADJ_INPUT_ONCE)
        return c->command->run(c);
    adj_buf_t in = {0};
    char what[64];
    snprintf(what, sizeof what, "%s reads into memory", c->command->name);
    if (!adj_run_read_once(c->args[0], ADJ_MAX_SLURP, what, &in))
        return ADJ_EXIT_IO;
    if (!in.data)
        adj_buf_puts(&in, "");  /* an empty log: bytes that are there, none of them */
    c->input = &in;
    int status = c->command->run(c);
    c->input = NULL;
    adj_buf_free(&in);
    return status;
}

/* ------------------------------------------------------------------ */
/* The files                                                           */
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

bool adj_is_directory(const char *path)
{
    struct stat st;
    return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool adj_run_files(const adj_config_t *c, char ***paths, size_t *count)
{
    file_list_t l = {0};
    bool ok = true;
    for (size_t i = 0; i < c->arg_count; i++) {
        const char *a = c->args[i];
        if (adj_is_directory(a))
            ok = adj_walk(a, list_found, &l) && ok;
        else
            list_push(&l, adj_xstrdup(a));
    }
    *paths = l.paths;
    *count = l.count;
    return ok;
}

/* ------------------------------------------------------------------ */
/* The pool                                                            */
/* ------------------------------------------------------------------ */

typedef struct pool_s {
    const adj_pool_job_t *job;    /* borrowed */
    bool *worked;                 /* owned, one per file */
    size_t next;                  /* next file to take */
    size_t finished;              /* files the main thread is done with */
    size_t window;                /* how far ahead workers may run */
    bool stopping;                /* a signal or `done` said stop: take no new file */
    bool progress;                /* a progress line on standard error */
    pthread_mutex_t lock;
    pthread_cond_t changed;
} pool_t;

static void *worker(void *arg)
{
    pool_t *p = arg;
    size_t n = p->job->count;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next < n && p->next >= p->finished + p->window && !p->stopping)
            pthread_cond_wait(&p->changed, &p->lock);
        if (p->next >= n || p->stopping || adj_signal_caught())
            break;
        size_t i = p->next++;
        pthread_mutex_unlock(&p->lock);
        p->job->work(p->job->ctx, i);
        pthread_mutex_lock(&p->lock);
        p->worked[i] = true;
        pthread_cond_broadcast(&p->changed);
    }
    pthread_cond_broadcast(&p->changed);  /* the main thread waiting for a file none will take */
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Start up to `want` workers; returns how many run (0: the main thread works). */
static size_t pool_start(pool_t *p, pthread_t *threads, size_t want)
{
    if (want > p->job->count)
        want = p->job->count;
    if (want <= 1)
        return 0;  /* one file or -j 1: the main thread does the work, no pool */
    size_t started = 0;
    for (; started < want; started++)
        if (pthread_create(&threads[started], NULL, worker, p) != 0)
            break;
    return started;
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

/* File i, worked (by the main thread when there is no pool), then done.
 * False when the run stops here. */
static bool pool_finish(pool_t *p, size_t i, bool pooled)
{
    if (!pooled) {
        p->job->work(p->job->ctx, i);
    } else {
        pthread_mutex_lock(&p->lock);
        while (!p->worked[i] && !(i >= p->next && adj_signal_caught()))
            pthread_cond_wait(&p->changed, &p->lock);
        bool untaken = !p->worked[i];  /* a signal stopped the workers first */
        pthread_mutex_unlock(&p->lock);
        if (untaken)
            return false;
    }
    if (p->progress)
        fputs("\r\033[K", stderr);
    bool go_on = p->job->done(p->job->ctx, i) && !adj_signal_caught();
    pthread_mutex_lock(&p->lock);
    p->finished = i + 1;
    p->stopping = !go_on;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
    return go_on;
}

void adj_run_pool(const adj_pool_job_t *job)
{
    pool_t p = {.job = job, .window = (size_t)job->jobs * 4};
    p.worked = adj_xcalloc(job->count ? job->count : 1, sizeof *p.worked);
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.changed, NULL);
    pthread_t *threads = adj_xcalloc((size_t)job->jobs, sizeof *threads);
    size_t started = pool_start(&p, threads, (size_t)job->jobs);
    bool progress = p.progress = job->progress && job->count > 1;
    double start = now_seconds();
    uint64_t bytes = 0;
    for (size_t i = 0; i < job->count; i++) {
        if (!pool_finish(&p, i, started > 0))
            break;
        bytes += job->bytes ? job->bytes(job->ctx, i) : 0;
        if (progress)
            show_progress(i + 1, job->count, bytes, start);
    }
    if (progress)
        fputs("\r\033[K", stderr);
    for (size_t i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.changed);
    free(threads);
    free(p.worked);
}
