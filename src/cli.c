/*
 * cli.c - the command line: a table of commands and a table of options,
 * from which both parsing and --help come; --version, --list-codes;
 * and the one place messages to standard error are written.
 */
#include "adj_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
    "usage: adjutant audit   [options] FILE|DIR...\n"
    "       adjutant explain [options] FILE LEADER...\n"
    "       adjutant compare [options] FILE --ruling NAME=VALUE...\n"
    "       adjutant fix     [--ruling NAME=VALUE]... [--diff] FILE\n"
    "       adjutant --help | --version | --list-codes\n";

static const char help_intro[] =
    "\n"
    "Audit the YAML log of a game of The Campaigns of Robert E. Lee: replay it\n"
    "through optional rule 8.13 Leaders and Illness, rebuild every leader's state\n"
    "and the VP tally, and report every illegal or inconsistent entry.\n"
    "\n"
    "commands:\n";

static const char help_outro[] =
    "\n"
    "exit status: 0 no errors, 1 errors found (or, for compare, the readings differ),\n"
    "2 usage or I/O failure.\n";

static void cli_verror(const char *fmt, va_list ap)
{
    fputs("adjutant: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void adj_cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_verror(fmt, ap);
    va_end(ap);
}

bool adj_cli_write(const adj_buf_t *b)
{
    if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len)
        return false;
    return true;
}

static void print_rulings(FILE *f)
{
    fputs("\nrulings (--ruling NAME=VALUE; the first value is the default):\n", f);
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        fprintf(f, "  %s\n", adj_ruling_name((adj_ruling_t)r));
        for (int v = 0; v < adj_ruling_value_count((adj_ruling_t)r); v++)
            fprintf(f, "    %-18s %s\n", adj_ruling_value_name((adj_ruling_t)r, v),
                    adj_ruling_value_doc((adj_ruling_t)r, v));
    }
}

static void print_codes(FILE *f)
{
    for (int i = 0; i < ADJ_DIAG_COUNT; i++)
        fprintf(f, "%-26s %-7s %-6s %s\n", adj_code_name((adj_code_t)i),
                adj_code_severity((adj_code_t)i) == ADJ_SEV_ERROR ? "error" : "warning",
                adj_code_rule((adj_code_t)i), adj_code_summary((adj_code_t)i));
}

static int usage_error(adj_config_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int usage_error(adj_config_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_verror(fmt, ap);
    va_end(ap);
    fputs(usage_text, stderr);
    adj_config_free(c);
    return ADJ_EXIT_USAGE;
}

void adj_config_free(adj_config_t *c)
{
    free(c->args);
    c->args = NULL;
    c->arg_count = 0;
}

/* ------------------------------------------------------------------ */
/* The options: one table, from which parsing and --help both come     */
/* ------------------------------------------------------------------ */

/* Apply an option's value (NULL for a flag): -1 to go on, or an exit status. */
typedef int (*cli_apply_fn)(adj_config_t *c, const char *val);

typedef struct cli_option_s {
    const char *short_name;  /* "-j", or NULL */
    const char *long_name;   /* "--jobs" */
    const char *arg;         /* the value's name in --help; NULL: a flag, which takes none */
    const char *help;        /* NULL: described on the line of the option before it */
    cli_apply_fn apply;
} cli_option_t;

/* --format's value and help line come from the reporters' table. */
static char format_arg[256];
static char format_help[1024];

static void formats_describe(void)
{
    if (format_arg[0])
        return;
    adj_buf_t arg = {0}, help = {0};
    for (size_t i = 0; adj_reporter_at(i); i++) {
        adj_buf_printf(&arg, "%s%s", i ? "|" : "", adj_reporter_at(i)->name);
        adj_buf_printf(&help, "%s%s", i ? ", " : "", adj_reporter_at(i)->help);
    }
    snprintf(format_arg, sizeof format_arg, "%s", arg.data);
    snprintf(format_help, sizeof format_help, "%s", help.data);
    adj_buf_free(&arg);
    adj_buf_free(&help);
}

static int opt_format(adj_config_t *c, const char *val)
{
    c->reporter = adj_reporter_find(val);
    if (c->reporter)
        return -1;
    adj_buf_t names = {0};
    for (size_t i = 0; adj_reporter_at(i); i++)
        adj_buf_printf(&names, "%s%s", !i ? "" : adj_reporter_at(i + 1) ? ", " : " or ",
                       adj_reporter_at(i)->name);
    int st = usage_error(c, "--format must be %s, not '%s'", names.data, val);
    adj_buf_free(&names);
    return st;
}

static int opt_ruling(adj_config_t *c, const char *val)
{
    adj_buf_t err = {0};
    int st = -1;
    if (adj_rulings_parse(&c->audit.rulings, val, &err))
        c->rulings_given = true;
    else
        st = usage_error(c, "%s", err.data);
    adj_buf_free(&err);
    return st;
}

static int opt_at(adj_config_t *c, const char *val)
{
    if (!adj_at_parse(&c->audit.at, val))
        return usage_error(c, "--at takes turn:N or line:L (L >= 1), not '%s'", val);
    return -1;
}

static int opt_jobs(adj_config_t *c, const char *val)
{
    char *end;
    errno = 0;
    long n = strtol(val, &end, 10);
    if (errno || *end || n < 1 || n > 256)
        return usage_error(c, "-j takes a number of jobs from 1 to 256, not '%s'", val);
    c->jobs = (int)n;
    return -1;
}

static int opt_summary(adj_config_t *c, const char *val)
{
    (void)val;
    c->summary = true;
    return -1;
}

static int opt_color(adj_config_t *c, const char *val)
{
    (void)val;
    c->color = true;
    return -1;
}

static int opt_no_color(adj_config_t *c, const char *val)
{
    (void)val;
    c->color = false;
    return -1;
}

static int opt_diff(adj_config_t *c, const char *val)
{
    (void)val;
    if (c->command != ADJ_CMD_FIX)
        return usage_error(c, "--diff is an option of fix");
    c->diff = true;
    return -1;
}

static int opt_help(adj_config_t *c, const char *val);

static const cli_option_t options[] = {
    {NULL, "--format", format_arg, format_help, opt_format},
    {NULL, "--ruling", "NAME=VALUE", "replay under another reading of rule 8.13 (repeatable)",
     opt_ruling},
    {NULL, "--at", "turn:N|line:L", "replay only up to that moment", opt_at},
    {"-j", "--jobs", "N", "audit N files at once (default: the number of cores)", opt_jobs},
    {NULL, "--summary", NULL, "one line per file and a total, for an archive", opt_summary},
    {NULL, "--color", NULL, "force colour on or off (default: on a terminal, unless NO_COLOR)",
     opt_color},
    {NULL, "--no-color", NULL, NULL, opt_no_color},
    {NULL, "--diff", NULL, "fix: a unified diff instead of the corrected log", opt_diff},
    {"-h", "--help", NULL, "this help;  --version  the version;  --list-codes  the codes",
     opt_help},
};

#define OPTION_COUNT (sizeof options / sizeof options[0])

static const cli_option_t *find_option(const char *name)
{
    for (size_t i = 0; i < OPTION_COUNT; i++)
        if ((options[i].short_name && !strcmp(name, options[i].short_name)) ||
            !strcmp(name, options[i].long_name))
            return &options[i];
    return NULL;
}

static int check_audit(adj_config_t *c)
{
    if (c->arg_count == 0)
        return usage_error(c, "audit needs at least one FILE or DIR (- for standard input)");
    return -1;
}

static int check_explain(adj_config_t *c)
{
    if (c->arg_count < 2)
        return usage_error(c, "explain needs a FILE and at least one LEADER id");
    return -1;
}

static int check_compare(adj_config_t *c)
{
    if (c->arg_count != 1)
        return usage_error(c, "compare needs exactly one FILE");
    if (!c->rulings_given || adj_rulings_is_default(&c->audit.rulings))
        return usage_error(c, "compare needs at least one --ruling NAME=VALUE that is not "
                              "the default");
    return -1;
}

static int check_fix(adj_config_t *c)
{
    if (c->arg_count != 1)
        return usage_error(c, "fix needs exactly one FILE (- for standard input)");
    if (c->audit.at.kind != ADJ_AT_NONE || c->summary || c->reporter != adj_reporter_at(0))
        return usage_error(c, "fix takes --ruling and --diff only");
    return -1;
}

static int print_version(adj_config_t *c)
{
    printf("adjutant %s (log format adjutant/1)\n", ADJ_VERSION);
    adj_config_free(c);
    return ADJ_EXIT_OK;
}

static int list_codes(adj_config_t *c)
{
    print_codes(stdout);
    adj_config_free(c);
    return ADJ_EXIT_OK;
}

/* The first word: a command, with the check of its words; or an action
 * done at once (run, with no check). */
typedef struct cli_command_s {
    const char *name;
    const char *help;               /* its line in --help; NULL: none */
    adj_command_t command;
    int (*check)(adj_config_t *c);  /* after parsing: -1 to go on, or an exit status */
    int (*run)(adj_config_t *c);    /* non-NULL: an action, not a command */
} cli_command_t;

static int help_command(adj_config_t *c) { return opt_help(c, NULL); }

static const cli_command_t commands[] = {
    {"audit", "audit logs (FILE, - for standard input, or a DIR: every *.yaml below it)",
     ADJ_CMD_AUDIT, check_audit, NULL},
    {"explain", "tell the story of one or more leaders' game, step by step", ADJ_CMD_EXPLAIN,
     check_explain, NULL},
    {"compare", "replay under the default rulings and under others; show what differs",
     ADJ_CMD_COMPARE, check_compare, NULL},
    {"fix", "write the log with every claim the replay settles corrected in place",
     ADJ_CMD_FIX, check_fix, NULL},
    {"help", NULL, 0, NULL, help_command},
    {"--version", NULL, 0, NULL, print_version},
    {"--list-codes", NULL, 0, NULL, list_codes},
};

static const cli_command_t *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(name, commands[i].name))
            return &commands[i];
    const cli_option_t *o = find_option(name);  /* `adjutant -h` */
    return o && o->apply == opt_help ? find_command("help") : NULL;
}

static void print_commands(FILE *f)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].help)
            fprintf(f, "  %-10s%s\n", commands[i].name, commands[i].help);
}

/* One line of --help per described option: "-j, --jobs N", the options
 * it shares the line with, then what it does. */
static void print_options(FILE *f)
{
    formats_describe();
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const cli_option_t *o = &options[i];
        if (!o->help)
            continue;
        adj_buf_t label = {0};
        if (o->short_name)
            adj_buf_printf(&label, "%s, ", o->short_name);
        adj_buf_puts(&label, o->long_name);
        if (o->arg)
            adj_buf_printf(&label, " %s", o->arg);
        for (size_t k = i + 1; k < OPTION_COUNT && !options[k].help; k++)
            adj_buf_printf(&label, ", %s", options[k].long_name);
        fprintf(f, "  %-21s%s\n", label.data, o->help);
        adj_buf_free(&label);
    }
}

/* -h, --help and `help`, wherever they stand: the one place help is given. */
static int opt_help(adj_config_t *c, const char *val)
{
    (void)val;
    fputs(usage_text, stdout);
    fputs(help_intro, stdout);
    print_commands(stdout);
    fputs("\noptions:\n", stdout);
    print_options(stdout);
    fputs(help_outro, stdout);
    print_rulings(stdout);
    adj_config_free(c);
    return ADJ_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* Parsing                                                             */
/* ------------------------------------------------------------------ */

static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Split "--opt=value", "-j4" (as make and ninja take it) or "--opt" into
 * its name and attached value (NULL: none). False when it cannot be a name. */
static bool split_option(const char *a, char name[32], const char **val)
{
    const char *eq = strchr(a, '=');
    *val = NULL;
    if (!strncmp(a, "-j", 2) && a[2] != '\0') {
        strcpy(name, "-j");
        *val = a + 2;
    } else if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < 32) {
        memcpy(name, a, (size_t)(eq - a));
        name[eq - a] = '\0';
        *val = eq + 1;
    } else if (strlen(a) < 32) {
        strcpy(name, a);
    } else {
        return false;
    }
    return true;
}

/* The option at argv[*i] (its value may be the next word): -1 to go on. */
static int parse_option(adj_config_t *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *val;
    char name[32];
    if (!split_option(a, name, &val))
        return usage_error(c, "unknown option '%s'", a);
    const cli_option_t *o = find_option(name);
    bool takes = o && o->arg;
    if (takes && !val) {
        if (*i + 1 >= argc)
            return usage_error(c, "option %s needs a value", name);
        val = argv[++*i];
    } else if (!takes && val) {
        return usage_error(c, "option %s takes no value", name);
    }
    if (!o)
        return usage_error(c, "unknown option '%s'", a);
    return o->apply(c, val);
}

/* The words after the command: options, and the files and leaders. */
static int parse_words(adj_config_t *c, int argc, char **argv)
{
    bool options_done = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (options_done || a[0] != '-' || !strcmp(a, "-")) {
            c->args[c->arg_count++] = a;
        } else if (!strcmp(a, "--")) {
            options_done = true;
        } else {
            int st = parse_option(c, argc, argv, &i);
            if (st >= 0)
                return st;
        }
    }
    return -1;
}

static void config_defaults(adj_config_t *c, int argc)
{
    memset(c, 0, sizeof *c);
    c->reporter = adj_reporter_at(0);
    c->jobs = default_jobs();
    const char *nc = getenv("NO_COLOR");
    c->color = isatty(STDOUT_FILENO) && !(nc && *nc);
    c->progress = isatty(STDERR_FILENO);
    c->args = adj_xcalloc((size_t)(argc > 0 ? argc : 1), sizeof *c->args);
}

int adj_cli_parse(adj_config_t *c, int argc, char **argv)
{
    config_defaults(c, argc);
    if (argc < 2)
        return usage_error(c, "a command is needed");
    const cli_command_t *cmd = find_command(argv[1]);
    if (!cmd)
        return usage_error(c, "unknown command '%s'", argv[1]);
    if (cmd->run)
        return cmd->run(c);
    c->command = cmd->command;
    int st = parse_words(c, argc, argv);
    return st >= 0 ? st : cmd->check(c);
}
