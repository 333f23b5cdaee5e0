/*
 * adj_cli.h - the command line (private to the adjutant program): options
 * parsed into one config struct, and the three commands that use it.
 * All user-facing messages on standard error go through adj_cli_error.
 */
#ifndef ADJ_CLI_H
#define ADJ_CLI_H

#include "adj_report.h"

#define ADJ_EXIT_OK 0
#define ADJ_EXIT_FLAWS 1
#define ADJ_EXIT_USAGE 2

typedef enum adj_command_e {
    ADJ_CMD_AUDIT,
    ADJ_CMD_EXPLAIN,
    ADJ_CMD_COMPARE,
    ADJ_CMD_STATUS,
    ADJ_CMD_DICE,
    ADJ_CMD_FIX
} adj_command_t;

typedef struct adj_config_s {
    adj_command_t command;
    const adj_reporter_t *reporter;  /* borrowed from the table: --format */
    bool summary;             /* audit: one line per file and a total */
    bool strict;              /* audit: warnings make the exit status 1 too */
    int jobs;                 /* audit: worker threads (>= 1) */
    adj_audit_opts_t audit;   /* rulings and --at */
    bool rulings_given;
    double alpha;             /* dice: --alpha, 0 when not given (ADJ_DICE_ALPHA) */
    const char **args;        /* owned array of borrowed argv strings: files, then leaders */
    size_t arg_count;
    bool color;               /* ANSI colour on standard output */
    bool progress;            /* a progress line on standard error */
    bool diff;                /* fix: a unified diff instead of the corrected log */
} adj_config_t;

/* Parse argv. Returns -1 to go on and run, or an exit status (help,
 * version and usage errors are handled here). */
int adj_cli_parse(adj_config_t *c, int argc, char **argv);
void adj_config_free(adj_config_t *c);

void adj_cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "adjutant: NAME: message": a file name first, shown as SPEC 5 says. */
void adj_cli_error_name(const char *name, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* walk.c: every log below `dir` (SPEC 5), handed to `found` (which takes
 * the owned path) in strcmp order. False when something was reported. */
bool adj_walk(const char *dir, void (*found)(void *ctx, char *path), void *ctx);

/* Flush standard output: `status`, or 2 with a message when a write
 * failed (a full disk, a closed pipe). Every command ends with it. */
int adj_cli_flush(int status);

/* SPEC 6.2: say on standard error when --at turn:N never began in `a`. */
void adj_cli_warn_at(const char *file, const adj_audit_t *a, const adj_audit_opts_t *o);

/* Write a buffer to standard output; false on a write error. */
bool adj_cli_write(const adj_buf_t *b);
/* The same, then flushed: a whole report reaches standard output. */
bool adj_cli_write_flush(const adj_buf_t *b);

/* slurp.c: read all of `path` ("-": standard input) once into `out`, at
 * most `limit` bytes. False on failure: *st says which (errno set for IO). */
typedef enum adj_slurp_status_e { ADJ_SLURP_OK, ADJ_SLURP_IO, ADJ_SLURP_TOO_BIG } adj_slurp_status_t;
#define ADJ_MAX_SLURP ((size_t)64 << 20)  /* what compare reads into memory */
bool adj_slurp(const char *path, size_t limit, adj_buf_t *out, adj_slurp_status_t *st);

/* signals.c: keep descriptors 0-2 from being taken by a log (call first). */
void adj_guard_std_fds(void);
/* SIGINT, SIGTERM, SIGHUP set a flag (a second one stops at once); a
 * command finishes the report it is writing, starts none after it, and
 * adjutant exits 128 + the number adj_signal_caught gives (0: none). */
void adj_signals_install(void);
int adj_signal_caught(void);

int adj_cmd_audit(const adj_config_t *c);    /* batch.c */
int adj_cmd_audit_single(const adj_config_t *c);  /* single.c: a one-file format (html) */
int adj_cmd_explain(const adj_config_t *c);  /* explain.c */
int adj_cmd_compare(const adj_config_t *c);  /* explain.c */
int adj_cmd_status(const adj_config_t *c);   /* status.c */
int adj_cmd_dice(const adj_config_t *c);     /* dice_cmd.c */

/* The files the arguments name, directories expanded as audit does
 * (batch.c): *paths is an owned array of owned strings. False when a
 * directory could not be searched (reported on standard error). */
bool adj_cli_files(const adj_config_t *c, char ***paths, size_t *count);
int adj_cmd_fix(const adj_config_t *c);      /* fix.c */

#endif
