/* SPDX-License-Identifier: MIT */
/*
 * lsp_server.h - the language server's state, shared by its protocol
 * (lsp_server.c), its method table (lsp_dispatch.c) and its requests
 * (lsp_feature.c): private to lsp_*.c.
 */
#ifndef ADJ_LSP_SERVER_H
#define ADJ_LSP_SERVER_H

#include "lsp.h"

/* A queue of documents waiting for a check, in the order they came. */
typedef struct lsp_queue_list_s {
    lsp_doc_t *head, *tail;
} lsp_queue_list_t;

struct lsp_server_s {
    lsp_config_t config;
    lsp_write_fn write;
    void *write_ctx;          /* borrowed */
    lsp_frame_t frame;        /* owned: the message being read */
    lsp_doc_t *docs;          /* owned: the open documents, newest first */
    lsp_doc_t **table;        /* owned: the same, by URI (hash buckets) */
    size_t table_size;        /* a power of two, or 0 */
    size_t doc_count;
    size_t held;              /* bytes held: each document's LSP_DOC_OVERHEAD, URI, path, text */
    size_t ladder_docs;       /* open documents that are ladder files */
    lsp_queue_list_t queue[3];  /* by lsp_queue_t (LSP_Q_NONE unused) */
    bool over_told;           /* the bound's window/showMessage was sent (since under it) */
    lsp_enc_t enc;            /* the positions' units, as negotiated */
    bool hover_markdown;      /* the client takes Markdown in a hover */
    bool initialized;         /* `initialize` was answered */
    bool shutdown;            /* `shutdown` was answered */
    bool exited;              /* `exit` came */
    bool watch_dynamic;       /* the client registers watched files for us */
    int64_t next_id;          /* of the server's own requests */
    int64_t now;              /* the time of the latest feed or idle, ms */
};

/* Write a message (taking `msg`), a result (taking `result`; id borrowed),
 * an error, a notification (taking `params`). */
void lsp_send(lsp_server_t *s, json_t *msg);
void lsp_reply(lsp_server_t *s, json_t *id, json_t *result);
void lsp_error(lsp_server_t *s, json_t *id, int code, const char *message);
void lsp_notify(lsp_server_t *s, const char *method, json_t *params);
/* A result already written as JSON text (result[0..n), valid JSON). */
void lsp_reply_text(lsp_server_t *s, json_t *id, const char *result, size_t n);
/* A line on standard error (never standard output: it holds the protocol). */
void lsp_log(lsp_server_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* lsp_dispatch.c: one parsed message (borrowed). */
void lsp_dispatch(lsp_server_t *s, json_t *msg);
/* A message over 64 MiB was skipped; `start` is its first bytes: a change
 * of a document closes that document (SPEC 14). */
void lsp_skipped(lsp_server_t *s, const char *start, size_t n);

lsp_doc_t *lsp_doc_find(lsp_server_t *s, const char *uri, size_t len);
/* A document opened with text[0..n): NULL (and one diagnostic published
 * for it, saying why) when it would pass LSP_MAX_HELD. */
lsp_doc_t *lsp_doc_open(lsp_server_t *s, const char *uri, size_t len, const char *text,
                        size_t n, int64_t version);
/* Forget the document (when open) and publish an empty list for it; or
 * forget it alone. */
void lsp_doc_close(lsp_server_t *s, const char *uri, size_t len);
void lsp_doc_forget(lsp_server_t *s, const char *uri, size_t len);
/* The document is not held: one error diagnostic at its start says why. */
void lsp_doc_refused(lsp_server_t *s, const char *uri, size_t len, const char *why);
/* The bytes d's text may take, the other documents held as they are. */
size_t lsp_doc_room(const lsp_server_t *s, const lsp_doc_t *d);
/* d's text was replaced (its old length given): the bytes held again. */
void lsp_doc_resized(lsp_server_t *s, lsp_doc_t *d, size_t old_len);
/* Its text was set: its kind again, a check due (at once when `now`). */
void lsp_doc_touched(lsp_server_t *s, lsp_doc_t *d, bool now);
/* A ladder file changed (or anything a log reads from disk may have):
 * ladders read anew, every open log checked again. */
void lsp_ladders_changed(lsp_server_t *s);
/* Check d now if a change waits (a request reads the latest text). */
void lsp_flush_doc(lsp_server_t *s, lsp_doc_t *d);
/* The diagnostics of d: a log's, a ladder file's, or none. */
json_t *lsp_check_doc(lsp_server_t *s, const lsp_doc_t *d);
/* lsp_check.c: a ladder file's own problems (SPEC 13). */
json_t *lsp_check_ladder(const lsp_doc_t *d, lsp_enc_t enc);

/* ---- lsp_scan.c: a log as the requests read it ---- */

/* One event the reader gave, as the requests need it. */
typedef struct lsp_event_s {
    adj_event_kind_t kind;
    adj_mark_t mark;          /* its first key */
    int32_t leader, other;    /* roster indexes, -1: none */
    int64_t turn, roll;
    adj_span_t subject, by, leader_at;  /* the kind key's value, `by`, `leader` */
} lsp_event_t;

typedef struct lsp_scan_s {
    const char *text;         /* borrowed: the document's */
    size_t n;
    lsp_text_t t;             /* owned: its positions */
    lsp_yaml_t y;             /* owned: the items of `leaders` and `events`, when asked */
    bool replayed;            /* lsp_scan_replay ran: `audit` is owned */
    adj_audit_t audit;        /* the replay (as status, or up to a line) */
    lsp_event_t *events;      /* owned, in file order */
    size_t count, cap;
} lsp_scan_t;

/* d's text and its positions (and its items, when `items`: only as far
 * as the item holding byte `until`, SIZE_MAX for all); then its replay (up
 * to `--at line:at_line` when at_line > 0); or both at once. */
void lsp_scan_open(lsp_scan_t *s, const lsp_doc_t *d, bool items, size_t until);
void lsp_scan_replay(lsp_scan_t *s, const lsp_doc_t *d, const lsp_config_t *c, size_t at_line);
void lsp_scan(lsp_scan_t *s, const lsp_doc_t *d, const lsp_config_t *c, size_t at_line,
              bool items);
void lsp_scan_free(lsp_scan_t *s);
/* The roster's header, NULL when the replay never began. */
const adj_header_t *lsp_scan_header(const lsp_scan_t *s);
/* A mark's byte; a range over bytes; an extent's start and end bytes. */
size_t lsp_scan_offset(const lsp_scan_t *s, adj_mark_t m);
json_t *lsp_scan_range(const lsp_scan_t *s, size_t from, size_t to, lsp_enc_t enc);
size_t lsp_scan_ext_start(const lsp_scan_t *s, lsp_ext_t e);
size_t lsp_scan_ext_end(const lsp_scan_t *s, lsp_ext_t e);
/* The item of `items` (count of them) that holds byte `off`, -1: none. */
long lsp_scan_item_at(const lsp_scan_t *s, const lsp_item_t *items, size_t count, size_t off);
/* The event the reader read in item k of `events`, -1: none (dropped). */
long lsp_scan_event_of(const lsp_scan_t *s, size_t k);
/* Item k of `events` is a `turn` (or `activate`) by its first key. */
bool lsp_scan_item_is(const lsp_scan_t *s, size_t k, const char *key);
/* Byte `off` lies in span sp (its end included: a cursor after a word). */
bool lsp_span_has(adj_span_t sp, size_t off);

#endif
