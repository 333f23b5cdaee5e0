/* SPDX-License-Identifier: MIT */
/*
 * cmd_lsp.c - `adjutant lsp` (SPEC 14): the language server's row. Its
 * loop is lsp_main.c's; the web page's build (web/build.sh) has the row,
 * so that --help is the same there, but not the server (src/lsp_*.c and
 * jansson stay out of the page): there the command says so.
 */
#include "adj_cli.h"

#ifdef __EMSCRIPTEN__
static int lsp_run(const adj_config_t *c)
{
    (void)c;
    adj_msg_error("lsp: the language server is not part of the web page; run it from the "
                  "command line");
    return ADJ_EXIT_REFUSED;
}
#else
#define lsp_run adj_lsp_main
#endif

/* The row's max_args 0 is "no limit": no word at all is checked here,
 * a directory too (takes_dir below spares it the "reads one FILE" check
 * of the commands that read one: lsp reads none). */
static const char *lsp_check_args(const adj_config_t *c, adj_buf_t *msg)
{
    (void)msg;
    return c->arg_count ? c->command->args_error : NULL;
}

const adj_command_t adj_command_lsp = {
    .name = "lsp",
    .synopsis = "[--ladder FILE | --no-ladder] [--ruling NAME=VALUE]...",
    .help = "a language server for editors, on standard input and output (LSP)",
    .min_args = 0,
    .max_args = 0,
    .args_error = "lsp takes no FILE or directory: the editor starts it and sends it the "
                  "documents (see docs/editors.md)",
    .options = ADJ_OPT_RULING,
    .takes_dir = true,
    .input = ADJ_INPUT_STREAM,
    .op = ADJ_OP_NONE,
    .check = lsp_check_args,
    .run = lsp_run,
};
