/* SPDX-License-Identifier: MIT */
/*
 * lsp_server.h - the language server's state, shared by its protocol
 * (lsp_server.c), its method table (lsp_dispatch.c) and its requests
 * (lsp_feature.c): private to lsp_*.c.
 */
#ifndef ADJ_LSP_SERVER_H
#define ADJ_LSP_SERVER_H

#include "lsp.h"

struct lsp_server_s {
    lsp_config_t config;
    lsp_write_fn write;
    void *write_ctx;          /* borrowed */
    lsp_frame_t frame;        /* owned: the message being read */
    lsp_doc_t *docs;          /* owned: the open documents, newest first */
    size_t doc_count;
    size_t text_bytes;        /* their text, together */
    lsp_enc_t enc;            /* the positions' units, as negotiated */
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
/* A line on standard error (never standard output: it holds the protocol). */
void lsp_log(lsp_server_t *s, const char *what);

/* lsp_dispatch.c: one parsed message (borrowed). */
void lsp_dispatch(lsp_server_t *s, json_t *msg);
/* A message over 64 MiB was skipped; `start` is its first bytes: a change
 * of a document closes that document (SPEC 14). */
void lsp_skipped(lsp_server_t *s, const char *start, size_t n);

lsp_doc_t *lsp_doc_find(lsp_server_t *s, const char *uri);
/* Forget the document and publish an empty list for it. */
void lsp_doc_close(lsp_server_t *s, const char *uri);
/* Its text was set: its kind again, a check due (at once when `now`). */
void lsp_doc_touched(lsp_server_t *s, lsp_doc_t *d, bool now);
/* A ladder file changed: ladders read anew, every open log checked again. */
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
    lsp_lines_t ed, yaml;     /* owned */
    adj_audit_t audit;        /* owned: the replay (as status, or up to a line) */
    lsp_event_t *events;      /* owned, in file order */
    size_t count, cap;
} lsp_scan_t;

/* Replay d's text (up to `--at line:at_line` when at_line > 0). */
void lsp_scan(lsp_scan_t *s, const lsp_doc_t *d, const lsp_config_t *c, size_t at_line);
void lsp_scan_free(lsp_scan_t *s);
/* The roster's header, NULL when the replay never began. */
const adj_header_t *lsp_scan_header(const lsp_scan_t *s);
/* The CLI's line (1-based) of byte `off`; a mark's byte; a line's end. */
size_t lsp_scan_line(const lsp_scan_t *s, size_t off);
size_t lsp_scan_offset(const lsp_scan_t *s, adj_mark_t m);
size_t lsp_scan_line_end(const lsp_scan_t *s, size_t line);
json_t *lsp_scan_range(const lsp_scan_t *s, size_t from, size_t to, lsp_enc_t enc);
/* The index of the event whose item holds CLI line `line`, -1: none. */
long lsp_scan_event_at(const lsp_scan_t *s, size_t line);
/* Byte `off` lies in span sp (its end included: a cursor after a word). */
bool lsp_span_has(adj_span_t sp, size_t off);

#endif
