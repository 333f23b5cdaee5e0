/* SPDX-License-Identifier: MIT */
/*
 * fuzz_reader.c - libFuzzer target: the streaming reader alone.
 *
 * The input is a log file, byte for byte. The reader is pulled until it
 * says DONE or STOP, and everything it hands out (the header, each entry,
 * every diagnostic) is read through, so that ASan sees any pointer into
 * freed or foreign memory. The reader must never crash, hang, leak or
 * grow without bound, whatever the bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_reader.h"

/* The harness's own invariant failed: a crash for libFuzzer to record. */
static void fail(const char *what)
{
    fprintf(stderr, "fuzz_reader: invariant violated: %s\n", what);
    abort();
}

/* Keeps the compiler from dropping the reads below. */
static volatile size_t sink;

static void touch(const char *s)
{
    if (s)
        sink += strlen(s);
}

static void touch_header(const adj_reader_t *r, const adj_header_t *h)
{
    if (!h)
        fail("ADJ_READ_HEADER without a header");
    touch(h->sides[0]);
    touch(h->sides[1]);
    if (h->leader_count == 0)
        fail("a header with an empty roster");
    for (size_t i = 0; i < h->leader_count; i++) {
        const adj_leader_def_t *d = &h->leaders[i];
        touch(d->id);
        touch(d->name);
        if (d->side != 0 && d->side != 1)
            fail("a leader's side is not 0 or 1");
        if (d->imc_row >= 0 && (size_t)d->imc_row >= h->imc_row_count)
            fail("a leader's imc_row is out of range");
        if (adj_reader_leader_index(r, d->id) != (int32_t)i)
            fail("a roster id does not look up to its own entry");
        sink += (size_t)d->vp + (size_t)d->wound;
    }
    for (size_t i = 0; i < h->imc_row_count; i++)
        for (int j = 0; j < 6; j++)
            sink += (size_t)h->imc_rows[i][j];
}

static void touch_entry(const adj_header_t *h, const adj_entry_t *e)
{
    if (!e)
        fail("ADJ_READ_ENTRY without an entry");
    if ((unsigned)e->kind >= ADJ_EVENT_COUNT)
        fail("an entry of an unknown kind");
    if (e->leader >= 0 && (size_t)e->leader >= h->leader_count)
        fail("an entry's leader is out of the roster");
    if (e->other >= 0 && (size_t)e->other >= h->leader_count)
        fail("an entry's other leader is out of the roster");
    touch(e->to);
    touch(e->reason);
    for (size_t i = 0; i < e->claim_count; i++) {
        touch(e->claim[i].key);
        sink += (size_t)e->claim[i].value;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    adj_diags_t diags = {0};
    adj_reader_t *r = adj_reader_new_bytes(data, size, "fuzz.yaml", &diags);
    if (!r)
        fail("adj_reader_new_bytes returned NULL");
    const adj_header_t *h = NULL;
    for (;;) {
        const adj_entry_t *e;
        adj_read_status_t st = adj_reader_next(r, &e);
        if (st == ADJ_READ_HEADER) {
            h = adj_reader_header(r);
            touch_header(r, h);
        } else if (st == ADJ_READ_ENTRY) {
            if (!h)
                fail("an entry before the header");
            touch_entry(h, e);
        } else if (st == ADJ_READ_EVENTS_END) {
            adj_mark_t m = adj_reader_events_end(r);
            sink += m.line;
        } else if (st == ADJ_READ_DONE || st == ADJ_READ_STOP) {
            /* a finished reader stays finished */
            if (adj_reader_next(r, &e) != st)
                fail("a finished reader changed its status");
            break;
        } else {
            fail("an I/O error reading memory");
        }
    }
    for (size_t i = 0; i < diags.count; i++) {
        const adj_diag_t *d = &diags.items[i];
        if (d->mark.line == 0 || d->mark.column == 0)
            fail("a diagnostic mark is not 1-based");
        touch(d->message);
        touch(d->leader);
    }
    if (diags.errors + diags.warnings != diags.count)
        fail("errors + warnings != diagnostics");
    adj_reader_free(r);
    adj_diags_free(&diags);
    return 0;
}
