/* SPDX-License-Identifier: MIT */
/*
 * reader_header_check.c - step 1 of SPEC 1.2: every header problem of a
 * log, each in its own bad-document at the value at fault (the document's
 * start for a missing key), checked when `events` is reached.
 */
#include "reader_ladder.h"
#include "reader_header_check.h"

#define what_of(r, k) ((r)->hv_what[k] ? (r)->hv_what[k] : "")  /* what the bad value is */

/* A turn key came from the ladder's scenario (SPEC 13): a problem
 * between the turns is then told at the log's `scenario`. */
static bool turns_lent(const adj_reader_t *r)
{
    return r->sc && (!r->header_seen[HK_FIRST_TURN] || !r->header_seen[HK_LAST_TURN]);
}

/* After a missing key that a ladder's scenario could lend: when the log
 * names a scenario and no ladder file lends it, say so (issue 33 item 20),
 * else "". Valid until the next call with `hint`. */
static const char *lend_hint(const adj_reader_t *r, adj_buf_t *hint)
{
    if (!r->scenario || r->sc)
        return "";
    adj_buf_t tmp = {0};
    adj_buf_reset(hint);
    adj_buf_printf(hint, "; the log names scenario %s and no ladder file lends it: give one "
                   "with --ladder", reader_clip(&tmp, r->scenario, r->scenario_len));
    adj_buf_free(&tmp);
    return hint->data;
}

/* Step 1 of SPEC 1.2: every header problem, each in its own bad-document,
 * in the order SPEC 1.2 lists them. `events` is the state of its value.
 * False when any applied (the audit stops). */
bool reader_header_problems(adj_reader_t *r, hv_t events)
{
    adj_buf_t hint = {0};
    if (events == HV_ABSENT)
        header_bad(r, HK_EVENTS, "`events` is missing: the log must end with `events:`, the "
                                 "list of the game's events");
    if (r->format == HV_ABSENT)
        header_bad(r, HK_FORMAT, "`format` is missing: a log starts with `format: adjutant/1`");
    else if (r->format == HV_BAD)
        header_bad(r, HK_FORMAT, "`format` must be exactly adjutant/1, not %s",
                   what_of(r, HK_FORMAT));
    if (r->round == HV_BAD)
        header_bad(r, HK_ROUND, "`round` must be a positive integer (the ladder round the "
                                "game belongs to), not %s", what_of(r, HK_ROUND));
    if (r->played == HV_BAD)
        header_bad(r, HK_PLAYED, "`played` must be the date the game was played, "
                                 "YYYY-MM-DD, not %s", what_of(r, HK_PLAYED));
    if (r->first_turn == HV_BAD)
        header_bad(r, HK_FIRST_TURN, "`first_turn` must be an integer, not %s",
                   what_of(r, HK_FIRST_TURN));
    if (r->last_turn == HV_ABSENT)
        header_bad(r, HK_LAST_TURN, "`last_turn` is missing: it must be an integer, the "
                                    "game's last turn%s", lend_hint(r, &hint));
    else if (r->last_turn == HV_BAD)
        header_bad(r, HK_LAST_TURN, "`last_turn` must be an integer, not %s",
                   what_of(r, HK_LAST_TURN));
    else if (r->first_turn != HV_BAD && r->last < r->first && turns_lent(r))
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, r->scenario_mark,
                    "`last_turn` must be at least `first_turn` (%lld), not %lld (one of them "
                    "from the ladder's scenario, %s:%zu)", (long long)r->first,
                    (long long)r->last, r->sc->file, r->sc->name.mark.line);
    else if (r->first_turn != HV_BAD && r->last < r->first)
        header_bad(r, HK_LAST_TURN, "`last_turn` must be at least `first_turn` (%lld%s), not %lld",
                   (long long)r->first, r->first_turn == HV_ABSENT ? ", its default" : "",
                   (long long)r->last);
    if (r->sides == HV_ABSENT)
        header_bad(r, HK_SIDES, "`sides` is missing: it must be a list of two distinct names, "
                                "such as [CSA, USA]%s", lend_hint(r, &hint));
    else if (r->sides == HV_BAD)
        header_bad(r, HK_SIDES, "`sides` must be a list of two distinct names%s",
                   what_of(r, HK_SIDES));
    if (r->leaders == HV_ABSENT)
        header_bad(r, HK_LEADERS, "`leaders` is missing: it must be a list of the leaders "
                                  "(the roster)%s", lend_hint(r, &hint));
    else if (r->leaders == HV_BAD)
        header_bad(r, HK_LEADERS, "`leaders` must be a list of the leaders (the roster), not %s",
                   what_of(r, HK_LEADERS));
    if (events == HV_BAD)
        header_bad(r, HK_EVENTS, "`events` must be a list of the game's events, not %s",
                   what_of(r, HK_EVENTS));
    adj_buf_free(&hint);
    return r->st.state != RS_STOP;
}
