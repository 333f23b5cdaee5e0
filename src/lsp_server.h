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

#endif
