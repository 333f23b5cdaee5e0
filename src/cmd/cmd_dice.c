/* SPDX-License-Identifier: MIT */
/*
 * cmd_dice.c - `adjutant dice` (SPEC 7): read every file's rolls on the
 * runner's pool, then group, test and report them as one run.
 *
 * Each worker fills its file's slot; the report is built only once every
 * slot is filled, in file order, so the output is the same for any -j (a
 * named player's rolls are summed into the run as each file ends: sums do
 * not depend on the order). A slot is a few words: the rolls are counted
 * as they are read, never kept.
 */
#include "adj_cli.h"

#include <stdlib.h>

typedef struct dice_run_s {
    adj_dice_t *run;            /* borrowed */
    char **paths;               /* owned */
    adj_dice_file_t *files;     /* owned: one slot per path */
    size_t count;
    bool io_failed;
} dice_run_t;

static void dice_work(void *ctx, size_t i)
{
    dice_run_t *p = ctx;
    adj_dice_read_file(p->run, &p->files[i], p->paths[i]);
}

/* An unreadable file: on standard error, in file order. */
static bool dice_done(void *ctx, size_t i)
{
    dice_run_t *p = ctx;
    if (p->files[i].io_error) {
        adj_run_error_io(p->paths[i], p->files[i].io_errno);
        p->io_failed = true;
    }
    return true;
}

static void dice_op(adj_buf_t *out, const adj_reporter_t *r, const void *d,
                    const adj_report_opts_t *o)
{
    r->dice(out, d, o);
}

static int dice_run(const adj_config_t *c)
{
    adj_dice_t d;
    adj_dice_init(&d, c->alpha > 0 ? c->alpha : ADJ_DICE_ALPHA);
    dice_run_t p = {.run = &d};
    int status = ADJ_EXIT_OK;
    if (!adj_run_files(c, &p.paths, &p.count))
        status = ADJ_EXIT_IO;
    p.files = adj_xcalloc(p.count ? p.count : 1, sizeof *p.files);
    adj_pool_job_t job = {p.count, c->jobs, dice_work, dice_done, &p, false, NULL};
    adj_run_pool(&job);
    if (p.io_failed)
        status = ADJ_EXIT_IO;
    if (!adj_signal_caught()) {
        adj_dice_tally(&d, p.files, p.count);
        if (status == ADJ_EXIT_OK && d.improbable)
            status = ADJ_EXIT_FLAWS;
        status = adj_run_report(c, status, dice_op, &d);
    }
    adj_dice_free(&d);
    for (size_t i = 0; i < p.count; i++) {
        adj_dice_file_free(&p.files[i]);
        free(p.paths[i]);
    }
    free(p.files);
    free(p.paths);
    return status;
}

const adj_command_t adj_command_dice = {
    .name = "dice",
    .page = true,
    .synopsis = "[options] FILE|DIR...",
    .help = "are the dice fair? each player's rolls over the logs, tested against fair dice",
    .min_args = 1,
    .args_error = "dice needs at least one FILE or DIR (- for standard input)",
    .takes_dir = true,
    .options = ADJ_OPT_FORMAT | ADJ_OPT_JOBS | ADJ_OPT_ALPHA | ADJ_OPT_COLOR,
    .input = ADJ_INPUT_STREAM,
    .op = ADJ_OP_DICE,
    .run = dice_run,
};
