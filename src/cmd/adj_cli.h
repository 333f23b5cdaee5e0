/* SPDX-License-Identifier: MIT */
/*
 * adj_cli.h - the command line (private to the adjutant program): the table
 * of commands (commands.c lists one row per command, each defined in its
 * cmd_NAME.c), options parsed into one config struct (cli.c), and the
 * runner every command runs through (runner.c). All user-facing messages on
 * standard error go through adj_msg_error and adj_msg_error_name.
 */
#ifndef ADJ_CLI_H
#define ADJ_CLI_H

#include "adj_msg.h"
#include "adj_report.h"

#include <stdarg.h>

#define ADJ_EXIT_OK 0
#define ADJ_EXIT_FLAWS 1
/* Exit 2, for three causes told apart in the code (SPEC 5: one status). */
#define ADJ_EXIT_USAGE 2    /* a usage error */
#define ADJ_EXIT_IO 2       /* a file could not be read, or standard output or error written */
#define ADJ_EXIT_REFUSED 2  /* the input was read but cannot be used: nothing done (a ladder
                               file not valid, a log fix will not rewrite, a signal) */

/* The options, one bit each: a command's row says which it accepts
 * (anything else is a usage error). -h/--help is accepted everywhere. */
enum {
    ADJ_OPT_FORMAT = 1u << 0,
    ADJ_OPT_RULING = 1u << 1,
    ADJ_OPT_AT = 1u << 2,
    ADJ_OPT_ALPHA = 1u << 3,
    ADJ_OPT_JOBS = 1u << 4,
    ADJ_OPT_SUMMARY = 1u << 5,
    ADJ_OPT_STRICT = 1u << 6,
    ADJ_OPT_COLOR = 1u << 7,   /* --color and --no-color */
    ADJ_OPT_DIFF = 1u << 8,
};

/* The reporter's operation a command calls: --format takes only the
 * formats that have it. */
typedef enum adj_op_e {
    ADJ_OP_NONE,     /* the command writes no report (fix): no --format */
    ADJ_OP_AUDIT,
    ADJ_OP_EXPLAIN,
    ADJ_OP_COMPARE,
    ADJ_OP_STATUS,
    ADJ_OP_DICE,
    ADJ_OP_LADDER,
} adj_op_t;

/* How a command reads a FILE: streamed as it is replayed (a directory's
 * files on -j threads), or read once into memory and replayed from there
 * (a pipe or FIFO still works; compare replays the bytes twice). */
typedef enum adj_input_e { ADJ_INPUT_STREAM, ADJ_INPUT_ONCE } adj_input_t;

struct adj_config_s;

/* One command: everything the command line, --help, the man page test and
 * the runner know of it. A new command is one cmd_NAME.c defining its row
 * and one line in commands.c's table. */
typedef struct adj_command_s {
    const char *name;
    const char *synopsis;    /* its usage line after the name */
    const char *help;        /* its line in --help */
    size_t min_args, max_args;  /* FILEs and other words; max 0: no limit */
    const char *args_error;  /* the usage error when their count is wrong */
    bool takes_dir;          /* a DIR is searched for logs (else a usage error) */
    bool page;               /* the web page runs it (SPEC 10; the catalogue's `page`) */
    unsigned options;        /* ADJ_OPT_* it accepts */
    adj_input_t input;
    adj_op_t op;             /* the reporter operation --format must have */
    /* Checks beyond the row's (NULL: none): NULL to go on, or the usage
     * error's message (static or in `msg`, which the caller frees). */
    const char *(*check)(const struct adj_config_s *c, adj_buf_t *msg);
    int (*run)(const struct adj_config_s *c);  /* the exit status */
} adj_command_t;

/* The commands' table (commands.c): the i-th row, NULL past the last. */
const adj_command_t *adj_command_at(size_t i);

typedef struct adj_config_s {
    const adj_command_t *command;    /* borrowed from the table */
    const adj_reporter_t *reporter;  /* borrowed from the table: --format */
    bool summary;             /* audit: one line per file and a total */
    bool strict;              /* audit, status: warnings make the exit status 1 too */
    int jobs;                 /* audit, dice: worker threads (>= 1) */
    adj_audit_opts_t audit;   /* rulings and --at */
    bool rulings_given;
    double alpha;             /* dice: --alpha, 0 when not given (ADJ_DICE_ALPHA) */
    const char **args;        /* owned array of borrowed argv strings: files, then leaders */
    size_t arg_count;
    bool color;               /* ANSI colour on standard output */
    bool progress;            /* a progress line on standard error */
    bool diff;                /* fix: a unified diff instead of the corrected log */
    const char *ladder;       /* --ladder FILE (borrowed), NULL when not given */
    bool no_ladder;           /* --no-ladder */
    /* ADJ_INPUT_ONCE: args[0]'s bytes, read once by the runner before the
     * command runs (the command may change them: fix does). NULL otherwise. */
    adj_buf_t *input;
} adj_config_t;

/* One row of cli.c's option table, as the catalogue shows it. */
typedef struct adj_option_view_s {
    const char *short_name;  /* "-j", or NULL */
    const char *long_name;   /* "--jobs" */
    const char *arg;         /* its placeholder ("N", "FORMAT"), NULL for a flag */
    bool repeatable;         /* --ruling */
    bool format;             /* --format: its values are the command's formats */
    bool global;             /* -h/--help: stands alone as well as after a command */
    unsigned bit;            /* ADJ_OPT_*; 0: every command takes it */
} adj_option_view_t;

/* What the command line hands the catalogue (it calls nothing of cli.c):
 * its options, its first words that are actions, and whether a reporter
 * writes a command's operation (`summary`: audit --summary). */
typedef struct adj_catalogue_cli_s {
    const adj_option_view_t *options;  /* borrowed */
    size_t option_count;
    const char *const *actions;        /* borrowed: "help", "--version", ... */
    size_t action_count;
    bool (*has)(const adj_reporter_t *r, adj_op_t op, bool summary);
} adj_catalogue_cli_t;

/* catalogue.c: `adjutant --list-catalogue` (SPEC 11.1), the tables as one
 * pretty-printed JSON object, appended to `out`. */
void adj_catalogue_write(adj_buf_t *out, const adj_catalogue_cli_t *cli);

/* Parse argv. Returns -1 to go on and run c->command, or an exit status
 * (help, version and usage errors are handled here). */
int adj_cli_parse(adj_config_t *c, int argc, char **argv);
void adj_config_free(adj_config_t *c);

/* walk.c: every log below `dir` (SPEC 5), handed to `found` (which takes
 * the owned path) in strcmp order. False when something was reported. */
bool adj_walk(const char *dir, void (*found)(void *ctx, char *path), void *ctx);

/* ---- runner.c: what every command runs through ---- */

/* Run c->command: its input read once when its row says so, then its
 * run function. Returns the exit status. */
int adj_run_command(adj_config_t *c);

/* Flush standard output: `status`, or 2 with a message when a write
 * failed (a full disk, a closed pipe). Every command ends with it. */
int adj_run_flush(int status);

/* SPEC 6.2: say on standard error when --at turn:N never began in `a`. */
void adj_run_warn_at(const char *file, const adj_audit_t *a, const adj_audit_opts_t *o);

/* Write a buffer to standard output; false on a write error. */
bool adj_run_write(const adj_buf_t *b);
/* The same, then flushed: a whole report reaches standard output. */
bool adj_run_write_flush(const adj_buf_t *b);

/* A file that could not be read: "adjutant: NAME: why" (errno `err`). */
void adj_run_error_io(const char *name, int err);

/* `path` names a directory (`-` never does). */
bool adj_is_directory(const char *path);

/* The files the arguments name, directories expanded (SPEC 5): *paths is
 * an owned array of owned strings. False when a directory could not be
 * searched (reported on standard error). */
bool adj_run_files(const adj_config_t *c, char ***paths, size_t *count);

/* The one pool: `work(ctx, i)` for every i < count on up to `jobs`
 * threads, never more than a window ahead of `done(ctx, i)`, which the
 * main thread calls in order as each is worked (false stops the run: no
 * file is taken after it). A signal stops it between two files. With one
 * job or one file the main thread works and is done in turn. */
typedef struct adj_pool_job_s {
    size_t count;
    int jobs;
    void (*work)(void *ctx, size_t i);
    bool (*done)(void *ctx, size_t i);
    void *ctx;
    bool progress;       /* "i/n files" on standard error as they are done */
    uint64_t (*bytes)(void *ctx, size_t i);  /* for the progress line's MB/s; NULL: none */
} adj_pool_job_t;
void adj_run_pool(const adj_pool_job_t *job);

/* Render one report: the reporter's begin (when it has one), `op`, its
 * end; write and flush it. Returns `status`, or 2 when the write failed
 * (said on standard error). */
int adj_run_report(const adj_config_t *c, int status,
                   void (*op)(adj_buf_t *out, const adj_reporter_t *r, const void *ctx,
                              const adj_report_opts_t *o),
                   const void *ctx);

/* A command's input read once (ADJ_INPUT_ONCE): all of `path` into `out`,
 * at most `limit` bytes; on failure, said on standard error (`what`: what
 * needs it whole, for a file too large) and false. */
bool adj_run_read_once(const char *path, size_t limit, const char *what, adj_buf_t *out);

/* The commands' run functions that are not a row's own. */
int adj_cmd_audit_html(const adj_config_t *c);  /* cmd_audit_html.c: audit --format html */
int adj_lsp_main(const adj_config_t *c);        /* lsp_main.c: `adjutant lsp` (not in the page) */

/* signals.c: keep descriptors 0-2 from being taken by a log (call first). */
void adj_guard_std_fds(void);
/* SIGINT, SIGTERM, SIGHUP end the run at once, exit 2, even one blocked in an open or a read (a FIFO) (SPEC 13). While
 * a report is being written (between adj_output_begin and adj_output_end)
 * they set a flag instead: the command finishes that report (within a
 * second), starts none after it, and adjutant exits 2
 * (adj_signal_caught gives the signal's number, 0: none). A second signal stops at once.
 * SIGPIPE is ignored: a closed pipe is a failed write (EPIPE, exit 2). */
void adj_signals_install(void);
int adj_signal_caught(void);
void adj_output_begin(void);  /* main thread: a report starts into stdout */
void adj_output_end(void);    /* ...and is flushed whole */

#endif
