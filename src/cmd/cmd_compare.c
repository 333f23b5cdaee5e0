/* SPDX-License-Identifier: MIT */
/*
 * cmd_compare.c - `adjutant compare FILE --ruling NAME=VALUE...` (SPEC
 * 6.4): one log, read once, replayed under the default rulings and under
 * others; what differs (compare.c) is written by the chosen reporter.
 */
#include "adj_cli.h"

#include <stdio.h>
#include <string.h>

/* Replay the log's bytes (read once by the runner: SPEC 5, a pipe or a
 * FIFO gives its bytes once) under both readings. False, with a message
 * and nothing to free, when there is nothing to compare. */
static bool compare_replay(const char *file, const adj_buf_t *in, adj_audit_t run[2],
                           const adj_audit_opts_t opts[2])
{
    memset(&run[1], 0, sizeof run[1]);  /* the second reading is replayed only if the first is */
    adj_audit_bytes(&run[0], in->data, in->len, file, &opts[0]);
    if (run[0].io_error) {  /* its ladder file is not valid (SPEC 13) */
        adj_run_error_io(file, run[0].io_errno);
        adj_audit_free(&run[0]);
        return false;
    }
    if (!run[0].replayed) {  /* SPEC 6.4: no replay, nothing to compare */
        adj_buf_t out = {0};
        adj_report_opts_t ro = {.audit = &opts[0], .color = false};
        adj_reporter_at(0)->audit(&out, &run[0], &ro);  /* the default (text) report */
        fputs(out.data ? out.data : "", stderr);
        adj_buf_free(&out);
        adj_msg_error_name(file, "the log could not be replayed, so there is nothing to compare");
        adj_audit_free(&run[0]);
        return false;
    }
    adj_run_warn_at(file, &run[0], &opts[0]);
    adj_audit_bytes(&run[1], in->data, in->len, file, &opts[1]);
    return true;
}

/* Every --ruling given is in force already: the default reading of compare
 * is the rulings in force without the command line's (a ladder's, the
 * log's; SPEC 13), so nothing would differ. */
static void same_reading(const char *file, const adj_rulings_t *def)
{
    adj_buf_t b = {0};
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        if (def->src[r])
            adj_buf_printf(&b, "%s%s=%s (%s)", b.len ? ", " : "", adj_ruling_name((adj_ruling_t)r),
                           adj_ruling_value_name((adj_ruling_t)r, def->value[r]),
                           adj_ruling_src_name((adj_ruling_src_t)def->src[r]));
    adj_msg_error_name(file, "compare needs at least one --ruling NAME=VALUE that is not the "
                       "default reading, the rulings in force without the command line's (%s)",
                       b.data ? b.data : "the defaults");
    adj_buf_free(&b);
}

static void compare_op(adj_buf_t *out, const adj_reporter_t *r, const void *cmp,
                       const adj_report_opts_t *o)
{
    r->compare(out, cmp, o);
}

static int compare_run(const adj_config_t *c)
{
    const char *file = c->args[0];
    adj_audit_opts_t opts[2] = {c->audit, c->audit};
    memset(&opts[0].rulings, 0, sizeof opts[0].rulings);  /* [0]: the default reading */
    adj_audit_t run[2];
    if (!compare_replay(file, c->input, run, opts))  /* read once by the runner */
        return ADJ_EXIT_IO;
    adj_compare_t cmp;
    adj_compare_init(&cmp, file, &run[0], &run[1], &run[1].rulings);
    if (!cmp.rulings_differ) {
        same_reading(file, &run[0].rulings);
        adj_compare_free(&cmp);
        adj_audit_free(&run[0]);
        adj_audit_free(&run[1]);
        return ADJ_EXIT_IO;
    }
    int status = (cmp.leaders_differ || cmp.tally_differs) ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    status = adj_run_report(c, status, compare_op, &cmp);
    adj_compare_free(&cmp);
    adj_audit_free(&run[0]);
    adj_audit_free(&run[1]);
    return status;
}

/* A comparison needs another reading; whether one given differs from the
 * default reading is known once the log's rulings are read (same_reading). */
static const char *compare_check(const adj_config_t *c, adj_buf_t *msg)
{
    (void)msg;
    if (!c->rulings_given)
        return "compare needs at least one --ruling NAME=VALUE that is not the default";
    return NULL;
}

const adj_command_t adj_command_compare = {
    .name = "compare",
    .page = true,
    .synopsis = "[options] FILE --ruling NAME=VALUE...",
    .help = "replay under the default rulings and under others; show what differs",
    .min_args = 1,
    .max_args = 1,
    .args_error = "compare needs exactly one FILE",
    .options = ADJ_OPT_FORMAT | ADJ_OPT_RULING | ADJ_OPT_AT | ADJ_OPT_COLOR,
    .input = ADJ_INPUT_ONCE,  /* replayed twice */
    .op = ADJ_OP_COMPARE,
    .check = compare_check,
    .run = compare_run,
};
