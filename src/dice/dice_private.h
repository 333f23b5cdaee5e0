/*
 * dice_private.h - what dice.c (reading, groups, rows by kind, the run)
 * and dice_order.c (the order rows, and why a row is flagged) share.
 */
#ifndef ADJ_DICE_PRIVATE_H
#define ADJ_DICE_PRIVATE_H

#include "adj_dice.h"

/* Group g's `pairs` and `repeat` rows (`who` holds the group's fields). */
void dice_order_rows(const adj_dice_t *d, size_t g, const adj_dice_row_t *who,
                     adj_dice_row_t *pairs, adj_dice_row_t *repeat);

/* An improbable row's faces (or cells) far off and each file's part. */
void dice_explain(const adj_dice_t *d, adj_dice_row_t *row);

#endif
