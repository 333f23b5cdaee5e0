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

static void lines_free(lsp_lines_t *l)
{
    free(l->start);
    l->start = NULL;
    l->count = 0;
}

/* The end of line i (before its break), in bytes: the break is one of the
 * six, so it is found from the next line's start, whatever the line's length. */
static size_t text_line_end(const lsp_lines_t *l, const char *s, size_t n, size_t i)
{
    if (i + 1 >= l->count)
        return n;
    size_t e = l->start[i + 1], from = l->start[i];
    const unsigned char *u = (const unsigned char *)s;
    if (e > from && u[e - 1] == '\n')
        return e >= from + 2 && u[e - 2] == '\r' ? e - 2 : e - 1;
    if (e > from && u[e - 1] == '\r')
        return e - 1;
    if (e >= from + 2 && u[e - 2] == 0xC2 && u[e - 1] == 0x85)
        return e - 2;
    if (e >= from + 3 && u[e - 3] == 0xE2 && u[e - 2] == 0x80 && (u[e - 1] | 1) == 0xA9)
        return e - 3;
    return e;
}

/* The last line starting at or before off. */
static size_t line_of(const lsp_lines_t *l, size_t off)
{
    size_t lo = 0, hi = l->count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (l->start[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* ---- characters ---- */

size_t lsp_char_len(const char *s, size_t n, size_t i)
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

/* ---- the checkpoints: characters and UTF-16 units counted from the
 * text's start at the first character boundary from every STEP-th byte,
 * so that a column is found without walking its line from the start ---- */

#define LSP_TEXT_STEP 256

static void checkpoints(lsp_text_t *t)
{
    t->cp_count = t->n / LSP_TEXT_STEP + 2;  /* the last at the text's end */
    t->cp = adj_xreallocarray(NULL, t->cp_count, sizeof *t->cp);
    size_t i = 0, chars = 0, u16 = 0;
    for (size_t k = 0; k < t->cp_count; k++) {
        size_t until = k + 1 == t->cp_count ? t->n : k * LSP_TEXT_STEP;
        while (i < until && i < t->n) {
            size_t c = lsp_char_len(t->s, t->n, i);
            i += c, chars++, u16 += units(c, LSP_UTF16);
        }
        t->cp[k] = (lsp_checkpoint_t){i, chars, u16};
    }
}

/* Between checkpoints k and k + 1 every character is one byte (ASCII or
 * stray bytes): a count there is a subtraction. */
static bool text_plain(const lsp_text_t *t, size_t k)
{
    return k + 1 < t->cp_count && t->cp[k + 1].at - t->cp[k].at == t->cp[k + 1].chars - t->cp[k].chars &&
           t->cp[k + 1].u16 - t->cp[k].u16 == t->cp[k + 1].chars - t->cp[k].chars;
}

/* The checkpoint at or before byte x. */
static size_t cp_before(const lsp_text_t *t, size_t x)
{
    size_t k = x / LSP_TEXT_STEP;
    if (k >= t->cp_count)
        k = t->cp_count - 1;
    while (k > 0 && t->cp[k].at > x)
        k--;
    return k;
}

/* The counts at byte x (a character boundary, or the walk stops before it). */
static lsp_checkpoint_t count_at(const lsp_text_t *t, size_t x)
{
    size_t k = cp_before(t, x);
    lsp_checkpoint_t c = t->cp[k];
    if (text_plain(t, k) && x <= t->cp[k + 1].at) {
        size_t d = x - c.at;
        return (lsp_checkpoint_t){x, c.chars + d, c.u16 + d};
    }
    while (c.at < x) {
        size_t l = lsp_char_len(t->s, t->n, c.at);
        if (c.at + l > x)
            break;
        c.at += l, c.chars++, c.u16 += units(l, LSP_UTF16);
    }
    return c;
}

/* The byte in [from, end] where the count (characters, or UTF-16 units
 * when u16) reaches `want` counted from `from`; a character it would split
 * is not entered. */
static size_t walk_to(const lsp_text_t *t, size_t from, size_t end, size_t want, bool u16)
{
    lsp_checkpoint_t c = count_at(t, from);
    size_t target = (u16 ? c.u16 : c.chars) + want;
    size_t lo = 0, hi = t->cp_count;  /* the last checkpoint at or before the target */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if ((u16 ? t->cp[mid].u16 : t->cp[mid].chars) <= target)
            lo = mid;
        else
            hi = mid;
    }
    if (t->cp[lo].at > c.at)
        c = t->cp[lo];
    size_t k = cp_before(t, c.at);
    if (text_plain(t, k)) {  /* one byte a character up to the next checkpoint */
        size_t now = u16 ? c.u16 : c.chars, to = t->cp[k + 1].at;
        size_t step = target - now < to - c.at ? target - now : to - c.at;
        c.at += step, c.chars += step, c.u16 += step;
    }
    while (c.at < end) {
        size_t l = lsp_char_len(t->s, t->n, c.at);
        size_t now = u16 ? c.u16 : c.chars, step = u16 ? units(l, LSP_UTF16) : 1;
        if (now + step > target || c.at + l > end)
            break;
        c.at += l, c.chars++, c.u16 += units(l, LSP_UTF16);
    }
    return c.at < end ? c.at : end;
}

/* ---- a text and its positions ---- */

void lsp_text_open(lsp_text_t *t, const char *s, size_t n)
{
    t->s = s ? s : "";
    t->n = n;
    lines_of(&t->ed, t->s, n, false);
    lines_of(&t->yaml, t->s, n, true);
    checkpoints(t);
}

void lsp_text_close(lsp_text_t *t)
{
    lines_free(&t->ed);
    lines_free(&t->yaml);
    free(t->cp);
    t->cp = NULL;
}

size_t lsp_text_offset(const lsp_text_t *t, size_t line, size_t ch, lsp_enc_t enc)
{
    if (line >= t->ed.count)
        return t->n;
    size_t from = t->ed.start[line], end = text_line_end(&t->ed, t->s, t->n, line);
    if (enc == LSP_UTF16)
        return walk_to(t, from, end, ch, true);
    size_t i = ch < end - from ? from + ch : end;
    size_t c = i;  /* inside a character: its start */
    while (c > from && c + 3 > i && ((unsigned char)t->s[c] & 0xC0) == 0x80)
        c--;
    return c < i && c + lsp_char_len(t->s, t->n, c) > i ? c : i;
}

void lsp_text_position(const lsp_text_t *t, size_t off, lsp_enc_t enc, size_t *line, size_t *ch)
{
    if (off > t->n)
        off = t->n;
    size_t li = line_of(&t->ed, off), end = text_line_end(&t->ed, t->s, t->n, li);
    if (off > end)
        off = end;
    size_t from = t->ed.start[li];
    *line = li;
    *ch = enc == LSP_UTF8 ? off - from : count_at(t, off).u16 - count_at(t, from).u16;
}

size_t lsp_text_cli(const lsp_text_t *t, size_t line, size_t column)
{
    if (line == 0 || line > t->yaml.count)
        return line == 0 ? 0 : t->n;
    size_t from = t->yaml.start[line - 1];
    return walk_to(t, from, text_line_end(&t->yaml, t->s, t->n, line - 1), column ? column - 1 : 0,
                   false);
}

size_t lsp_text_cli_line(const lsp_text_t *t, size_t off) { return line_of(&t->yaml, off) + 1; }

size_t lsp_text_cli_column(const lsp_text_t *t, size_t off)
{
    size_t from = t->yaml.start[line_of(&t->yaml, off)];
    return off < from ? 1 : count_at(t, off).chars - count_at(t, from).chars + 1;
}

size_t lsp_text_cli_end(const lsp_text_t *t, size_t line)
{
    return line && line <= t->yaml.count ? text_line_end(&t->yaml, t->s, t->n, line - 1) : t->n;
}

size_t lsp_text_cli_start(const lsp_text_t *t, size_t line)
{
    return line && line <= t->yaml.count ? t->yaml.start[line - 1] : line ? t->n : 0;
}

json_t *lsp_text_json_position(const lsp_text_t *t, size_t off, lsp_enc_t enc)
{
    size_t line, ch;
    lsp_text_position(t, off, enc, &line, &ch);
    return json_pack("{s:I,s:I}", "line", (json_int_t)line, "character", (json_int_t)ch);
}

json_t *lsp_text_range(const lsp_text_t *t, size_t from, size_t to, lsp_enc_t enc)
{
    return json_pack("{s:o,s:o}", "start", lsp_text_json_position(t, from, enc), "end",
                     lsp_text_json_position(t, to < from ? from : to, enc));
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

char *lsp_uri_path(const char *uri, size_t len)
{
    adj_buf_t b = {0};
    if (len < 7 || strncmp(uri, "file://", 7) != 0) {  /* not a file: the URI, NUL as %00 */
        for (size_t i = 0; i < len; i++)
            uri[i] ? adj_buf_putc(&b, uri[i]) : adj_buf_puts(&b, "%00");
        return b.data ? b.data : adj_xstrdup("");
    }
    const char *p = uri + 7, *end = uri + len;
    if (p < end && *p != '/') {  /* file://host/path: the host dropped (localhost) */
        const char *slash = memchr(p, '/', (size_t)(end - p));
        p = slash ? slash : end;
    }
    for (; p < end; p++) {
        int h1, h2;
        if (*p == '%' && end - p >= 3 && (h1 = hex(p[1])) >= 0 && (h2 = hex(p[2])) >= 0 &&
            (h1 || h2)) {
            adj_buf_putc(&b, (char)(h1 * 16 + h2));
            p += 2;
        } else if (!*p) {
            adj_buf_puts(&b, "%00");
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
