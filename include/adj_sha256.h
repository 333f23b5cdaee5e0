/* SPDX-License-Identifier: MIT */
/*
 * adj_sha256.h - SHA-256 (FIPS 180-4), streaming: the summary's duplicate
 * check digests each file's counted rolls (SPEC 5.1). Our own, small, so
 * that the same code builds for WebAssembly (no OpenSSL there).
 */
#ifndef ADJ_SHA256_H
#define ADJ_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { ADJ_SHA256_LEN = 32 };

typedef struct adj_sha256_s {
    uint32_t h[8];
    uint64_t bytes;           /* bytes digested so far */
    unsigned char block[64];  /* the block being filled: bytes % 64 of it */
} adj_sha256_t;

void adj_sha256_init(adj_sha256_t *c);
void adj_sha256_update(adj_sha256_t *c, const void *data, size_t n);
/* The digest of everything given; `c` is spent (init it again to reuse). */
void adj_sha256_final(adj_sha256_t *c, unsigned char out[ADJ_SHA256_LEN]);

#endif
