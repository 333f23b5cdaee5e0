/* SPDX-License-Identifier: MIT */
/*
 * adj_fix.h - `adjutant fix` (SPEC 12), private to the program: the
 * replacements it makes in a log's bytes, and the unified diff of them.
 */
#ifndef ADJ_FIX_H
#define ADJ_FIX_H

#include "adj_common.h"
#include "adj_audit.h"
#include "adj_diag.h"

#include <stdio.h>

/* One replacement: bytes [offset, offset + length) of the log become
 * `text` (ASCII, in the log's encoding once written). */
typedef struct adj_edit_s {
    uint64_t offset;
    uint64_t length;
    char *text;          /* owned */
    size_t text_len;
} adj_edit_t;

/* fix_diff.c: write to `out` the unified diff (context 3) that turns the
 * UTF-8 log `log` (n bytes) into the log with the `count` replacements
 * made (sorted by offset, not overlapping), `--- a/NAME` and `+++ b/NAME`
 * first. Nothing when count is 0. False on a write error. */
bool adj_diff_write(FILE *out, const char *name, const char *log, size_t n,
                    const adj_edit_t *edits, size_t count);

/* fix.c: which cases of `code` fix settles, in a few words (the
 * catalogue's `fixable_when`); NULL when it settles none. */
const char *adj_fix_when(adj_code_t code);

/* fix (SPEC 12) in memory, for the language server's quick fix: what
 * `adjutant fix NAME` would do to the UTF-8 log `log` (not changed). */
typedef struct adj_fix_mend_s {
    adj_mark_t event;    /* the event a correction is in */
    adj_code_t code;     /* the finding it mends */
} adj_fix_mend_t;

typedef struct adj_fix_result_s {
    adj_edit_t *edits;   /* owned, texts owned: sorted by offset, apart */
    size_t edit_count;
    adj_fix_mend_t *mends;  /* owned */
    size_t mend_count;
} adj_fix_result_t;

/* True and *res when fix would rewrite the log and change it; false
 * (res empty) when it changes nothing or refuses (said on standard error
 * as fix says it). */
bool adj_fix_bytes(const char *name, const adj_audit_opts_t *o, const adj_buf_t *log,
                   adj_fix_result_t *res);
void adj_fix_result_free(adj_fix_result_t *r);

#endif
