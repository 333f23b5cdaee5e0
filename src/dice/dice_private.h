/* SPDX-License-Identifier: MIT */
/*
 * dice_private.h - what dice.c (reading, groups, rows by kind, the run)
 * and dice_order.c (the order rows, and why a row is flagged) share.
 */
#ifndef ADJ_DICE_PRIVATE_H
#define ADJ_DICE_PRIVATE_H

#include "adj_dice.h"

/* The order rows' builders, one per row of ADJ_DICE_ORDER_LIST: group g's
 * row `row` (its group's fields, kind and count_len already set) filled. */
#define DICE_ORDER_DECLARE(row, key, ...) \
    void dice_order_##key(const adj_dice_t *d, size_t g, adj_dice_row_t *row);
ADJ_DICE_ORDER_LIST(DICE_ORDER_DECLARE)
#undef DICE_ORDER_DECLARE

/* An improbable row's faces (or cells) far off and each file's part
 * (dice_order.c); a `lower` row's, what is too even (dice_even.c). */
void dice_explain(const adj_dice_t *d, adj_dice_row_t *row);
void dice_even_explain(const adj_dice_t *d, adj_dice_row_t *row);

/* Each file's part of an improbable row (row->deviant set): its part of n
 * and its count of the deviant face or cell, sorted by that count less the
 * file's expected share, descending, then by file position. */
void dice_explain_parts(const adj_dice_t *d, adj_dice_row_t *row);

/* The cells a row counts, as a kind for dice_member_cells: its die row's,
 * ADJ_DICE_PAIRS for pairs, ADJ_DICE_ALL for an order row of faces. */
adj_dice_kind_t dice_cells_kind(const adj_dice_row_t *row);

/* Add member m's cells of a row of `kind` to cells: its face counts of that
 * kind (a roll kind), or for ADJ_DICE_PAIRS its pairs (1st with 2nd, 3rd
 * with 4th, ...) in its side's sequence, every kind together. Returns its
 * part of n. */
int64_t dice_member_cells(const adj_dice_t *d, const adj_dice_member_t *m, adj_dice_kind_t kind,
                          int64_t *cells);

#endif
