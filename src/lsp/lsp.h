/* SPDX-License-Identifier: MIT */
/*
 * lsp.h - `adjutant lsp`, the language server (SPEC 14), private to the
 * program: the framing of JSON-RPC messages (lsp_frame.c), the editor's
 * text and its positions (lsp_text.c), the checks that turn the one replay
 * into diagnostics (lsp_check.c), the requests beyond diagnostics
 * (lsp_scan.c, lsp_feature.c, lsp_outline.c, lsp_fix.c), the server that
 * ties them (lsp_server.c, lsp_dispatch.c) and its loop over standard
 * input (lsp_main.c). cmd_lsp.c is the command's row. JSON is read and written
 * with jansson; no lsp_*.c enters the page's WebAssembly build
 * (web/build.sh leaves them out; the row there says the server is not in
 * the page).
 */
#ifndef ADJ_LSP_H
#define ADJ_LSP_H

#include "adj_audit.h"

#include <jansson.h>

/* ---- limits (SPEC 14 "Protocol and bad input") ---- */
#define LSP_MAX_MESSAGE ((size_t)64 << 20)  /* a body past this is skipped unread */
#define LSP_MAX_HEADER 8192                 /* one header block, at most */
#define LSP_MAX_TOKENS ((size_t)1 << 20)    /* JSON values in one body, at most */
#define LSP_MAX_DOCS 64
#define LSP_MAX_TEXT ((size_t)256 << 20)    /* text held over all documents */
#define LSP_DEBOUNCE_MS 20                  /* a check starts this long after the last change */

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

void lsp_lines_editor(lsp_lines_t *l, const char *s, size_t n);
void lsp_lines_yaml(lsp_lines_t *l, const char *s, size_t n);
void lsp_lines_free(lsp_lines_t *l);
/* The end of line i (before its break), in bytes. */
size_t lsp_line_end(const lsp_lines_t *l, const char *s, size_t n, size_t i);

/* An editor position (0-based line, character in enc's units) as a byte
 * offset: clamped to the line's end, never inside a character. */
size_t lsp_offset(const lsp_lines_t *l, const char *s, size_t n, size_t line, size_t ch,
                  lsp_enc_t enc);
/* A byte offset as an editor position. */
void lsp_position(const lsp_lines_t *l, const char *s, size_t n, size_t off, lsp_enc_t enc,
                  size_t *line, size_t *ch);
/* The CLI's line:column (1-based; column in characters) as a byte offset,
 * with yaml the CLI's lines of the same text. */
size_t lsp_yaml_offset(const lsp_lines_t *yaml, const char *s, size_t n, size_t line,
                       size_t column);
/* A JSON {"line", "character"} for byte offset `off`. */
json_t *lsp_json_position(const lsp_lines_t *l, const char *s, size_t n, size_t off,
                          lsp_enc_t enc);
/* A JSON range over bytes [from, to). */
json_t *lsp_json_range(const lsp_lines_t *l, const char *s, size_t n, size_t from, size_t to,
                       lsp_enc_t enc);

/* ---- documents ---- */

typedef enum lsp_kind_e { LSP_OTHER, LSP_LOG, LSP_LADDER } lsp_kind_t;

typedef struct lsp_doc_s {
    char *uri;            /* owned: as the client sent it */
    char *path;           /* owned: the file name (file:// decoded), or the URI */
    adj_buf_t text;       /* owned: the editor's text */
    int64_t version;
    lsp_kind_t kind;
    bool dirty;           /* changed since its last check */
    int64_t changed_ms;   /* when it last changed */
    bool checked;         /* a check was published for it */
    struct lsp_doc_s *next;
} lsp_doc_t;

/* What kind of document a text and path are (SPEC 14 "Which documents"). */
lsp_kind_t lsp_doc_kind(const char *path, const char *text, size_t n);
/* The file name of a URI: a file:// URI percent-decoded, else the URI. Owned. */
char *lsp_uri_path(const char *uri);
/* A file:// URI for an absolute path. Owned. */
char *lsp_path_uri(const char *path);

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

/* ---- lsp_feature.c, lsp_outline.c: requests on a document ---- */

/* The result of a request on an open log (JSON null when none). The
 * server's own state is passed as what the feature needs. */
json_t *lsp_hover(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off);
json_t *lsp_definition(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off);
json_t *lsp_completion(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc, size_t off);
json_t *lsp_symbols(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc);
json_t *lsp_code_actions(const lsp_doc_t *d, const lsp_config_t *c, lsp_enc_t enc,
                         json_t *diags);

#endif
