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
             (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE)
        cp = 0xFFFD;  /* C1 controls, surrogates and noncharacters: not text */
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

void html_text(adj_buf_t *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t run = i;  /* plain ASCII needs no care: copy it whole */
        while (run < n && p[run] >= 0x20 && p[run] < 0x7F && p[run] != '&' && p[run] != '<' &&
               p[run] != '>' && p[run] != '"' && p[run] != '\'')
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

/* Next line into `line` (code points escaped); false when the log is over.
 * `*broke`: the line ended with a break (so another, maybe empty, follows). */
static bool src_line(src_t *s, adj_buf_t *line, bool *broke)
{
    adj_buf_reset(line);
    *broke = false;
    if (s->i >= s->n)
        return false;
    uint32_t cp;
    while (src_next(s, &cp)) {
        if (cp == '\n' || cp == 0x85 || cp == 0x2028 || cp == 0x2029) {
            *broke = true;
            return true;
        }
        if (cp == '\r') {
            size_t save = s->i;
            uint32_t nx;
            if (src_next(s, &nx) && nx != '\n')
                s->i = save;  /* CR alone; CR LF is one break */
            *broke = true;
            return true;
        }
        html_cp(line, cp);
    }
    return true;
}

/* ---- the listing ---- */

static void put_line(adj_buf_t *out, size_t no, const adj_buf_t *text, const adj_diags_t *d,
                     size_t *next)
{
    size_t first = *next, errors = 0, count = 0;
    for (; *next < d->count && d->items[*next].mark.line <= no; (*next)++, count++)
        errors += adj_code_severity(d->items[*next].code) == ADJ_SEV_ERROR;
    adj_buf_printf(out, "<div id=\"L%zu\"%s><a href=\"#L%zu\">%zu</a><code>", no,
                   !count ? "" : errors ? " class=\"m e\"" : " class=\"m w\"", no, no);
    adj_buf_put(out, text->data ? text->data : "", text->len);
    adj_buf_puts(out, "</code></div>\n");
    for (size_t i = first; i < first + count; i++) {
        const adj_diag_t *g = &d->items[i];
        bool err = adj_code_severity(g->code) == ADJ_SEV_ERROR;
        adj_buf_printf(out, "<p class=\"d %s\"><b>%s</b> column %zu: ", err ? "e" : "w",
                       err ? "error" : "warning", g->mark.column);
        html_str(out, g->message);
        adj_buf_printf(out, " <span class=\"code\">[%s, rule %s]</span></p>\n",
                       adj_code_name(g->code), g->rule);
    }
}

void html_log_listing(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    adj_buf_puts(out, "<section id=\"log\"><h2>The log</h2>\n");
    if (!o->log) {
        adj_buf_puts(out, "<p>The log's text is not available.</p></section>\n");
        return;
    }
    adj_buf_puts(out, "<div class=\"log\">\n");
    const adj_diags_t *d = &a->diags;
    src_t s;
    src_open(&s, o->log->bytes, o->log->size);
    adj_buf_t line = {0};
    size_t no = 0, next = 0;
    bool broke;
    while (src_line(&s, &line, &broke)) {
        put_line(out, ++no, &line, d, &next);
        html_drain(out, o);
    }
    /* the end mark after a final break, when a diagnostic names it */
    adj_buf_reset(&line);
    size_t last = d->count ? d->items[d->count - 1].mark.line : 0;
    while (no < last) {
        put_line(out, ++no, &line, d, &next);
        html_drain(out, o);
    }
    adj_buf_free(&line);
    adj_buf_puts(out, "</div></section>\n");
}
