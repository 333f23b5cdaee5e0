/* SPDX-License-Identifier: MIT */
/*
 * reader_pull.c - the stream of libyaml events, below the stages: pulling
 * the next event (the one place the reading limits are enforced: depth,
 * scalar length, anchors and aliases, libyaml errors, worded for a
 * player), skipping a node, stopping, and the diagnostics the header and
 * event stages word alike. It sees only the stream (reader_stream.h),
 * never the stages' state, and calls nothing above it.
 */
#include "reader_stream.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Diagnostics                                                         */
/* ------------------------------------------------------------------ */

void reader_stop(rd_stream_t *r, adj_code_t code, adj_mark_t mark, const char *fmt, ...)
{
    adj_buf_t m = {0};
    va_list ap;
    va_start(ap, fmt);
    adj_buf_vprintf(&m, fmt, ap);
    va_end(ap);
    adj_diags_add(r->diags, code, mark, NULL, NULL, NULL, "%s", m.data ? m.data : "");
    adj_buf_free(&m);
    r->diags->stopped = true;
    r->diags->stop_code = code;
    r->state = RS_STOP;
}

#define DOC_START "did not find expected <document start>"

/* Plain words for the libyaml errors a player meets, put before libyaml's
 * own: {start of its problem, start of its context or NULL, the sentence;
 * when `then` is set, the sentence goes on after the line of the context
 * mark (where the quote, bracket, key or list began)}. */
static const struct {
    const char *problem, *context, *say, *then;
} yaml_plain[] = {
    {"found a tab character", NULL, "a tab is used for indentation; YAML indents with spaces",
     NULL},
    {"found unexpected end of stream", "while scanning a quoted", "the quote opened on line ", " "
     "is never closed: add the closing quote (a quoted value may run over lines, so this "
     "shows only at the end of the file)"},
    {"found unexpected end of stream", NULL, "the file ends in the middle of a value", NULL},
    {"did not find expected ',' or '}'", NULL, "the `{` opened on line ", " is not closed with "
     "`}`, or two of its entries have no `,` between them"},
    {"did not find expected ',' or ']'", NULL, "the `[` opened on line ", " is not closed with "
     "`]`, or two of its items have no `,` between them"},
    {"could not find expected ':'", NULL, "the key on line ", " has no `:` after it: write "
     "`key: value`"},
    {"did not find expected '-' indicator", NULL, "this line does not line up with the list "
     "begun on line ", ": each item starts with `- ` at the list's indentation (a `-` is "
     "missing, or the line is indented less than the keys above it)"},
    {"mapping values are not allowed", NULL, "a `: ` that cannot start a key here: the line is "
     "indented deeper than the key above it, or a value holding `: ` needs quotes", NULL},
    {"block sequence entries are not allowed", NULL, "a `- ` item cannot follow a key on the "
     "same line: start the list on the next line, indented, or write it as [a, b]", NULL},
    {"did not find expected key", NULL, "this line does not fit the mapping begun on line ", ": "
     "a key or `-` indented wrongly, or text after a quoted value"},
    {"found unknown escape character", NULL, "an unknown `\\` escape in a double-quoted value: "
     "write `\\\\` for a backslash, or use single quotes", NULL},
    {"did not find expected node content", NULL, "a value is missing: two commas in a row, or "
     "nothing after a `,` or `:`", NULL},
    {"did not find expected comment or line break", NULL, "a `|` or `>` value must end its "
     "line: put the text on the lines below it, indented", NULL},
    {DOC_START, NULL, "text after the end of the document: a ", NULL},  /* + the noun */
};

/* The sentence, with "; libyaml: " after it, or "" when libyaml's words
 * are all there is. A character that cannot start a token is named when
 * libyaml still holds it (a tab, or a reserved @ ` %). */
static void yaml_plain_words(const yaml_parser_t *p, const char *noun, char *out, size_t size)
{
    out[0] = '\0';
    const char *problem = p->problem ? p->problem : "";
    if (!strcmp(problem, "found character that cannot start any token")) {
        bool here = p->mark.index == p->problem_mark.index &&
                    p->buffer.pointer < p->buffer.last;
        int c = here ? *p->buffer.pointer : 0;
        if (c == '\t')
            snprintf(out, size, "a tab is used for indentation; YAML indents with spaces; "
                     "libyaml: ");
        else if (c == '@' || c == '`' || c == '%')
            snprintf(out, size, "a plain value cannot start with %s: put the value in quotes; "
                     "libyaml: ", c == '@' ? "`@`" : c == '%' ? "`%`" : "a backtick");
        return;
    }
    for (size_t i = 0; i < sizeof yaml_plain / sizeof yaml_plain[0]; i++) {
        const char *ctx = yaml_plain[i].context;
        if (strncmp(problem, yaml_plain[i].problem, strlen(yaml_plain[i].problem)) ||
            (ctx && (!p->context || strncmp(p->context, ctx, strlen(ctx)))))
            continue;
        if (!strcmp(yaml_plain[i].problem, DOC_START))
            snprintf(out, size, "%s%s is one YAML document; libyaml: ", yaml_plain[i].say, noun);
        else if (yaml_plain[i].then)
            snprintf(out, size, "%s%zu%s; libyaml: ", yaml_plain[i].say,
                     p->context_mark.line + 1, yaml_plain[i].then);
        else
            snprintf(out, size, "%s; libyaml: ", yaml_plain[i].say);
        return;
    }
}

/* What the stream is, in messages: "log" ("game log"), or "ladder file". */
static const char *reader_noun(const rd_stream_t *r)
{
    return r->ladder ? "ladder file" : "log";
}

static const char *reader_noun_long(const rd_stream_t *r)
{
    return r->ladder ? "ladder file" : "game log";
}

static void report_yaml_error(rd_stream_t *r)
{
    yaml_parser_t *p = &r->parser;
    const char *problem = p->problem ? p->problem : "unknown problem";
    if (p->error == YAML_READER_ERROR && r->directive_limit) {
        reader_stop(r, ADJ_D_YAML_SYNTAX, reader_error_mark(r),
                    "more than %d %%-directives (%%TAG, %%YAML): a reading limit; a %s "
                    "needs none",
                    ADJ_MAX_DIRECTIVES, reader_noun_long(r));
        return;
    }
    if (p->error == YAML_READER_ERROR) {
        adj_mark_t m = reader_error_mark(r);
        if (p->problem_value >= 0)
            reader_stop(r, ADJ_D_YAML_SYNTAX, m, "%s (byte 0x%02X at offset %zu)", problem,
                        (unsigned)p->problem_value & 0xFF, p->problem_offset);
        else
            reader_stop(r, ADJ_D_YAML_SYNTAX, m, "%s (at offset %zu)", problem, p->problem_offset);
        return;
    }
    if (p->error == YAML_MEMORY_ERROR) {
        reader_stop(r, ADJ_D_YAML_SYNTAX, mark_of(p->mark), "libyaml ran out of memory");
        return;
    }
    adj_mark_t m = mark_of(p->problem_mark);
    char plain[400];
    yaml_plain_words(p, reader_noun(r), plain, sizeof plain);
    if (p->context)
        reader_stop(r, ADJ_D_YAML_SYNTAX, m, "%s%s %s (at %zu:%zu)", plain, problem, p->context,
                    p->context_mark.line + 1, p->context_mark.column + 1);
    else
        reader_stop(r, ADJ_D_YAML_SYNTAX, m, "%s%s", plain, problem);
}
/* ------------------------------------------------------------------ */
/* Pulling events: the one place the reading limits are enforced       */
/* ------------------------------------------------------------------ */

bool reader_pull(rd_stream_t *r)
{
    adj_yaml_event_release(&r->ev);
    if (r->state >= RS_DONE)
        return false;
    if (!yaml_parser_parse(&r->parser, &r->ev)) {
        if (r->io_failed)
            r->state = RS_IO_ERROR;
        else
            report_yaml_error(r);
        return false;
    }
    r->events++;
    const char *anchor = NULL;
    switch (r->ev.type) {
    case YAML_ALIAS_EVENT:
        reader_stop(r, ADJ_D_YAML_ALIAS, rd_ev_mark(r),
                    "alias *%s: anchors and aliases are not allowed in a %s",
                    (const char *)r->ev.data.alias.anchor, reader_noun_long(r));
        return false;
    case YAML_SCALAR_EVENT:
        anchor = (const char *)r->ev.data.scalar.anchor;
        r->content_end = r->ev.end_mark.index;
        if (!anchor && r->ev.data.scalar.length > ADJ_MAX_SCALAR) {
            reader_stop(r, ADJ_D_YAML_SYNTAX, rd_ev_mark(r),
                        "a scalar of %zu bytes is longer than the limit of %u bytes",
                        r->ev.data.scalar.length, ADJ_MAX_SCALAR);
            return false;
        }
        break;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        anchor = r->ev.type == YAML_SEQUENCE_START_EVENT
                     ? (const char *)r->ev.data.sequence_start.anchor
                     : (const char *)r->ev.data.mapping_start.anchor;
        if (!anchor && ++r->depth > ADJ_MAX_DEPTH) {
            reader_stop(r, ADJ_D_YAML_SYNTAX, rd_ev_mark(r),
                        "collections nested deeper than %d levels", ADJ_MAX_DEPTH);
            return false;
        }
        break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        r->depth--;
        if (r->ev.start_mark.index < r->ev.end_mark.index)  /* flow: through `]` or `}` */
            r->content_end = r->ev.end_mark.index;
        break;
    default:
        break;
    }
    if (anchor) {
        reader_stop(r, ADJ_D_YAML_ALIAS, rd_ev_mark(r),
                    "anchor &%s: anchors and aliases are not allowed in a %s", anchor,
                    reader_noun_long(r));
        return false;
    }
    return true;
}

/* Skip the node whose first event is current; leaves its last event current. */
bool reader_skip(rd_stream_t *r)
{
    if (r->ev.type != YAML_SEQUENCE_START_EVENT && r->ev.type != YAML_MAPPING_START_EVENT)
        return true;
    size_t base = r->depth - 1;
    while (r->depth > base)
        if (!reader_pull(r))
            return false;
    return true;
}
/* ------------------------------------------------------------------ */
/* Diagnostics shared by the header and the events                     */
/* ------------------------------------------------------------------ */

/* Returns the diagnostic added (NULL when past ADJ_MAX_DIAGS). */
adj_diag_t *reader_unknown_field(rd_stream_t *r, adj_mark_t mark, const char *key, size_t n,
                                 const char *where, const char *const *names, size_t count)
{
    if (!key)
        return adj_diags_add(r->diags, ADJ_D_UNKNOWN_FIELD, mark, NULL, NULL, NULL,
                             "a key in %s must be a non-null scalar; this one is ignored", where);
    const char *near = reader_closest(key, n, names, count);
    adj_buf_t tmp = {0};
    adj_diag_t *d;
    if (near)
        d = adj_diags_add(r->diags, ADJ_D_UNKNOWN_FIELD, mark, NULL, NULL, NULL,
                          "unknown key %s in %s (did you mean `%s`?)", reader_clip(&tmp, key, n),
                          where, near);
    else
        d = adj_diags_add(r->diags, ADJ_D_UNKNOWN_FIELD, mark, NULL, NULL, NULL,
                          "unknown key %s in %s; it is ignored", reader_clip(&tmp, key, n), where);
    adj_buf_free(&tmp);
    return d;
}

/* Name the leader of a diagnostic (unknown_field names none). */
void reader_set_leader(adj_diag_t *d, const char *id)
{
    if (d && id && !d->leader)
        d->leader = adj_diag_id(id);
}

void reader_duplicate_key(rd_stream_t *r, const char *where)
{
    adj_buf_t tmp = {0};
    const char *key = (const char *)r->ev.data.scalar.value;
    adj_diags_add(r->diags, ADJ_D_DUPLICATE_KEY, rd_ev_mark(r), NULL, NULL, NULL,
                  "key %s repeated in %s; the first value counts",
                  reader_clip(&tmp, key, r->ev.data.scalar.length), where);
    adj_buf_free(&tmp);
}
adj_read_status_t reader_status(const rd_stream_t *r)
{
    switch (r->state) {
    case RS_STOP:
        return ADJ_READ_STOP;
    case RS_IO_ERROR:
        return ADJ_READ_IO_ERROR;
    default:
        return ADJ_READ_DONE;
    }
}

