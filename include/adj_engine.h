/* SPDX-License-Identifier: MIT */
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
 *     adj_replay_t r = adj_engine_result(e);   // leaders' states, VPs, turn
 *     adj_engine_free(e);
 *
 * The engine itself is opaque: only engine.c (and the white-box unit tests
 * and fuzzers, through src/engine_impl.h) see inside it.
 */
#ifndef ADJ_ENGINE_H
#define ADJ_ENGINE_H

#include "adj_diag.h"
#include "adj_log.h"
#include "adj_rulings.h"

/* One leader's replayed state (SPEC 3.1): what reports show, and nothing
 * more (the engine keeps its own bookkeeping beside it, in engine_impl.h). */
typedef struct adj_leader_state_s {
    adj_status_t status;
    int64_t level;          /* wound level or illness turns left; 0 otherwise */
    bool inactive;          /* counter on its Inactive side */
    int32_t replaced_by;    /* roster index, -1 when none */
} adj_leader_state_t;

/* One step of a leader's story, for `adjutant explain` (SPEC 6.3). */
typedef struct adj_step_s {
    adj_mark_t mark;
    bool has_turn;
    int64_t turn;
    const char *event;      /* borrowed: kind key, e.g. "duration" */
    const char *rule;       /* borrowed: "8.13", "8.13b", "base", a ruling name */
    int32_t leader;
    const char *text;       /* borrowed, valid during the callback */
    const adj_leader_state_t *state;  /* borrowed: his state after the step */
} adj_step_t;

typedef void (*adj_step_fn)(void *ctx, const adj_step_t *step);

/* Obligations (SPEC 3.4): rolls or actions the rules now require. The
 * catalogue, the one place an obligation is declared, in the order SPEC 8
 * lists them (the order reports sort the ones created on one line in):
 *
 *   X(ENUM, name, words, EVENT, CODE, ROLL, BASE, because, must, before, missed, owed)
 *
 * `name` is the code reports print (`status`, `obligation` in JSON); `words`
 * what messages call it in running text; EVENT the kind of event that meets
 * it; CODE the diagnostic when it expires unmet. ROLL is 1 for a die roll
 * that 8.13 makes come before any other roll (roll-out-of-order), BASE 1
 * when the base game requires it and 8.13 only orders it (its findings cite
 * "8.13" or "base", the others their code's rule). For `status`: `because`
 * names what created it, `must` what the leader must do and `before` what
 * may not come first. `missed` follows "L" in the expiry message; `owed`
 * completes "the <words> owed for his ..." (what a finding's cause says).
 * Derived from it: the enum and the names, what meets each
 * (engine_why.c), the roll set, the expiry codes and messages (engine.c),
 * the pending sentence (pending.c). At most 8 rows: a leader's pending set
 * is a byte. */
#define ADJ_OBLIGATION_LIST(X)                                                               \
    X(ILLNESS_CHECK, "illness-check", "illness check", ILLNESS, ILLNESS_CHECK_MISSING, 1, 0, \
      "raw 1", "check for illness", "any other die roll",                                    \
      "rolled a raw 1 on the IMC here, so rule 8.13 requires an illness check after his "    \
      "move; none was made", "raw 1")                                                        \
    X(DURATION, "duration", "duration roll", DURATION, DURATION_MISSING, 1, 0,               \
      "illness roll 6", "roll for the duration of his illness", "any other die roll",        \
      "rolled a 6 for illness here, so a duration roll must follow; none was made",          \
      "illness roll of 6")                                                                   \
    X(SUSTAIN, "sustain", "Sustain roll", SUSTAIN, SUSTAIN_MISSING, 0, 1,                    \
      "move into an enemy ZOC", "roll to Sustain the Attack",                                \
      "the next activation, turn or end",                                                    \
      "moved into an enemy ZOC here, so a Sustain roll is required; none was made",          \
      "move into an enemy ZOC")                                                              \
    X(REPLACE, "replacement", "replacement", REPLACE, REPLACEMENT_MISSING, 0, 0,             \
      "incapacitated", "be replaced", "the next activation, turn or end",                    \
      "was incapacitated by illness here and must be replaced at once; no replacement was "  \
      "made", "incapacitation")

typedef enum adj_obligation_kind_e {
#define ADJ_X(e, ...) ADJ_OB_##e,
    ADJ_OBLIGATION_LIST(ADJ_X)
#undef ADJ_X
    ADJ_OB_COUNT
} adj_obligation_kind_t;

/* The row of the IMC an activation reads (SPEC 3.3): raw roll + modifier,
 * clamped to 1..6. The engine and `fix` both read it here. */
int64_t adj_imc_modified(int64_t roll, int64_t modifier);

/* What an illness roll of `roll` gives (SPEC 3.5): ADJ_RES_INACTIVE for a
 * 5, ADJ_RES_ILL for a 6, else ADJ_RES_NONE. The engine and `fix` both read
 * it here. */
adj_result_t adj_illness_result(int64_t roll);

typedef struct adj_obligation_s {
    adj_obligation_kind_t kind;
    int32_t leader;
    adj_mark_t mark;    /* the event that created it */
    int64_t turn;
    size_t dropped_line;  /* a roll meant for it, dropped for a mistyped id; 0: none */
} adj_obligation_t;

/* The activation still open (SPEC 3.3), as `status` reports it (SPEC 8). */
typedef struct adj_activation_s {
    int32_t leader;         /* roster index; -1 when none is open */
    adj_mark_t mark;        /* its `activate` event */
    bool mp_known;
    int64_t mp;             /* MPs available, when mp_known */
    uint64_t spent;         /* MPs spent (saturates at UINT64_MAX) */
} adj_activation_t;

/* One part of the regenerated tally, remembered to explain a mismatch. */
typedef struct adj_contrib_s {
    size_t line;
    int side;
    int64_t points;
    int32_t leader;         /* the leader lost, -1 for an award */
    int64_t turn;           /* the turn it came in */
} adj_contrib_t;

#define ADJ_MAX_CONTRIBS 32

typedef struct adj_engine_s adj_engine_t;

/* What a replay produced, for the reporters: a snapshot of the scalars and
 * a view of the leaders' states. */
typedef struct adj_replay_s {
    const adj_header_t *header;          /* borrowed from the reader */
    const adj_leader_state_t *leaders;   /* borrowed from the engine, header->leader_count */
    bool turn_begun;
    int64_t turn;                 /* last turn begun, when turn_begun */
    bool ended;                   /* `end` was reached */
    int64_t vp[2];                /* regenerated tally per side */
    bool has_claim;               /* `end` carried a mapping */
    bool claim_present[2];
    int64_t claim[2];             /* claimed_vp after dropping bad entries */
    /* what the rules require at this moment (empty once the window closed) */
    const adj_obligation_t *pending;  /* borrowed from the engine, in the order created */
    size_t pending_count;
    adj_activation_t activation;

    const struct adj_contrib_s *parts;  /* borrowed: what the tally is made of, in the order
                                         * counted: the first ADJ_MAX_CONTRIBS of part_count */
    size_t part_count;
} adj_replay_t;

adj_engine_t *adj_engine_new(const adj_header_t *header, const adj_rulings_t *rulings,
                             adj_diags_t *diags);
void adj_engine_free(adj_engine_t *e);

/* Replay one entry (SPEC 3.1 steps 2 and 3; the reader did step 1). */
void adj_engine_feed(adj_engine_t *e, const adj_entry_t *entry);

/* The events sequence ended at `mark`: expire obligations, warn missing-end. */
void adj_engine_finish(adj_engine_t *e, adj_mark_t mark);
/* The same, where `last_line` is the file's last line when `mark` lies
 * after it (adj_reader_events_end_after), 0 otherwise: the messages then
 * name that line, not one the file does not show (the mark stays). */
void adj_engine_finish_after(adj_engine_t *e, adj_mark_t mark, size_t last_line);

/* A `kind` roll on line `line` was dropped for an unknown id that is a slip
 * for leader l (adj_reader_take_dropped): if l owes such a roll, its
 * missing-roll diagnostic names that line. Call before the next feed. */
void adj_engine_note_dropped(adj_engine_t *e, adj_event_kind_t kind, size_t line, int32_t l);

/* The kinds of roll an obligation waits for (ADJ_OBLIGATION_LIST's events
 * that carry a die), as adj_reader_keep_dropped's mask. */
uint32_t adj_engine_awaited_rolls(void);

/* Tell each step of a leader's story to `fn` (NULL: none, the fast path). */
void adj_engine_on_step(adj_engine_t *e, adj_step_fn fn, void *ctx);

/* The replay so far; valid until the next feed or finish. */
adj_replay_t adj_engine_result(const adj_engine_t *e);

/* In play: fit, wounded or ill. */
bool adj_status_in_play(adj_status_t s);

#endif
