/* SPDX-License-Identifier: MIT */
/*
 * fuzz_engine.c - libFuzzer target: well-formed logs built from the input,
 * for the engine's rules (SPEC 3) rather than the reader's syntax.
 *
 * Most byte-level mutations of a YAML log break its syntax, so fuzz_audit
 * spends much of its time in the reader. Here the input is a program that
 * writes a log which is always valid YAML: a small roster (ids a..d, one
 * unknown id e), an optional imc table, then events in flow style, each
 * kind with its fields drawn from small ranges around the legal values
 * (rolls 0..7, levels 1..7, turns near the current one, results and
 * statuses from their lists). The log then goes through fuzz_audit's
 * audit and all of its checks (outputs, diagnostics, stops, leader
 * states), under the rulings chosen by the first byte.
 *
 * Not run by `fuzz/run.sh` by default (CI runs the two main targets):
 *     FUZZ_TARGETS=fuzz_engine fuzz/run.sh 600
 */
#define LLVMFuzzerTestOneInput fuzz_audit_one
#include "fuzz_audit.c"
#undef LLVMFuzzerTestOneInput

typedef struct prog_s {
    const uint8_t *p;
    size_t n, i;
} prog_t;

/* The next input byte, 0 once the input is used up. */
static unsigned next(prog_t *g) { return g->i < g->n ? g->p[g->i++] : 0; }
static unsigned pick(prog_t *g, unsigned k) { return next(g) % k; }

static const char *const ids[] = {"a", "b", "c", "d", "e"};
static const char *const ill_results[] = {"none", "inactive", "ill"};
static const char *const dur_results[] = {"ill", "wounded", "incapacitated", "dead"};
static const char *const statuses[] = {"fit", "wounded", "ill", "incapacitated", "dead",
                                       "reserve"};

static void gen_log(adj_buf_t *y, prog_t *g)
{
    unsigned flags = next(g);
    int64_t first = (int64_t)pick(g, 3);
    int64_t last = first + (int64_t)pick(g, 6);
    adj_buf_printf(y, "format: adjutant/1\nfirst_turn: %lld\nlast_turn: %lld\n",
                   (long long)first, (long long)last);
    if (!(flags & 1))
        adj_buf_puts(y, "optional_rules: [illness]\n");
    adj_buf_puts(y, "sides: [CSA, USA]\nleaders:\n");
    unsigned nl = 1 + pick(g, 4);
    for (unsigned i = 0; i < nl; i++) {
        unsigned b = next(g);
        adj_buf_printf(y, "  - {id: %s, side: %s, initiative: %u, vp: %u", ids[i],
                       (b & 1) ? "USA" : "CSA", (b >> 1) & 3, (b >> 3) & 3);
        if ((b >> 5) & 1)
            adj_buf_printf(y, ", wound: %u", pick(g, 6));
        if ((b >> 6) & 1)
            adj_buf_puts(y, ", reserve: true");
        adj_buf_puts(y, "}\n");
    }
    if (flags & 2) {
        adj_buf_puts(y, "imc:\n");
        for (unsigned r = 0; r < 4; r++) {
            adj_buf_printf(y, "  %u: [", r);
            for (int k = 0; k < 6; k++)
                adj_buf_printf(y, "%s%u", k ? ", " : "", pick(g, 8));
            adj_buf_puts(y, "]\n");
        }
    }
    adj_buf_puts(y, "events:\n");
    int64_t turn = first;
    while (g->i < g->n) {
        unsigned op = next(g);
        const char *l = ids[pick(g, 5) % (nl + 1)];  /* nl: the unknown id */
        unsigned v = next(g);
        switch (op % 13) {
        case 0: /* turn: mostly the next one */
            turn += (v & 7) == 0 ? -1 : (v & 7) == 1 ? 2 : (v & 7) == 2 ? 0 : 1;
            adj_buf_printf(y, "  - {turn: %lld}\n", (long long)turn);
            break;
        case 1:
            adj_buf_printf(y, "  - {activate: %s, roll: %u", l, v & 7);
            if (v & 8)
                adj_buf_printf(y, ", modifier: %d", (int)((v >> 4) & 3) - 1);
            if (v & 64)
                adj_buf_printf(y, ", mp: %u", pick(g, 8));
            adj_buf_puts(y, "}\n");
            break;
        case 2:
            adj_buf_printf(y, "  - {move: %s, mp: %u, enemy_zoc: %s}\n", l, v & 7,
                           (v & 8) ? "true" : "false");
            break;
        case 3:
            adj_buf_printf(y, "  - {illness: %s, roll: %u", l, v & 7);
            if (v & 8)
                adj_buf_printf(y, ", result: %s", ill_results[(v >> 4) % 3]);
            adj_buf_puts(y, "}\n");
            break;
        case 4:
            adj_buf_printf(y, "  - {duration: %s, roll: %u", l, v & 7);
            if (v & 8)
                adj_buf_printf(y, ", result: %s", dur_results[(v >> 4) & 3]);
            adj_buf_puts(y, "}\n");
            break;
        case 5:
            adj_buf_printf(y, "  - {sustain: %s, roll: %u}\n", l, v & 7);
            break;
        case 6:
            adj_buf_printf(y, "  - {wound: %s, level: %u}\n", l, 1 + (v & 7));
            break;
        case 7:
            adj_buf_printf(y, "  - {flip: %s, to: %s}\n", l, (v & 1) ? "inactive" : "active");
            break;
        case 8:
            adj_buf_printf(y, "  - {replace: %s, by: %s}\n", l, ids[(v & 7) % (nl + 1)]);
            break;
        case 9:
            if (v & 1)
                adj_buf_printf(y, "  - {vp: %s, points: %u, leader: %s}\n",
                               (v & 2) ? "USA" : "CSA", (v >> 2) & 3, l);
            else
                adj_buf_printf(y, "  - {vp: %s, points: %d}\n", (v & 2) ? "USA" : "CSA",
                               (int)((v >> 2) & 7) - 1);
            break;
        case 10:
            adj_buf_printf(y, "  - {state: %s, status: %s", l, statuses[(v & 7) % 6]);
            if (v & 8)
                adj_buf_printf(y, ", level: %u", (v >> 4) & 7);
            if (v & 128)
                adj_buf_printf(y, ", inactive: %s", (v & 64) ? "true" : "false");
            adj_buf_puts(y, "}\n");
            break;
        case 11:
            if (v & 1)
                adj_buf_puts(y, "  - {end: ~}\n");
            else
                adj_buf_printf(y, "  - {end: {CSA: %u, USA: %u}}\n", (v >> 1) & 7, (v >> 4) & 7);
            break;
        default: /* a note, an unknown field: shape paths that ignore nothing */
            adj_buf_printf(y, "  - {flip: %s, to: active, %s: x}\n", l,
                           (v & 1) ? "note" : "colour");
            break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    /* byte 0: the rulings combination (0x80 + 0..47: always with a story) */
    prog_t g = {data + 1, size - 1, 0};
    adj_buf_t y = {0};
    adj_buf_putc(&y, (char)(0x80 + data[0] % 48));
    gen_log(&y, &g);
    fuzz_audit_one((const uint8_t *)y.data, y.len);
    adj_buf_free(&y);
    return 0;
}
