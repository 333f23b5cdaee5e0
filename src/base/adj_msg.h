/* SPDX-License-Identifier: MIT */
/*
 * adj_msg.h - messages.c: the one writer of standard error's messages
 * ("adjutant: ..."), for every stage that speaks to the user (the command
 * line, the runner, the walk, the commands, fix).
 */
#ifndef ADJ_MSG_H
#define ADJ_MSG_H

#include <stdarg.h>
#include <stdbool.h>

/* "adjutant: message" on standard error. */
void adj_msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void adj_msg_verror(const char *fmt, va_list ap);
/* "adjutant: NAME: message": a file name first, shown as SPEC 5 says. */
void adj_msg_error_name(const char *name, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Whether something written to standard error (a message, or the part of
 * a report that goes there: fix's changes) could not be: the run then
 * exits 2, as for standard output (there is nowhere left to say why). */
bool adj_msg_failed(void);

#endif
