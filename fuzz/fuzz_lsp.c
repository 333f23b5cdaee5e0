/* SPDX-License-Identifier: MIT */
/*
 * fuzz_lsp.c - libFuzzer target: the language server's message reader
 * and dispatcher (SPEC 14), fed a client's byte stream.
 *
 * Two forms of input. A first byte 0xFF: the rest is the raw stream,
 * headers and all, fed in pieces whose sizes come from the bytes
 * themselves (framing, cut headers, bad lengths). Otherwise the input is
 * message bodies separated by NUL bytes, each framed with its right
 * Content-Length after an `initialize` of the target's own (so that the
 * fuzzer spends its time in the methods, documents and positions, not in
 * finding a header). The checks run as they would between messages
 * (lsp_server_idle, the clock moving 7 ms a message), then all at the end.
 *
 * Invariants, checked on every input (abort() on violation):
 *   - everything the server writes is framed messages: `Content-Length: N`,
 *     a blank line, N bytes of a JSON object with "jsonrpc": "2.0";
 *   - no crash, leak, hang or undefined behaviour (ASan, UBSan).
 *
 * The server's front-end calls (fix.c's messages, reading a ladder file
 * for go to definition) are given here: messages kept nowhere, no file read.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_cli.h"
#include "lsp.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_lsp: invariant violated: %s\n", what);
    abort();
}

/* ---- the front end's functions, for fix.c and lsp_feature.c ---- */

void adj_msg_error(const char *fmt, ...) { (void)fmt; }
void adj_msg_error_name(const char *name, const char *fmt, ...) { (void)name, (void)fmt; }
void adj_run_error_io(const char *name, int err) { (void)name, (void)err; }
bool adj_run_write(const adj_buf_t *b) { (void)b; return true; }
int adj_run_flush(int status) { return status; }
bool adj_slurp(const char *path, size_t limit, adj_buf_t *out, adj_slurp_status_t *st)
{
    (void)path, (void)limit, (void)out;
    *st = ADJ_SLURP_IO;
    return false;
}

/* ---- what the server writes ---- */

static void check_out(void *ctx, const char *b, size_t n)
{
    (void)ctx;
    static const char head[] = "Content-Length: ";
    if (n < sizeof head || memcmp(b, head, sizeof head - 1) != 0)
        fail("a message without its header");
    char *end;
    unsigned long long len = strtoull(b + sizeof head - 1, &end, 10);
    if (strncmp(end, "\r\n\r\n", 4) != 0 || (size_t)(end + 4 - b) + len != n)
        fail("a Content-Length that is not the body's length");
    json_error_t err;
    json_t *m = json_loadb(end + 4, (size_t)len, 0, &err);
    if (!json_is_object(m) || !json_is_string(json_object_get(m, "jsonrpc")) ||
        strcmp(json_string_value(json_object_get(m, "jsonrpc")), "2.0") != 0)
        fail("a body that is not a JSON-RPC 2.0 object");
    json_decref(m);
}

static void frame(lsp_server_t *s, const uint8_t *body, size_t n, int64_t now)
{
    char head[64];
    int h = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", n);
    lsp_server_feed(s, head, (size_t)h, now);
    lsp_server_feed(s, (const char *)body, n, now);
}

static const char init[] = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                           "{\"capabilities\":{\"general\":{\"positionEncodings\":[\"utf-8\"]},"
                           "\"workspace\":{\"didChangeWatchedFiles\":"
                           "{\"dynamicRegistration\":true}}}}}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lsp_config_t c = {{0}};
    lsp_server_t *s = lsp_server_new(&c, check_out, NULL);
    int64_t now = 0;
    int status;
    if (size && data[0] == 0xFF) {  /* the raw stream, in pieces */
        for (size_t i = 1; i < size && !lsp_server_exited(s, &status);) {
            size_t piece = 1 + data[i] % 64 * 16;
            piece = piece < size - i ? piece : size - i;
            lsp_server_feed(s, (const char *)data + i, piece, now += 7);
            lsp_server_idle(s, now, false);
            i += piece;
        }
    } else {
        frame(s, (const uint8_t *)init, sizeof init - 1, now);
        for (size_t i = 0; i < size && !lsp_server_exited(s, &status);) {
            const uint8_t *z = memchr(data + i, 0, size - i);
            size_t n = z ? (size_t)(z - (data + i)) : size - i;
            frame(s, data + i, n, now += 7);
            lsp_server_idle(s, now, false);
            i += n + 1;
        }
    }
    lsp_server_idle(s, now + 1000, true);
    (void)lsp_server_eof(s);
    lsp_server_free(s);
    return 0;
}
