/* SPDX-License-Identifier: MIT */
/*
 * log_names.c - names of the typed log's enumerations, expanded from the tables
 * in adj_log.h.
 */
#include "adj_log.h"

static const char *const event_names[ADJ_EVENT_COUNT] = {
#define ADJ_X(e, key, ...) #key,
    ADJ_EVENT_LIST(ADJ_X)
#undef ADJ_X
};

static const char *const status_names[ADJ_STATUS_COUNT] = {
#define ADJ_X(e, name, in_play) name,
    ADJ_STATUS_LIST(ADJ_X)
#undef ADJ_X
};

static const char *const result_names[ADJ_RESULT_COUNT] = {
#define ADJ_X(e, name) name,
    ADJ_RESULT_LIST(ADJ_X)
#undef ADJ_X
};

const char *adj_event_name(adj_event_kind_t k) { return event_names[k]; }
const char *adj_status_name(adj_status_t s) { return status_names[s]; }
const char *adj_result_name(adj_result_t r) { return result_names[r]; }
