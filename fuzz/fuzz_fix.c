/* SPDX-License-Identifier: MIT */
/*
 * fuzz_fix.c - libFuzzer target: `adjutant fix` (SPEC 12) of one file,
 * its corrected log held to the original's replay.
 *
 * The input is a log file, optionally preceded by one selector byte in
 * 0x80..0xAF (a log never starts with a UTF-8 continuation byte): the
 * rulings, combination (byte - 0x80) of the 48, as in fuzz_audit.c; with
 * one, `fix --diff` is run too (for its crashes only).
 *
 * fix is the command itself (adj_command_fix.run): the functions of the
 * front end it calls are given here instead of cli.c and slurp.c: reading
 * the file hands it the input, writing standard output keeps the bytes,
 * an error message is kept. Its change lines on standard error go to
 * /dev/null (`stderr` is swapped once libFuzzer has taken its own).
 *
 * Invariants, checked on every input (abort() on violation):
 *   - fix never refuses because its own replay of the corrected text
 *     differs (that check is a safety net: its firing is a bug in the
 *     corrections);
 *   - when fix writes a log (exit 0 or 1), the corrected log's audit is
 *     the original's but for the corrected claims: the same end, turn,
 *     tally and every leader's state; each finding's count the same,
 *     except that the codes fix corrects (imc-mismatch, result-mismatch,
 *     vp-mismatch, state-mismatch, vp-tally-mismatch, and bad-field and
 *     duplicate-key inside a claim replaced whole) may only fall, and
 *     move-exceeds-mp follows the IMC;
 *   - fix of its output writes the same bytes, with the same exit status;
 *   - a log whose audit draws none of the corrected codes, nor a null
 *     `end`, comes back byte for byte;
 *   - no crash, leak or undefined behaviour (ASan, UBSan).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_cli.h"

extern const adj_command_t adj_command_fix;  /* cmd_fix.c */

static FILE *real_stderr;
static adj_buf_t written;         /* standard output, as adj_run_write got it */
static adj_buf_t errors;          /* adj_msg_error's messages */

static void fail(const char *what)
{
    fprintf(real_stderr, "fuzz_fix: invariant violated: %s\n", what);
    if (errors.len)
        fprintf(real_stderr, "  fix said: %s", errors.data);
    abort();
}

/* ---- the front end's functions, for fix.c ---- */

void adj_msg_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[4096];
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    adj_buf_printf(&errors, "%s\n", line);
}

bool adj_run_write(const adj_buf_t *b)
{
    adj_buf_put(&written, b->data, b->len);
    return true;
}

void adj_msg_error_name(const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[4096];
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    adj_buf_printf(&errors, "%s: %s\n", name, line);
}

void adj_run_error_io(const char *name, int err)
{
    adj_buf_printf(&errors, "%s: error %d\n", name, err);
}

int adj_run_flush(int status) { return status; }

/* messages go to a buffer, which cannot fail as a full stderr can */
bool adj_msg_failed(void) { return false; }

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    real_stderr = stderr;
    FILE *null = fopen("/dev/null", "w");
    if (null)
        stderr = null;
    if (freopen("/dev/null", "w", stdout) == NULL)  /* --diff writes there */
        return 0;
    return 0;
}

/* ---- the checks ---- */

static void rulings_from(adj_rulings_t *rs, unsigned combo)
{
    for (int r = 0; r < ADJ_RULING_COUNT; r++) {
        unsigned n = (unsigned)adj_ruling_value_count((adj_ruling_t)r);
        rs->value[r] = (int)(combo % n);
        combo /= n;
    }
}

/* fix of `data`: its exit status; the corrected log in `written`. */
static int run_fix(const uint8_t *data, size_t size, const adj_audit_opts_t *o, bool diff)
{
    const char *args[1] = {"fuzz.yaml"};
    adj_buf_t log = {0};  /* the runner reads the log once (the row's input) */
    adj_buf_put(&log, (const char *)data, size);
    if (!log.data)
        adj_buf_put(&log, "", 0);
    adj_config_t c = {.audit = *o, .args = args, .arg_count = 1, .diff = diff, .input = &log};
    adj_buf_reset(&written);
    adj_buf_reset(&errors);
    int status = adj_command_fix.run(&c);
    adj_buf_free(&log);
    /* at a line's start: a log's own text, quoted in a message, may hold the words */
    const char *e = errors.data ? errors.data : "";
    static const char refused[] = "fuzz.yaml: not rewritten: the corrected log would not replay";
    if (strncmp(e, refused, sizeof refused - 1) == 0 || strstr(e, "\nfuzz.yaml: not rewritten: "
                                                               "the corrected log would not replay"))
        fail("fix refused its own correction: its replay differs");
    return status;
}

static bool corrected_code(adj_code_t c)
{
    return c == ADJ_D_IMC_MISMATCH || c == ADJ_D_RESULT_MISMATCH || c == ADJ_D_VP_MISMATCH ||
           c == ADJ_D_STATE_MISMATCH || c == ADJ_D_VP_TALLY_MISMATCH || c == ADJ_D_BAD_FIELD ||
           c == ADJ_D_DUPLICATE_KEY;
}

static void count_codes(const adj_audit_t *a, size_t *n)
{
    for (size_t i = 0; i < a->diags.count; i++)
        n[a->diags.items[i].code]++;
}

/* The corrected log `b` replays as the original `a` but for the claims. */
static void same_replay(const adj_audit_t *a, const adj_audit_t *b)
{
    if (b->diags.stopped || !b->replayed)
        fail("the corrected log stops where the original did not");
    const adj_replay_t *x = &a->result, *y = &b->result;
    if (x->ended != y->ended || x->vp[0] != y->vp[0] || x->vp[1] != y->vp[1] ||
        x->turn_begun != y->turn_begun || x->turn != y->turn)
        fail("the corrected log's end, turn or tally differ");
    if (x->header->leader_count != y->header->leader_count)
        fail("the corrected log's roster differs");
    for (size_t i = 0; i < x->header->leader_count; i++) {
        const adj_leader_state_t *p = &x->leaders[i], *q = &y->leaders[i];
        if (p->status != q->status || p->level != q->level || p->inactive != q->inactive ||
            p->replaced_by != q->replaced_by)
            fail("a leader's state differs in the corrected log");
    }
    size_t n[ADJ_DIAG_COUNT] = {0}, m[ADJ_DIAG_COUNT] = {0};
    count_codes(a, n);
    count_codes(b, m);
    for (int c = 0; c < ADJ_DIAG_COUNT; c++) {
        if (c == ADJ_D_MOVE_EXCEEDS_MP)
            continue;
        if (m[c] > n[c] || (m[c] < n[c] && !corrected_code((adj_code_t)c))) {
            fprintf(real_stderr, "fuzz_fix: %s: %zu before, %zu after\n",
                    adj_code_name((adj_code_t)c), n[c], m[c]);
            fail("the corrected log's findings differ but for the corrected claims");
        }
    }
}

/* Nothing fix corrects: no corrected code, no `end: ~` claim. */
static bool nothing_to_correct(const adj_audit_t *a)
{
    for (size_t i = 0; i < a->diags.count; i++)
        if (corrected_code(a->diags.items[i].code) && a->diags.items[i].code != ADJ_D_BAD_FIELD &&
            a->diags.items[i].code != ADJ_D_DUPLICATE_KEY)
            return false;
    return !(a->replayed && a->result.ended && !a->result.has_claim);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    adj_audit_opts_t o;
    memset(&o, 0, sizeof o);
    size_t skip = 0;
    if (size && data[0] >= 0x80 && data[0] < 0xB0) {
        rulings_from(&o.rulings, data[0] - 0x80u);
        skip = 1;
    }
    const uint8_t *log = data + skip;
    size_t n = size - skip;
    int status = run_fix(log, n, &o, false);
    if (status == 2)
        return 0;  /* not rewritten: a stop, a value's bytes unknown, UTF-16 --diff */
    adj_buf_t out = {0};
    adj_buf_put(&out, written.data ? written.data : "", written.len);

    adj_audit_t a, b;
    adj_audit_bytes(&a, log, n, "fuzz.yaml", &o);
    adj_audit_bytes(&b, out.data, out.len, "fuzz.yaml", &o);
    same_replay(&a, &b);
    if (nothing_to_correct(&a) && (out.len != n || memcmp(out.data, log, n) != 0))
        fail("a log with nothing to correct did not come back byte for byte");
    adj_audit_free(&a);
    adj_audit_free(&b);

    int again = run_fix((const uint8_t *)out.data, out.len, &o, false);
    if (again != status)
        fail("fix of fix's output exits otherwise");
    if (written.len != out.len || memcmp(written.data, out.data, out.len) != 0)
        fail("fix of fix's output changes it");
    if (skip)
        run_fix(log, n, &o, true);
    adj_buf_free(&out);
    return 0;
}
