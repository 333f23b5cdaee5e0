/* SPDX-License-Identifier: MIT */
/*
 * dice_order.c - the dice audit's order rows (SPEC 7, "Order"): `pairs`,
 * the 36 counts of non-overlapping pairs of a player's rolls, and `repeat`,
 * the longest run of faces found in two of his games from different
 * files, by a suffix array of his sequences (never game against game);
 * and why an improbable row is flagged (its faces far off, each file's
 * part). See adj_dice.h.
 */
#include "dice_private.h"

#include <stdlib.h>
#include <string.h>

/* ---- a member's rolls ---- */

adj_dice_kind_t dice_cells_kind(const adj_dice_row_t *row)
{
    if (row->kind < ADJ_DICE_ROLL_KINDS)
        return row->kind;
    return row->count_len == ADJ_STATS_CELLS ? ADJ_DICE_PAIRS : ADJ_DICE_ALL;
}

int64_t dice_member_cells(const adj_dice_t *d, const adj_dice_member_t *m, adj_dice_kind_t kind,
                          int64_t *cells)
{
    const adj_dice_file_t *f = &d->files[m->file];
    int64_t part = 0;
    if (kind != ADJ_DICE_PAIRS) {
        for (int face = 0; face < ADJ_STATS_FACES; face++) {
            cells[face] += f->side[m->side].counts.c[kind][face];
            part += f->side[m->side].counts.c[kind][face];
        }
        return part;
    }
    int first = 0;
    for (uint64_t i = 0; i < f->rolls; i++) {
        if (ADJ_DICE_SIDE(f->roll[i]) != m->side)
            continue;
        int face = ADJ_DICE_FACE(f->roll[i]);
        if (!first) {
            first = face;
            continue;
        }
        cells[(first - 1) * ADJ_STATS_FACES + face - 1]++;
        part++;
        first = 0;
    }
    return part;
}

/* ---- the suffix array of a group's sequences ---- */

/* The group's sequences one after the other, each closed by a separator of
 * its own (6 + its member index: never equal to a face, 0..5, nor to
 * another separator), so that no common prefix crosses one. */
typedef struct text_s {
    int32_t *t;                 /* faces 0..5 and separators */
    uint32_t *at;               /* per position: the roll's index in its file */
    uint32_t *mem;              /* per position: its member */
    size_t n;
    int32_t alphabet;
} text_t;

static void text_build(const adj_dice_t *d, const adj_dice_group_t *g, text_t *x)
{
    size_t n = g->member_count;
    for (size_t m = 0; m < g->member_count; m++) {
        const adj_dice_member_t *mb = &g->members[m];
        const int64_t *c = d->files[mb->file].side[mb->side].counts.c[ADJ_DICE_ALL];
        for (int face = 0; face < ADJ_STATS_FACES; face++)
            n += (size_t)c[face];
    }
    x->t = adj_xcalloc(n + 1, sizeof *x->t);
    x->at = adj_xcalloc(n + 1, sizeof *x->at);
    x->mem = adj_xcalloc(n + 1, sizeof *x->mem);
    x->n = 0;
    for (size_t m = 0; m < g->member_count; m++) {
        const adj_dice_file_t *f = &d->files[g->members[m].file];
        for (uint64_t i = 0; i < f->rolls; i++)
            if (ADJ_DICE_SIDE(f->roll[i]) == g->members[m].side) {
                x->t[x->n] = ADJ_DICE_FACE(f->roll[i]) - 1;
                x->at[x->n] = (uint32_t)i;
                x->mem[x->n++] = (uint32_t)m;
            }
        x->t[x->n] = ADJ_STATS_FACES + (int32_t)m;
        x->at[x->n] = UINT32_MAX;
        x->mem[x->n++] = (uint32_t)m;
    }
    x->alphabet = ADJ_STATS_FACES + (int32_t)g->member_count;
}

/* Prefix doubling with counting sorts: sa receives the suffixes in order,
 * rank their positions in it. O(n log L) for L the longest repeat. */
static void suffix_array(const text_t *x, int32_t *sa, int32_t *rank, int32_t *tmp)
{
    int32_t n = (int32_t)x->n;
    int32_t classes = x->alphabet > n ? x->alphabet : n;
    int32_t *cnt = adj_xcalloc((size_t)classes + 1, sizeof *cnt);
    for (int32_t i = 0; i < n; i++)
        cnt[rank[i] = x->t[i]]++;
    for (int32_t c = 1; c < classes; c++)
        cnt[c] += cnt[c - 1];
    for (int32_t i = n - 1; i >= 0; i--)
        sa[--cnt[x->t[i]]] = i;
    for (int32_t k = 1;; k *= 2) {
        int32_t p = 0;  /* by the second half: those with none first */
        for (int32_t i = n > k ? n - k : 0; i < n; i++)
            tmp[p++] = i;
        for (int32_t j = 0; j < n; j++)
            if (sa[j] >= k)
                tmp[p++] = sa[j] - k;
        memset(cnt, 0, ((size_t)classes + 1) * sizeof *cnt);
        for (int32_t i = 0; i < n; i++)  /* then stably by the first half */
            cnt[rank[i]]++;
        for (int32_t c = 1; c < classes; c++)
            cnt[c] += cnt[c - 1];
        for (int32_t i = n - 1; i >= 0; i--)
            sa[--cnt[rank[tmp[i]]]] = tmp[i];
        int32_t cls = 0;
        tmp[sa[0]] = 0;
        for (int32_t i = 1; i < n; i++) {
            int32_t a = sa[i - 1], b = sa[i];
            int32_t a2 = a + k < n ? rank[a + k] : -1, b2 = b + k < n ? rank[b + k] : -1;
            if (rank[a] != rank[b] || a2 != b2)
                cls++;
            tmp[b] = cls;
        }
        memcpy(rank, tmp, (size_t)n * sizeof *rank);
        if (cls == n - 1 || k >= n / 2 + 1)  /* all apart (k never overflows) */
            break;
    }
    free(cnt);
}

/* Kasai: lcp[i] = the common prefix of the suffixes at sa[i - 1] and sa[i]. */
static void lcp_array(const text_t *x, const int32_t *sa, const int32_t *rank, int32_t *lcp)
{
    int32_t n = (int32_t)x->n, h = 0;
    lcp[0] = 0;
    for (int32_t i = 0; i < n; i++) {
        if (rank[i] == 0) {
            h = 0;
            continue;
        }
        int32_t j = sa[rank[i] - 1];
        while (i + h < n && j + h < n && x->t[i + h] == x->t[j + h])
            h++;
        lcp[rank[i]] = h;
        if (h > 0)
            h--;
    }
}

/* ---- the repeat row ---- */

/* A place: a file's position and a roll's position in it. */
typedef struct place_s {
    size_t file;
    uint32_t at;
} place_t;

static bool place_before(place_t a, place_t b)
{
    return a.file < b.file || (a.file == b.file && a.at < b.at);
}

/* Among suffixes sa[lo..hi] (sharing a prefix of length L), the first pair
 * of places from two files: the first place of all, then the first one
 * from another file. False when they are all from one file. */
static bool interval_places(const adj_dice_group_t *g, const text_t *x, const int32_t *sa,
                            int32_t lo, int32_t hi, place_t out[2])
{
    place_t a = {SIZE_MAX, 0}, b = {SIZE_MAX, 0};
    for (int32_t i = lo; i <= hi; i++) {
        place_t p = {g->members[x->mem[sa[i]]].file, x->at[sa[i]]};
        if (place_before(p, a))
            a = p;
    }
    for (int32_t i = lo; i <= hi; i++) {
        place_t p = {g->members[x->mem[sa[i]]].file, x->at[sa[i]]};
        if (p.file != a.file && place_before(p, b))
            b = p;
    }
    out[0] = a;
    out[1] = b;
    return b.file != SIZE_MAX;
}

/* The longest run in two files (L = the largest common prefix of two
 * neighbours in the suffix array from different files: any two such
 * suffixes have every suffix between them sharing the run), and its first
 * places, searched among the stretches of neighbours sharing L. */
static int64_t longest_repeat(const adj_dice_group_t *g, const text_t *x, const int32_t *sa,
                              const int32_t *lcp, place_t where[2])
{
    int32_t n = (int32_t)x->n, len = 0;
    for (int32_t i = 1; i < n; i++)
        if (lcp[i] > len &&
            g->members[x->mem[sa[i]]].file != g->members[x->mem[sa[i - 1]]].file)
            len = lcp[i];
    if (len == 0)
        return 0;
    bool found = false;
    for (int32_t i = 0; i < n;) {
        int32_t j = i;
        while (j + 1 < n && lcp[j + 1] >= len)
            j++;
        place_t p[2];
        if (j > i && interval_places(g, x, sa, i, j, p) &&
            (!found || place_before(p[0], where[0]) ||
             (p[0].file == where[0].file && p[0].at == where[0].at &&
              place_before(p[1], where[1])))) {
            where[0] = p[0];
            where[1] = p[1];
            found = true;
        }
        i = j + 1;
    }
    return len;
}

/* The repeat row: L and where; p = min(1, P / 6^L), P the pairs of roll
 * positions in different files. Tested when the group has rolls in two
 * files or more. */
static void repeat_row(const adj_dice_t *d, const adj_dice_group_t *g, adj_dice_row_t *row)
{
    unsigned __int128 sum = 0, squares = 0;
    size_t files = 0;
    for (size_t m = 0; m < g->member_count;) {  /* members are in file order */
        size_t file = g->members[m].file;
        int64_t r = 0, cells[ADJ_STATS_CELLS] = {0};
        for (; m < g->member_count && g->members[m].file == file; m++)
            r += dice_member_cells(d, &g->members[m], ADJ_DICE_ALL, cells);
        sum += (unsigned __int128)r;
        squares += (unsigned __int128)r * (unsigned __int128)r;
        files += r > 0;
    }
    if (files < 2 || sum + g->member_count >= INT32_MAX)
        return;  /* one file: untested (and no archive holds 2^31 rolls of one player) */
    text_t x;
    text_build(d, g, &x);
    int32_t *sa = adj_xcalloc(x.n + 1, sizeof *sa);
    int32_t *rank = adj_xcalloc(x.n + 1, sizeof *rank);
    int32_t *tmp = adj_xcalloc(x.n + 1, sizeof *tmp);
    suffix_array(&x, sa, rank, tmp);
    lcp_array(&x, sa, rank, tmp);
    place_t where[2] = {{0, 0}, {0, 0}};
    row->n = longest_repeat(g, &x, sa, tmp, where);
    row->tested = true;
    row->p = adj_stats_repeat_p((sum * sum - squares) / 2, row->n);
    if (row->n > 0) {
        row->has_where = true;
        for (int k = 0; k < 2; k++) {
            row->where_file[k] = where[k].file;
            row->where_line[k] = d->files[where[k].file].line[where[k].at];
        }
    }
    free(sa);
    free(rank);
    free(tmp);
    free(x.t);
    free(x.at);
    free(x.mem);
}

/* ---- the order rows (ADJ_DICE_ORDER_LIST) ---- */

/* pairs: the 36 cells, chi-square with 35 degrees of freedom from 180 pairs. */
void dice_order_pairs(const adj_dice_t *d, size_t g, adj_dice_row_t *row)
{
    const adj_dice_group_t *gr = &d->groups[g];
    for (size_t m = 0; m < gr->member_count; m++)
        row->n += dice_member_cells(d, &gr->members[m], ADJ_DICE_PAIRS, row->counts);
    if (row->n >= ADJ_STATS_MIN_PAIRS) {
        row->tested = row->has_chi2 = true;
        row->chi2 = adj_stats_chi2_pairs(row->counts);
        row->p = adj_stats_q35(row->chi2);
    }
}

void dice_order_repeat(const adj_dice_t *d, size_t g, adj_dice_row_t *row)
{
    repeat_row(d, &d->groups[g], row);
}

/* ---- why a row is flagged ---- */

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Its faces (cells) whose residual reaches 3, its most deviant one (the
 * lowest on a tie), and each file's part, sorted by that face's count less
 * the file's expected share, descending, then by file position. */
static int part_cmp(const void *x, const void *y)
{
    const adj_dice_part_t *a = x, *b = y;
    if (a->excess != b->excess)
        return a->excess > b->excess ? -1 : 1;
    return (a->file > b->file) - (a->file < b->file);
}

void dice_explain_parts(const adj_dice_t *d, adj_dice_row_t *row)
{
    const adj_dice_group_t *g = &d->groups[row->group];
    row->parts = adj_xcalloc(g->member_count + 1, sizeof *row->parts);
    for (size_t m = 0; m < g->member_count;) {
        size_t file = g->members[m].file;
        int64_t part = 0, cells[ADJ_STATS_CELLS] = {0};
        for (; m < g->member_count && g->members[m].file == file; m++)
            part += dice_member_cells(d, &g->members[m], dice_cells_kind(row), cells);
        if (part > 0)
            row->parts[row->part_count++] = (adj_dice_part_t){
                file, part, cells[row->deviant], row->count_len * cells[row->deviant] - part, 0};
    }
    qsort(row->parts, row->part_count, sizeof *row->parts, part_cmp);
}

void dice_explain(const adj_dice_t *d, adj_dice_row_t *row)
{
    if (row->count_len == 0)
        return;  /* no counts (repeat): its `where` says it */
    int k = row->count_len;
    row->faces = adj_xcalloc((size_t)k, sizeof *row->faces);
    int64_t worst = -1;
    for (int c = 0; c < k; c++) {
        int64_t off = abs64(k * row->counts[c] - row->n);
        if (off > worst) {
            worst = off;
            row->deviant = c;
        }
        if (adj_stats_residual_off(row->counts[c], row->n, k))
            row->faces[row->face_count++] =
                (adj_dice_face_t){c, row->counts[c], (double)row->n / k};
    }
    dice_explain_parts(d, row);
}
