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
#include <sys/stat.h>
#include <unistd.h>

static const char usage_text[] =
    "usage: adjutant audit   [options] FILE|DIR...\n"
    "       adjutant explain [options] FILE LEADER...\n"
    "       adjutant compare [options] FILE --ruling NAME=VALUE...\n"
    "       adjutant status  [options] FILE\n"
    "       adjutant dice    [options] FILE|DIR...\n"
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

void adj_cli_error_name(const char *name, const char *fmt, ...)
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

static int write_errno;  /* why the first failed write failed, 0: none */

int adj_cli_flush(int status)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    int err = write_errno ? write_errno : errno ? errno : EIO;
    adj_cli_error("cannot write the report: %s", strerror(err));
    return ADJ_EXIT_USAGE;
}

void adj_cli_warn_at(const char *file, const adj_audit_t *a, const adj_audit_opts_t *o)
{
    if (adj_audit_at_missed(a, o))
        adj_cli_error_name(file, "turn %lld never begins; the report covers the whole log",
                           (long long)o->at.value);
}

bool adj_cli_write(const adj_buf_t *b)
{
    if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len) {
        if (!write_errno)
            write_errno = errno;
        return false;
    }
    return true;
}

bool adj_cli_write_flush(const adj_buf_t *b)
{
    if (!adj_cli_write(b))
        return false;
    if (fflush(stdout) != 0) {
        if (!write_errno)
            write_errno = errno;
        return false;
    }
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
    if (errno || *end || n < 1 || n > 256 || !(*val >= '0' && *val <= '9'))
        return usage_error(c, "-j takes a number of jobs from 1 to 256, not '%s'", val);
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
    if (c->command != ADJ_CMD_DICE)
        return usage_error(c, "--alpha is an option of dice");
    double a = alpha_syntax(val) ? strtod(val, NULL) : 0;
    if (!(a > 0 && a < 1))
        return usage_error(c, "--alpha takes a number between 0 and 1, both excluded "
                              "(such as 0.001 or 1e-4), not '%s'", val);
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
    {NULL, "--alpha", "A", "dice: flag a row when its adjusted p is below A (default 0.001)",
     opt_alpha},
    {"-j", "--jobs", "N", "read N files at once (default: the number of cores)", opt_jobs},
    {NULL, "--summary", NULL, "one line per file and a total, for an archive", opt_summary},
    {NULL, "--strict", NULL, "warnings count as errors for the exit status (audit, status)", opt_strict},
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

/* Options that only audit takes, and formats that only audit writes. */
static int audit_only(adj_config_t *c, const char *command)
{
    if (c->strict)
        return usage_error(c, "--strict is for audit and status, not %s", command);
    if (c->reporter->audit_only)
        return usage_error(c, "--format %s is for audit, not %s", c->reporter->name, command);
    return -1;
}

/* A one-file format (html, SPEC 9): exactly one FILE, not a directory. */
static int check_one_file(adj_config_t *c)
{
    const char *f = c->reporter->name;
    struct stat st;
    if (c->arg_count != 1)
        return usage_error(c, "--format %s takes exactly one FILE (- for standard input), "
                              "not %zu", f, c->arg_count);
    if (c->summary)
        return usage_error(c, "--summary has no %s form (use text or json)", f);
    if (strcmp(c->args[0], "-") != 0 && stat(c->args[0], &st) == 0 && S_ISDIR(st.st_mode))
        return usage_error(c, "--format %s takes a FILE, not a directory: %s", f, c->args[0]);
    return -1;
}

static int check_audit(adj_config_t *c)
{
    if (c->arg_count == 0)
        return usage_error(c, "audit needs at least one FILE or DIR (- for standard input)");
    if (c->summary && c->reporter->audit_only)
        return usage_error(c, "--summary has no %s format", c->reporter->name);
    size_t dashes = 0;  /* SPEC 5: one reader of standard input */
    for (size_t i = 0; i < c->arg_count; i++)
        dashes += !strcmp(c->args[i], "-");
    if (dashes > 1)
        return usage_error(c, "- (standard input) may be given only once");
    if (c->reporter->one_file)
        return check_one_file(c);
    return -1;
}

/* explain and compare: a format that has their report. */
static int check_format_has(adj_config_t *c, bool has, const char *command)
{
    if (!has)
        return usage_error(c, "%s has no --format %s (use text or json)", command,
                           c->reporter->name);
    return -1;
}

static bool is_directory(const char *path)
{
    struct stat st;
    return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int check_explain(adj_config_t *c)
{
    if (c->arg_count < 2)
        return usage_error(c, "explain needs a FILE and at least one LEADER id");
    if (is_directory(c->args[0]))
        return usage_error(c, "explain reads one FILE, not a directory: %s", c->args[0]);
    int st = audit_only(c, "explain");
    return st >= 0 ? st : check_format_has(c, c->reporter->explain != NULL, "explain");
}

static int check_compare(adj_config_t *c)
{
    if (c->arg_count != 1)
        return usage_error(c, "compare needs exactly one FILE");
    if (is_directory(c->args[0]))
        return usage_error(c, "compare reads one FILE, not a directory: %s", c->args[0]);
    if (!c->reporter->compare && !c->reporter->audit_only)
        return check_format_has(c, false, "compare");
    if (!c->rulings_given || adj_rulings_is_default(&c->audit.rulings))
        return usage_error(c, "compare needs at least one --ruling NAME=VALUE that is not "
                              "the default");
    return audit_only(c, "compare");
}

/* status (SPEC 8): one FILE, read once; the whole log, so no --at. */
static int check_status(adj_config_t *c)
{
    struct stat st;
    if (c->arg_count != 1)
        return usage_error(c, "status reads exactly one FILE (- for standard input), not %zu",
                           c->arg_count);
    if (strcmp(c->args[0], "-") != 0 && stat(c->args[0], &st) == 0 && S_ISDIR(st.st_mode))
        return usage_error(c, "status reads one log FILE, not a directory: '%s'", c->args[0]);
    if (c->audit.at.kind != ADJ_AT_NONE)
        return usage_error(c, "status takes no --at: it reports the log as it stands (audit "
                              "--at shows an earlier moment)");
    if (!c->reporter->status) {
        adj_buf_t names = {0};
        for (size_t i = 0; adj_reporter_at(i); i++)
            if (adj_reporter_at(i)->status)
                adj_buf_printf(&names, "%s%s", names.len ? " or " : "", adj_reporter_at(i)->name);
        int st2 = usage_error(c, "status writes --format %s, not %s", names.data,
                              c->reporter->name);
        adj_buf_free(&names);
        return st2;
    }
    return -1;
}

/* dice reads every roll whatever the rules decide: no reading, moment or
 * summary applies; and standard input can be read only once. */
static int check_dice(adj_config_t *c)
{
    if (c->arg_count == 0)
        return usage_error(c, "dice needs at least one FILE or DIR (- for standard input)");
    if (c->rulings_given)
        return usage_error(c, "dice takes no --ruling: a roll logged counts whatever the "
                              "rules decide");
    if (c->audit.at.kind != ADJ_AT_NONE || c->summary)
        return usage_error(c, "dice takes no %s", c->summary ? "--summary" : "--at");
    if (!c->reporter->dice)
        return usage_error(c, "dice has no --format %s", c->reporter->name);
    size_t stdin_count = 0;
    for (size_t i = 0; i < c->arg_count; i++)
        stdin_count += !strcmp(c->args[i], "-");
    if (stdin_count > 1)
        return usage_error(c, "- (standard input) may be given only once");
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
    return adj_cli_flush(ADJ_EXIT_OK);
}

static int list_codes(adj_config_t *c)
{
    print_codes(stdout);
    adj_config_free(c);
    return adj_cli_flush(ADJ_EXIT_OK);
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
static int list_options(adj_config_t *c);

static const cli_command_t commands[] = {
    {"audit", "audit logs (FILE, - for standard input, or a DIR: every *.yaml below it)",
     ADJ_CMD_AUDIT, check_audit, NULL},
    {"explain", "tell the story of one or more leaders' game, step by step", ADJ_CMD_EXPLAIN,
     check_explain, NULL},
    {"compare", "replay under the default rulings and under others; show what differs",
     ADJ_CMD_COMPARE, check_compare, NULL},
    {"status", "a game in progress: where it stands and what the rules require next",
     ADJ_CMD_STATUS, check_status, NULL},
    {"dice", "are the dice fair? each player's rolls over the logs, tested against fair dice",
     ADJ_CMD_DICE, check_dice, NULL},
    {"fix", "write the log with every claim the replay settles corrected in place",
     ADJ_CMD_FIX, check_fix, NULL},
    {"help", NULL, 0, NULL, help_command},
    {"--version", NULL, 0, NULL, print_version},
    {"--list-codes", NULL, 0, NULL, list_codes},
    {"--list-options", NULL, 0, NULL, list_options},
};

/* --list-options (not in --help): the tables, one word a line, for the
 * test that holds the man page and the bash completion to them. */
static int list_options(adj_config_t *c)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, "--list-options") != 0)
            printf("%s %s\n", commands[i].run ? "action" : "command", commands[i].name);
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        const cli_option_t *o = &options[i];
        const char *arg = !o->arg ? "" : o->apply == opt_format ? " FORMAT" : " VALUE";
        if (o->short_name)
            printf("option %s%s\n", o->short_name, arg);
        printf("option %s%s\n", o->long_name, arg);
    }
    for (size_t i = 0; adj_reporter_at(i); i++)
        printf("format %s\n", adj_reporter_at(i)->name);
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        printf("ruling %s", adj_ruling_name((adj_ruling_t)r));
        for (int v = 0; v < adj_ruling_value_count((adj_ruling_t)r); v++)
            printf(" %s", adj_ruling_value_name((adj_ruling_t)r, v));
        putchar('\n');
    }
    adj_config_free(c);
    return ADJ_EXIT_OK;
}

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
        if (label.len > 20)  /* a long label (--format's): its help on the next line */
            fprintf(f, "  %s\n  %-21s%s\n", label.data, "", o->help);
        else
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
    return adj_cli_flush(ADJ_EXIT_OK);
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

/* An unknown option, with the one it most likely meant: a slip of the
 * pen (--fromat), a format's name (--json) or a short form (-f). */
static int unknown_option(adj_config_t *c, const char *a, const char *name)
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
    if (!strncmp(name, "--", 2) && adj_reporter_find(name + 2))
        return usage_error(c, "unknown option '%s' (did you mean `--format %s`?)", a, name + 2);
    const char *near = starts == 1 ? only : adj_closest_name(name, strlen(name), longs,
                                                             OPTION_COUNT);
    if (near)
        return usage_error(c, "unknown option '%s' (did you mean `%s`?)", a, near);
    return usage_error(c, "unknown option '%s'", a);
}

/* The option at argv[*i] (its value may be the next word): -1 to go on. */
static int parse_option(adj_config_t *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *val;
    char name[32];
    if (!split_option(a, name, &val))
        return usage_error(c, "unknown option '%s'", a);
    const cli_option_t *o = find_option(name);
    if (!o)
        return unknown_option(c, a, name);
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
    if (file) {
        adj_buf_t run = {0};  /* the same words, after `audit` */
        for (int i = 1; i < argc; i++)
            adj_buf_printf(&run, " %s", argv[i]);
        int st = usage_error(c, "unknown command '%s' (to audit a log, run `adjutant audit%s`)",
                             w, run.data);
        adj_buf_free(&run);
        return st;
    }
    const char *names[] = {"audit", "explain", "compare"};
    const char *near = adj_closest_name(w, n, names, 3);
    if (near)
        return usage_error(c, "unknown command '%s' (did you mean `%s`?)", w, near);
    return usage_error(c, "unknown command '%s'", w);
}

int adj_cli_parse(adj_config_t *c, int argc, char **argv)
{
    config_defaults(c, argc);
    if (argc < 2)
        return usage_error(c, "a command is needed");
    const cli_command_t *cmd = find_command(argv[1]);
    if (!cmd)
        return unknown_command(c, argc, argv);
    if (cmd->run)
        return cmd->run(c);
    c->command = cmd->command;
    int st = parse_words(c, argc, argv);
    return st >= 0 ? st : cmd->check(c);
}
