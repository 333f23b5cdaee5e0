/* SPDX-License-Identifier: MIT */
/*
 * messages.c - the one place messages to standard error are written
 * ("adjutant: ..."), for every part of the program (the command line, the
 * runner, the walk, the commands).
 */
#include "adj_msg.h"

#include "adj_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void adj_msg_verror(const char *fmt, va_list ap)
{
    fputs("adjutant: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void adj_msg_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    adj_msg_verror(fmt, ap);
    va_end(ap);
}

void adj_msg_error_name(const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    adj_buf_t shown = {0};  /* escaped as the reports show names */
    adj_escape_text(&shown, name, strlen(name));
    fprintf(stderr, "adjutant: %s: ", shown.data ? shown.data : "");
    adj_buf_free(&shown);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

bool adj_msg_failed(void)
{
    return fflush(stderr) != 0 || ferror(stderr);
}
