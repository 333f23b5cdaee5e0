/*
 * adj_engine.h - the replay engine: typed entries in, leader states,
 * obligations, VPs and diagnostics out (SPEC section 3).
 *
 * start / feed / finish, as linenoise does: the reader's loop feeds it, and
 * unit tests feed it entries built in C. Memory is proportional to the
 * roster, never to the length of the log.
 *
 *     adj_engine_t *e = adj_engine_new(header, &rulings, &diags);
 *     adj_engine_feed(e, entry);  ...
 *     adj_engine_finish(e, events_end_mark);   // only at the end of `events`
 *     ... read e->leaders, e->vp ...
 *     adj_engine_free(e);
 */
#ifndef ADJ_ENGINE_H
#define ADJ_ENGINE_H

#include "adj_diag.h"
#include "adj_log.h"
#include "adj_rulings.h"

/* Obligations (SPEC 3.4): rolls or actions the rules now require. */
typedef enum adj_obligation_kind_e {
    ADJ_OB_ILLNESS_CHECK,
    ADJ_OB_DURATION,
    ADJ_OB_SUSTAIN,
    ADJ_OB_REPLACE,
    ADJ_OB_COUNT
} adj_obligation_kind_t;

typedef struct adj_obligation_s {
    adj_obligation_kind_t kind;
    int32_t leader;
    adj_mark_t mark;    /* the event that created it */
    int64_t turn;
    bool met;
} adj_obligation_t;

/* One leader's replayed state (SPEC 3.1). */
typedef struct adj_leader_state_s {
    adj_status_t status;
    int64_t level;          /* wound level or illness turns left; 0 otherwise */
    bool inactive;          /* counter on its Inactive side */
    int32_t replaced_by;    /* roster index, -1 when none */
    bool replacing;         /* he has replaced someone */
    bool set_this_turn;     /* level set or changed in the current turn */
    int64_t ill_rolled;     /* illness level set by his last duration roll */
    bool death_claimed;     /* a vp claim for him was made after his death */
    uint8_t pending;        /* bit per adj_obligation_kind_t pending for him */
    int32_t afflicted_at;   /* index in adj_engine_t.afflicted, -1 */
    int32_t inactive_at;    /* index in adj_engine_t.inactive_list, -1 */
} adj_leader_state_t;

/* One part of the regenerated tally, remembered to explain a mismatch. */
typedef struct adj_contrib_s {
    size_t line;
    int side;
    int64_t points;
    int32_t leader;         /* the leader lost, -1 for an award */
} adj_contrib_t;

#define ADJ_MAX_CONTRIBS 32

/* One step of a leader's story, for `adjutant explain` (SPEC 6.3). */
typedef struct adj_step_s {
    adj_mark_t mark;
    bool has_turn;
    int64_t turn;
    const char *event;      /* borrowed: kind key, e.g. "duration" */
    const char *rule;       /* borrowed: "8.13", "8.13b", "base", a ruling name */
    int32_t leader;
    const char *text;       /* borrowed, valid during the callback */
} adj_step_t;

typedef void (*adj_step_fn)(void *ctx, const adj_step_t *step);

typedef struct adj_engine_s {
    const adj_header_t *header;   /* borrowed */
    adj_rulings_t rulings;
    adj_diags_t *diags;           /* borrowed */
    adj_leader_state_t *leaders;  /* owned, header->leader_count */

    bool turn_begun;
    int64_t turn;                 /* last turn begun, when turn_begun */
    bool ended;                   /* `end` was reached */
    int64_t vp[2];                /* regenerated tally per side */
    bool has_claim;               /* `end` carried a mapping */
    bool claim_present[2];
    int64_t claim[2];             /* claimed_vp after dropping bad entries */

    /* the open activation */
    int32_t act_leader;           /* -1 when none is open */
    bool act_mp_known;
    int64_t act_mp;               /* MPs available when known */
    uint64_t act_spent;           /* MPs spent: non-negative, saturates at UINT64_MAX */
    bool act_exceeded;            /* move-exceeds-mp already reported */
    bool act_checked;             /* his illness check was made */

    adj_obligation_t *pending;    /* owned: obligations created since the last expiry */
    size_t pending_count, pending_cap;
    size_t pending_rolls;         /* ILLNESS-CHECK and DURATION still unmet */

    int32_t *afflicted;           /* owned: wounded/ill leaders, mended at turns */
    size_t afflicted_count;
    int32_t *inactive_list;       /* owned: leaders on their Inactive side */
    size_t inactive_count;

    adj_contrib_t contribs[ADJ_MAX_CONTRIBS];
    size_t contrib_count;         /* all contributions, even past the array */

    adj_step_fn on_step;          /* NULL: no story is told (the fast path) */
    void *step_ctx;               /* borrowed */
    adj_buf_t say;                /* owned scratch for step texts */
} adj_engine_t;

adj_engine_t *adj_engine_new(const adj_header_t *header, const adj_rulings_t *rulings,
                             adj_diags_t *diags);
void adj_engine_free(adj_engine_t *e);

/* Replay one entry (SPEC 3.1 steps 2 and 3; the reader did step 1). */
void adj_engine_feed(adj_engine_t *e, const adj_entry_t *entry);

/* The events sequence ended at `mark`: expire obligations, warn missing-end. */
void adj_engine_finish(adj_engine_t *e, adj_mark_t mark);

/* In play: fit, wounded or ill. */
bool adj_status_in_play(adj_status_t s);

#endif
