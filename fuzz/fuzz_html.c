/* SPDX-License-Identifier: MIT */
/*
 * fuzz_html.c - libFuzzer target: `audit --format html` of one file (SPEC 9),
 * as cmd_audit_html.c runs it: the audit from memory with the chronicle listening,
 * then the page, checked.
 *
 * Invariants, checked on every input (abort() on violation):
 *   - the page is valid UTF-8, starts with the doctype and ends with
 *     `</html>\n`, and holds no bidirectional control (SPEC 5 "Names");
 *   - markup is only the report's own: every `<` opens or closes an element
 *     of the report's fixed set (or is the doctype), and every attribute is
 *     one of its fixed names with a double-quoted value holding no `<`, `>`
 *     or `"`; an `href` is `#L` and digits. So no string of the log can add
 *     an element, an event handler or a URL.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_report.h"

static void fail(const char *what, const adj_buf_t *out, size_t at)
{
    fprintf(stderr, "fuzz_html: invariant violated: %s at byte %zu\n  near: ", what, at);
    for (size_t i = at > 60 ? at - 60 : 0; i < at + 60 && i < out->len; i++) {
        unsigned char c = (unsigned char)out->data[i];
        if (c >= 0x20 && c < 0x7F)
            fputc(c, stderr);
        else
            fprintf(stderr, "\\x%02X", c);
    }
    fputc('\n', stderr);
    abort();
}

static const char *const tags[] = {
    "html", "head", "meta", "title", "style", "body", "header", "main", "footer", "section",
    "h1", "h2", "p", "dl", "dt", "dd", "code", "b", "span", "ol", "ul", "li", "a", "div",
    "table", "thead", "tbody", "tr", "th", "td", "details", "summary", "svg", "g", "rect",
    "path", "text", NULL};
static const char *const attrs[] = {
    "id", "class", "href", "lang", "charset", "http-equiv", "content", "name", "width",
    "height", "role", "aria-label", "aria-hidden", "x", "y", "d", "colspan", NULL};

static bool in_set(const char *const *set, const char *s, size_t n)
{
    for (; *set; set++)
        if (strlen(*set) == n && memcmp(*set, s, n) == 0)
            return true;
    return false;
}

static size_t word(const char *s, size_t i, size_t n)
{
    while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
        i++;
    return i;
}

/* One tag at s[i] == '<'; returns the index after its '>'. */
static size_t check_tag(const adj_buf_t *out, size_t i)
{
    const char *s = out->data;
    size_t n = out->len, at = i++;
    if (i < n && s[i] == '!') {
        if (strncmp(s + i, "!DOCTYPE html>", 14) != 0 || at != 0)
            fail("a declaration other than the doctype", out, at);
        return i + 14;
    }
    if (i < n && s[i] == '/')
        i++;
    size_t end = word(s, i, n);
    if (!in_set(tags, s + i, end - i))
        fail("an element the report does not write", out, at);
    for (i = end;;) {
        if (i < n && s[i] == '>')
            return i + 1;
        if (i + 1 < n && s[i] == '/' && s[i + 1] == '>')
            return i + 2;
        if (i >= n || s[i] != ' ')
            fail("a malformed tag", out, at);
        size_t name = i + 1, name_end = word(s, name, n);
        if (!in_set(attrs, s + name, name_end - name))
            fail("an attribute the report does not write", out, name);
        if (name_end + 1 >= n || s[name_end] != '=' || s[name_end + 1] != '"')
            fail("an attribute without a quoted value", out, name);
        size_t v = name_end + 2, v_end = v;
        while (v_end < n && s[v_end] != '"' && s[v_end] != '<' && s[v_end] != '>')
            v_end++;
        if (v_end >= n || s[v_end] != '"')
            fail("an attribute value that leaks", out, v);
        if (name_end - name == 4 && memcmp(s + name, "href", 4) == 0) {
            size_t k = v + 2;
            while (k < v_end && s[k] >= '0' && s[k] <= '9')
                k++;
            if (v_end - v < 3 || s[v] != '#' || s[v + 1] != 'L' || k != v_end)
                fail("a link that is not #L<n>", out, v);
        }
        i = v_end + 1;
    }
}

static void check_utf8(const adj_buf_t *out)
{
    const unsigned char *p = (const unsigned char *)out->data;
    for (size_t i = 0; i < out->len;) {
        unsigned c = p[i];
        size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                                  : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (!len || i + len > out->len)
            fail("not UTF-8", out, i);
        for (size_t k = 1; k < len; k++)
            if ((p[i + k] & 0xC0) != 0x80)
                fail("not UTF-8", out, i);
        if (len == 3 && c == 0xE2 && ((p[i + 1] == 0x80 && p[i + 2] >= 0xAA && p[i + 2] <= 0xAE) ||
                                      (p[i + 1] == 0x81 && p[i + 2] >= 0xA6 && p[i + 2] <= 0xA9)))
            fail("a bidirectional control (U+202A-U+202E, U+2066-U+2069)", out, i);
        i += len;
    }
}

static void check_page(const adj_buf_t *out)
{
    static const char tail[] = "</html>\n";
    if (out->len < 20 || strncmp(out->data, "<!DOCTYPE html>\n", 16) != 0 ||
        strcmp(out->data + out->len - (sizeof tail - 1), tail) != 0)
        fail("not one whole page", out, 0);
    check_utf8(out);
    /* the style sheet is the report's own: skip it whole */
    const char *css = strstr(out->data, "<style>\n");
    const char *css_end = css ? strstr(css, "</style>") : NULL;
    if (!css || !css_end)
        fail("no style sheet", out, 0);
    for (size_t i = 0; i < out->len;) {
        if (out->data + i == css + 7) {
            i = (size_t)(css_end - out->data);
            continue;
        }
        i = out->data[i] == '<' ? check_tag(out, i) : i + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    adj_audit_t a;
    adj_chronicle_t ch;
    adj_chronicle_init(&ch, &a.reader);
    adj_audit_opts_t o = {.on_step = adj_chronicle_on_step, .step_ctx = &ch,
                          .on_turn = adj_chronicle_on_turn, .turn_ctx = &ch};
    adj_audit_bytes(&a, data, size, "<fuzz> & 'html'.yaml", &o);
    adj_chronicle_finish(&ch, a.replayed ? &a.result : NULL);
    adj_report_log_t log = {data, size, &ch};
    adj_report_opts_t ro = {.audit = &o, .log = &log};
    adj_buf_t out = {0};
    adj_reporter_find("html")->audit(&out, &a, &ro);
    check_page(&out);
    adj_buf_free(&out);
    adj_chronicle_free(&ch);
    adj_audit_free(&a);
    return 0;
}
