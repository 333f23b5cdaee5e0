/* SPDX-License-Identifier: MIT */
/*
 * slurp.c - a whole input read once into memory, within a bound: for the
 * commands that replay one log twice (compare), so a pipe, a FIFO or
 * /dev/stdin gives what the file gives (SPEC 5).
 */
#include "adj_audit.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static bool slurp_fd(int fd, size_t limit, adj_buf_t *out, adj_slurp_status_t *st)
{
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *st = ADJ_SLURP_IO;
            return false;
        }
        if (n == 0)
            return true;
        if ((size_t)n > limit - out->len) {
            *st = ADJ_SLURP_TOO_BIG;
            return false;
        }
        adj_buf_put(out, chunk, (size_t)n);
    }
}

bool adj_slurp(const char *path, size_t limit, adj_buf_t *out, adj_slurp_status_t *st)
{
    *st = ADJ_SLURP_OK;
    int fd = adj_log_open(path);
    if (fd < 0) {
        *st = ADJ_SLURP_IO;
        return false;
    }
    bool ok = slurp_fd(fd, limit, out, st);
    int err = errno;
    if (fd != STDIN_FILENO)
        close(fd);
    errno = err;
    return ok;
}
