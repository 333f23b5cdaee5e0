/* SPDX-License-Identifier: MIT */
/*
 * main.c - adjutant: audit the written record of a game of The Campaigns
 * of Robert E. Lee against optional rule 8.13 Leaders and Illness.
 */
#include "adj_cli.h"

int main(int argc, char **argv)
{
    adj_config_t c;
    adj_guard_std_fds();
    adj_signals_install();
    int status = adj_cli_parse(&c, argc, argv);
    if (status < 0) {
        status = adj_run_command(&c);
        adj_config_free(&c);
    }
    if (adj_signal_caught())
        return ADJ_EXIT_REFUSED;
    /* a report partly on standard error (fix's changes, a warning) not written */
    return status < ADJ_EXIT_IO && adj_msg_failed() ? ADJ_EXIT_IO : status;
}
