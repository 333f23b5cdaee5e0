/* SPDX-License-Identifier: MIT */
/*
 * dice.c - the dice audit (SPEC 7): each file's rolls, read with the
 * reader alone and kept in order; then the run: duplicates, groups by the
 * key of a player's name, rows by kind, Benjamini-Hochberg, the verdict and
 * the look-alike names. The order rows and the reasons for a flag are in
 * dice_order.c. See adj_dice.h.
 */
#include "dice_private.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adj_audit.h"
#include "adj_names.h"
#include "adj_reader.h"

const char *adj_dice_kind_name(adj_dice_kind_t k)
{
    static const char *const names[] = {
        "all",
#define ADJ_X(row, kind, field, name, ...) name,
        ADJ_DIE_LIST(ADJ_X)
#undef ADJ_X
#define ADJ_X(row, key, ...) #key,
        ADJ_DICE_ORDER_LIST(ADJ_X)
#undef ADJ_X
    };
    _Static_assert(sizeof names / sizeof *names == ADJ_DICE_KINDS, "a name per row kind");
    return (unsigned)k < ADJ_DICE_KINDS ? names[k] : "?";
}

void adj_dice_init(adj_dice_t *d, double alpha)
{
    memset(d, 0, sizeof *d);
    d->alpha = alpha;
}

/* ---- one file ---- */

/* A file being read. */
typedef struct reading_s {
    adj_dice_file_t *f;
    const adj_header_t *h;       /* borrowed from the reader, NULL before the header */
} reading_t;

/* Every kind with a `roll` field has its die row, or dice would never count
 * it: the kinds with one (from the catalogue) are the die rows' kinds. */
#define DICE_ROLL_FIELD(field, type, required) | (ADJ_F_##field == ADJ_F_ROLL)
#define DICE_ROLL_KIND(e, key, words, subject, f1, f2, f3, f4) \
    | ((0 f1 f2 f3 f4) ? UINT64_C(1) << ADJ_EV_##e : 0)
#define DICE_DIE_KIND(row, kind, field, ...) \
    | (ADJ_F_##field == ADJ_F_ROLL ? UINT64_C(1) << ADJ_EV_##kind : 0)
_Static_assert(ADJ_EVENT_COUNT <= 64, "the kinds' masks below are 64 bits");
_Static_assert((0 ADJ_EVENT_CATALOGUE(DICE_ROLL_KIND, DICE_ROLL_FIELD, )) ==
                   (0 ADJ_DIE_LIST(DICE_DIE_KIND)),
               "a kind with a roll field needs its row in ADJ_DIE_LIST (adj_log.h), "
               "or dice never counts its rolls");
#undef DICE_ROLL_FIELD
#undef DICE_ROLL_KIND
#undef DICE_DIE_KIND

/* The row kind of an event that carries a die, or ALL for one that does not. */
static adj_dice_kind_t roll_kind(adj_event_kind_t k)
{
    switch (k) {
#define ADJ_X(row, kind, ...) case ADJ_EV_##kind: return ADJ_DICE_##row;
    ADJ_DIE_LIST(ADJ_X)
#undef ADJ_X
    default: return ADJ_DICE_ALL;
    }
}

/* Two hashes of the file's (kind, subject, roll) sequence, for duplicates:
 * FNV-1a, and a multiply-xorshift mix; equal files are then compared roll
 * by roll, so only a collision of both and of every face and kind could
 * join two different games. */
static void sig_add(uint64_t sig[2], const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        sig[0] = (sig[0] ^ s[i]) * UINT64_C(0x100000001b3);
        sig[1] = (sig[1] + s[i] + 1) * UINT64_C(0xff51afd7ed558ccd);
        sig[1] ^= sig[1] >> 29;
    }
}

static void push_roll(adj_dice_file_t *f, uint8_t packed, size_t line)
{
    if (f->rolls == f->roll_cap) {
        f->roll_cap = f->roll_cap ? f->roll_cap * 2 : 64;
        f->roll = adj_xrealloc(f->roll, f->roll_cap);
        f->line = adj_xreallocarray(f->line, f->roll_cap, sizeof *f->line);
    }
    f->roll[f->rolls] = packed;
    f->line[f->rolls] = line > UINT32_MAX ? UINT32_MAX : (uint32_t)line;
    f->rolls++;
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
    const adj_leader_def_t *l = &rd->h->leaders[en->leader];
    int face = (int)en->roll;
    adj_dice_counts_t *c = &rd->f->side[l->side].counts;
    c->c[k][face - 1]++;
    c->c[ADJ_DICE_ALL][face - 1]++;
    uint64_t id_len = l->id_len;
    unsigned char head[2] = {(unsigned char)k, (unsigned char)face};
    sig_add(rd->f->sig, head, sizeof head);
    sig_add(rd->f->sig, (const unsigned char *)&id_len, sizeof id_len);
    sig_add(rd->f->sig, (const unsigned char *)l->id, l->id_len);
    push_roll(rd->f, (uint8_t)(face | (k - ADJ_DICE_FIRST_ROLL) << 3 | l->side << 5), en->mark.line);
}

static void drop_rolls(adj_dice_file_t *f)
{
    free(f->roll);
    free(f->line);
    f->roll = NULL;
    f->line = NULL;
    f->roll_cap = 0;
    f->rolls = f->out_of_range = 0;
    memset(f->side, 0, sizeof f->side);
}

/* A file that is not one valid log counts nothing; its reason is the
 * diagnostic that stopped the reader (there is at most one, and it may
 * come after the events, as a key after them does). A counted file keeps
 * its sides' names and their players' names and keys. */
static void settle(reading_t *rd, const adj_diags_t *diags)
{
    adj_dice_file_t *f = rd->f;
    f->counted = !diags->stopped && rd->h;
    if (!f->counted) {
        f->reason = diags->stop_code;
        drop_rolls(f);
        return;
    }
    for (int s = 0; s < 2; s++) {
        adj_dice_side_t *sd = &f->side[s];
        sd->name = adj_xstrndup(rd->h->sides[s], rd->h->side_len[s]);
        sd->len = rd->h->side_len[s];
        if (!rd->h->players[s])
            continue;
        sd->player = adj_xstrndup(rd->h->players[s], rd->h->player_len[s]);
        sd->player_len = rd->h->player_len[s];
        sd->spelling = adj_xstrndup(rd->h->written[s], rd->h->written_len[s]);
        sd->spelling_len = rd->h->written_len[s];
        sd->canonical = rd->h->player_len[s] != rd->h->written_len[s] ||
                        memcmp(rd->h->players[s], rd->h->written[s], rd->h->written_len[s]) != 0;
        sd->key = adj_name_key(sd->player, sd->player_len, &sd->key_len);
    }
    if (f->rolls && f->rolls < f->roll_cap) {  /* five bytes a roll, no slack */
        f->roll = adj_xrealloc(f->roll, f->rolls);
        f->line = adj_xreallocarray(f->line, f->rolls, sizeof *f->line);
        f->roll_cap = f->rolls;
    }
}

/* Each entry, from the one replay loop run with the reader alone. */
static void dice_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                          bool was_over)
{
    reading_t *rd = ctx;
    (void)from;
    (void)was_over;
    rd->h = adj_reader_header(a->reader);
    count_entry(rd, en);
}

static void read_audited(adj_dice_file_t *f, const void *data, size_t size)
{
    reading_t rd = {.f = f};
    f->sig[0] = UINT64_C(0xcbf29ce484222325);
    f->sig[1] = UINT64_C(0x9e3779b97f4a7c15);
    adj_audit_opts_t o = {.read_only = true, .on_entry = dice_on_entry, .entry_ctx = &rd};
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
        settle(&rd, &a.diags);  /* before the reader goes: the header is its */
    else
        drop_rolls(f);
    adj_audit_free(&a);
}

bool adj_dice_read_file(adj_dice_t *d, adj_dice_file_t *f, const char *path)
{
    (void)d;
    memset(f, 0, sizeof *f);
    f->file = path;
    read_audited(f, NULL, 0);
    return !f->io_error;
}

void adj_dice_read_bytes(adj_dice_t *d, adj_dice_file_t *f, const void *data, size_t size,
                         const char *name)
{
    static const char empty[1];
    (void)d;
    memset(f, 0, sizeof *f);
    f->file = name;
    read_audited(f, size ? data : empty, size);
}

void adj_dice_file_free(adj_dice_file_t *f)
{
    for (int s = 0; s < 2; s++) {
        free(f->side[s].name);
        free(f->side[s].player);
        free(f->side[s].spelling);
        free(f->side[s].key);
    }
    free(f->roll);
    free(f->line);
    memset(f, 0, sizeof *f);
}

/* ---- the run: duplicates ---- */

/* The same game logged twice: the same (kind, subject, roll) sequence. */
static bool same_game(const adj_dice_file_t *a, const adj_dice_file_t *b)
{
    if (a->rolls != b->rolls || memcmp(a->sig, b->sig, sizeof a->sig))
        return false;
    for (uint64_t i = 0; i < a->rolls; i++)
        if ((a->roll[i] ^ b->roll[i]) & 0x1f)  /* face and kind; not the side */
            return false;
    return true;
}

/* Each counted file with rolls that repeats an earlier one: by a hash
 * table of the earlier ones' signatures, never file against file. */
static void find_duplicates(adj_dice_t *d)
{
    size_t cap = 16;
    while (cap < 2 * d->file_count)
        cap *= 2;
    size_t *table = adj_xmalloc(cap * sizeof *table);
    for (size_t i = 0; i < cap; i++)
        table[i] = SIZE_MAX;
    d->duplicate_of = adj_xmalloc((d->file_count + 1) * sizeof *d->duplicate_of);
    for (size_t i = 0; i < d->file_count; i++) {
        const adj_dice_file_t *f = &d->files[i];
        d->duplicate_of[i] = SIZE_MAX;
        if (!f->counted || !f->rolls)
            continue;
        size_t slot = (size_t)f->sig[0] & (cap - 1);
        for (; table[slot] != SIZE_MAX; slot = (slot + 1) & (cap - 1))
            if (same_game(&d->files[table[slot]], f)) {
                d->duplicate_of[i] = table[slot];
                break;
            }
        if (d->duplicate_of[i] == SIZE_MAX)
            table[slot] = i;
    }
    free(table);
}

/* ---- the run: groups ---- */

/* The player groups while they are gathered: an array, and a hash table of
 * indices into it by key. */
typedef struct gathering_s {
    adj_dice_group_t *g;
    size_t count, cap;
    size_t *table;              /* SIZE_MAX: empty */
    size_t table_cap;
} gathering_t;

static adj_dice_group_t *group_push(adj_dice_group_t **g, size_t *count, size_t *cap)
{
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        *g = adj_xreallocarray(*g, *cap, sizeof **g);
    }
    adj_dice_group_t *n = &(*g)[(*count)++];
    memset(n, 0, sizeof *n);
    return n;
}

static void member_add(adj_dice_group_t *g, size_t file, int side)
{
    if (g->member_count == g->member_cap) {
        g->member_cap = g->member_cap ? g->member_cap * 2 : 4;
        g->members = adj_xreallocarray(g->members, g->member_cap, sizeof *g->members);
    }
    g->members[g->member_count++] = (adj_dice_member_t){file, side};
}

static void spelling_add(adj_dice_group_t *g, const char *name, size_t len)
{
    for (size_t i = 0; i < g->spelling_count; i++)
        if (g->spellings[i].len == len && !memcmp(g->spellings[i].name, name, len))
            return;
    g->spellings = adj_xreallocarray(g->spellings, g->spelling_count + 1, sizeof *g->spellings);
    g->spellings[g->spelling_count++] = (adj_dice_spelling_t){name, len};
}

static void table_grow(gathering_t *ga)
{
    size_t cap = ga->table_cap ? ga->table_cap * 2 : 64;
    free(ga->table);
    ga->table = adj_xmalloc(cap * sizeof *ga->table);
    for (size_t i = 0; i < cap; i++)
        ga->table[i] = SIZE_MAX;
    ga->table_cap = cap;
    for (size_t k = 0; k < ga->count; k++) {
        size_t i = (size_t)adj_fnv1a(ga->g[k].key, ga->g[k].key_len) & (cap - 1);
        while (ga->table[i] != SIZE_MAX)
            i = (i + 1) & (cap - 1);
        ga->table[i] = k;
    }
}

/* The group of a named side: the one with its key, or a new one shown by
 * this spelling (the first met). */
static adj_dice_group_t *player_group(gathering_t *ga, const adj_dice_side_t *sd)
{
    if (2 * (ga->count + 1) > ga->table_cap)
        table_grow(ga);
    size_t i = (size_t)adj_fnv1a(sd->key, sd->key_len) & (ga->table_cap - 1);
    for (; ga->table[i] != SIZE_MAX; i = (i + 1) & (ga->table_cap - 1)) {
        adj_dice_group_t *g = &ga->g[ga->table[i]];
        if (g->key_len != sd->key_len || memcmp(g->key, sd->key, sd->key_len))
            continue;
        if (sd->canonical && !g->canonical) {  /* a ladder's name wins (SPEC 7) */
            g->name = sd->player;
            g->len = sd->player_len;
            g->canonical = true;
        }
        return g;
    }
    ga->table[i] = ga->count;
    adj_dice_group_t *g = group_push(&ga->g, &ga->count, &ga->cap);
    g->player = true;
    g->name = sd->player;
    g->len = sd->player_len;
    g->canonical = sd->canonical;
    g->key = sd->key;
    g->key_len = sd->key_len;
    return g;
}

static int name_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

static int group_cmp(const void *x, const void *y)
{
    const adj_dice_group_t *a = x, *b = y;
    return name_cmp(a->name, a->len, b->name, b->len);  /* shown names are unique */
}

/* Player groups by shown name (byte order), then each unnamed side in file
 * order and the order of `sides`. Duplicates and uncounted files join none. */
static void build_groups(adj_dice_t *d)
{
    gathering_t ga = {0};
    adj_dice_group_t *unnamed = NULL;
    size_t un_count = 0, un_cap = 0;
    for (size_t i = 0; i < d->file_count; i++) {
        const adj_dice_file_t *f = &d->files[i];
        if (!f->counted || d->duplicate_of[i] != SIZE_MAX)
            continue;
        for (int s = 0; s < 2; s++) {
            const adj_dice_side_t *sd = &f->side[s];
            adj_dice_group_t *g;
            if (sd->player) {
                g = player_group(&ga, sd);
                spelling_add(g, sd->spelling, sd->spelling_len);
            } else {
                g = group_push(&unnamed, &un_count, &un_cap);
                g->name = sd->name;
                g->len = sd->len;
            }
            member_add(g, i, s);
        }
    }
    free(ga.table);
    if (ga.count)
        qsort(ga.g, ga.count, sizeof *ga.g, group_cmp);
    d->group_count = ga.count + un_count;
    d->groups = adj_xreallocarray(ga.g, d->group_count + 1, sizeof *d->groups);
    if (un_count)
        memcpy(d->groups + ga.count, unnamed, un_count * sizeof *unnamed);
    free(unnamed);
}

/* ---- the run: rows ---- */

static void rows_push(adj_dice_t *d, size_t *cap, const adj_dice_row_t *row)
{
    if (d->row_count == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        d->rows = adj_xreallocarray(d->rows, *cap, sizeof *d->rows);
    }
    d->rows[d->row_count++] = *row;
}

/* The rows of one group by kind: one per kind rolled. */
static void kind_rows(adj_dice_t *d, size_t *cap, const adj_dice_counts_t *c,
                      const adj_dice_row_t *who)
{
    for (int k = 0; k < ADJ_DICE_ROLL_KINDS; k++) {
        adj_dice_row_t row = *who;
        row.kind = (adj_dice_kind_t)k;
        row.count_len = ADJ_STATS_FACES;
        int64_t sum = 0;
        for (int face = 0; face < ADJ_STATS_FACES; face++) {
            row.counts[face] = c->c[k][face];
            row.n += row.counts[face];
            sum += row.counts[face] * (face + 1);
        }
        if (row.n == 0)
            continue;
        row.has_mean = true;
        row.mean = (double)sum / (double)row.n;
        if (row.n >= ADJ_STATS_MIN_N) {
            row.tested = row.has_chi2 = true;
            row.chi2 = adj_stats_chi2(row.counts);
            row.p = adj_stats_q5(row.chi2);
        }
        rows_push(d, cap, &row);
    }
}

/* A player's order rows, one per row of ADJ_DICE_ORDER_LIST, in its order. */
static void order_rows(adj_dice_t *d, size_t *cap, size_t g, const adj_dice_row_t *who)
{
    static const struct {
        adj_dice_kind_t kind;
        int cells;
        bool even;
        void (*build)(const adj_dice_t *d, size_t g, adj_dice_row_t *row);
    } order[] = {
#define ADJ_X(row, key, cells, tail, ...) {ADJ_DICE_##row, cells, ADJ_DICE_TAIL_##tail, dice_order_##key},
        ADJ_DICE_ORDER_LIST(ADJ_X)
#undef ADJ_X
    };
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        adj_dice_row_t row = *who;
        row.kind = order[i].kind;
        row.count_len = order[i].cells;
        row.even = order[i].even;
        order[i].build(d, g, &row);
        rows_push(d, cap, &row);
    }
}

/* Every group's rows: by kind, then a player's order rows. A group with no
 * counted roll has none. */
static void build_rows(adj_dice_t *d)
{
    size_t cap = 0;
    for (size_t g = 0; g < d->group_count; g++) {
        const adj_dice_group_t *gr = &d->groups[g];
        adj_dice_counts_t c = {0};
        for (size_t m = 0; m < gr->member_count; m++) {
            const adj_dice_counts_t *mc = &d->files[gr->members[m].file].side[gr->members[m].side].counts;
            for (int k = 0; k < ADJ_DICE_ROLL_KINDS; k++)
                for (int face = 0; face < ADJ_STATS_FACES; face++)
                    c.c[k][face] += mc->c[k][face];
        }
        adj_dice_row_t who = {.group = g};
        if (gr->player) {
            who.player = gr->name;
            who.player_len = gr->len;
        } else {
            who.side = gr->name;
            who.side_len = gr->len;
            who.file = d->files[gr->members[0].file].file;
        }
        size_t before = d->row_count;
        kind_rows(d, &cap, &c, &who);
        d->groups[g].has_rows = d->row_count > before;
        if (gr->player && d->row_count > before)
            order_rows(d, &cap, g, &who);
    }
}

/* Benjamini-Hochberg over every row with a p, then the flags and why. */
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
        if (row->p_adjusted > 1.0)
            row->p_adjusted = 1.0;
        row->improbable = row->p_adjusted < d->alpha;
        d->improbable += row->improbable;
        if (row->improbable && row->even)
            dice_even_explain(d, row);
        else if (row->improbable)
            dice_explain(d, row);
    }
    d->tested = m;
    free(p);
    free(adjusted);
    free(scratch);
}

/* Player groups whose keys are one edit apart, each pair once, in row order
 * (groups with rows: one with no counted roll has no row to order by). */
static void find_look_alike(adj_dice_t *d)
{
    size_t cap = 0;
    for (size_t i = 0; i < d->group_count && d->groups[i].player; i++)
        for (size_t j = i + 1; j < d->group_count && d->groups[j].player; j++) {
            const adj_dice_group_t *a = &d->groups[i], *b = &d->groups[j];
            if (!a->has_rows || !b->has_rows ||
                !adj_name_look_alike(a->key, a->key_len, b->key, b->key_len))
                continue;
            if (d->look_alike_count == cap) {
                cap = cap ? cap * 2 : 4;
                d->look_alike = adj_xreallocarray(d->look_alike, cap, sizeof *d->look_alike);
            }
            d->look_alike[d->look_alike_count][0] = i;
            d->look_alike[d->look_alike_count++][1] = j;
        }
}

void adj_dice_tally(adj_dice_t *d, const adj_dice_file_t *files, size_t file_count)
{
    d->files = files;
    d->file_count = file_count;
    find_duplicates(d);
    build_groups(d);
    build_rows(d);
    adjust(d);
    find_look_alike(d);
}

void adj_dice_free(adj_dice_t *d)
{
    for (size_t g = 0; g < d->group_count; g++) {
        free(d->groups[g].spellings);
        free(d->groups[g].members);
    }
    for (size_t i = 0; i < d->row_count; i++) {
        free(d->rows[i].faces);
        free(d->rows[i].parts);
    }
    free(d->groups);
    free(d->rows);
    free(d->duplicate_of);
    free(d->look_alike);
    memset(d, 0, sizeof *d);
}
