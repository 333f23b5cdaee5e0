/*
 * cli.c - options into an adj_config_t, --help, --version, --list-codes,
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
    "       adjutant --help | --version | --list-codes\n";

static const char help_text[] =
    "\n"
    "Audit the YAML log of a game of The Campaigns of Robert E. Lee: replay it\n"
    "through optional rule 8.13 Leaders and Illness, rebuild every leader's state\n"
    "and the VP tally, and report every illegal or inconsistent entry.\n"
    "\n"
    "commands:\n"
    "  audit     audit logs (FILE, - for standard input, or a DIR: every *.yaml below it)\n"
    "  explain   tell the story of one or more leaders' game, step by step\n"
    "  compare   replay under the default rulings and under others; show what differs\n"
    "\n"
    "options:\n"
    "  --format text|json   text for people (default), JSON Lines for programs\n"
    "  --ruling NAME=VALUE  replay under another reading of rule 8.13 (repeatable)\n"
    "  --at turn:N|line:L   replay only up to that moment\n"
    "  -j, --jobs N         audit N files at once (default: the number of cores)\n"
    "  --summary            one line per file and a total, for an archive\n"
    "  --color, --no-color  force colour on or off (default: on a terminal, unless NO_COLOR)\n"
    "  -h, --help           this help;  --version  the version;  --list-codes  the codes\n"
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

static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

int adj_cli_parse(adj_config_t *c, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    c->jobs = default_jobs();
    const char *nc = getenv("NO_COLOR");
    c->color = isatty(STDOUT_FILENO) && !(nc && *nc);
    c->progress = isatty(STDERR_FILENO);
    c->args = calloc((size_t)(argc > 0 ? argc : 1), sizeof *c->args);
    if (!c->args)
        return ADJ_EXIT_USAGE;
    if (argc < 2)
        return usage_error(c, "a command is needed");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        fputs(usage_text, stdout);
        fputs(help_text, stdout);
        print_rulings(stdout);
        adj_config_free(c);
        return ADJ_EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("adjutant %s (log format adjutant/1)\n", ADJ_VERSION);
        adj_config_free(c);
        return ADJ_EXIT_OK;
    }
    if (!strcmp(cmd, "--list-codes")) {
        print_codes(stdout);
        adj_config_free(c);
        return ADJ_EXIT_OK;
    }
    if (!strcmp(cmd, "audit"))
        c->command = ADJ_CMD_AUDIT;
    else if (!strcmp(cmd, "explain"))
        c->command = ADJ_CMD_EXPLAIN;
    else if (!strcmp(cmd, "compare"))
        c->command = ADJ_CMD_COMPARE;
    else
        return usage_error(c, "unknown command '%s'", cmd);

    bool options_done = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        if (options_done || a[0] != '-' || !strcmp(a, "-")) {
            c->args[c->arg_count++] = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            options_done = true;
            continue;
        }
        /* --opt=value or --opt value */
        char name[32] = "";
        const char *eq = strchr(a, '=');
        if (!strncmp(a, "-j", 2) && a[2] != '\0') {
            strcpy(name, "-j");  /* -j4, as make and ninja take it */
            val = a + 2;
        } else if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = '\0';
            val = eq + 1;
        } else if (strlen(a) < sizeof name) {
            strcpy(name, a);
        } else {
            return usage_error(c, "unknown option '%s'", a);
        }
        bool takes = !strcmp(name, "--format") || !strcmp(name, "--ruling") ||
                     !strcmp(name, "--at") || !strcmp(name, "-j") || !strcmp(name, "--jobs");
        if (takes && !val) {
            if (i + 1 >= argc)
                return usage_error(c, "option %s needs a value", name);
            val = argv[++i];
        } else if (!takes && val) {
            return usage_error(c, "option %s takes no value", name);
        }
        if (!strcmp(name, "--format")) {
            if (!strcmp(val, "text"))
                c->format = ADJ_FMT_TEXT;
            else if (!strcmp(val, "json"))
                c->format = ADJ_FMT_JSON;
            else
                return usage_error(c, "--format must be text or json, not '%s'", val);
        } else if (!strcmp(name, "--ruling")) {
            adj_buf_t err = {0};
            if (!adj_rulings_parse(&c->audit.rulings, val, &err)) {
                int st = usage_error(c, "%s", err.data);
                adj_buf_free(&err);
                return st;
            }
            c->rulings_given = true;
        } else if (!strcmp(name, "--at")) {
            if (!adj_at_parse(&c->audit.at, val))
                return usage_error(c, "--at takes turn:N or line:L (L >= 1), not '%s'", val);
        } else if (!strcmp(name, "-j") || !strcmp(name, "--jobs")) {
            char *end;
            errno = 0;
            long n = strtol(val, &end, 10);
            if (errno || *end || n < 1 || n > 256)
                return usage_error(c, "-j takes a number of jobs from 1 to 256, not '%s'", val);
            c->jobs = (int)n;
        } else if (!strcmp(name, "--summary")) {
            c->summary = true;
        } else if (!strcmp(name, "--color")) {
            c->color = true;
        } else if (!strcmp(name, "--no-color")) {
            c->color = false;
        } else if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
            fputs(usage_text, stdout);
            fputs(help_text, stdout);
            print_rulings(stdout);
            adj_config_free(c);
            return ADJ_EXIT_OK;
        } else {
            return usage_error(c, "unknown option '%s'", a);
        }
    }
    switch (c->command) {
    case ADJ_CMD_AUDIT:
        if (c->arg_count == 0)
            return usage_error(c, "audit needs at least one FILE or DIR (- for standard input)");
        break;
    case ADJ_CMD_EXPLAIN:
        if (c->arg_count < 2)
            return usage_error(c, "explain needs a FILE and at least one LEADER id");
        break;
    case ADJ_CMD_COMPARE:
        if (c->arg_count != 1)
            return usage_error(c, "compare needs exactly one FILE");
        if (!c->rulings_given || adj_rulings_is_default(&c->audit.rulings))
            return usage_error(c, "compare needs at least one --ruling NAME=VALUE that is not "
                                  "the default");
        break;
    }
    return -1;
}
