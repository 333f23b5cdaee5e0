/*
 * dice.c - the dice audit (SPEC 7): each file's rolls, read with the
 * reader alone, then the run's groups, rows, tests and verdict.
 * See adj_dice.h.
 */
#include "adj_ladder.h"
#include "adj_dice.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adj_audit.h"
#include "adj_reader.h"

const char *adj_dice_kind_name(adj_dice_kind_t k)
{
    static const char *const names[] = {
#define ADJ_X(e, name) name,
        ADJ_DICE_KIND_LIST(ADJ_X)
#undef ADJ_X
    };
    return (unsigned)k < ADJ_DICE_KINDS ? names[k] : "?";
}

/* ---- the run's players: a hash table by name ---- */

static uint64_t name_hash(const char *s, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);  /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * UINT64_C(0x100000001b3);
    return h;
}

static adj_dice_player_t **player_slot(adj_dice_player_t **t, size_t cap, const char *name,
                                       size_t len)
{
    size_t i = (size_t)name_hash(name, len) & (cap - 1);
    while (t[i] && !(t[i]->len == len && !memcmp(t[i]->name, name, len)))
        i = (i + 1) & (cap - 1);
    return &t[i];
}

static void players_grow(adj_dice_t *d)
{
    size_t cap = d->player_cap ? d->player_cap * 2 : 64;
    adj_dice_player_t **t = adj_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < d->player_cap; i++)
        if (d->players[i])
            *player_slot(t, cap, d->players[i]->name, d->players[i]->len) = d->players[i];
    free(d->players);
    d->players = t;
    d->player_cap = cap;
}

/* Add one side's rolls to its player's (called with d->lock held). */
static void player_add(adj_dice_t *d, const char *name, size_t len, const adj_dice_counts_t *c)
{
    if (2 * (d->player_count + 1) > d->player_cap)
        players_grow(d);
    adj_dice_player_t **slot = player_slot(d->players, d->player_cap, name, len);
    if (!*slot) {
        *slot = adj_xcalloc(1, sizeof **slot);
        (*slot)->name = adj_xstrndup(name, len);
        (*slot)->len = len;
        d->player_count++;
    }
    for (int k = 0; k < ADJ_DICE_KINDS; k++)
        for (int face = 0; face < ADJ_STATS_FACES; face++)
            (*slot)->counts.c[k][face] += c->c[k][face];
}

void adj_dice_init(adj_dice_t *d, double alpha)
{
    memset(d, 0, sizeof *d);
    d->alpha = alpha;
    pthread_mutex_init(&d->lock, NULL);
}

/* ---- one file ---- */

/* A file being read: its rolls per side until it is known to count. */
typedef struct reading_s {
    adj_dice_file_t *f;
    const adj_header_t *h;       /* borrowed from the reader, NULL before the header */
    adj_dice_counts_t side[2];
} reading_t;

/* The row kind of an event that carries a die, or ALL for one that does not. */
static adj_dice_kind_t roll_kind(adj_event_kind_t k)
{
    switch (k) {
    case ADJ_EV_ACTIVATE: return ADJ_DICE_IMC;
    case ADJ_EV_ILLNESS: return ADJ_DICE_ILLNESS;
    case ADJ_EV_DURATION: return ADJ_DICE_DURATION;
    case ADJ_EV_SUSTAIN: return ADJ_DICE_SUSTAIN;
    default: return ADJ_DICE_ALL;
    }
}

/* An entry has passed the shape checks (SPEC 3.1 step 1): its roll counts,
 * whatever its place or the rules decide. */
static void count_entry(reading_t *rd, const adj_entry_t *en)
{
    adj_dice_kind_t k = roll_kind(en->kind);
    if (k == ADJ_DICE_ALL)
        return;
    if (en->roll < 1 || en->roll > ADJ_STATS_FACES) {
        rd->f->out_of_range++;
        return;
    }
    adj_dice_counts_t *c = &rd->side[rd->h->leaders[en->leader].side];
    c->c[k][en->roll - 1]++;
    c->c[ADJ_DICE_ALL][en->roll - 1]++;
    rd->f->rolls++;
}

/* A file that is not one valid log counts nothing; its reason is the
 * diagnostic that stopped the reader (there is at most one, and it may
 * come after the events, as a key after them does). A counted file's
 * named sides go to their players, the others stay with the file. */
static void settle(adj_dice_t *d, reading_t *rd, const adj_diags_t *diags)
{
    adj_dice_file_t *f = rd->f;
    f->counted = !diags->stopped && rd->h;
    if (!f->counted) {
        f->reason = diags->stop_code;
        f->rolls = f->out_of_range = 0;
        return;
    }
    for (int s = 0; s < 2; s++) {
        if (rd->h->players[s]) {
            pthread_mutex_lock(&d->lock);
            player_add(d, rd->h->players[s], rd->h->player_len[s], &rd->side[s]);
            pthread_mutex_unlock(&d->lock);
            continue;
        }
        adj_dice_side_t *u = f->unnamed[s] = adj_xcalloc(1, sizeof *u);
        u->name = adj_xstrndup(rd->h->sides[s], rd->h->side_len[s]);
        u->len = rd->h->side_len[s];
        u->counts = rd->side[s];
    }
}

/* Each entry, from the one replay loop run with the reader alone. */
static void on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                     bool was_over)
{
    reading_t *rd = ctx;
    (void)from;
    (void)was_over;
    rd->h = adj_reader_header(a->reader);
    count_entry(rd, en);
}

static void read_audited(adj_dice_t *d, adj_dice_file_t *f, const void *data, size_t size)
{
    reading_t rd = {.f = f};
    adj_audit_opts_t o = {.read_only = true, .on_entry = on_entry, .entry_ctx = &rd};
    adj_audit_t a;
    if (data)
        adj_audit_bytes(&a, data, size, f->file, &o);
    else
        adj_audit_file(&a, f->file, &o);
    f->io_error = a.io_error;
    f->io_errno = a.io_errno;
    f->ladder = a.ladder ? adj_ladder_path(a.ladder) : NULL;
    rd.h = a.reader ? adj_reader_header(a.reader) : NULL;
    if (!f->io_error)
        settle(d, &rd, &a.diags);  /* before the reader goes: the header is its */
    adj_audit_free(&a);
}

bool adj_dice_read_file(adj_dice_t *d, adj_dice_file_t *f, const char *path)
{
    memset(f, 0, sizeof *f);
    f->file = path;
    read_audited(d, f, NULL, 0);
    return !f->io_error;
}

void adj_dice_read_bytes(adj_dice_t *d, adj_dice_file_t *f, const void *data, size_t size,
                         const char *name)
{
    static const char empty[1];
    memset(f, 0, sizeof *f);
    f->file = name;
    read_audited(d, f, size ? data : empty, size);
}

void adj_dice_file_free(adj_dice_file_t *f)
{
    for (int s = 0; s < 2; s++) {
        if (f->unnamed[s])
            free(f->unnamed[s]->name);
        free(f->unnamed[s]);
    }
    memset(f, 0, sizeof *f);
}

/* ---- the run ---- */

static int name_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

static int player_cmp(const void *x, const void *y)
{
    const adj_dice_player_t *a = *(adj_dice_player_t *const *)x;
    const adj_dice_player_t *b = *(adj_dice_player_t *const *)y;
    return name_cmp(a->name, a->len, b->name, b->len);
}

static void rows_push(adj_dice_t *d, size_t *cap, const adj_dice_row_t *row)
{
    if (d->row_count == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        d->rows = adj_xreallocarray(d->rows, *cap, sizeof *d->rows);
    }
    d->rows[d->row_count++] = *row;
}

/* The rows of one group: one per kind rolled. */
static void group_rows(adj_dice_t *d, size_t *cap, const adj_dice_counts_t *c,
                       const adj_dice_row_t *who)
{
    for (int k = 0; k < ADJ_DICE_KINDS; k++) {
        adj_dice_row_t row = *who;
        row.kind = (adj_dice_kind_t)k;
        int64_t sum = 0;
        for (int face = 0; face < ADJ_STATS_FACES; face++) {
            row.counts[face] = c->c[k][face];
            row.n += row.counts[face];
            sum += row.counts[face] * (face + 1);
        }
        if (row.n == 0)
            continue;
        row.mean = (double)sum / (double)row.n;
        if (row.n >= ADJ_STATS_MIN_N) {
            row.tested = true;
            row.chi2 = adj_stats_chi2(row.counts);
            row.p = adj_stats_q5(row.chi2);
        }
        rows_push(d, cap, &row);
    }
}

/* Player groups first, by name (byte order); then each unnamed side, in
 * file order and the order of `sides`. */
static void build_groups(adj_dice_t *d, const adj_dice_file_t *files, size_t n)
{
    size_t cap = 0, count = 0;
    adj_dice_player_t **sorted = adj_xcalloc(d->player_count + 1, sizeof *sorted);
    for (size_t i = 0; i < d->player_cap; i++)
        if (d->players[i])
            sorted[count++] = d->players[i];
    qsort(sorted, count, sizeof *sorted, player_cmp);  /* names are unique: no ties */
    for (size_t i = 0; i < count; i++) {
        adj_dice_row_t who = {.player = sorted[i]->name, .player_len = sorted[i]->len};
        group_rows(d, &cap, &sorted[i]->counts, &who);
    }
    free(sorted);
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 2; s++) {
            const adj_dice_side_t *u = files[i].unnamed[s];
            if (!u)
                continue;
            adj_dice_row_t who = {.side = u->name, .side_len = u->len, .file = files[i].file};
            group_rows(d, &cap, &u->counts, &who);
        }
}
/* Benjamini-Hochberg over every tested row of the run, then the flags. */
static void adjust(adj_dice_t *d)
{
    size_t m = 0;
    double *p = adj_xcalloc(d->row_count + 1, sizeof *p);
    double *adjusted = adj_xcalloc(d->row_count + 1, sizeof *adjusted);
    size_t *scratch = adj_xcalloc(2 * d->row_count + 1, sizeof *scratch);
    for (size_t i = 0; i < d->row_count; i++)
        if (d->rows[i].tested)
            p[m++] = d->rows[i].p;
    adj_stats_bh(p, adjusted, scratch, m);
    for (size_t i = 0, k = 0; i < d->row_count; i++) {
        adj_dice_row_t *row = &d->rows[i];
        if (!row->tested)
            continue;
        row->p_adjusted = adjusted[k++];
        row->improbable = row->p_adjusted < d->alpha;
        d->improbable += row->improbable;
    }
    d->tested = m;
    free(p);
    free(adjusted);
    free(scratch);
}

void adj_dice_tally(adj_dice_t *d, const adj_dice_file_t *files, size_t file_count)
{
    d->files = files;
    d->file_count = file_count;
    build_groups(d, files, file_count);
    adjust(d);
}

void adj_dice_free(adj_dice_t *d)
{
    for (size_t i = 0; i < d->player_cap; i++)
        if (d->players[i]) {
            free(d->players[i]->name);
            free(d->players[i]);
        }
    free(d->players);
    free(d->rows);
    pthread_mutex_destroy(&d->lock);
    memset(d, 0, sizeof *d);
}
