/* SPDX-License-Identifier: MIT */
/*
 * cli.c - the command line: a table of commands and a table of options,
 * from which both parsing and --help come; --version, --list-codes,
 * --list-options and --list-catalogue (catalogue.c writes it). The commands'
 * table is commands.c's; messages to standard error are messages.c's.
 */
#include "adj_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A word of the command line as a message shows it (SPEC 5 "Names"): valid
 * until the next call (parsing is single-threaded; one word a message). */
static const char *shown_word(const char *w)
{
    static adj_buf_t b;
    adj_buf_reset(&b);
    adj_escape_name(&b, w);
    return b.data;
}

/* The usage lines, from the commands' table (--help's first lines). */
static void print_usage(FILE *f)
{
    for (size_t i = 0; adj_command_at(i); i++)
        fprintf(f, "%s adjutant %-7s %s\n", i ? "      " : "usage:", adj_command_at(i)->name,
                adj_command_at(i)->synopsis);
    fputs("       adjutant --help | --version | --list-codes | --list-catalogue\n", f);
}

/* A usage error: what is wrong, and where to read more (not the usage
 * lines, which --help gives: the message names what to change). */
static int usage_error(adj_config_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int usage_error(adj_config_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    adj_msg_verror(fmt, ap);
    va_end(ap);
    fputs("Try 'adjutant --help'\n", stderr);
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
    unsigned bit;            /* ADJ_OPT_*: the commands' rows say who takes it; 0: all */
} cli_option_t;

/* --format's value and help line in --help, from the reporters' table:
 * built whole (no fixed size to cut them at) when --help is printed. */
static void formats_describe(adj_buf_t *arg, adj_buf_t *help)
{
    for (size_t i = 0; adj_reporter_at(i); i++) {
        adj_buf_printf(arg, "%s%s", i ? "|" : "", adj_reporter_at(i)->name);
        adj_buf_printf(help, "%s%s", i ? ", " : "", adj_reporter_at(i)->help);
    }
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
    int st = usage_error(c, "--format must be %s, not '%s'", names.data, shown_word(val));
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

/* A point of --at's grammar (SPEC 6.2: turn:-?[0-9]+, line:[0-9]+) whose
 * number does not fit 64 bits, as every integer of a log must (SPEC 1.1):
 * 1 too large, -1 too small, 0 neither (or not of the grammar). */
static int at_out_of_range(const char *val)
{
    bool turn = strncmp(val, "turn:", 5) == 0;
    if (!turn && strncmp(val, "line:", 5) != 0)
        return 0;
    const char *num = val + 5, *digits = turn && *num == '-' ? num + 1 : num;
    if (*digits == '\0' || strspn(digits, "0123456789") != strlen(digits))
        return 0;
    errno = 0;
    (void)strtoll(num, NULL, 10);
    return errno != ERANGE ? 0 : *num == '-' ? -1 : 1;
}

static int opt_at(adj_config_t *c, const char *val)
{
    int range = at_out_of_range(val);  /* said plainly, not as the grammar's error */
    if (range && val[0] == 'l')
        return usage_error(c, "--at line:L takes L from 1 to %lld (64 bits): %s is too large",
                           (long long)INT64_MAX, val + 5);  /* digits: nothing to escape */
    if (range)
        return usage_error(c, "--at turn:N takes N from %lld to %lld (64 bits): %s is too %s",
                           (long long)INT64_MIN, (long long)INT64_MAX, val + 5,
                           range > 0 ? "large" : "small");
    if (!adj_at_parse(&c->audit.at, val))
        return usage_error(c, "--at takes turn:N or line:L (L >= 1), not '%s'",
                           shown_word(val));
    return -1;
}

static int opt_jobs(adj_config_t *c, const char *val)
{
    char *end;
    errno = 0;
    long n = strtol(val, &end, 10);
    if (errno || *end || n < 1 || n > 256 || !(*val >= '0' && *val <= '9'))
        return usage_error(c, "-j takes a number of jobs from 1 to 256, not '%s'",
                           shown_word(val));
    c->jobs = (int)n;
    return -1;
}

/* strtod's decimal syntax and nothing else: digits with an optional
 * point, then an optional exponent (no sign, space, hex, inf or nan). */
static bool alpha_syntax(const char *s)
{
    size_t digits = 0;
    bool point = false;
    for (; (*s >= '0' && *s <= '9') || (*s == '.' && !point); s++) {
        point |= *s == '.';
        digits += *s != '.';
    }
    if (!digits)
        return false;
    if (*s == 'e' || *s == 'E') {
        s += s[1] == '+' || s[1] == '-' ? 2 : 1;
        if (!(*s >= '0' && *s <= '9'))
            return false;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s == '\0';
}

static int opt_alpha(adj_config_t *c, const char *val)
{
    double a = alpha_syntax(val) ? strtod(val, NULL) : 0;
    if (!(a > 0 && a < 1))
        return usage_error(c, "--alpha takes a number between 0 and 1, both excluded "
                              "(such as 0.001 or 1e-4), not '%s'", shown_word(val));
    c->alpha = a;
    return -1;
}

static int opt_summary(adj_config_t *c, const char *val)
{
    (void)val;
    c->summary = true;
    return -1;
}

static int opt_strict(adj_config_t *c, const char *val)
{
    (void)val;
    c->strict = true;
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
    c->diff = true;
    return -1;
}

static int opt_help(adj_config_t *c, const char *val);

/* --ladder FILE: a regular file, once, not with --no-ladder (SPEC 13). */
static int opt_ladder(adj_config_t *c, const char *val)
{
    struct stat st;
    if (c->ladder)
        return usage_error(c, "--ladder may be given once");
    if (c->no_ladder)
        return usage_error(c, "--ladder and --no-ladder cannot both be given");
    if (strcmp(val, "-") == 0)
        return usage_error(c, "--ladder names a file, not standard input ('-')");
    if (!*val)
        return usage_error(c, "--ladder names a file: its name is empty");
    bool there = stat(val, &st) == 0;  /* stat blocks on no FIFO; ladder.c checks again */
    if (there && S_ISDIR(st.st_mode))
        return usage_error(c, "--ladder names a file: '%s' is a directory", shown_word(val));
    if (there && !S_ISREG(st.st_mode))  /* a FIFO would block every run (SPEC 13) */
        return usage_error(c, "--ladder names a regular file: '%s' is a FIFO, a socket or a "
                           "device", shown_word(val));
    c->ladder = val;
    return -1;
}

static int opt_no_ladder(adj_config_t *c, const char *val)
{
    (void)val;
    if (c->ladder)
        return usage_error(c, "--ladder and --no-ladder cannot both be given");
    c->no_ladder = true;
    return -1;
}

static const cli_option_t options[] = {
    {NULL, "--format", "FORMAT", "(the formats: formats_describe)", opt_format, ADJ_OPT_FORMAT},
    {NULL, "--ruling", "NAME=VALUE", "replay under another reading of rule 8.13 (repeatable)",
     opt_ruling, ADJ_OPT_RULING},
    {NULL, "--at", "turn:N|line:L", "replay only up to that moment", opt_at, ADJ_OPT_AT},
    {NULL, "--alpha", "A", "dice: flag a row when its adjusted p is below A (default 0.001)",
     opt_alpha, ADJ_OPT_ALPHA},
    {"-j", "--jobs", "N", "read N files at once (default: the number of cores)", opt_jobs,
     ADJ_OPT_JOBS},
    {NULL, "--summary", NULL, "one line per file and a total, for an archive", opt_summary,
     ADJ_OPT_SUMMARY},
    {NULL, "--strict", NULL, "warnings count as errors for the exit status (audit, status)",
     opt_strict, ADJ_OPT_STRICT},
    {NULL, "--color", NULL, "force colour on or off (default: on a terminal, unless NO_COLOR)",
     opt_color, ADJ_OPT_COLOR},
    {NULL, "--no-color", NULL, NULL, opt_no_color, ADJ_OPT_COLOR},
    {NULL, "--diff", NULL, "fix: a unified diff instead of the corrected log", opt_diff,
     ADJ_OPT_DIFF},
    {NULL, "--ladder", "FILE", "the ladder file for every log (default: the nearest "
     "adjutant-ladder.yaml)", opt_ladder, 0},
    {NULL, "--no-ladder", NULL, "use no ladder file", opt_no_ladder, 0},
    {"-h", "--help", NULL, "this help;  --version  the version;  --list-codes  the codes",
     opt_help, 0},
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

/* ---- the checks every command's row asks for ---- */


/* Whether `r` writes what the command asks: for audit --summary, a
 * summary of its own or the default's (a format may have only a summary). */
static bool reporter_has(const adj_reporter_t *r, adj_op_t op, bool summary)
{
    switch (op) {
    case ADJ_OP_AUDIT: return r->audit != NULL || (summary && r->summary != NULL);
    case ADJ_OP_EXPLAIN: return r->explain != NULL;
    case ADJ_OP_COMPARE: return r->compare != NULL;
    case ADJ_OP_STATUS: return r->status != NULL;
    case ADJ_OP_DICE: return r->dice != NULL;
    case ADJ_OP_LADDER: return r->ladder != NULL;
    default: return false;
    }
}

/* "--format X" for a command whose reporter operation X lacks. */
static int format_lacks(adj_config_t *c)
{
    adj_buf_t names = {0};
    for (size_t i = 0; adj_reporter_at(i); i++)
        if (reporter_has(adj_reporter_at(i), c->command->op, c->summary))
            adj_buf_printf(&names, "%s%s", names.len ? " or " : "", adj_reporter_at(i)->name);
    int st = usage_error(c, "%s has no --format %s (use %s)", c->command->name,
                         c->reporter->name, names.data);
    adj_buf_free(&names);
    return st;
}

/* The row's rules: how many words, whether a directory, standard input
 * once, a format that has the report; then the command's own check. */
static int check_row(adj_config_t *c)
{
    const adj_command_t *cmd = c->command;
    if (c->arg_count < cmd->min_args || (cmd->max_args && c->arg_count > cmd->max_args))
        return usage_error(c, "%s", cmd->args_error);
    if (!cmd->takes_dir && c->arg_count && adj_is_directory(c->args[0])) {  /* lsp: none */
        adj_buf_t shown = {0};
        adj_escape_name(&shown, c->args[0]);
        int st = usage_error(c, "%s reads one FILE: %s is a directory", cmd->name, shown.data);
        adj_buf_free(&shown);
        return st;
    }
    size_t dashes = 0;  /* SPEC 5: one reader of standard input */
    for (size_t i = 0; cmd->takes_dir && i < c->arg_count; i++)
        dashes += !strcmp(c->args[i], "-");
    if (dashes > 1)
        return usage_error(c, "- (standard input) may be given only once");
    if (cmd->op != ADJ_OP_NONE && !reporter_has(c->reporter, cmd->op, c->summary))
        return format_lacks(c);
    if (!cmd->check)
        return -1;
    adj_buf_t msg = {0};
    const char *why = cmd->check(c, &msg);
    int st = why ? usage_error(c, "%s", why) : -1;
    adj_buf_free(&msg);
    return st;
}

/* Why an option a command does not take is not its: said for two, where
 * the reason is not plain. */
static const struct {
    const char *command, *option, *why;
} refusals[] = {
    {"status", "--at", "it reports the log as it stands (audit --at shows an earlier moment)"},
    {"dice", "--ruling", "a roll logged counts whatever the rules decide"},
};

/* An option the command does not take: a usage error saying whose it is
 * when it is one command's, else naming the options the command takes. */
static int option_refused(adj_config_t *c, const char *name)
{
    const adj_command_t *cmd = c->command;
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++)
        if (!strcmp(refusals[i].command, cmd->name) && !strcmp(refusals[i].option, name))
            return usage_error(c, "%s takes no %s: %s", cmd->name, name, refusals[i].why);
    const cli_option_t *o = find_option(name);
    const adj_command_t *owner = NULL;
    size_t owners = 0;
    for (size_t i = 0; adj_command_at(i); i++)
        if (adj_command_at(i)->options & o->bit && ++owners)
            owner = adj_command_at(i);
    if (owners == 1)
        return usage_error(c, "%s is an option of %s", name, owner->name);
    adj_buf_t takes = {0};
    for (size_t i = 0; i < OPTION_COUNT; i++)
        if (options[i].bit & cmd->options)
            adj_buf_printf(&takes, "%s%s", takes.len ? ", " : "", options[i].long_name);
    adj_msg_error("%s takes no %s", cmd->name, name);
    int st = usage_error(c, "%s takes %s", cmd->name, takes.data);
    adj_buf_free(&takes);
    return st;
}

/* What an action prints (--help, --version, --list-codes, --list-options),
 * made in memory and written whole, as a report is: a failed write (a full
 * disk, a closed pipe) is exit 2 with a message (issue 33 item 14), and a
 * text longer than stdio's buffer cannot meet it mid-print and lose errno. */
static int write_whole(adj_config_t *c, void (*print)(FILE *f))
{
    adj_config_free(c);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        adj_oom();
    print(m);
    fclose(m);
    adj_buf_t b = {.data = text, .len = len, .cap = len};
    int st = adj_run_write_flush(&b) ? ADJ_EXIT_OK : ADJ_EXIT_IO;
    free(text);
    return adj_run_flush(st);
}

static void version_text(FILE *f)
{
    fprintf(f, "adjutant %s (log format adjutant/1)\n", ADJ_VERSION);
}

static int print_version(adj_config_t *c) { return write_whole(c, version_text); }
static int list_codes(adj_config_t *c) { return write_whole(c, print_codes); }

/* A first word that is an action, done at once: no command runs. */
typedef struct cli_action_s {
    const char *name;
    int (*run)(adj_config_t *c);
} cli_action_t;

static int help_command(adj_config_t *c) { return opt_help(c, NULL); }
static int list_options(adj_config_t *c);

static int list_catalogue(adj_config_t *c);

static const cli_action_t actions[] = {
    {"help", help_command},
    {"--version", print_version},
    {"--list-codes", list_codes},
    {"--list-options", list_options},
    {"--list-catalogue", list_catalogue},
};

#define ACTION_COUNT (sizeof actions / sizeof actions[0])

/* --list-catalogue: the catalogue, handed this file's tables. */
static int list_catalogue(adj_config_t *c)
{
    adj_config_free(c);
    adj_option_view_t views[OPTION_COUNT];
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const cli_option_t *o = &options[i];
        views[i] = (adj_option_view_t){o->short_name, o->long_name, o->arg,
                                       o->apply == opt_ruling, o->apply == opt_format,
                                       o->apply == opt_help, o->bit};
    }
    const char *names[ACTION_COUNT];
    for (size_t i = 0; i < ACTION_COUNT; i++)
        names[i] = actions[i].name;
    adj_catalogue_cli_t cli = {views, OPTION_COUNT, names, ACTION_COUNT, reporter_has};
    adj_buf_t b = {0};
    adj_catalogue_write(&b, &cli);
    int st = adj_run_write_flush(&b) ? ADJ_EXIT_OK : ADJ_EXIT_IO;
    adj_buf_free(&b);
    return adj_run_flush(st);
}

/* One option's --list-options line: "option -j VALUE". */
static void list_option(FILE *f, const cli_option_t *o)
{
    const char *arg = !o->arg ? "" : o->apply == opt_format ? " FORMAT" : " VALUE";
    if (o->short_name)
        fprintf(f, "option %s%s\n", o->short_name, arg);
    fprintf(f, "option %s%s\n", o->long_name, arg);
}

/* --list-options (not in --help): the tables, one item a line, for the
 * test that holds the man page and the bash completion to them; `takes
 * CMD OPTION...` is every option the command accepts (an option with no
 * bit, such as -h, is every command's). */
static void option_lists(FILE *f)
{
    for (size_t i = 0; adj_command_at(i); i++)
        fprintf(f, "command %s\n", adj_command_at(i)->name);
    for (size_t i = 0; i < ACTION_COUNT; i++)
        if (strcmp(actions[i].name, "--list-options") != 0)
            fprintf(f, "action %s\n", actions[i].name);
    for (size_t i = 0; i < OPTION_COUNT; i++)
        list_option(f, &options[i]);
    for (size_t i = 0; adj_command_at(i); i++) {
        fprintf(f, "takes %s", adj_command_at(i)->name);
        for (size_t k = 0; k < OPTION_COUNT; k++) {
            const cli_option_t *o = &options[k];
            if (!o->bit || (o->bit & adj_command_at(i)->options))
                fprintf(f, o->short_name ? " %s %s" : "%.0s %s", o->short_name ? o->short_name : "",
                       o->long_name);
        }
        fputc('\n', f);
    }
    for (size_t i = 0; adj_reporter_at(i); i++)
        fprintf(f, "format %s\n", adj_reporter_at(i)->name);
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        fprintf(f, "ruling %s", adj_ruling_name((adj_ruling_t)r));
        for (int v = 0; v < adj_ruling_value_count((adj_ruling_t)r); v++)
            fprintf(f, " %s", adj_ruling_value_name((adj_ruling_t)r, v));
        fputc('\n', f);
    }
}

static int list_options(adj_config_t *c) { return write_whole(c, option_lists); }

static const adj_command_t *find_command(const char *name)
{
    for (size_t i = 0; adj_command_at(i); i++)
        if (!strcmp(name, adj_command_at(i)->name))
            return adj_command_at(i);
    return NULL;
}

static const cli_action_t *find_action(const char *name)
{
    for (size_t i = 0; i < ACTION_COUNT; i++)
        if (!strcmp(name, actions[i].name))
            return &actions[i];
    const cli_option_t *o = find_option(name);  /* `adjutant -h` */
    return o && o->apply == opt_help ? find_action("help") : NULL;
}

static void print_commands(FILE *f)
{
    for (size_t i = 0; adj_command_at(i); i++)
        fprintf(f, "  %-10s%s\n", adj_command_at(i)->name, adj_command_at(i)->help);
}

/* One line of --help per described option: "-j, --jobs N", the options
 * it shares the line with, then what it does. */
static void print_options(FILE *f)
{
    adj_buf_t formats = {0}, formats_help = {0};
    formats_describe(&formats, &formats_help);
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const cli_option_t *o = &options[i];
        if (!o->help)
            continue;
        bool format = o->apply == opt_format;
        const char *arg = format ? formats.data : o->arg;
        const char *help = format ? formats_help.data : o->help;
        adj_buf_t label = {0};
        if (o->short_name)
            adj_buf_printf(&label, "%s, ", o->short_name);
        adj_buf_puts(&label, o->long_name);
        if (arg)
            adj_buf_printf(&label, " %s", arg);
        for (size_t k = i + 1; k < OPTION_COUNT && !options[k].help; k++)
            adj_buf_printf(&label, ", %s", options[k].long_name);
        if (label.len > 20)  /* a long label (--format's): its help on the next line */
            fprintf(f, "  %s\n  %-21s%s\n", label.data, "", help);
        else
            fprintf(f, "  %-21s%s\n", label.data, help);
        adj_buf_free(&label);
    }
    adj_buf_free(&formats);
    adj_buf_free(&formats_help);
}

/* -h, --help and `help`, wherever they stand: the one place help is given. */
static void help_text(FILE *f)
{
    print_usage(f);
    fputs(help_intro, f);
    print_commands(f);
    fputs("\noptions:\n", f);
    print_options(f);
    fputs(help_outro, f);
    print_rulings(f);
}

static int opt_help(adj_config_t *c, const char *val)
{
    (void)val;
    return write_whole(c, help_text);
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

/* `a` is `b` with two neighbouring letters swapped ("fxi" for "fix"),
 * which an edit distance counts as two slips. */
static bool swapped(const char *a, const char *b)
{
    size_t n = strlen(a), i = 0;
    if (n != strlen(b))
        return false;
    while (i < n && a[i] == b[i])
        i++;
    return i + 1 < n && a[i] == b[i + 1] && a[i + 1] == b[i] && !strcmp(a + i + 2, b + i + 2);
}

static const char *closest(const char *w, const char *const *names, size_t count)
{
    const char *near = adj_closest_name(w, strlen(w), names, count);
    for (size_t i = 0; !near && i < count; i++)
        if (swapped(w, names[i]))
            near = names[i];
    return near;
}

/* An unknown option, with the one it most likely meant: a slip of the
 * pen (--fromat), a format's name (--json) or a short form (-f). */
static int unknown_option(adj_config_t *c, const char *word, const char *name)
{
    const char *longs[OPTION_COUNT];
    const char *only = NULL;
    size_t starts = 0;
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        longs[i] = options[i].long_name;
        if (name[0] == '-' && name[1] && name[1] != '-' && !name[2] &&
            !strncmp(longs[i] + 2, name + 1, 1) && ++starts)
            only = longs[i];
    }
    adj_buf_t shown = {0};
    adj_escape_name(&shown, word);
    const char *a = shown.data;
    int st;
    const char *near = starts == 1 ? only : closest(name, longs, OPTION_COUNT);
    if (!strncmp(name, "--", 2) && adj_reporter_find(name + 2))
        st = usage_error(c, "unknown option '%s' (did you mean `--format %s`?)", a, name + 2);
    else if (near)
        st = usage_error(c, "unknown option '%s' (did you mean `%s`?)", a, near);
    else
        st = usage_error(c, "unknown option '%s'", a);
    adj_buf_free(&shown);
    return st;
}

/* The option at argv[*i] (its value may be the next word): -1 to go on. */
static int parse_option(adj_config_t *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *val;
    char name[32];
    if (!split_option(a, name, &val))
        return unknown_option(c, a, "");
    const cli_option_t *o = find_option(name);
    if (!o)
        return unknown_option(c, a, name);
    if (o->bit && !(o->bit & c->command->options))
        return option_refused(c, name);
    bool takes = o->arg;
    if (takes && !val) {
        if (*i + 1 >= argc)
            return usage_error(c, "option %s needs a value", name);
        val = argv[++*i];
    } else if (!takes && val) {
        return usage_error(c, "option %s takes no value", name);
    }
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

/* An unknown first word: a log given without a command, or a slip. */
static int unknown_command(adj_config_t *c, int argc, char **argv)
{
    const char *w = argv[1];
    size_t n = strlen(w);
    bool file = strchr(w, '/') || (n > 5 && !strcmp(w + n - 5, ".yaml")) ||
                (n > 4 && !strcmp(w + n - 4, ".yml"));
    adj_buf_t shown = {0}, run = {0};
    adj_escape_name(&shown, w);
    int st;
    if (file) {
        for (int i = 1; i < argc; i++) {  /* the same words, after `audit` */
            adj_buf_putc(&run, ' ');
            adj_escape_name(&run, argv[i]);
        }
        st = usage_error(c, "unknown command '%s' (to audit a log, run `adjutant audit%s`)",
                         shown.data, run.data);
    } else {
        size_t count = 0;  /* every command, and `help` */
        while (adj_command_at(count))
            count++;
        const char **names = adj_xcalloc(count + 1, sizeof *names);
        for (size_t i = 0; i < count; i++)
            names[i] = adj_command_at(i)->name;
        names[count++] = "help";
        const char *near = closest(w, names, count);
        free(names);
        if (near)
            st = usage_error(c, "unknown command '%s' (did you mean `%s`?)", shown.data, near);
        else
            st = usage_error(c, "unknown command '%s'", shown.data);
    }
    adj_buf_free(&shown);
    adj_buf_free(&run);
    return st;
}

int adj_cli_parse(adj_config_t *c, int argc, char **argv)
{
    config_defaults(c, argc);
    if (argc < 2)
        return usage_error(c, "a command is needed");
    const cli_action_t *act = find_action(argv[1]);
    if (act)
        return act->run(c);
    c->command = find_command(argv[1]);
    if (!c->command)
        return unknown_command(c, argc, argv);
    int st = parse_words(c, argc, argv);
    return st >= 0 ? st : check_row(c);
}
