/* SPDX-License-Identifier: MIT */
/*
 * fuzz_audit.c - libFuzzer target: the whole audit of one file, reader ->
 * engine -> both reporters, under every ruling, with the output checked.
 *
 * The input is a log file, optionally preceded by one selector byte. A log
 * never starts with a byte in 0x80..0xBF (a UTF-8 continuation byte, which
 * libyaml refuses at the start of a stream), so such a first byte is taken
 * as a choice of options and the log is the rest:
 *
 *   0x80..0xAF  the rulings, combination (byte - 0x80) of the 48 (SPEC 6.1)
 *   0xB0..0xBF  `--at` (SPEC 6.2): bit 3 set = line:L, clear = turn:N; the
 *               next byte is the value (line: byte + 1, turn: signed byte);
 *               bits 0-2 choose recovery, repeat-wound and illness-left
 *
 * With a selector byte the engine also tells each leader's story (the
 * `on_step` callback `adjutant explain` uses), so that code is fuzzed too.
 * Any other first byte: the default rulings, no story (audit's fast path),
 * and the whole input is the log. So a plain .yaml file is a valid input
 * (fuzz/regressions/ and the seeds), and one inserted byte reaches every
 * ruling.
 *
 * Invariants, checked on every input (abort() on violation):
 *   - JSON: exactly one line, a valid JSON object followed by '\n', valid
 *     UTF-8, no raw control byte < 0x20 before the final newline;
 *   - text (no colour) and the summary (its row aligned, and the totals):
 *     valid UTF-8, no byte < 0x20 but '\n', no 0x7F, no C1 control
 *     (U+0080..U+009F): nothing from a log may reach a terminal as a
 *     control sequence; the JSON summary row is one valid object;
 *   - every diagnostic is 1-based, the list is sorted, errors + warnings
 *     add up, and JSON "ok" agrees with the error count;
 *   - every story step names a roster leader, an event, a rule and a text;
 *   - SPEC 4 stops: a file whose replay never began was stopped; a stopped
 *     audit has exactly one yaml-syntax, yaml-alias or bad-document, and it
 *     is the last diagnostic found (nothing more is reported after it);
 *   - SPEC 3.1 states: a wounded or ill leader has a level 1..5 (6 or more
 *     kills or incapacitates), any other status level 0; only a leader in
 *     play shows his Inactive side; replaced_by names a roster leader;
 *   - SPEC 3.7 replacements: only a dead or incapacitated leader is
 *     replaced, by another of his side, now out of reserve, who replaces
 *     nobody else;
 *   - the same bytes give the same report however they arrive: the log
 *     is audited again, delivered in chunks of pseudo-random sizes (1 to
 *     64 bytes mostly, seeded by the input, so a crash replays), and the
 *     JSON reports must be identical (issue 14, items 1-2);
 *   - SPEC 3.8 tally (while every part is remembered): each side's VPs are
 *     the sum of its parts; each dead leader gave VPs exactly once, and no
 *     one else did (an incapacitated leader gives none);
 *   - SPEC 8 status (with a selector byte, the log is replayed a second
 *     time as `status` replays it): its JSON and text reports pass the
 *     checks above; every pending obligation names the open activation's
 *     leader, one of each kind at most, created at or after its line;
 *     nothing is pending once `end` was reached.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_report.h"
#include "engine_impl.h"  /* white-box: the invariants are on the engine's insides */

static void fail(const char *what, const adj_buf_t *out, size_t at)
{
    fprintf(stderr, "fuzz_audit: invariant violated: %s", what);
    if (out)
        fprintf(stderr, " (byte %zu of %zu: 0x%02X)", at, out->len,
                at < out->len ? (unsigned)(unsigned char)out->data[at] : 0u);
    fputc('\n', stderr);
    if (out && out->data) {
        size_t from = at > 80 ? at - 80 : 0;
        size_t to = at + 80 < out->len ? at + 80 : out->len;
        fputs("  near: ", stderr);
        for (size_t i = from; i < to; i++) {
            unsigned char c = (unsigned char)out->data[i];
            if (c >= 0x20 && c < 0x7F)
                fputc(c, stderr);
            else
                fprintf(stderr, "\\x%02X", c);
        }
        fputc('\n', stderr);
    }
    abort();
}

/* ------------------------------------------------------------------ */
/* Options from the first byte                                         */
/* ------------------------------------------------------------------ */

/* Mixed-radix decode of `combo` into one value per ruling. */
static void rulings_from(adj_rulings_t *rs, unsigned combo)
{
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        unsigned n = (unsigned)adj_ruling_value_count((adj_ruling_t)r);
        rs->value[r] = (int)(combo % n);
        combo /= n;
    }
}

/* explain's callback: check the step and read all of it. */
static volatile size_t sink;

static void on_step(void *ctx, const adj_step_t *st)
{
    const adj_audit_t *a = ctx;
    if (!a->engine)
        fail("a story step before the replay began", NULL, 0);
    if (st->leader < 0 || (size_t)st->leader >= a->engine->header->leader_count)
        fail("a story step for a leader outside the roster", NULL, 0);
    if (!st->event || !st->rule || !st->text)
        fail("a story step without event, rule or text", NULL, 0);
    if (st->mark.line == 0 || st->mark.column == 0)
        fail("a story step mark is not 1-based", NULL, 0);
    sink += strlen(st->event) + strlen(st->rule) + strlen(st->text);
}

/* Returns how many leading bytes the options took. */
static size_t options_from(adj_audit_opts_t *o, adj_audit_t *a, const uint8_t *data,
                           size_t size)
{
    memset(o, 0, sizeof *o);
    if (size == 0 || data[0] < 0x80 || data[0] > 0xBF)
        return 0;
    o->on_step = on_step;
    o->step_ctx = a;
    unsigned b = data[0];
    if (b < 0xB0) {
        rulings_from(&o->rulings, b - 0x80u);
        return 1;
    }
    o->rulings.value[ADJ_RULING_RECOVERY] = (int)(b & 1);
    o->rulings.value[ADJ_RULING_REPEAT_WOUND] = (int)((b >> 1) & 1);
    o->rulings.value[ADJ_RULING_ILLNESS_LEFT] = (int)((b >> 2) & 1);
    uint8_t v = size > 1 ? data[1] : 0;
    if (b & 8) {
        o->at.kind = ADJ_AT_LINE;
        o->at.value = (int64_t)v + 1;
    } else {
        o->at.kind = ADJ_AT_TURN;
        o->at.value = (int8_t)v;
    }
    return size > 1 ? 2 : 1;
}

/* ------------------------------------------------------------------ */
/* UTF-8 and JSON checks                                               */
/* ------------------------------------------------------------------ */

/* Length of the well-formed UTF-8 sequence at s (RFC 3629), 0 if none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c == 0xE0)
        len = 3, lo = 0xA0;
    else if (c == 0xED)
        len = 3, hi = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF)
        len = 3;
    else if (c == 0xF0)
        len = 4, lo = 0x90;
    else if (c == 0xF4)
        len = 4, hi = 0x8F;
    else if (c >= 0xF1 && c <= 0xF3)
        len = 4;
    else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

/* Text for a terminal: valid UTF-8, no C0 control but '\n', no DEL, no C1. */
static void check_text(const adj_buf_t *out, const char *what)
{
    const unsigned char *s = (const unsigned char *)out->data;
    char msg[128];
    for (size_t i = 0; i < out->len;) {
        unsigned char c = s[i];
        if ((c < 0x20 && c != '\n') || c == 0x7F) {
            snprintf(msg, sizeof msg, "%s holds a raw control byte", what);
            fail(msg, out, i);
        }
        size_t len = utf8_len(s + i, out->len - i);
        if (len == 0) {
            snprintf(msg, sizeof msg, "%s is not valid UTF-8", what);
            fail(msg, out, i);
        }
        if (len == 2 && c == 0xC2 && s[i + 1] < 0xA0) {
            snprintf(msg, sizeof msg, "%s holds a raw C1 control (U+0080..U+009F)", what);
            fail(msg, out, i);
        }
        i += len;
    }
    if (out->data && strlen(out->data) != out->len) {
        snprintf(msg, sizeof msg, "%s holds a NUL byte", what);
        fail(msg, out, strlen(out->data));
    }
}

/* A small strict JSON validator (RFC 8259) over the reporter's output. */
typedef struct json_s {
    const adj_buf_t *out;
    const unsigned char *s;
    size_t n, i;
    int depth;
} json_t;

static void json_fail(json_t *j, const char *what) { fail(what, j->out, j->i); }

static void json_ws(json_t *j)
{
    while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\r'))
        j->i++;  /* no '\n' inside: one object per line */
}

static void json_value(json_t *j);

static void json_string(json_t *j)
{
    if (j->i >= j->n || j->s[j->i] != '"')
        json_fail(j, "JSON: a string was expected");
    j->i++;
    for (;;) {
        if (j->i >= j->n)
            json_fail(j, "JSON: unterminated string");
        unsigned char c = j->s[j->i];
        if (c == '"') {
            j->i++;
            return;
        }
        if (c < 0x20)
            json_fail(j, "JSON: a raw control byte in a string");
        if (c == '\\') {
            if (j->i + 1 >= j->n)
                json_fail(j, "JSON: a dangling backslash");
            unsigned char e = j->s[j->i + 1];
            if (e == 'u') {
                if (j->i + 6 > j->n)
                    json_fail(j, "JSON: a short \\u escape");
                for (size_t k = j->i + 2; k < j->i + 6; k++) {
                    unsigned char h = j->s[k];
                    if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') ||
                          (h >= 'A' && h <= 'F')))
                        json_fail(j, "JSON: a bad \\u escape");
                }
                j->i += 6;
            } else if (strchr("\"\\/bfnrt", e) && e) {
                j->i += 2;
            } else {
                json_fail(j, "JSON: an unknown escape");
            }
            continue;
        }
        size_t len = utf8_len(j->s + j->i, j->n - j->i);
        if (len == 0)
            json_fail(j, "JSON: a string is not valid UTF-8");
        j->i += len;
    }
}

static void json_number(json_t *j)
{
    size_t start = j->i;
    if (j->i < j->n && j->s[j->i] == '-')
        j->i++;
    if (j->i >= j->n || j->s[j->i] < '0' || j->s[j->i] > '9')
        json_fail(j, "JSON: a bad number");
    if (j->s[j->i] == '0')
        j->i++;
    else
        while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
            j->i++;
    if (j->i < j->n && (j->s[j->i] == '.' || j->s[j->i] == 'e' || j->s[j->i] == 'E'))
        json_fail(j, "JSON: a non-integer number (adjutant prints integers only)");
    if (j->i - start > 20)
        json_fail(j, "JSON: a number longer than any int64");
}

static void json_lit(json_t *j, const char *lit)
{
    size_t n = strlen(lit);
    if (j->i + n > j->n || memcmp(j->s + j->i, lit, n) != 0)
        json_fail(j, "JSON: a bad literal");
    j->i += n;
}

static void json_members(json_t *j, char close, bool object)
{
    j->i++;  /* the opening bracket */
    if (++j->depth > 16)
        json_fail(j, "JSON: nested deeper than the format ever needs");
    json_ws(j);
    if (j->i < j->n && j->s[j->i] == (unsigned char)close) {
        j->i++;
        j->depth--;
        return;
    }
    for (;;) {
        json_ws(j);
        if (object) {
            json_string(j);
            json_ws(j);
            if (j->i >= j->n || j->s[j->i] != ':')
                json_fail(j, "JSON: ':' expected");
            j->i++;
        }
        json_value(j);
        json_ws(j);
        if (j->i >= j->n)
            json_fail(j, "JSON: unterminated object or array");
        if (j->s[j->i] == ',') {
            j->i++;
            continue;
        }
        if (j->s[j->i] != (unsigned char)close)
            json_fail(j, "JSON: ',' or a closing bracket expected");
        j->i++;
        j->depth--;
        return;
    }
}

static void json_value(json_t *j)
{
    json_ws(j);
    if (j->i >= j->n)
        json_fail(j, "JSON: a value was expected");
    switch (j->s[j->i]) {
    case '{':
        json_members(j, '}', true);
        break;
    case '[':
        json_members(j, ']', false);
        break;
    case '"':
        json_string(j);
        break;
    case 't':
        json_lit(j, "true");
        break;
    case 'f':
        json_lit(j, "false");
        break;
    case 'n':
        json_lit(j, "null");
        break;
    default:
        json_number(j);
        break;
    }
}

static void check_json(const adj_buf_t *out, const adj_audit_t *a)
{
    const unsigned char *s = (const unsigned char *)out->data;
    if (!s || out->len < 2 || s[out->len - 1] != '\n')
        fail("JSON: the object does not end with a newline", out, out->len);
    if (strlen(out->data) != out->len)
        fail("JSON: a NUL byte in the output", out, strlen(out->data));
    for (size_t i = 0; i + 1 < out->len; i++)
        if (s[i] < 0x20)
            fail("JSON: a raw control byte < 0x20", out, i);
    for (size_t i = 0; i < out->len;) {
        size_t len = utf8_len(s + i, out->len - i);
        if (len == 0)
            fail("JSON: the output is not valid UTF-8", out, i);
        i += len;
    }
    json_t j = {out, s, out->len - 1, 0, 0};
    json_ws(&j);
    if (j.i >= j.n || s[j.i] != '{')
        json_fail(&j, "JSON: the line is not an object");
    json_value(&j);
    json_ws(&j);
    if (j.i != j.n)
        json_fail(&j, "JSON: bytes after the object");
    const char *ok = a->diags.errors ? "\"ok\": false" : "\"ok\": true";
    if (!strstr(out->data, ok))
        fail("JSON: \"ok\" disagrees with the error count", out, 0);
}

static void check_diags(const adj_audit_t *a)
{
    const adj_diags_t *d = &a->diags;
    if (d->errors + d->warnings != d->count)
        fail("errors + warnings != diagnostics", NULL, 0);
    for (size_t i = 0; i < d->count; i++) {
        const adj_diag_t *g = &d->items[i];
        if (g->mark.line == 0 || g->mark.column == 0)
            fail("a diagnostic mark is not 1-based", NULL, 0);
        if ((unsigned)g->code >= ADJ_DIAG_COUNT || !g->rule || !g->message)
            fail("a diagnostic without code, rule or message", NULL, 0);
        if (i > 0) {
            const adj_diag_t *p = &d->items[i - 1];
            if (p->mark.line > g->mark.line ||
                (p->mark.line == g->mark.line && p->mark.column > g->mark.column))
                fail("diagnostics are not sorted by line and column", NULL, 0);
        }
    }
}

static bool is_stop_code(adj_code_t c)
{
    return c == ADJ_D_YAML_SYNTAX || c == ADJ_D_YAML_ALIAS || c == ADJ_D_BAD_DOCUMENT;
}

/* A stop ends the audit: nothing is reported after it, except that the
 * header problems of SPEC 1.2 step 1 come together, each its own
 * bad-document, before any replay. */
static void check_stops(const adj_audit_t *a)
{
    const adj_diags_t *d = &a->diags;
    size_t stops = 0, first_stop = SIZE_MAX;
    bool other_than_bad_document = false;
    for (size_t i = 0; i < d->count; i++) {
        if (!is_stop_code(d->items[i].code))
            continue;
        stops++;
        other_than_bad_document |= d->items[i].code != ADJ_D_BAD_DOCUMENT;
        if (d->items[i].seq < first_stop)
            first_stop = d->items[i].seq;
    }
    if (!a->engine && !d->stopped)
        fail("no replay, but the audit was not stopped", NULL, 0);
    if (d->stopped != (stops > 0))
        fail("`stopped` disagrees with the stop diagnostics", NULL, 0);
    if (stops > 1 && (other_than_bad_document || a->engine))
        fail("more than one stop, other than the header's bad-documents before the replay",
             NULL, 0);
    for (size_t i = 0; stops && i < d->count; i++)
        if (d->items[i].seq > first_stop && !is_stop_code(d->items[i].code))
            fail("a diagnostic was reported after the one that stopped the audit", NULL, 0);
}

static void check_replacements(const adj_engine_t *e)
{
    size_t n = e->header->leader_count;
    for (size_t i = 0; i < n; i++) {
        int32_t r = e->leaders[i].replaced_by;
        if (r < 0 || (size_t)r >= n)
            continue;
        const adj_leader_state_t *l = &e->leaders[i], *rs = &e->leaders[r];
        if (l->status != ADJ_ST_DEAD && l->status != ADJ_ST_INCAPACITATED)
            fail("a leader who is not lost was replaced", NULL, 0);
        if ((size_t)r == i)
            fail("a leader replaced himself", NULL, 0);
        if (e->header->leaders[r].side != e->header->leaders[i].side)
            fail("a leader was replaced from the other side", NULL, 0);
        if (!e->book[r].replacing || rs->status == ADJ_ST_RESERVE)
            fail("a replacement is not marked replacing, or still in reserve", NULL, 0);
        for (size_t j = i + 1; j < n; j++)
            if (e->leaders[j].replaced_by == r)
                fail("one leader replaces two", NULL, 0);
    }
}

static void check_tally(const adj_engine_t *e)
{
    if (e->contrib_count > ADJ_MAX_CONTRIBS)
        return;  /* the parts past the array are not remembered */
    int64_t sum[2] = {0, 0};
    size_t n = e->header->leader_count;
    for (size_t i = 0; i < e->contrib_count; i++) {
        const adj_contrib_t *c = &e->contribs[i];
        if (c->side != 0 && c->side != 1)
            fail("a tally part for no side", NULL, 0);
        if (c->points > ((int64_t)1 << 40) || c->points < -((int64_t)1 << 40))
            return;  /* huge awards saturate: the sum is not exact */
        sum[c->side] += c->points;
        if (c->leader >= 0) {
            if ((size_t)c->leader >= n)
                fail("a tally part for a leader outside the roster", NULL, 0);
            if (e->leaders[c->leader].status != ADJ_ST_DEAD)
                fail("VPs were counted for a leader who is not dead", NULL, 0);
            if (c->side == e->header->leaders[c->leader].side)
                fail("a leader's death gave VPs to his own side", NULL, 0);
            for (size_t j = i + 1; j < e->contrib_count; j++)
                if (e->contribs[j].leader == c->leader)
                    fail("a leader's death was counted twice", NULL, 0);
        }
    }
    for (size_t l = 0; l < n; l++) {
        if (e->leaders[l].status != ADJ_ST_DEAD)
            continue;
        bool counted = false;
        for (size_t i = 0; i < e->contrib_count; i++)
            counted = counted || e->contribs[i].leader == (int32_t)l;
        if (!counted)
            fail("a dead leader gave no VPs", NULL, 0);
    }
    if (sum[0] != e->vp[0] || sum[1] != e->vp[1])
        fail("a side's VPs are not the sum of the tally's parts", NULL, 0);
}

static void check_states(const adj_audit_t *a)
{
    const adj_engine_t *e = a->engine;
    if (!e)
        return;
    for (size_t i = 0; i < e->header->leader_count; i++) {
        const adj_leader_state_t *s = &e->leaders[i];
        if ((unsigned)s->status >= ADJ_STATUS_COUNT)
            fail("a leader's status is out of range", NULL, 0);
        bool afflicted = s->status == ADJ_ST_WOUNDED || s->status == ADJ_ST_ILL;
        if (afflicted && (s->level < 1 || s->level > 5))
            fail("a wounded or ill leader's level is outside 1..5", NULL, 0);
        if (!afflicted && s->level != 0)
            fail("a leader neither wounded nor ill has a level", NULL, 0);
        if (s->inactive && !adj_status_in_play(s->status))
            fail("a leader out of play shows his Inactive side", NULL, 0);
        if (s->replaced_by < -1 || (s->replaced_by >= 0 &&
                                    (size_t)s->replaced_by >= e->header->leader_count))
            fail("replaced_by is outside the roster", NULL, 0);
    }
    check_replacements(e);
    check_tally(e);
}

/* --summary: the text row is one line, and the run's end made of it (the
 * row, its columns aligned, the standings and the totals) is safe text
 * ending in the totals line; the JSON row is one valid object. */
static void check_summary(const adj_audit_t *a, const adj_report_opts_t *ro)
{
    const adj_reporter_t *text = adj_reporter_find("text"), *json = adj_reporter_find("json");
    adj_summary_game_t g;
    adj_summary_game_init(&g, (adj_audit_t *)a, false);
    adj_summary_t sum = {0};
    char *names[1] = {a->file};
    adj_summary_add(&sum, &g, 0, names);
    adj_summary_finish(&sum);
    adj_buf_t row = {0}, out = {0}, more = {0};
    text->summary(&row, &more, &g, ro);
    if (row.len == 0 || row.data[row.len - 1] != '\n' || memchr(row.data, '\n', row.len - 1))
        fail("the summary row is not exactly one line", &row, 0);
    text->summary_end(&out, &row, &more, &sum, ro);
    check_text(&out, "the summary");
    size_t last = out.len > 1 ? out.len - 1 : 0;  /* the last line's start */
    while (last > 0 && out.data[last - 1] != '\n')
        last--;
    if (out.len < 8 || out.data[out.len - 1] != '\n' || out.len - last < 7 ||
        memcmp(out.data + last, "total: ", 7) != 0)
        fail("the summary does not end with its totals line", &out, 0);
    adj_buf_reset(&row);
    json->summary(&row, &more, &g, ro);
    check_json(&row, a);
    adj_buf_free(&row);
    adj_buf_free(&out);
    adj_buf_free(&more);
    adj_summary_free(&sum);
    adj_summary_game_free(&g);
}

/* SPEC 3.4 and 8: what a replay says is owed, and the open activation. */
static void check_pending(const adj_audit_t *a)
{
    if (!a->replayed)
        return;
    const adj_replay_t *r = &a->result;
    const adj_activation_t *act = &r->activation;
    if (act->leader < -1 || (act->leader >= 0 && (size_t)act->leader >= r->header->leader_count))
        fail("the open activation's leader is outside the roster", NULL, 0);
    if (r->ended && (r->pending_count || act->leader >= 0))
        fail("something is pending or open after `end`", NULL, 0);
    unsigned kinds = 0;
    for (size_t i = 0; i < r->pending_count; i++) {
        const adj_obligation_t *o = &r->pending[i];
        if ((unsigned)o->kind >= ADJ_OB_COUNT || (kinds >> o->kind) & 1u)
            fail("a pending obligation of no kind, or two of one kind", NULL, 0);
        kinds |= 1u << o->kind;
        if (o->leader != act->leader || o->mark.line < act->mark.line)
            fail("a pending obligation outside the open activation", NULL, 0);
    }
}

/* The log replayed as `status` replays it, and its two reports. */
static void check_status(const uint8_t *data, size_t size, const adj_audit_opts_t *opts)
{
    adj_audit_opts_t o = *opts;
    o.open_end = true;
    o.at.kind = ADJ_AT_NONE;
    o.on_step = NULL;
    adj_audit_t a;
    adj_audit_bytes(&a, data, size, "fuzz.yaml", &o);
    check_diags(&a);
    check_pending(&a);
    adj_report_opts_t ro = {.audit = &o, .color = false};
    adj_buf_t out = {0};
    adj_reporter_find("json")->status(&out, &a, &ro);
    check_json(&out, &a);
    adj_buf_reset(&out);
    adj_reporter_find("text")->status(&out, &a, &ro);
    check_text(&out, "the status report");
    adj_buf_free(&out);
    adj_audit_free(&a);
}

/* The JSON report of the same log delivered in pseudo-random chunks. */
static void check_chunked(const uint8_t *log, size_t size, const adj_audit_opts_t *opts,
                          const adj_buf_t *whole)
{
    enum { MAX_CHUNKS = 512 };
    size_t chunks[MAX_CHUNKS], n = 0;
    uint64_t x = 0x9E3779B97F4A7C15u ^ size;  /* seeded by the input: replayable */
    for (size_t i = 0; i < size; i++)
        x = (x ^ log[i]) * 0x100000001B3u;
    for (size_t total = 0; total < size && n < MAX_CHUNKS; n++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        chunks[n] = (x & 7) == 0 ? 1 + (x >> 8) % 4096 : 1 + (x >> 8) % 64;
        total += chunks[n];
    }
    adj_audit_opts_t o = *opts;
    o.on_step = NULL;  /* the story does not change the report */
    o.step_ctx = NULL;
    o.chunks = chunks;
    o.chunk_count = n;
    adj_audit_t b;
    adj_audit_bytes(&b, log, size, "fuzz.yaml", &o);
    adj_report_opts_t ro = {.audit = &o, .color = false};
    adj_buf_t out = {0};
    adj_reporter_find("json")->audit(&out, &b, &ro);
    if (out.len != whole->len || memcmp(out.data, whole->data, out.len) != 0) {
        size_t at = 0;
        while (at < out.len && at < whole->len && out.data[at] == whole->data[at])
            at++;
        fail("the report differs when the input comes in chunks", &out, at);
    }
    adj_buf_free(&out);
    adj_audit_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    adj_audit_opts_t opts;
    adj_audit_t a;
    size_t skip = options_from(&opts, &a, data, size);
    adj_audit_bytes(&a, data + skip, size - skip, "fuzz.yaml", &opts);
    check_diags(&a);
    check_stops(&a);
    check_states(&a);

    adj_report_opts_t ro = {.audit = &opts, .color = false};
    adj_buf_t out = {0};
    adj_reporter_find("json")->audit(&out, &a, &ro);
    check_json(&out, &a);
    check_chunked(data + skip, size - skip, &opts, &out);

    adj_buf_reset(&out);
    adj_reporter_find("text")->audit(&out, &a, &ro);
    check_text(&out, "the text report");

    adj_buf_free(&out);
    check_summary(&a, &ro);
    check_pending(&a);
    adj_audit_free(&a);
    if (skip)
        check_status(data + skip, size - skip, &opts);
    return 0;
}
