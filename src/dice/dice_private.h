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

/* An improbable row's faces (or cells) far off and each file's part. */
void dice_explain(const adj_dice_t *d, adj_dice_row_t *row);

#endif
