/*
 * dice_cmd.c - `adjutant dice` (SPEC 7): read every file's rolls (with -j
 * workers), then group, test and report them as one run.
 *
 * Each worker takes the next file by index and fills that file's slot;
 * the report is built only once every slot is filled, in file order, so
 * the output is the same for any -j (a named player's rolls are summed into
 * the run as each file ends: sums do not depend on the order). A slot is a
 * few words: the rolls are counted as they are read, never kept.
 */
#include "adj_cli.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dice_pool_s {
    adj_dice_t *run;            /* borrowed */
    char **paths;               /* borrowed */
    adj_dice_file_t *files;     /* borrowed: one slot per path */
    size_t count;
    size_t next;                /* the next file to take */
    pthread_mutex_t lock;
} dice_pool_t;

static void *dice_worker(void *arg)
{
    dice_pool_t *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next < p->count ? p->next++ : p->count;
        pthread_mutex_unlock(&p->lock);
        if (i == p->count)
            return NULL;
        adj_dice_read_file(p->run, &p->files[i], p->paths[i]);
    }
}

/* Read every file, on up to `jobs` threads (the main thread alone for one). */
static void dice_read_all(dice_pool_t *p, int jobs)
{
    size_t n = (size_t)jobs < p->count ? (size_t)jobs : p->count;
    pthread_t *threads = adj_xcalloc(n ? n : 1, sizeof *threads);
    size_t started = 0;
    pthread_mutex_init(&p->lock, NULL);
    for (; started + 1 < n; started++)  /* the main thread is the n-th */
            if (pthread_create(&threads[started], NULL, dice_worker, p) != 0)
                break;
    dice_worker(p);  /* the main thread works too (alone for -j 1) */
    for (size_t i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&p->lock);
    free(threads);
}

/* Unreadable files: on standard error, in file order; true when any. */
static bool dice_io_errors(const dice_pool_t *p)
{
    bool any = false;
    for (size_t i = 0; i < p->count; i++)
        if (p->files[i].io_error) {
            adj_cli_error("%s: %s", p->paths[i], strerror(p->files[i].io_errno));
            any = true;
        }
    return any;
}

static bool dice_report(const adj_config_t *c, const adj_dice_t *d)
{
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &c->audit, .color = c->color};
    c->reporter->dice(&out, d, &ro);
    bool ok = adj_cli_write(&out) && fflush(stdout) == 0 && !ferror(stdout);
    if (!ok)
        adj_cli_error("cannot write the report: %s", strerror(errno));
    adj_buf_free(&out);
    return ok;
}

int adj_cmd_dice(const adj_config_t *c)
{
    adj_dice_t d;
    adj_dice_init(&d, c->alpha > 0 ? c->alpha : ADJ_DICE_ALPHA);
    dice_pool_t p = {.run = &d};
    int status = ADJ_EXIT_OK;
    if (!adj_cli_files(c, &p.paths, &p.count))
        status = ADJ_EXIT_USAGE;
    p.files = adj_xcalloc(p.count ? p.count : 1, sizeof *p.files);
    dice_read_all(&p, c->jobs);
    if (dice_io_errors(&p))
        status = ADJ_EXIT_USAGE;
    adj_dice_tally(&d, p.files, p.count);
    if (!dice_report(c, &d))
        status = ADJ_EXIT_USAGE;
    else if (d.improbable && status == ADJ_EXIT_OK)
        status = ADJ_EXIT_FLAWS;
    adj_dice_free(&d);
    for (size_t i = 0; i < p.count; i++) {
        adj_dice_file_free(&p.files[i]);
        free(p.paths[i]);
    }
    free(p.files);
    free(p.paths);
    return status;
}
