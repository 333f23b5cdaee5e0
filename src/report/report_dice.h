/* SPDX-License-Identifier: MIT */
/*
 * report_dice.h - `dice` in text (report_text_dice.c), private to
 * report_*.c: the text reporter's row points at it.
 */
#ifndef ADJ_REPORT_DICE_H
#define ADJ_REPORT_DICE_H

#include "adj_report.h"

void adj_text_dice(adj_buf_t *out, const adj_dice_t *d, const adj_report_opts_t *o);

#endif
