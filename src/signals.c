/*
 * signals.c - the process around the commands: standard descriptors that
 * are closed at start, and (later) the signals that stop a run.
 */
#include "adj_cli.h"

#include <fcntl.h>
#include <unistd.h>

/* A descriptor 0, 1 or 2 closed at start would be taken by the first log
 * opened, and `-` (or a report) would then read (or write) that log. Each
 * is pointed at /dev/null the wrong way round, so using it still fails:
 * reading `-` gives EBADF, a report written to a closed stdout is an error. */
void adj_guard_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1)
            continue;
        int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}
