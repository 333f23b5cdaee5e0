/* SPDX-License-Identifier: MIT */
/*
 * lsp_text.c - the editor's text and its positions (SPEC 14 "Text and
 * positions"): lines as the editor counts them (LF, CRLF, CR) and as the
 * CLI's libyaml counts them (those and NEL, U+2028, U+2029), characters in
 * UTF-16 units or UTF-8 bytes, and which documents the server checks.
 */
#include "lsp.h"

#include <stdlib.h>
#include <string.h>

/* ---- lines ---- */

static void lines_push(lsp_lines_t *l, size_t *cap, size_t off)
{
    if (l->count == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        l->start = adj_xreallocarray(l->start, *cap, sizeof *l->start);
    }
    l->start[l->count++] = off;
}

/* The length of the line break at s[i] (0: none); yaml adds NEL, LS, PS. */
static size_t break_len(const char *s, size_t n, size_t i, bool yaml)
{
    unsigned char c = (unsigned char)s[i];
    if (c == '\n')
        return 1;
    if (c == '\r')
        return i + 1 < n && s[i + 1] == '\n' ? 2 : 1;
    if (!yaml)
        return 0;
    if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0x85)
        return 2;
    if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
        ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
        return 3;
    return 0;
}

static void lines_of(lsp_lines_t *l, const char *s, size_t n, bool yaml)
{
    size_t cap = 0;
    l->start = NULL;
    l->count = 0;
    size_t i = yaml && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    lines_push(l, &cap, i);
    while (i < n) {
        size_t b = break_len(s, n, i, yaml);
        if (b) {
            i += b;
            lines_push(l, &cap, i);
        } else {
            i++;
        }
    }
}

void lsp_lines_editor(lsp_lines_t *l, const char *s, size_t n) { lines_of(l, s, n, false); }
void lsp_lines_yaml(lsp_lines_t *l, const char *s, size_t n) { lines_of(l, s, n, true); }

void lsp_lines_free(lsp_lines_t *l)
{
    free(l->start);
    l->start = NULL;
    l->count = 0;
}

/* The byte just before line i + 1 begins, less its break: the line's end.
 * Whatever counted the lines, a break here is one of the six. */
size_t lsp_line_end(const lsp_lines_t *l, const char *s, size_t n, size_t i)
{
    if (i + 1 >= l->count)
        return n;
    size_t e = l->start[i + 1];
    size_t from = l->start[i];
    for (size_t k = from; k < e; k++)
        if (break_len(s, n, k, true) && k + break_len(s, n, k, true) == e)
            return k;
    return e;
}

/* ---- characters ---- */

/* The length of the UTF-8 sequence at s[i] (1 for a stray byte). */
static size_t char_len(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if (i + k > n)
        return 1;
    for (size_t j = 1; j < k; j++)
        if (((unsigned char)s[i + j] & 0xC0) != 0x80)
            return 1;
    return k;
}

static size_t units(size_t clen, lsp_enc_t enc)
{
    return enc == LSP_UTF8 ? clen : clen == 4 ? 2 : 1;
}

size_t lsp_offset(const lsp_lines_t *l, const char *s, size_t n, size_t line, size_t ch,
                  lsp_enc_t enc)
{
    if (line >= l->count)
        return n;
    size_t i = l->start[line], end = lsp_line_end(l, s, n, line);
    while (i < end && ch > 0) {
        size_t k = char_len(s, n, i);
        size_t u = units(k, enc);
        if (u > ch)
            break;  /* inside a character: its start */
        ch -= u;
        i += k;
    }
    return i < end ? i : end;
}

static size_t line_of(const lsp_lines_t *l, size_t off)
{
    size_t lo = 0, hi = l->count;  /* the last line starting at or before off */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (l->start[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void lsp_position(const lsp_lines_t *l, const char *s, size_t n, size_t off, lsp_enc_t enc,
                  size_t *line, size_t *ch)
{
    if (off > n)
        off = n;
    size_t li = line_of(l, off);
    size_t end = lsp_line_end(l, s, n, li);
    if (off > end)
        off = end;
    size_t c = 0;
    for (size_t i = l->start[li]; i < off;) {
        size_t k = char_len(s, n, i);
        c += units(k, enc);
        i += k;
    }
    *line = li;
    *ch = c;
}

size_t lsp_yaml_offset(const lsp_lines_t *yaml, const char *s, size_t n, size_t line,
                       size_t column)
{
    if (line == 0 || line > yaml->count)
        return line == 0 ? 0 : n;
    size_t i = yaml->start[line - 1], end = lsp_line_end(yaml, s, n, line - 1);
    for (size_t c = 1; c < column && i < end; c++)
        i += char_len(s, n, i);
    return i;
}

json_t *lsp_json_position(const lsp_lines_t *l, const char *s, size_t n, size_t off,
                          lsp_enc_t enc)
{
    size_t line, ch;
    lsp_position(l, s, n, off, enc, &line, &ch);
    return json_pack("{s:I,s:I}", "line", (json_int_t)line, "character", (json_int_t)ch);
}

json_t *lsp_json_range(const lsp_lines_t *l, const char *s, size_t n, size_t from, size_t to,
                       lsp_enc_t enc)
{
    return json_pack("{s:o,s:o}", "start", lsp_json_position(l, s, n, from, enc), "end",
                     lsp_json_position(l, s, n, to < from ? from : to, enc));
}

/* ---- documents ---- */

/* A line of s matching ^format:[ \t]*["']?PREFIX */
static bool has_format(const char *s, size_t n, const char *prefix)
{
    size_t pl = strlen(prefix);
    for (size_t i = 0; i < n;) {
        if (n - i > 7 && memcmp(s + i, "format:", 7) == 0) {
            size_t j = i + 7;
            while (j < n && (s[j] == ' ' || s[j] == '\t'))
                j++;
            if (j < n && (s[j] == '"' || s[j] == '\''))
                j++;
            if (n - j >= pl && memcmp(s + j, prefix, pl) == 0)
                return true;
        }
        while (i < n && s[i] != '\n' && s[i] != '\r')
            i++;
        while (i < n && (s[i] == '\n' || s[i] == '\r'))
            i++;
    }
    return false;
}

lsp_kind_t lsp_doc_kind(const char *path, const char *text, size_t n)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(base, "adjutant-ladder.yaml") == 0 || has_format(text, n, "adjutant-ladder/"))
        return LSP_LADDER;
    return has_format(text, n, "adjutant/") ? LSP_LOG : LSP_OTHER;
}

static int hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

char *lsp_uri_path(const char *uri)
{
    if (strncmp(uri, "file://", 7) != 0)
        return adj_xstrdup(uri);
    const char *p = uri + 7;
    if (*p != '/')  /* file://host/path: the host dropped (localhost) */
        p = strchr(p, '/') ? strchr(p, '/') : "";
    adj_buf_t b = {0};
    for (; *p; p++) {
        int h1, h2;
        if (*p == '%' && (h1 = hex(p[1])) >= 0 && (h2 = hex(p[2])) >= 0 && (h1 || h2)) {
            adj_buf_putc(&b, (char)(h1 * 16 + h2));
            p += 2;
        } else {
            adj_buf_putc(&b, *p);
        }
    }
    return b.data ? b.data : adj_xstrdup("");
}

char *lsp_path_uri(const char *path)
{
    static const char keep[] = "-._~/!$&'()*+,;=:@";
    adj_buf_t b = {0};
    adj_buf_puts(&b, "file://");
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr(keep, *p))
            adj_buf_putc(&b, (char)*p);
        else
            adj_buf_printf(&b, "%%%02X", *p);
    }
    return b.data;
}
