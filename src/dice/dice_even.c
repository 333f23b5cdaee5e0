/* SPDX-License-Identifier: MIT */
/*
 * dice_even.c - the dice audit's rows for dice too even (SPEC 7, "Too
 * even"), the `lower` rows of ADJ_DICE_ORDER_LIST: `even`, the faces of
 * all a player's rolls at least as close to n/6 as his; `evenpair`, the
 * same for his 36 pair counts; `evengame`, each game's evenness combined
 * over his games (a deck reshuffled at each game's start is even game by
 * game, and only a little over the season); and why such a row is flagged.
 * The arithmetic is stats_even.c's. See adj_dice.h.
 */
#include "dice_private.h"

#include <stdlib.h>
#include <string.h>

/* One file's part of group g: its cells of `kind` (faces or pairs), added
 * over the group's members in that file, from member *m on (members are in
 * file order); *m moves past them. Returns the part of n. */
static int64_t even_file_cells(const adj_dice_t *d, const adj_dice_group_t *g, size_t *m,
                               adj_dice_kind_t kind, int64_t *cells)
{
    size_t file = g->members[*m].file;
    int64_t part = 0;
    for (; *m < g->member_count && g->members[*m].file == file; (*m)++)
        part += dice_member_cells(d, &g->members[*m], kind, cells);
    return part;
}

/* even: his six counts, tested from ADJ_STATS_MIN_N rolls, as `all` is. */
void dice_order_even(const adj_dice_t *d, size_t g, adj_dice_row_t *row)
{
    const adj_dice_group_t *gr = &d->groups[g];
    for (size_t m = 0; m < gr->member_count; m++)
        row->n += dice_member_cells(d, &gr->members[m], ADJ_DICE_ALL, row->counts);
    if (row->n >= ADJ_STATS_MIN_N) {
        bool exact;
        row->tested = row->has_chi2 = true;
        row->chi2 = adj_stats_chi2(row->counts);
        row->p = adj_stats_even(row->counts, ADJ_STATS_FACES, &exact);
    }
}

/* evenpair: his 36 pair counts, tested from ADJ_STATS_MIN_PAIRS, as
 * `pairs` is. */
void dice_order_evenpair(const adj_dice_t *d, size_t g, adj_dice_row_t *row)
{
    const adj_dice_group_t *gr = &d->groups[g];
    for (size_t m = 0; m < gr->member_count; m++)
        row->n += dice_member_cells(d, &gr->members[m], ADJ_DICE_PAIRS, row->counts);
    if (row->n >= ADJ_STATS_MIN_PAIRS) {
        bool exact;
        row->tested = row->has_chi2 = true;
        row->chi2 = adj_stats_chi2_pairs(row->counts);
        row->p = adj_stats_even(row->counts, ADJ_STATS_CELLS, &exact);
    }
}

/* evengame: n the files in which he has ADJ_DICE_GAME_MIN rolls or more;
 * tested when there are two or more: chi2 the sum of their scores (each a
 * chi-square value with 5 degrees of freedom, adj_stats_even_score), p its
 * lower tail with 5 n degrees of freedom. */
void dice_order_evengame(const adj_dice_t *d, size_t g, adj_dice_row_t *row)
{
    const adj_dice_group_t *gr = &d->groups[g];
    double sum = 0;
    for (size_t m = 0; m < gr->member_count;) {
        int64_t cells[ADJ_STATS_FACES] = {0};
        double p;
        if (even_file_cells(d, gr, &m, ADJ_DICE_ALL, cells) < ADJ_DICE_GAME_MIN)
            continue;
        sum = sum + adj_stats_even_score(cells, &p);
        row->n++;
    }
    if (row->n >= 2) {
        row->tested = row->has_chi2 = true;
        row->chi2 = sum;
        row->p = adj_stats_chi2_lower((ADJ_STATS_FACES - 1) * row->n, sum);
    }
}

/* ---- why a row is flagged ---- */

static int64_t even_abs(int64_t v)
{
    return v < 0 ? -v : v;
}

/* The cell of k farthest from n/k (the lowest on a tie), and how far, in
 * units of 1/k: |k count - n|. */
static int even_farthest(const int64_t *cells, int k, int64_t n, int64_t *off)
{
    int far = 0;
    *off = -1;
    for (int c = 0; c < k; c++)
        if (even_abs(k * cells[c] - n) > *off) {
            *off = even_abs(k * cells[c] - n);
            far = c;
        }
    return far;
}

/* Most even first: by the file's own p, then by file position. */
static int even_part_cmp(const void *x, const void *y)
{
    const adj_dice_part_t *a = x, *b = y;
    if (a->p != b->p)
        return a->p < b->p ? -1 : 1;
    return (a->file > b->file) - (a->file < b->file);
}

/* evengame's parts: each game counted, with its rolls, its count of its own
 * farthest face (so `within` is |6 count - rolls| / 6) and its p. */
static void even_game_parts(const adj_dice_t *d, adj_dice_row_t *row)
{
    const adj_dice_group_t *g = &d->groups[row->group];
    row->parts = adj_xcalloc(g->member_count + 1, sizeof *row->parts);
    for (size_t m = 0; m < g->member_count;) {
        size_t file = g->members[m].file;
        int64_t cells[ADJ_STATS_FACES] = {0}, off;
        int64_t part = even_file_cells(d, g, &m, ADJ_DICE_ALL, cells);
        if (part < ADJ_DICE_GAME_MIN)
            continue;
        adj_dice_part_t *pt = &row->parts[row->part_count++];
        int far = even_farthest(cells, ADJ_STATS_FACES, part, &off);
        *pt = (adj_dice_part_t){file, part, cells[far], off, 0};
        adj_stats_even_score(cells, &pt->p);
    }
    qsort(row->parts, row->part_count, sizeof *row->parts, even_part_cmp);
}

/* A `lower` row flagged: the faces (cells) farthest from n/6 (n/36), every
 * one within that distance; each file's part, as for the other rows; for
 * evengame, each game's evenness instead. */
void dice_even_explain(const adj_dice_t *d, adj_dice_row_t *row)
{
    if (row->count_len == 0) {
        even_game_parts(d, row);
        return;
    }
    int k = row->count_len;
    int64_t off;
    row->deviant = even_farthest(row->counts, k, row->n, &off);
    row->faces = adj_xcalloc((size_t)k, sizeof *row->faces);
    for (int c = 0; c < k; c++)
        if (even_abs(k * row->counts[c] - row->n) == off)
            row->faces[row->face_count++] =
                (adj_dice_face_t){c, row->counts[c], (double)row->n / k};
    dice_explain_parts(d, row);
}
