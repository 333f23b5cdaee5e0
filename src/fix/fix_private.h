/* SPDX-License-Identifier: MIT */
/*
 * fix_private.h - the insides of `fix` (SPEC 12), shared by its files:
 * fix.c (a correction pass in memory: collected from one replay, refused
 * when the log is not wholly seen, held to the original's replay),
 * fix_correct.c (the corrections, one table), fix_place.c (where each
 * goes in the bytes, and making them), fix_comments.c (the comments of a
 * value replaced whole, kept), fix_text.c (the log's encoding and line
 * breaks) and cmd_fix.c (the command).
 */
#ifndef ADJ_FIX_PRIVATE_H
#define ADJ_FIX_PRIVATE_H

#include "adj_fix.h"
#include "adj_msg.h"

/* The log's encoding: each ASCII character written as 1 or 2 bytes. */
typedef enum fix_enc_e { FIX_UTF8, FIX_UTF16LE, FIX_UTF16BE } fix_enc_t;

/* One correction, with what standard error says of it. */
typedef struct fix_item_s {
    adj_edit_t edit;        /* text owned; offset/length as the entry gave them */
    adj_edit_t *more;       /* owned, texts owned: the edits that keep the comments
                               inside a value replaced whole (fix_comments.c), after `edit` */
    size_t more_count;
    adj_span_t value;       /* the value as written, for the message */
    adj_mark_t event;       /* the event's first key, for a refusal */
    adj_mark_t key;         /* its key, for a claim left to a person */
    char *field;            /* owned: "mp", "end", a side's name */
    adj_code_t code;
    bool tally;             /* the `end` claim: the regenerated tally is written */
    bool left;              /* an empty value whose key has no `:`: left to a person */
} fix_item_t;

/* What the original's replay gave, to hold the corrected one to (SPEC 12). */
typedef struct fix_before_s {
    size_t counts[ADJ_DIAG_COUNT];
    adj_leader_state_t *leaders;  /* owned copy */
    size_t leader_count;
    bool ended, turn_begun;
    int64_t turn, vp[2];
} fix_before_t;

typedef struct fix_s {
    const char *name;       /* borrowed: the file as given */
    adj_buf_t *log;         /* borrowed: the bytes read */
    fix_enc_t enc;
    fix_item_t *items;      /* owned array: by entry, then in file order (fix_place) */
    size_t count, cap;
    const adj_header_t *header;  /* borrowed from the reader, during the replay */
} fix_t;

/* fix_correct.c: what entry `en`, just fed, drew from diagnostic `from`
 * on: each correction of the table for its kind, into f->items. */
void fix_entry(fix_t *f, const adj_engine_t *eng, const adj_entry_t *en, const adj_diags_t *d,
               size_t from, bool was_over);

/* fix_text.c: the log's encoding, its code unit's width, a unit, the line
 * breaks. */
fix_enc_t fix_encoding(const adj_buf_t *b);
unsigned fix_enc_width(fix_enc_t enc);
unsigned fix_unit_at(const fix_t *f, size_t at);
size_t fix_break_at(const fix_t *f, size_t at);
/* The bytes of the line break that ends just before `end` (not before
 * `from`), 0 when none. */
size_t fix_break_before(const fix_t *f, size_t from, size_t end);

/* fix_place.c: where each correction goes in the bytes. */
/* Each item placed at its bytes (a value after its `:`, the comments of
 * one replaced whole kept); false when one cannot be (said why). */
bool fix_place(fix_t *f);
/* The edits to make, sorted by offset (owned array, texts borrowed). */
adj_edit_t *fix_edits(const fix_t *f, size_t *n);
/* The edits made in `b`, in the log's encoding. */
void fix_apply(adj_buf_t *b, const adj_edit_t *e, size_t n, fix_enc_t enc);

/* fix_comments.c: the edit of a value replaced whole split around the
 * comments inside it, so that each stays, in order (it->more). */
void fix_keep_comments(fix_t *f, fix_item_t *it);

/* fix.c: the replay's hook that collects the corrections (ctx: the fix_t),
 * what the original's replay gave, a log refused whole, the corrected
 * log's replay held to the original's, and the end. */
void fix_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                  bool was_over);
void fix_before_take(const fix_t *f, const adj_audit_t *a, fix_before_t *b);
bool fix_refused(const fix_t *f, const adj_diags_t *d);
const char *fix_differs(const fix_t *f, const fix_before_t *b, const adj_audit_t *a,
                        adj_buf_t *why);
void fix_free(fix_t *f, fix_before_t *b);

#endif
