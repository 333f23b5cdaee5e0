/*
 * reader_header_check.h - step 1 of SPEC 1.2, shared by the header stage
 * (reader_header.c) and its checks (reader_header_check.c).
 */
#ifndef ADJ_READER_HEADER_CHECK_H
#define ADJ_READER_HEADER_CHECK_H

#include "reader_private.h"

/* One bad-document of SPEC 1.2 step 1 (or 3): at key k's value, or at the
 * document's start when k is absent. */
#define header_bad(r, k, ...)                                                            \
    reader_stop(&(r)->st, ADJ_D_BAD_DOCUMENT,                                                 \
                (r)->header_seen[k] ? (r)->hv_mark[k] : (r)->doc_start, __VA_ARGS__)

/* Step 1 of SPEC 1.2 (reader_header_check.c): every header problem, each
 * in its own bad-document. False when any applied (the audit stops). */
bool reader_header_problems(adj_reader_t *r, hv_t events);

#endif
