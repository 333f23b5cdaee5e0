/* SPDX-License-Identifier: MIT */
/*
 * cmd_audit_html.c - `adjutant audit --format html FILE` (SPEC 9): one file, read
 * once into memory (so standard input and a FIFO work, and the page shows
 * exactly the bytes audited), audited from there with the engine telling
 * its turns and steps to a chronicle, and the page written as it is made.
 *
 * Nothing reaches standard output before the file is read and audited: an
 * I/O failure (exit status 2) leaves it empty.
 */
#include "adj_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest log shown whole: the page holds every line of it. */
#define SINGLE_MAX_INPUT ((size_t)256 << 20)

/* The reporter's buffer, written as the page is made (a failed write is
 * remembered by standard output's error flag, for adj_run_flush). */
static void drain(adj_buf_t *out)
{
    adj_run_write(out);
    adj_buf_reset(out);
}

int adj_cmd_audit_html(const adj_config_t *c)
{
    const char *path = c->args[0];
    adj_buf_t in = {0};
    adj_slurp_status_t st;
    if (!adj_slurp(path, SINGLE_MAX_INPUT, &in, &st)) {  /* once: a pipe works */
        if (st == ADJ_SLURP_TOO_BIG)
            adj_msg_error_name(path, "too large for an HTML report (more than %zu MiB)",
                               SINGLE_MAX_INPUT >> 20);
        else
            adj_run_error_io(path, errno);
        adj_buf_free(&in);
        return ADJ_EXIT_IO;
    }
    adj_audit_t a;
    adj_chronicle_t ch;
    adj_chronicle_init(&ch, &a.reader);
    adj_audit_opts_t o = c->audit;
    o.on_step = adj_chronicle_on_step;
    o.step_ctx = &ch;
    o.on_turn = adj_chronicle_on_turn;
    o.turn_ctx = &ch;
    adj_audit_bytes(&a, in.data ? in.data : "", in.len, path, &o);
    if (a.io_error) {  /* its ladder file is not valid (SPEC 13) */
        adj_run_error_io(path, a.io_errno);
        adj_chronicle_free(&ch);
        adj_audit_free(&a);
        adj_buf_free(&in);
        return ADJ_EXIT_IO;
    }
    adj_chronicle_finish(&ch, a.replayed ? &a.result : NULL);
    adj_report_log_t log = {(const unsigned char *)(in.data ? in.data : ""), in.len, &ch};
    adj_report_opts_t ro = {.audit = &c->audit, .log = &log, .drain = drain};
    adj_buf_t out = {0};
    c->reporter->audit(&out, &a, &ro);
    drain(&out);
    int status = a.diags.errors ? ADJ_EXIT_FLAWS : ADJ_EXIT_OK;
    status = adj_run_flush(status);  /* a failed drain failed stdout too */
    adj_buf_free(&out);
    adj_chronicle_free(&ch);
    adj_audit_free(&a);
    adj_buf_free(&in);
    return status;
}
