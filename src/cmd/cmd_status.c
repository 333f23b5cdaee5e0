/* SPDX-License-Identifier: MIT */
/*
 * cmd_status.c - `adjutant status FILE` (SPEC 8): a game in progress. The
 * log is replayed as `audit` replays it, except that the end of its events
 * is a stop, as `--at`'s is (nothing expires, no missing-end); the chosen
 * reporter adds what the rules require now and the open activation.
 */
#include "adj_cli.h"

static void status_op(adj_buf_t *out, const adj_reporter_t *r, const void *a,
                      const adj_report_opts_t *o)
{
    r->status(out, a, o);
}

static int status_run(const adj_config_t *c)
{
    const char *file = c->args[0];
    adj_audit_opts_t o = c->audit;
    o.open_end = true;
    adj_audit_t a;
    if (!adj_audit_file(&a, file, &o)) {  /* one pass over the input: a pipe works */
        adj_run_error_io(file, a.io_errno);
        adj_audit_free(&a);
        return ADJ_EXIT_IO;
    }
    /* pending is not an error; --strict counts warnings (SPEC 11) */
    int status = a.diags.errors || (c->strict && a.diags.warnings) ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    status = adj_run_report(c, status, status_op, &a);
    adj_audit_free(&a);
    return status;
}

const adj_command_t adj_command_status = {
    .name = "status",
    .page = true,
    .synopsis = "[options] FILE",
    .help = "a game in progress: where it stands and what the rules require next",
    .min_args = 1,
    .max_args = 1,
    .args_error = "status reads exactly one FILE (- for standard input)",
    .options = ADJ_OPT_FORMAT | ADJ_OPT_RULING | ADJ_OPT_STRICT | ADJ_OPT_COLOR,
    .input = ADJ_INPUT_STREAM,  /* one pass: a pipe works */
    .op = ADJ_OP_STATUS,
    .run = status_run,
};
