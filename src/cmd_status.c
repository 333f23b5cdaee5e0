/*
 * status.c - `adjutant status FILE` (SPEC 8): a game in progress. The log
 * is replayed as `audit` replays it, except that the end of its events is
 * a stop, as `--at`'s is (nothing expires, no missing-end); the chosen
 * reporter adds what the rules require now and the open activation.
 */
#include "adj_cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int adj_cmd_status(const adj_config_t *c)
{
    const char *file = c->args[0];
    adj_audit_opts_t o = c->audit;
    o.open_end = true;
    adj_audit_t a;
    int status;
    if (!adj_audit_file(&a, file, &o)) {  /* one pass over the input: a pipe works */
        adj_cli_error("%s: %s", file, strerror(a.io_errno));
        adj_audit_free(&a);
        return ADJ_EXIT_USAGE;
    }
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &o, .color = c->color};
    if (c->reporter->begin)
        c->reporter->begin(&out, &ro);
    c->reporter->status(&out, &a, &ro);
    if (c->reporter->end)
        c->reporter->end(&out, &ro);
    /* pending is not an error; --strict counts warnings (SPEC 11) */
    status = a.diags.errors || (c->strict && a.diags.warnings) ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    if (!adj_cli_write(&out) || fflush(stdout) != 0) {
        adj_cli_error("cannot write the report: %s", strerror(errno));
        status = ADJ_EXIT_USAGE;
    }
    adj_buf_free(&out);
    adj_audit_free(&a);
    return status;
}
