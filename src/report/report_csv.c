/* SPDX-License-Identifier: MIT */
/*
 * report_csv.c - `--format csv`: the summary's games (SPEC 5.1), one row
 * each, written as they come; RFC 4180 with CRLF, every line.
 *
 * A text field that starts with = + - @ TAB or CR gets a leading ' so that
 * a spreadsheet does not run it as a formula; then a field holding a comma,
 * a quote, CR or LF is quoted, its quotes doubled. Text from the log is
 * written as the JSON shows it (bytes that are not UTF-8, and NUL, become
 * U+FFFD); the file name as every report shows a name (SPEC 5 "Names").
 * The format exists only with --summary: it has no audit of its own.
 */
#include "adj_report.h"

#include <string.h>

/* The length of the valid UTF-8 sequence at s (at most n bytes), 0 if none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
                                : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (!len || len > n || (len == 2 && c < 0xC2))
        return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; k++)
        cp = cp << 6 | (s[k] & 0x3F);
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

/* Text as UTF-8: invalid bytes and NUL as U+FFFD. */
static void valid_text(adj_buf_t *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_len(s + i, n - i);
        if (len == 0 || s[i] == 0) {
            adj_buf_puts(out, "\xEF\xBF\xBD");
            i++;
        } else {
            adj_buf_put(out, str + i, len);
            i += len;
        }
    }
}

/* One text field, formula-safe and quoted as RFC 4180 needs; `sep` first. */
static void field(adj_buf_t *out, const char *s, size_t n, bool first)
{
    if (!first)
        adj_buf_putc(out, ',');
    if (!s)
        return;  /* a null: an empty field */
    adj_buf_t t = {0};
    if (n && s[0] && strchr("=+-@\t\r", s[0]))
        adj_buf_putc(&t, '\'');
    valid_text(&t, s, n);
    const char *d = t.data ? t.data : "";
    bool quote = t.len && (memchr(d, ',', t.len) || memchr(d, '"', t.len) ||
                           memchr(d, '\r', t.len) || memchr(d, '\n', t.len));
    if (!quote) {
        adj_buf_put(out, d, t.len);
    } else {
        adj_buf_putc(out, '"');
        for (size_t i = 0; i < t.len; i++) {
            if (d[i] == '"')
                adj_buf_putc(out, '"');
            adj_buf_putc(out, d[i]);
        }
        adj_buf_putc(out, '"');
    }
    adj_buf_free(&t);
}

static void field_str(adj_buf_t *out, const char *s) { field(out, s, s ? strlen(s) : 0, false); }

static void number(adj_buf_t *out, bool present, int64_t v)
{
    adj_buf_putc(out, ',');
    if (present)
        adj_buf_printf(out, "%lld", (long long)v);
}

static void csv_begin(adj_buf_t *out, const adj_report_opts_t *o)
{
    (void)o;
    adj_buf_puts(out, "file,scenario,side1,player1,vp1,claimed1,side2,player2,vp2,claimed2,"
                      "verdict,errors,warnings,claim,winner,winner_player,level,margin,round,played,"
                      "rated\r\n");
}

static void csv_summary(adj_buf_t *out, adj_buf_t *more, const adj_summary_game_t *g,
                        const adj_report_opts_t *o)
{
    (void)more;
    (void)o;
    static const char *const claim[] = {"none", "stands", "wrong"};
    adj_buf_t name = {0};
    adj_escape_name(&name, g->file);
    field(out, name.data ? name.data : "", name.len, true);
    adj_buf_free(&name);
    field(out, g->scenario, g->scenario_len, false);
    for (int s = 0; s < 2; s++) {
        field(out, g->has_header ? g->sides[s] : NULL, g->side_len[s], false);
        field(out, g->players[s], g->player_len[s], false);
        number(out, g->replayed, g->vp[s]);
        number(out, g->replayed && g->has_claim && g->claim_present[s], g->claim[s]);
    }
    field_str(out, g->unfinished ? "unfinished" : g->errors ? "errors" : "clean");
    number(out, true, (int64_t)g->errors);
    number(out, true, (int64_t)g->warnings);
    field_str(out, claim[g->claim_verdict]);
    bool won = g->has_result && g->winner >= 0;
    field(out, won ? g->sides[g->winner] : NULL, won ? g->side_len[g->winner] : 0, false);
    field(out, won ? g->players[g->winner] : NULL, won ? g->player_len[g->winner] : 0, false);
    field_str(out, g->has_result ? g->level : NULL);
    number(out, g->has_result, g->margin);
    number(out, g->round > 0, g->round);
    field_str(out, g->played[0] ? g->played : NULL);
    field_str(out, g->rated < 0 ? NULL : g->rated ? "yes" : "no");
    adj_buf_puts(out, "\r\n");
}

/* The games only: no standings, no totals. */
static void csv_summary_end(adj_buf_t *out, const adj_buf_t *rows, const adj_buf_t *more,
                            const adj_summary_t *s, const adj_report_opts_t *o)
{
    (void)out;
    (void)rows;
    (void)more;
    (void)s;
    (void)o;
}

const adj_reporter_t adj_reporter_csv = {
    .name = "csv",
    .help = "a summary's games as CSV rows, for a spreadsheet (with --summary)",
    .summary_begin = csv_begin,
    .summary = csv_summary,
    .summary_end = csv_summary_end,
};
