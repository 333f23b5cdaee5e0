/* SPDX-License-Identifier: MIT */
/*
 * report_sarif.c - the SARIF 2.1.0 reporter (SPEC 11), for code-scanning
 * tools: one log with one run for the whole command. The begin hook opens
 * the document and lists a rule per code of the catalogue; each file adds
 * one result per diagnostic; the end hook closes the document. Files'
 * results are joined by the reporter's separator (cmd_audit.c writes it), so
 * -j N prints what -j 1 prints.
 *
 * Layout: the opening on one line, then one result a line, then the close.
 */
#include "adj_json.h"
#include "adj_report.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *level_name(adj_code_t c)
{
    return adj_code_severity(c) == ADJ_SEV_ERROR ? "error" : "warning";
}

/* What a catalogue rule ("format", "base", "8.13", "8.13a") refers to. */
static const char *rule_title(const char *rule)
{
    if (!strcmp(rule, "format"))
        return "the adjutant/1 log format, described in adjutant-log(5)";
    if (!strcmp(rule, "base"))
        return "the base game's rules";
    if (!strcmp(rule, "ladder"))
        return "the ladder file, adjutant-ladder.yaml";
    if (!strcmp(rule, "8.13a"))
        return "optional rule 8.13a, incapacitation by illness";
    if (!strcmp(rule, "8.13b"))
        return "optional rule 8.13b, death by illness";
    return "optional rule 8.13, Leaders and Illness";
}

/* "illness-check-missing" -> "IllnessCheckMissing": SARIF's rule name. */
static void put_rule_name(adj_json_t *j, const char *code)
{
    char name[64];
    size_t n = 0;
    for (const char *p = code; *p && n + 1 < sizeof name; p++)
        if (*p != '-')
            name[n++] = (p == code || p[-1] == '-') ? (char)toupper((unsigned char)*p) : *p;
    adj_json_str_n(j, name, n);
}

static void member_text(adj_json_t *j, const char *key, const char *text)
{
    adj_json_key(j, key);
    adj_json_open_object(j);
    adj_json_member_str(j, "text", text);
    adj_json_close_object(j);
}

static void rule(adj_json_t *j, adj_code_t c)
{
    const char *code = adj_code_name(c), *r = adj_code_rule(c), *meaning = adj_code_summary(c);
    adj_buf_t full = {0}, help = {0};
    adj_buf_printf(&full, "%s: %s.", adj_code_severity(c) == ADJ_SEV_ERROR ? "An error" : "A warning",
                   meaning);
    adj_buf_printf(&help, "Rule: %s (%s). Meaning: %s.", r, rule_title(r), meaning);
    adj_json_open_object(j);
    adj_json_member_str(j, "id", code);
    adj_json_key(j, "name");
    put_rule_name(j, code);
    member_text(j, "shortDescription", meaning);
    member_text(j, "fullDescription", full.data);
    member_text(j, "help", help.data);
    adj_json_key(j, "defaultConfiguration");
    adj_json_open_object(j);
    adj_json_member_str(j, "level", level_name(c));
    adj_json_close_object(j);
    adj_json_key(j, "properties");
    adj_json_open_object(j);
    adj_json_member_str(j, "rule", r);
    adj_json_close_object(j);
    adj_json_close_object(j);
    adj_buf_free(&full);
    adj_buf_free(&help);
}

/* Append the n bytes at s, every one outside RFC 3986's unreserved set and
 * '/' percent-encoded (so a ':' cannot make a relative path a scheme, nor a
 * space, '%' or a byte that is not ASCII an invalid URI). */
static void sarif_put_encoded(adj_buf_t *uri, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)s; p < (const unsigned char *)s + n; p++) {
        if ((*p < 0x80 && isalnum(*p)) || (*p && strchr("-._~/", *p))) {
            adj_buf_putc(uri, (char)*p);
        } else {
            char esc[3] = {'%', hex[*p >> 4], hex[*p & 15]};
            adj_buf_put(uri, esc, 3);
        }
    }
}

/* An absolute path as a file:// URI, its `.` and `..` segments and
 * repeated slashes removed (lexically, as RFC 3986 resolves a reference):
 * "//tmp/./a/../x.yaml" -> "file:///tmp/x.yaml", never a host "tmp". With
 * `dir`, it ends in '/' (a base for relative references). */
static void put_file_uri(adj_buf_t *uri, const char *path, bool dir)
{
    adj_buf_puts(uri, "file://");
    size_t root = uri->len;
    for (const char *p = path; *p;) {
        while (*p == '/')
            p++;
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (uri->len > root && uri->data[uri->len - 1] != '/')
                uri->len--;
            if (uri->len > root)
                uri->len--;  /* the '/' before the segment dropped */
        } else if (n && !(n == 1 && p[0] == '.')) {
            adj_buf_putc(uri, '/');
            sarif_put_encoded(uri, p, n);
        }
        p += n;
    }
    if (uri->len == root || dir)
        adj_buf_putc(uri, '/');
}

/* The working directory as a file:// URI ending in '/', in uri; false when
 * it cannot be known. */
static bool cwd_uri(adj_buf_t *uri)
{
    size_t size = 256;
    char *cwd = NULL;
    for (;;) {
        cwd = adj_xrealloc(cwd, size);
        if (getcwd(cwd, size))
            break;
        if (errno != ERANGE || size > ((size_t)1 << 20)) {
            free(cwd);
            return false;
        }
        size *= 2;
    }
    bool ok = cwd[0] == '/';
    if (ok)
        put_file_uri(uri, cwd, true);
    free(cwd);
    return ok;
}

/* The document up to the results array, which stays open. */
static void sarif_begin(adj_buf_t *out, const adj_report_opts_t *o)
{
    (void)o;
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_str(&j, "$schema", SARIF_SCHEMA);
    adj_json_member_str(&j, "version", "2.1.0");
    adj_json_key(&j, "runs");
    adj_json_open_array(&j);
    adj_json_open_object(&j);
    adj_json_key(&j, "tool");
    adj_json_open_object(&j);
    adj_json_key(&j, "driver");
    adj_json_open_object(&j);
    adj_json_member_str(&j, "name", "adjutant");
    adj_json_member_str(&j, "version", ADJ_VERSION);
    adj_json_key(&j, "rules");
    adj_json_open_array(&j);
    for (int c = 0; c < ADJ_DIAG_COUNT; c++)
        rule(&j, (adj_code_t)c);
    adj_json_close_array(&j);
    adj_json_close_object(&j);
    adj_json_close_object(&j);
    adj_json_member_str(&j, "columnKind", "unicodeCodePoints");
    adj_buf_t root = {0};
    if (cwd_uri(&root)) {
        adj_json_key(&j, "originalUriBaseIds");
        adj_json_open_object(&j);
        adj_json_key(&j, "SRCROOT");
        adj_json_open_object(&j);
        adj_json_key(&j, "uri");
        adj_json_str_n(&j, root.data, root.len);
        adj_json_close_object(&j);
        adj_json_close_object(&j);
    }
    adj_buf_free(&root);
    adj_json_key(&j, "results");
    adj_json_open_array(&j);
    adj_buf_putc(out, '\n');
}

static void sarif_end(adj_buf_t *out, const adj_report_opts_t *o)
{
    (void)o;
    adj_buf_puts(out, "\n]}]}\n");
}

/* The artifact: standard input as "stdin", an absolute path as a file://
 * URI, a relative one as given, against SRCROOT (the working directory). */
static void artifact(adj_json_t *j, const char *file)
{
    adj_buf_t uri = {0};
    bool relative = file[0] != '/' && strcmp(file, "-") != 0;
    if (!strcmp(file, "-"))
        adj_buf_puts(&uri, "stdin");
    else if (file[0] == '/')
        put_file_uri(&uri, file, false);
    else
        sarif_put_encoded(&uri, file, strlen(file));
    adj_json_key(j, "artifactLocation");
    adj_json_open_object(j);
    adj_json_key(j, "uri");
    adj_json_str_n(j, uri.data ? uri.data : "", uri.len);
    if (relative)
        adj_json_member_str(j, "uriBaseId", "SRCROOT");
    adj_json_close_object(j);
    adj_buf_free(&uri);
}

static void location(adj_json_t *j, const char *file, adj_mark_t m)
{
    adj_json_open_object(j);
    adj_json_key(j, "physicalLocation");
    adj_json_open_object(j);
    artifact(j, file);
    adj_json_key(j, "region");
    adj_json_open_object(j);
    adj_json_member_uint(j, "startLine", m.line);
    adj_json_member_uint(j, "startColumn", m.column);
    adj_json_close_object(j);
    adj_json_close_object(j);
    adj_json_close_object(j);
}

static void sarif_result(adj_buf_t *out, const char *file, const adj_diag_t *d)
{
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_str(&j, "ruleId", adj_code_name(d->code));
    adj_json_member_uint(&j, "ruleIndex", (uint64_t)d->code);
    adj_json_member_str(&j, "level", level_name(d->code));
    member_text(&j, "message", d->message);
    adj_json_key(&j, "locations");
    adj_json_open_array(&j);
    location(&j, file, d->mark);
    adj_json_close_array(&j);
    adj_json_key(&j, "properties");
    adj_json_open_object(&j);
    adj_json_member_str(&j, "rule", d->rule);
    if (d->leader)
        adj_json_member_str(&j, "leader", d->leader);
    if (d->has_turn)
        adj_json_member_int(&j, "turn", d->turn);
    adj_json_close_object(&j);
    adj_json_close_object(&j);
}

/* One file: its results, one a line, joined by ",\n" (no trailing one). */
static void sarif_audit(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    (void)o;
    for (size_t i = 0; i < a->diags.count; i++) {
        if (i)
            adj_buf_puts(out, ",\n");
        sarif_result(out, a->file, &a->diags.items[i]);
    }
}

const adj_reporter_t adj_reporter_sarif = {
    .name = "sarif",
    .help = "SARIF 2.1.0 for code scanning",
    .begin = sarif_begin,
    .end = sarif_end,
    .separator = ",\n",
    .audit_only = true,
    .audit = sarif_audit,
};
