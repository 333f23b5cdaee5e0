/* SPDX-License-Identifier: MIT */
/*
 * lsp_main.c - `adjutant lsp`'s loop over standard input (SPEC 14): bytes
 * fed to the server as they come, checks run when the debounce of the
 * latest change ends, protocol messages alone on standard output. The
 * command's row is cmd_lsp.c's.
 */
#include "adj_cli.h"
#include "lsp.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A whole message to standard output; a failed write ends the server
 * (ctx: the errno of the first failed write, 0 while none failed). */
static void write_out(void *ctx, const char *bytes, size_t n)
{
    int *failed = ctx;
    while (n && !*failed) {
        ssize_t w = write(STDOUT_FILENO, bytes, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            *failed = w < 0 && errno ? errno : EIO;
            return;
        }
        bytes += w;
        n -= (size_t)w;
    }
}

int adj_lsp_main(const adj_config_t *c)
{
    lsp_config_t cfg = {.audit = c->audit};
    int failed = 0;
    lsp_server_t *s = lsp_server_new(&cfg, write_out, &failed);
    static char buf[1 << 16];
    int status = 1;
    for (;;) {
        int wait = lsp_server_wait(s, now_ms());
        struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
        int r = poll(&p, 1, wait);
        if (r < 0 && errno != EINTR)
            break;
        if (r <= 0) {
            lsp_server_idle(s, now_ms(), false);
            continue;
        }
        ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0) {  /* end of input: 0 after shutdown, else 1 */
            status = lsp_server_eof(s);
            break;
        }
        lsp_server_feed(s, buf, (size_t)n, now_ms());
        if (lsp_server_exited(s, &status) || failed)
            break;
        lsp_server_idle(s, now_ms(), false);
    }
    if (failed) {  /* in the words of every command (runner.c) */
        adj_msg_error("cannot write the report: %s", strerror(failed));
        status = ADJ_EXIT_IO;
    }
    lsp_server_free(s);
    return status;
}

