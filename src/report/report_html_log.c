/* SPDX-License-Identifier: MIT */
/*
 * report_html_log.c - HTML escaping, and the log listed line by line as
 * libyaml counts lines (SPEC 4, 9): a break is LF, CR, CR LF, NEL (U+0085),
 * LS (U+2028) or PS (U+2029); a UTF-16 log (byte-order mark) is decoded;
 * bytes that are not UTF-8 show as U+FFFD.
 */
#include "report_html.h"

#include <string.h>

/* ---- escaping ---- */

static void put_utf8(adj_buf_t *out, uint32_t cp)
{
    char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (char)cp, n = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6)), b[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | (cp >> 12)), b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    } else {
        b[0] = (char)(0xF0 | (cp >> 18)), b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), b[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    }
    adj_buf_put(out, b, n);
}

void html_cp(adj_buf_t *out, uint32_t cp)
{
    switch (cp) {
    case '&': adj_buf_puts(out, "&amp;"); return;
    case '<': adj_buf_puts(out, "&lt;"); return;
    case '>': adj_buf_puts(out, "&gt;"); return;
    case '"': adj_buf_puts(out, "&quot;"); return;
    case '\'': adj_buf_puts(out, "&#39;"); return;
    case '\t': adj_buf_putc(out, '\t'); return;
    default: break;
    }
    if (cp < 0x20)
        cp += 0x2400;  /* a control character: its symbol (U+2400..) */
    else if (cp == 0x7F)
        cp = 0x2421;
    else if ((cp >= 0x80 && cp < 0xA0) || (cp >= 0xD800 && cp < 0xE000) || cp > 0x10FFFF ||
             (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE ||
             (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
        cp = 0xFFFD;  /* C1 controls, surrogates, noncharacters and the bidirectional
                       * embeddings, overrides and isolates (SPEC 5 "Names": a name
                       * cannot reorder what the reader sees): not text */
    if (cp < 0x80)
        adj_buf_putc(out, (char)cp);
    else
        put_utf8(out, cp);
}

/* The code point at p (n > 0 bytes left); returns the bytes it takes.
 * An invalid sequence gives U+FFFD for its longest valid prefix (at least
 * one byte), as the Unicode standard recommends. */
static size_t utf8_next(const unsigned char *p, size_t n, uint32_t *cp)
{
    unsigned char c = p[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t len;
    uint32_t v;
    unsigned char lo = 0x80, hi = 0xBF;  /* the second byte's range */
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, v = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, v = c & 0x0F, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, v = c & 0x07, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else {
        *cp = 0xFFFD;
        return 1;
    }
    for (size_t i = 1; i < len; i++) {
        unsigned char b = i < n ? p[i] : 0;
        if (i >= n || b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF)) {
            *cp = 0xFFFD;
            return i;
        }
        v = (v << 6) | (b & 0x3F);
    }
    *cp = v;
    return len;
}

/* ASCII that is shown as it is: copied in runs. */
static bool plain(unsigned char c)
{
    return c >= 0x20 && c < 0x7F && c != '&' && c != '<' && c != '>' && c != '"' && c != '\'';
}

void html_text(adj_buf_t *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t run = i;  /* plain ASCII needs no care: copy it whole */
        while (run < n && plain(p[run]))
            run++;
        adj_buf_put(out, s + i, run - i);
        i = run;
        if (i < n) {
            uint32_t cp;
            i += utf8_next(p + i, n - i, &cp);
            html_cp(out, cp);
        }
    }
}

void html_str(adj_buf_t *out, const char *s) { html_text(out, s, strlen(s)); }

void html_name(adj_buf_t *out, const char *name)
{
    adj_buf_t shown = {0};
    adj_escape_name(&shown, name);  /* SPEC 5 "Names": \xHH, then HTML's escaping */
    html_text(out, shown.data ? shown.data : "", shown.len);
    adj_buf_free(&shown);
}

void html_num(adj_buf_t *out, int64_t n)
{
    char b[24];
    size_t i = sizeof b;
    uint64_t u = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    do
        b[--i] = (char)('0' + u % 10);
    while (u /= 10);
    if (n < 0)
        b[--i] = '-';
    adj_buf_put(out, b + i, sizeof b - i);
}

void html_drain(adj_buf_t *out, const adj_report_opts_t *o)
{
    if (o->drain && out->len >= (1u << 16))
        o->drain(out);
}

/* ---- the log's code points ---- */

typedef enum enc_e { ENC_UTF8, ENC_UTF16LE, ENC_UTF16BE } enc_t;

typedef struct src_s {
    const unsigned char *p;
    size_t n, i;
    enc_t enc;
} src_t;

/* The encoding by byte-order mark, as libyaml decides it; the mark itself
 * is not shown. */
static void src_open(src_t *s, const unsigned char *p, size_t n)
{
    *s = (src_t){p, n, 0, ENC_UTF8};
    if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE)
        s->enc = ENC_UTF16LE, s->i = 2;
    else if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF)
        s->enc = ENC_UTF16BE, s->i = 2;
    else if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
        s->i = 3;
}

static uint32_t unit16(const src_t *s, size_t at)
{
    const unsigned char *q = s->p + at;
    return s->enc == ENC_UTF16LE ? (uint32_t)(q[0] | (q[1] << 8)) : (uint32_t)((q[0] << 8) | q[1]);
}

/* The next code point; false at the end. */
static bool src_next(src_t *s, uint32_t *cp)
{
    if (s->i >= s->n)
        return false;
    if (s->enc == ENC_UTF8) {
        s->i += utf8_next(s->p + s->i, s->n - s->i, cp);
        return true;
    }
    if (s->n - s->i < 2) {  /* an odd byte at the end */
        s->i = s->n;
        *cp = 0xFFFD;
        return true;
    }
    uint32_t u = unit16(s, s->i);
    s->i += 2;
    if (u >= 0xD800 && u < 0xDC00 && s->n - s->i >= 2) {
        uint32_t v = unit16(s, s->i);
        if (v >= 0xDC00 && v < 0xE000) {
            s->i += 2;
            *cp = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
            return true;
        }
    }
    *cp = (u >= 0xD800 && u < 0xE000) ? 0xFFFD : u;  /* a lone surrogate */
    return true;
}

/* A break at code point cp (already read): CR LF is one. */
static bool src_break(src_t *s, uint32_t cp)
{
    if (cp == '\n' || cp == 0x85 || cp == 0x2028 || cp == 0x2029)
        return true;
    if (cp != '\r')
        return false;
    size_t save = s->i;
    uint32_t nx;
    if (src_next(s, &nx) && nx != '\n')
        s->i = save;  /* CR alone; CR LF is one break */
    return true;
}

/* Next line into `line` (code points escaped), or past it when `line` is
 * NULL; false when the log is over. */
static bool src_line(src_t *s, adj_buf_t *line)
{
    if (line)
        adj_buf_reset(line);
    if (s->i >= s->n)
        return false;
    uint32_t cp;
    for (;;) {
        if (s->enc == ENC_UTF8) {  /* plain ASCII in runs; a break starts with none */
            size_t run = s->i;
            while (run < s->n && plain(s->p[run]))
                run++;
            if (line)
                adj_buf_put(line, (const char *)s->p + s->i, run - s->i);
            s->i = run;
        }
        if (!src_next(s, &cp))
            return true;
        if (src_break(s, cp))
            return true;
        if (line)
            html_cp(line, cp);
    }
}

size_t html_count_lines(const adj_report_log_t *log)
{
    src_t s;
    src_open(&s, log->bytes, log->size);
    size_t n = 0;
    while (src_line(&s, NULL))
        n++;
    return n;
}

/* ---- the listing ---- */

/* The first diagnostic whose line is n - HTML_CONTEXT or later (they are
 * sorted by line). */
static size_t first_near(const adj_diags_t *d, size_t n)
{
    size_t lo = 0, hi = d->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->items[mid].mark.line + HTML_CONTEXT < n)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

bool html_line_listed(const html_page_t *pg, size_t n)
{
    if (!pg->cut)
        return n >= 1;
    const adj_diags_t *d = &pg->diags;
    size_t i = first_near(d, n);
    return i < d->count && d->items[i].mark.line <= n + HTML_CONTEXT;
}

void html_line_ref(adj_buf_t *out, const html_page_t *pg, size_t n)
{
    bool link = html_line_listed(pg, n);
    if (link) {
        adj_buf_puts(out, "<a href=\"#L");
        html_num(out, (int64_t)n);
        adj_buf_puts(out, "\">");
    }
    adj_buf_puts(out, "line ");
    html_num(out, (int64_t)n);
    if (link)
        adj_buf_puts(out, "</a>");
}

static void log_put_diag(adj_buf_t *out, const adj_diag_t *g)
{
    bool err = adj_code_severity(g->code) == ADJ_SEV_ERROR;
    adj_buf_puts(out, err ? "<p class=\"d e\"><b>error</b> column "
                          : "<p class=\"d w\"><b>warning</b> column ");
    html_num(out, (int64_t)g->mark.column);
    adj_buf_puts(out, ": ");
    html_str(out, g->message);
    adj_buf_puts(out, " <span class=\"code\">[");
    adj_buf_puts(out, adj_code_name(g->code));
    adj_buf_puts(out, ", rule ");
    adj_buf_puts(out, g->rule);
    adj_buf_puts(out, "]</span></p>\n");
}

static void put_line(adj_buf_t *out, size_t no, const adj_buf_t *text, const adj_diags_t *d,
                     size_t *next)
{
    size_t first = *next, errors = 0, count = 0;
    for (; *next < d->count && d->items[*next].mark.line <= no; (*next)++, count++)
        errors += adj_code_severity(d->items[*next].code) == ADJ_SEV_ERROR;
    adj_buf_puts(out, "<div id=\"L");
    html_num(out, (int64_t)no);
    adj_buf_puts(out, !count ? "\"><a href=\"#L" : errors ? "\" class=\"m e\"><a href=\"#L"
                                                          : "\" class=\"m w\"><a href=\"#L");
    html_num(out, (int64_t)no);
    adj_buf_puts(out, "\">");
    html_num(out, (int64_t)no);
    adj_buf_puts(out, "</a><code>");
    adj_buf_put(out, text->data ? text->data : "", text->len);
    adj_buf_puts(out, "</code></div>\n");
    for (size_t i = first; i < first + count; i++)
        log_put_diag(out, &d->items[i]);
}

/* Lines from..to left out of a cut listing. */
static void put_gap(adj_buf_t *out, size_t from, size_t to)
{
    if (from > to)
        return;
    adj_buf_puts(out, "<p class=\"gap\">");
    if (from == to) {
        adj_buf_puts(out, "line ");
        html_num(out, (int64_t)from);
    } else {
        adj_buf_puts(out, "lines ");
        html_num(out, (int64_t)from);
        adj_buf_puts(out, "\u2013");
        html_num(out, (int64_t)to);
    }
    adj_buf_puts(out, " not shown</p>\n");
}

/* What a cut listing says of itself. */
static void cut_notice(adj_buf_t *out, const html_page_t *pg)
{
    const adj_diags_t *d = &pg->diags;
    size_t marked = 0, prev = 0;
    for (size_t i = 0; i < d->count; prev = d->items[i++].mark.line)
        marked += i == 0 || d->items[i].mark.line != prev;
    adj_buf_printf(out, "<p class=\"bound\">The log has %zu lines, more than %d, so ", pg->lines,
                   HTML_MAX_LINES);
    if (marked == 0)
        adj_buf_puts(out, "only the lines that carry a diagnostic would be listed: none does.");
    else
        adj_buf_printf(out, "only the %zu line%s that carr%s a diagnostic shown here %s listed, "
                       "each with %s lines of context either side.", marked,
                       marked == 1 ? "" : "s", marked == 1 ? "ies" : "y",
                       marked == 1 ? "is" : "are", HTML_CONTEXT == 2 ? "two" : "more");
    adj_buf_puts(out, "</p>\n");
}

void html_log_listing(adj_buf_t *out, const html_page_t *pg)
{
    const adj_report_opts_t *o = pg->o;
    adj_buf_puts(out, "<section id=\"log\"><h2>The log</h2>\n");
    if (!o->log) {
        adj_buf_puts(out, "<p>The log's text is not available.</p></section>\n");
        return;
    }
    if (pg->cut)
        cut_notice(out, pg);
    adj_buf_puts(out, "<div class=\"log\">\n");
    const adj_diags_t *d = &pg->diags;
    src_t s;
    src_open(&s, o->log->bytes, o->log->size);
    adj_buf_t line = {0};
    size_t no = 0, next = 0, gap = 1;  /* gap: the first line not shown since */
    size_t last = d->count ? d->items[d->count - 1].mark.line : 0;
    bool more = true;
    for (;;) {
        size_t n = no + 1;
        bool show = html_line_listed(pg, n);
        more = more && src_line(&s, show ? &line : NULL);
        if (!more && n > last)
            break;
        if (!more)  /* past the end: the end mark after a final break, named */
            adj_buf_reset(&line);
        no = n;
        if (!show)
            continue;
        put_gap(out, gap, n - 1);
        put_line(out, n, &line, d, &next);
        gap = n + 1;
        html_drain(out, o);
    }
    put_gap(out, gap, no);
    adj_buf_free(&line);
    adj_buf_puts(out, "</div></section>\n");
}
