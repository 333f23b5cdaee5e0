/* SPDX-License-Identifier: MIT */
/*
 * cmd_ladder.c - `adjutant ladder [--format text|json] [PATH]` (SPEC 13):
 * the ladder file that applies to PATH (a log or a directory; default
 * `.`), checked and shown by the reporter's `ladder` (report_text_ladder.c,
 * report_json_ladder.c). Exit 0 valid, 1 none, 2 not valid.
 */
#include "adj_cli.h"
#include "adj_ladder.h"

#include <sys/stat.h>

static void ladder_report(adj_buf_t *out, const adj_reporter_t *r, const void *ctx,
                          const adj_report_opts_t *o)
{
    r->ladder(out, ctx, o);
}

static int ladder_run(const adj_config_t *c)
{
    const char *path = c->arg_count ? c->args[0] : ".";
    if (c->no_ladder) {  /* no search was made: none is used */
        adj_msg_error("no ladder file is used (--no-ladder)");
        return ADJ_EXIT_FLAWS;
    }
    if (!*path) {
        adj_msg_error("ladder: PATH is empty (a log or a directory; default .)");
        return ADJ_EXIT_USAGE;
    }
    struct stat st;
    bool is_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
    const adj_ladder_t *l = NULL;
    int found = adj_ladder_find(path, is_dir, &l);
    if (found == 0) {
        adj_msg_error_name(path, "no ladder file applies (no adjutant-ladder.yaml here or "
                           "above)");
        return ADJ_EXIT_FLAWS;
    }
    if (found < 0)  /* not valid, said on standard error */
        return ADJ_EXIT_REFUSED;
    return adj_run_report(c, ADJ_EXIT_OK, ladder_report, l);
}

const adj_command_t adj_command_ladder = {
    .name = "ladder",
    .synopsis = "[--format text|json] [PATH]",
    .help = "check and show the ladder file (adjutant-ladder.yaml) that applies to PATH",
    .min_args = 0,
    .max_args = 1,
    .args_error = "ladder takes at most one PATH (a log or a directory)",
    .takes_dir = true,
    .options = ADJ_OPT_FORMAT,
    .input = ADJ_INPUT_STREAM,
    .op = ADJ_OP_LADDER,
    .run = ladder_run,
};
