/* SPDX-License-Identifier: MIT */
/*
 * signals.c - the process around the commands: standard descriptors that
 * are closed at start, and the signals that stop a run between two reports.
 */
#include "adj_cli.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
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

/* ------------------------------------------------------------------ */
/* Signals: stop between reports                                       */
/* ------------------------------------------------------------------ */

static volatile sig_atomic_t caught;   /* the signal's number, 0: none */
static volatile sig_atomic_t writing;  /* 1: a report is under way into stdout */

/* A report's write blocked a second after the signal: stop all the same. */
static void on_alarm(int signo)
{
    (void)signo;
    _exit(ADJ_EXIT_REFUSED);
}

/* Outside a report's write, the first SIGINT, SIGTERM or SIGHUP ends the
 * run here with exit 2 (SPEC 13: a stopped run is a failure like an I/O
 * error, whatever the signal): standard output holds only whole reports (each is flushed), and
 * a run blocked in an open or a read (a FIFO nobody writes) ends too, which
 * a flag alone cannot do (issue 33 item 2). During a write it asks for a
 * stop after that report; a second signal stops at once. */
static void on_signal(int signo)
{
    if (caught || !writing) {
        caught = signo;
        _exit(ADJ_EXIT_REFUSED);
    }
    caught = signo;
    alarm(1);
}

void adj_output_begin(void)
{
    writing = 1;
}

void adj_output_end(void)
{
    writing = 0;
    if (caught)
        _exit(ADJ_EXIT_REFUSED);  /* the report is out: nothing after it */
}

void adj_signals_install(void)
{
    signal(SIGPIPE, SIG_IGN);  /* a closed pipe: EPIPE, a failed write (exit 2) */
    signal(SIGALRM, on_alarm);
    static const int stops[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESTART;  /* the report under way goes on */
        sigemptyset(&sa.sa_mask);
        sigaction(stops[i], &sa, NULL);
    }
}

int adj_signal_caught(void)
{
    return caught;
}
