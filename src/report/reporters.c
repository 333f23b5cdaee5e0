/* SPDX-License-Identifier: MIT */
/*
 * reporters.c - the table of reporters, the one place a format is looked
 * up, and whether a claimed tally stands (for --summary).
 */
#include "adj_report.h"

#include <stdlib.h>
#include <string.h>

/* The formats, each defined in its report_NAME.c. The first row is the
 * default. A new format is one line here and one in the table. */
extern const adj_reporter_t adj_reporter_text;
extern const adj_reporter_t adj_reporter_json;
extern const adj_reporter_t adj_reporter_sarif;
extern const adj_reporter_t adj_reporter_github;
extern const adj_reporter_t adj_reporter_html;
extern const adj_reporter_t adj_reporter_csv;

static const adj_reporter_t *const reporters[] = {
    &adj_reporter_text,
    &adj_reporter_json,
    &adj_reporter_sarif,
    &adj_reporter_github,
    &adj_reporter_html,
    &adj_reporter_csv,
};

#define REPORTER_COUNT (sizeof reporters / sizeof reporters[0])

const adj_reporter_t *adj_reporter_at(size_t i)
{
    return i < REPORTER_COUNT ? reporters[i] : NULL;
}

const adj_reporter_t *adj_reporter_find(const char *name)
{
    for (size_t i = 0; i < REPORTER_COUNT; i++)
        if (!strcmp(reporters[i]->name, name))
            return reporters[i];
    return NULL;
}

/* ---- --summary ---- */

adj_claim_t adj_claim_verdict(const adj_audit_t *a)
{
    const adj_replay_t *r = &a->result;
    if (!a->replayed || !r->has_claim)
        return ADJ_CLAIM_NONE;
    for (int s = 0; s < 2; s++)
        if (!r->claim_present[s] || r->claim[s] != r->vp[s])
            return ADJ_CLAIM_WRONG;
    return ADJ_CLAIM_STANDS;
}
