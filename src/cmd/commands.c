/* SPDX-License-Identifier: MIT */
/*
 * commands.c - the table of commands, in the order --help, the usage lines
 * and --list-options show them. Each command's row is defined in its own
 * cmd_NAME.c; a new command is that file and one line here (CMake picks
 * cmd_*.c up).
 */
#include "adj_cli.h"

extern const adj_command_t adj_command_audit;
extern const adj_command_t adj_command_explain;
extern const adj_command_t adj_command_compare;
extern const adj_command_t adj_command_status;
extern const adj_command_t adj_command_dice;
extern const adj_command_t adj_command_fix;
extern const adj_command_t adj_command_ladder;
extern const adj_command_t adj_command_lsp;

static const adj_command_t *const commands[] = {
    &adj_command_audit,
    &adj_command_explain,
    &adj_command_compare,
    &adj_command_status,
    &adj_command_dice,
    &adj_command_fix,
    &adj_command_ladder,
    &adj_command_lsp,
};

const adj_command_t *adj_command_at(size_t i)
{
    return i < sizeof commands / sizeof commands[0] ? commands[i] : NULL;
}
