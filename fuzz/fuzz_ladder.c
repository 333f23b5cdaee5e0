/* SPDX-License-Identifier: MIT */
/*
 * fuzz_ladder.c - libFuzzer target: a ladder file (SPEC 13) read by the
 * reader, then one small log completed from each of its scenarios.
 *
 * The input is an adjutant-ladder.yaml, byte for byte. Everything the
 * reader hands out (the document as data, every diagnostic) is read
 * through, and a fixed log naming each scenario in turn is read with the
 * scenario lent to it, so that ASan sees any pointer into freed or foreign
 * memory (the roster's texts are borrowed, not copied). Nothing may crash,
 * hang, leak or grow without bound, whatever the bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_reader.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_ladder: invariant violated: %s\n", what);
    abort();
}

static volatile size_t sink;

static void touch(const char *s, size_t n)
{
    if (s)
        sink += n + (n ? (unsigned char)s[n - 1] : 0);
}

static void touch_scenario(const adj_scenario_t *sc)
{
    touch(sc->name.text, sc->name.len);
    for (int i = 0; i < 2 && (sc->has & ADJ_SC_SIDES); i++)
        touch(sc->sides[i], sc->side_len[i]);
    for (size_t i = 0; i < sc->leader_count; i++) {
        const adj_sc_leader_t *l = &sc->leaders[i];
        if (!l->id || !l->side)
            fail("a scenario's roster entry without id or side");
        touch(l->id, strlen(l->id));
        touch(l->side, l->side_len);
        if (l->name)
            touch(l->name, strlen(l->name));
    }
    for (size_t i = 0; i < sc->victory_count; i++) {
        if (sc->victory[i].margin < 1 || !sc->victory[i].level)
            fail("a victory row with a margin < 1 or no level");
        touch(sc->victory[i].level, strlen(sc->victory[i].level));
    }
    for (size_t i = 0; i < sc->imc_count; i++)
        sink += (size_t)sc->imc[i][6];
}

static const adj_scenario_t *lend(void *ctx, const char *name, size_t len, adj_mark_t at,
                                  adj_diags_t *diags)
{
    (void)name, (void)len, (void)at, (void)diags;
    return ctx;
}

static const char LOG[] = "format: adjutant/1\nscenario: x\nevents:\n  - turn: 1\n  - end: ~\n";

/* The log, completed from scenario sc, read to its end. */
static void complete(const adj_scenario_t *sc)
{
    adj_diags_t d = {0};
    adj_reader_t *r = adj_reader_new_bytes(LOG, sizeof LOG - 1, "log.yaml", &d);
    adj_reader_set_ladder(r, lend, NULL, (void *)sc);
    for (;;) {
        const adj_entry_t *e;
        adj_read_status_t s = adj_reader_next(r, &e);
        if (s == ADJ_READ_HEADER) {
            const adj_header_t *h = adj_reader_header(r);
            for (size_t i = 0; i < h->leader_count; i++)
                touch(h->leaders[i].id, h->leaders[i].id_len);
        } else if (s != ADJ_READ_ENTRY && s != ADJ_READ_EVENTS_END) {
            break;
        }
    }
    adj_reader_free(r);
    adj_diags_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    adj_diags_t d = {0};
    adj_reader_t *r = adj_reader_new_bytes(data, size, "adjutant-ladder.yaml", &d);
    adj_ladder_doc_t doc;
    adj_reader_read_ladder(r, &doc);
    adj_reader_free(r);
    for (size_t i = 0; i < d.count; i++)
        if (d.items[i].mark.line == 0 || d.items[i].mark.column == 0 || !d.items[i].message)
            fail("a diagnostic that is not 1-based or has no message");
    touch(doc.name, doc.name ? strlen(doc.name) : 0);
    for (size_t i = 0; i < doc.ruling_count; i++)
        touch(doc.rulings[i].value, doc.rulings[i].value ? strlen(doc.rulings[i].value) : 0);
    for (size_t i = 0; i < doc.player_count; i++)
        for (size_t a = 0; a < doc.players[i].alias_count; a++)
            touch(doc.players[i].aliases[a].text, doc.players[i].aliases[a].len);
    for (size_t i = 0; i < doc.scenario_count; i++) {
        touch_scenario(&doc.scenarios[i]);
        if (i < 8)
            complete(&doc.scenarios[i]);
    }
    adj_ladder_doc_free(&doc);
    adj_diags_free(&d);
    return 0;
}
