/* SPDX-License-Identifier: MIT */
/*
 * lsp.h - `adjutant lsp`, the language server (SPEC 14), private to the
 * program: the framing of JSON-RPC messages (lsp_frame.c), the editor's
 * text and its positions (lsp_text.c), a didChange's edits (lsp_edit.c),
 * a log's structure under the reader's limits (lsp_yaml.c), the checks
 * that turn the one replay into diagnostics (lsp_check.c), the requests
 * beyond diagnostics (lsp_scan.c, lsp_hover.c, lsp_feature.c,
 * lsp_outline.c, lsp_fix.c), the server that ties them (lsp_server.c: the
 * documents and the checks; lsp_dispatch.c: the methods with the
 * capabilities that promise them, one table; lsp_feed.c) and its loop over
 * standard input (lsp_main.c). cmd_lsp.c is the command's row. JSON is
 * read and written with jansson; no lsp_*.c enters the page's WebAssembly
 * build (web/build.sh leaves them out; the row there says the server is
 * not in the page).
 */
#ifndef ADJ_LSP_H
#define ADJ_LSP_H

#include "adj_audit.h"

#include <jansson.h>

/* ---- limits (SPEC 14 "Protocol and bad input") ---- */
#define LSP_MAX_MESSAGE ((size_t)64 << 20)  /* a body past this is skipped unread */
#define LSP_MAX_HEADER 8192                 /* one header block, at most */
#define LSP_MAX_TOKENS ((size_t)1 << 20)    /* JSON values in one body, at most */
#define LSP_MAX_HELD ((size_t)256 << 20)    /* bytes held over all documents: text, names */
#define LSP_DOC_OVERHEAD 256                /* a document's own bytes, counted with its text */
#define LSP_DEBOUNCE_MS 20                  /* a check starts this long after the last change */
#define LSP_CHECK_SLICE ((size_t)4 << 20)   /* bytes checked before reading input again */

/* ---- lsp_frame.c: Content-Length framing, fed bytes as they come ---- */

typedef enum lsp_frame_kind_e {
    LSP_FRAME_MESSAGE,    /* body, len: one whole body (borrowed until the next call) */
    LSP_FRAME_BAD_HEADER, /* a header block that says no length: -32700 */
    LSP_FRAME_TOO_BIG,    /* a body over LSP_MAX_MESSAGE, skipped: -32600;
                             body, len: its first bytes (at most 64 KiB) */
} lsp_frame_kind_t;

typedef struct lsp_frame_s {
    int state;            /* reading a header, a body, or skipping one */
    adj_buf_t head;       /* owned: the header block so far */
    adj_buf_t body;       /* owned: the body so far (or the skipped one's start) */
    size_t want;          /* the body's length */
    size_t skip;          /* bytes of a refused body still to skip */
} lsp_frame_t;

/* Take bytes from *p (n of them) until one frame is complete: returns 1
 * and its kind in *kind (body in f->body), having consumed *used bytes;
 * 0 when all n were consumed with no frame complete. */
int lsp_frame_next(lsp_frame_t *f, const char *p, size_t n, size_t *used,
                   lsp_frame_kind_t *kind);
void lsp_frame_free(lsp_frame_t *f);

/* The JSON values in body[0..n) exceed LSP_MAX_TOKENS (parsing it would
 * cost memory out of proportion): counted without parsing. */
bool lsp_frame_too_many(const char *body, size_t n);

/* ---- lsp_text.c: the editor's text and its positions ---- */

typedef enum lsp_enc_e { LSP_UTF16, LSP_UTF8 } lsp_enc_t;

/* Where lines start in a text: the editor's (LF, CRLF, CR) or the CLI's
 * (libyaml's: those and NEL, U+2028, U+2029; a leading BOM not counted). */
typedef struct lsp_lines_s {
    size_t *start;        /* owned: byte offset of each line's first byte */
    size_t count;
} lsp_lines_t;

typedef struct lsp_checkpoint_s {
    size_t at;            /* a byte, at a character's start */
    size_t chars, u16;    /* characters and UTF-16 units before it */
} lsp_checkpoint_t;

/* A text with its positions both ways, each found in time that does not
 * grow with its line's length (a one-line log of 20 MB): its lines, and
 * the characters and UTF-16 units counted at every 256th byte. */
typedef struct lsp_text_s {
    const char *s;        /* borrowed */
    size_t n;
    lsp_lines_t ed, yaml; /* owned: the editor's lines, the CLI's */
    lsp_checkpoint_t *cp; /* owned */
    size_t cp_count;
} lsp_text_t;

void lsp_text_open(lsp_text_t *t, const char *s, size_t n);
void lsp_text_close(lsp_text_t *t);
/* The length of the UTF-8 sequence at s[i] (1 for a stray byte). */
size_t lsp_char_len(const char *s, size_t n, size_t i);
/* An editor position (0-based line, character in enc's units) as a byte
 * offset: clamped to the line's end, never inside a character. */
size_t lsp_text_offset(const lsp_text_t *t, size_t line, size_t ch, lsp_enc_t enc);
/* A byte offset as an editor position. */
void lsp_text_position(const lsp_text_t *t, size_t off, lsp_enc_t enc, size_t *line, size_t *ch);
/* The CLI's line:column (1-based; column in characters) as a byte offset,
 * clamped to the line's end; a byte's CLI line; a CLI line's start and end. */
size_t lsp_text_cli(const lsp_text_t *t, size_t line, size_t column);
size_t lsp_text_cli_line(const lsp_text_t *t, size_t off);
size_t lsp_text_cli_column(const lsp_text_t *t, size_t off);
size_t lsp_text_cli_start(const lsp_text_t *t, size_t line);
size_t lsp_text_cli_end(const lsp_text_t *t, size_t line);
/* A JSON {"line", "character"} for byte `off`; a JSON range over [from, to). */
json_t *lsp_text_json_position(const lsp_text_t *t, size_t off, lsp_enc_t enc);
json_t *lsp_text_range(const lsp_text_t *t, size_t from, size_t to, lsp_enc_t enc);

/* ---- lsp_yaml.c: a log's structure, under the reader's limits ---- */

/* libyaml's marks: 0-based line, column in characters. */
typedef struct lsp_mark0_s {
    size_t line, col;
} lsp_mark0_t;

typedef struct lsp_ext_s {
    uint32_t sl, sc, el, ec;  /* from (sl, sc) to (el, ec) */
} lsp_ext_t;

/* An item of `leaders` or `events`: from its first mark to the end of its
 * last scalar or flow collection (comments after it not included). */
typedef struct lsp_item_s {
    lsp_ext_t ext;
    lsp_ext_t key;            /* its first key, when a mapping; sl UINT32_MAX: none */
} lsp_item_t;

typedef struct lsp_yaml_s {
    /* in: */
    const lsp_mark0_t *want;  /* borrowed, sorted: the starts whose extents are wanted */
    size_t want_count;
    bool items;               /* the items of `leaders` and `events` are wanted */
    bool has_stop;            /* nothing is wanted past `stop` (the items holding it end) */
    lsp_mark0_t stop;
    /* out: */
    lsp_ext_t *found;         /* owned, per want: the scalar or flow collection there */
    bool *has;                /* owned, per want: one was found */
    lsp_item_t *events, *leaders;  /* owned, in file order */
    size_t event_count, event_cap, leader_count, leader_cap;
    bool has_events, events_closed;  /* `events` began; its sequence ended */
    lsp_ext_t events_start, events_end;
} lsp_yaml_t;

/* One libyaml pass over s[0..n) (cut before the directive past 64, stopped
 * past 64 nested collections: the reader's limits). */
void lsp_yaml_scan(lsp_yaml_t *y, const char *s, size_t n);
void lsp_yaml_free(lsp_yaml_t *y);

/* ---- documents ---- */

typedef enum lsp_kind_e { LSP_OTHER, LSP_LOG, LSP_LADDER } lsp_kind_t;

typedef enum lsp_queue_e {
    LSP_Q_NONE,           /* checked: nothing waits */
    LSP_Q_NOW,            /* a check is due at once (opened, its ladder changed, saved) */
    LSP_Q_LATER,          /* changed: a check is due when the debounce ends */
} lsp_queue_t;

typedef struct lsp_doc_s {
    char *uri;            /* owned: as the client sent it (it may hold a NUL) */
    size_t uri_len;
    char *path;           /* owned: the file name (file:// decoded), or the URI */
    adj_buf_t text;       /* owned: the editor's text */
    int64_t version;
    lsp_kind_t kind;
    lsp_queue_t queue;    /* which queue of checks it waits in */
    int64_t changed_ms;   /* when it last changed */
    bool checked;         /* a check was published for it */
    size_t held;          /* the bytes it counts against LSP_MAX_HELD */
    struct lsp_doc_s *hnext;        /* the next of its hash bucket */
    struct lsp_doc_s *prev, *next;  /* every open document */
    struct lsp_doc_s *qprev, *qnext;  /* its queue */
} lsp_doc_t;

/* What kind of document a text and path are (SPEC 14 "Which documents"). */
lsp_kind_t lsp_doc_kind(const char *path, const char *text, size_t n);
/* The file name of a URI (len bytes): a file:// URI percent-decoded (a
 * NUL, which no file name holds, kept as %00), else the URI. Owned. */
char *lsp_uri_path(const char *uri, size_t len);
/* A file:// URI for an absolute path. Owned. */
char *lsp_path_uri(const char *path);

/* ---- lsp_edit.c: a didChange's changes ---- */

typedef enum lsp_edit_result_e {
    LSP_EDIT_OK,          /* applied */
    LSP_EDIT_BAD,         /* a change is malformed: nothing applied */
    LSP_EDIT_TOO_BIG,     /* the text would pass `limit` bytes: nothing applied */
} lsp_edit_result_t;

/* Apply `changes` (contentChanges: a JSON array) to text, positions in
 * enc's units, the text at most `limit` bytes after each. */
lsp_edit_result_t lsp_edit_apply(adj_buf_t *text, json_t *changes, lsp_enc_t enc, size_t limit);

/* ---- lsp_check.c: the one replay, as diagnostics ---- */

typedef struct lsp_config_s {
    adj_audit_opts_t audit;   /* the command line's rulings */
} lsp_config_t;

/* The diagnostics of `d` (a JSON array, owned by the caller). */
json_t *lsp_check(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc);

/* ---- lsp_server.c ---- */

typedef struct lsp_server_s lsp_server_t;

/* Where the server writes a whole framed message (bytes, n). */
typedef void (*lsp_write_fn)(void *ctx, const char *bytes, size_t n);

lsp_server_t *lsp_server_new(const lsp_config_t *c, lsp_write_fn write, void *ctx);
void lsp_server_free(lsp_server_t *s);
/* Bytes read from the client. */
void lsp_server_feed(lsp_server_t *s, const char *p, size_t n, int64_t now_ms);
/* Run the checks that are due at now_ms (all, when `all`). */
void lsp_server_idle(lsp_server_t *s, int64_t now_ms, bool all);
/* Milliseconds until the next check is due, -1 when none is waiting. */
int lsp_server_wait(const lsp_server_t *s, int64_t now_ms);
/* `exit` was received: true and *status (0 after shutdown, else 1). */
bool lsp_server_exited(const lsp_server_t *s, int *status);
/* The end of input: the exit status (0 after shutdown, else 1). */
int lsp_server_eof(const lsp_server_t *s);

/* ---- lsp_feature.c, lsp_outline.c, lsp_fix.c: requests on a document ---- */

/* What a request needs of the server's state. */
typedef struct lsp_request_s {
    const lsp_config_t *config;
    lsp_enc_t enc;
    bool markdown;            /* a hover in Markdown, else plain text */
    /* the document open in the editor whose file name is `path`, or NULL */
    const lsp_doc_t *(*open_doc)(void *ctx, const char *path);
    void *open_ctx;
} lsp_request_t;

/* The result of a request on an open log (JSON null when none). */
json_t *lsp_hover(const lsp_doc_t *d, const lsp_request_t *q, size_t off);
json_t *lsp_definition(const lsp_doc_t *d, const lsp_request_t *q, size_t off);
json_t *lsp_completion(const lsp_doc_t *d, const lsp_request_t *q, size_t off);
/* The outline, as JSON text appended to out. */
void lsp_symbols(const lsp_doc_t *d, const lsp_request_t *q, adj_buf_t *out);
json_t *lsp_code_actions(const lsp_doc_t *d, const lsp_request_t *q);

#endif
