/*
 * batch.c - `adjutant audit`: many files and directories, audited by a pool
 * of threads, reported in input order exactly as one thread would.
 *
 * Workers take the next file by index, render its report into a buffer and
 * park it; the main thread prints the buffers in order as they complete.
 * Workers never run more than a window of files ahead of the printer, so
 * memory stays bounded however large the archive.
 */
#include "adj_cli.h"

#include <dirent.h>
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

static int path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_yaml_suffix(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && !strcmp(name + n - 5, ".yaml")) || (n > 4 && !strcmp(name + n - 4, ".yml"));
}

/* Every *.yaml / *.yml below dir, sorted by path for a stable order. */
static bool collect_dir(file_list_t *l, const char *dir, int depth)
{
    if (depth > 64)
        return true;
    DIR *d = opendir(dir);
    if (!d) {
        adj_cli_error("%s: %s", dir, strerror(errno));
        return false;
    }
    file_list_t here = {0};
    file_list_t subdirs = {0};
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        char *path = adj_xasprintf("%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(path, &st) != 0) {
            free(path);
            continue;
        }
        if (S_ISDIR(st.st_mode))
            list_push(&subdirs, path);
        else if (S_ISREG(st.st_mode) && has_yaml_suffix(de->d_name))
            list_push(&here, path);
        else
            free(path);
    }
    closedir(d);
    /* files and directories interleaved in one sorted order */
    for (size_t i = 0; i < subdirs.count; i++)
        list_push(&here, subdirs.paths[i]);
    free(subdirs.paths);
    qsort(here.paths, here.count, sizeof *here.paths, path_cmp);
    bool ok = true;
    for (size_t i = 0; i < here.count; i++) {
        struct stat st;
        if (lstat(here.paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            ok = collect_dir(l, here.paths[i], depth + 1) && ok;
            free(here.paths[i]);
        } else {
            list_push(l, here.paths[i]);
        }
    }
    free(here.paths);
    return ok;
}

/* ------------------------------------------------------------------ */
/* The pool                                                            */
/* ------------------------------------------------------------------ */

typedef struct result_s {
    adj_buf_t out;          /* owned: the rendered report */
    bool done;
    bool io_error;
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
    pthread_mutex_t lock;
    pthread_cond_t changed;
} pool_t;

static void audit_one(const adj_config_t *c, const char *path, result_t *res)
{
    adj_audit_t a;
    adj_audit_file(&a, path, &c->audit);
    res->bytes = a.bytes;
    if (a.io_error) {
        res->io_error = true;
        adj_buf_printf(&res->out, "%s: %s", path, strerror(a.io_errno));
        adj_audit_free(&a);
        return;
    }
    res->errors = a.diags.errors;
    res->warnings = a.diags.warnings;
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    const adj_reporter_t *sr = c->reporter->summary ? c->reporter : adj_reporter_at(0);
    if (c->summary)
        sr->summary(&res->out, &a, &ro);
    else
        c->reporter->audit(&res->out, &a, &ro);
    adj_audit_free(&a);
}

static void *worker(void *arg)
{
    pool_t *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next < p->files->count && p->next >= p->printed + p->window)
            pthread_cond_wait(&p->changed, &p->lock);
        if (p->next >= p->files->count)
            break;
        size_t i = p->next++;
        pthread_mutex_unlock(&p->lock);
        audit_one(p->config, p->files->paths[i], &p->results[i]);
        pthread_mutex_lock(&p->lock);
        p->results[i].done = true;
        pthread_cond_broadcast(&p->changed);
    }
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
            ok = collect_dir(files, a, 0) && ok;
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
    size_t clean, flawed, io_failed, errors, warnings;
    uint64_t bytes;
    int status;
} totals_t;

/* Print file i's report once it is done (over the progress line), and
 * count it. */
static void print_result(pool_t *p, size_t i, bool pooled, bool progress, totals_t *t)
{
    result_t *r = &p->results[i];
    if (!pooled) {
        audit_one(p->config, p->files->paths[i], r);  /* no pool: audit, then print, in turn */
    } else {
        pthread_mutex_lock(&p->lock);
        while (!r->done)
            pthread_cond_wait(&p->changed, &p->lock);
        pthread_mutex_unlock(&p->lock);
    }
    t->bytes += r->bytes;
    if (progress)
        fputs("\r\033[K", stderr);
    if (r->io_error) {
        adj_cli_error("%s", r->out.data);
        t->status = ADJ_EXIT_USAGE;
        t->io_failed++;
    } else {
        if (!adj_cli_write(&r->out))
            t->status = ADJ_EXIT_USAGE;
        t->errors += r->errors;
        t->warnings += r->warnings;
        if (r->errors && t->status == ADJ_EXIT_OK)
            t->status = ADJ_EXIT_FLAWS;
        if (r->errors)
            t->flawed++;
        else
            t->clean++;
    }
    adj_buf_free(&r->out);
    pthread_mutex_lock(&p->lock);
    p->printed = i + 1;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
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

static void print_all(pool_t *p, size_t started, totals_t *t)
{
    const adj_config_t *c = p->config;
    size_t n = p->files->count;
    bool progress = c->progress && n > 1;
    double start = now_seconds();
    report_hook(c, c->reporter->begin, t);
    for (size_t i = 0; i < n; i++) {
        print_result(p, i, started > 0, progress, t);
        if (progress) {
            fflush(stdout);
            show_progress(i + 1, n, t->bytes, start);
        }
    }
    if (progress)
        fputs("\r\033[K", stderr);
    report_hook(c, c->reporter->end, t);
    if (c->summary)
        printf("total: %zu file%s, %zu clean, %zu with errors, %zu unreadable; %zu error%s, "
               "%zu warning%s\n",
               n, n == 1 ? "" : "s", t->clean, t->flawed, t->io_failed, t->errors,
               t->errors == 1 ? "" : "s", t->warnings, t->warnings == 1 ? "" : "s");
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
    if (fflush(stdout) != 0 || ferror(stdout)) {
        adj_cli_error("cannot write the report: %s", strerror(errno));
        t.status = ADJ_EXIT_USAGE;
    }
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.changed);
    free(threads);
    free(p.results);
    for (size_t i = 0; i < files.count; i++)
        free(files.paths[i]);
    free(files.paths);
    return t.status;
}
