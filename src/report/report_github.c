/* SPDX-License-Identifier: MIT */
/*
 * report_github.c - the GitHub Actions reporter (SPEC 11): one workflow
 * command a diagnostic, and nothing else, so a job's log turns each into
 * an annotation on the file and line:
 *
 *     ::error file=F,line=L,col=C,title=CODE::MESSAGE
 *
 * GitHub reads a command per line and splits its properties on ',' and
 * '=' after the '::': so '%', CR and LF are escaped everywhere (%25, %0D,
 * %0A), and ':' and ',' in property values too (%3A, %2C). A message with
 * a newline stays one command. Other control bytes (an ESC would colour
 * the job's log) and bytes that are not UTF-8 are written as \xHH, as the
 * text report does.
 */
#include "adj_report.h"

#include <stdio.h>

/* Append s escaped for a workflow command: its data, or (`property`) the
 * value of one of its properties. */
static void github_put_escaped(adj_buf_t *out, const char *s, bool property)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        if (c >= 0x80) {  /* a run of non-ASCII: UTF-8 passes, any other byte is \xHH */
            const unsigned char *end = p;
            while (*end >= 0x80)
                end++;
            adj_escape_text(out, (const char *)p, (size_t)(end - p));
            p = end - 1;
        } else if (c == '%' || c == '\r' || c == '\n' || (property && (c == ':' || c == ',')))
            adj_buf_printf(out, "%%%02X", c);
        else if ((c < 0x20 && c != '\t') || c == 0x7F)
            adj_buf_printf(out, "\\x%02X", c);
        else
            adj_buf_putc(out, (char)c);
    }
}

static void github_audit(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    (void)o;
    for (size_t i = 0; i < a->diags.count; i++) {
        const adj_diag_t *d = &a->diags.items[i];
        bool err = adj_code_severity(d->code) == ADJ_SEV_ERROR;
        adj_buf_printf(out, "::%s file=", err ? "error" : "warning");
        github_put_escaped(out, a->file, true);
        adj_buf_printf(out, ",line=%zu,col=%zu,title=", d->mark.line, d->mark.column);
        github_put_escaped(out, adj_code_name(d->code), true);
        adj_buf_puts(out, "::");
        github_put_escaped(out, d->message, false);
        adj_buf_putc(out, '\n');
    }
}

const adj_reporter_t adj_reporter_github = {
    .name = "github",
    .help = "GitHub Actions annotations",
    .audit_only = true,
    .audit = github_audit,
};
