/* SPDX-License-Identifier: MIT */
/*
 * engine_impl.h - the engine's insides (private: engine.c, and the
 * white-box unit tests and fuzzers that check its invariants). Reporters
 * and the command line read an adj_replay_t instead.
 *
 * Leader statuses and what moves between them:
 *
 *   reserve --replace (he is the `by`)--> fit
 *   fit --wound k<6--> wounded(k)      fit --duration d<6--> ill(d)
 *   fit --duration 6--> incapacitated (8.13a: no VPs, REPLACE owed)
 *   wounded(w) --duration d--> wounded(w+d), dead if w+d >= 6 (8.13b)
 *   wounded(w) --wound k--> wounded(w+k) [ruling repeat-wound], dead at 6+
 *   ill(t) --wound k--> wounded(k+t) [ruling illness-left], dead at 6+ (8.13b)
 *   ill(t) --duration d--> ill(t+d), incapacitated at 6+ [ruling repeat-illness]
 *   wounded/ill --turn boundary--> level-1, fit at 0 [ruling recovery]
 *   any in play --wound 6+--> dead (the other side gains his vp)
 *
 * The counter's side: Inactive by `flip` or an illness roll of 5; every
 * leader in play turns Active at each turn boundary; out of play, Active.
 *
 * Obligations (SPEC 3.4), created and met within one activation window,
 * which the next activate, turn, end or the end of the events closes:
 *
 *   raw 1 on the IMC (8.13 on)  -> ILLNESS-CHECK(L)  met by illness: L
 *   illness roll 6              -> DURATION(L)       met by duration: L
 *   move into enemy ZOC         -> SUSTAIN(L)        met by sustain: L
 *   duration incapacitates L    -> REPLACE(L)        met by replace: L
 *
 * Every obligation in a window concerns the activated leader, so at most
 * four are open at once; met ones are dropped at once. An expired one is
 * reported at the line that created it.
 *
 * Cost: every handler is O(1) except a turn boundary, which touches only
 * the leaders who are wounded, ill or Inactive; mending over a leap of
 * many turns is arithmetic. Memory is the roster plus a few counters.
 */
#ifndef ADJ_ENGINE_IMPL_H
#define ADJ_ENGINE_IMPL_H

#include "adj_engine.h"


/* An event ignored or refused in the open activation window, which a later
 * finding in it may follow from (SPEC 4: it then names it). */
typedef struct engine_note_s {
    int32_t leader;               /* -1: none */
    size_t line;
    adj_code_t code;              /* the finding that ignored it */
} engine_note_t;

/* Per leader: what earlier findings left behind, for the knock-ons. */
typedef struct engine_cause_s {
    uint8_t missed;               /* 1 + the kind of his last roll owed and never made
                                     (ILLNESS_CHECK, DURATION); 0: none */
    size_t missed_line;           /* the event that required it */
    size_t refused_in_line;       /* the last `replace` by him that was refused; 0: none */
    adj_code_t refused_in_code;
    size_t replaced_line;         /* the `replace` that replaced him */
    size_t refused_out_line;      /* the last `replace` of him refused: replacement-unavailable */
    size_t claim_line;            /* the first claim for his death after it */
} engine_cause_t;

/* Per leader: the engine's own bookkeeping, parallel to adj_engine_t.leaders
 * (which holds only what reports show, SPEC 3.1). */
typedef struct engine_book_s {
    bool replacing;               /* he has replaced someone */
    bool set_this_turn;           /* level set or changed in the current turn */
    int64_t ill_rolled;           /* illness level set by his last duration roll */
    bool death_claimed;           /* a vp claim for him was made after his death */
    uint8_t pending;              /* bit per adj_obligation_kind_t pending for him */
    int32_t afflicted_at;         /* index in adj_engine_t.afflicted, -1 */
    int32_t inactive_at;          /* index in adj_engine_t.inactive_list, -1 */
    size_t inactive_line;         /* the flip or illness roll of 5 that turned him Inactive */
    bool inactive_by_roll;        /* it was an illness roll of 5 (else a flip) */
} engine_book_t;

_Static_assert(ADJ_OB_COUNT <= 8, "engine_book_t.pending holds a bit per obligation");

typedef struct adj_engine_s {
    const adj_header_t *header;   /* borrowed */
    adj_rulings_t rulings;
    adj_diags_t *diags;           /* borrowed */
    adj_leader_state_t *leaders;  /* owned, header->leader_count: what reports show */
    engine_book_t *book;          /* owned, header->leader_count: the rest, per leader */

    bool turn_begun;
    int64_t turn;                 /* last turn begun, when turn_begun */
    bool ended;                   /* `end` was reached */
    size_t stall_line;            /* the last `turn` that began no new turn (0: none) */
    int64_t stall_turn;           /* its number */
    bool stall_repeat;            /* it repeated the turn before it (else went back) */
    int64_t vp[2];                /* regenerated tally per side */
    bool has_claim;               /* `end` carried a mapping */
    bool claim_present[2];
    int64_t claim[2];             /* claimed_vp after dropping bad entries */

    /* the open activation */
    int32_t act_leader;           /* -1 when none is open */
    adj_mark_t act_mark;          /* its `activate` event */
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
    adj_contrib_t living_claim;   /* the first `vp ... leader:` for one not dead: not counted */
    size_t living_claims;         /* how many */
    adj_status_t living_status;   /* the first one's leader's status then */

    engine_cause_t *causes;       /* owned, header->leader_count */
    engine_note_t act_note;       /* an activation refused or without a die roll */
    engine_note_t ill_note;       /* an illness roll ignored or without a die roll */

    adj_step_fn on_step;          /* NULL: no story is told (the fast path) */
    void *step_ctx;               /* borrowed */
    adj_buf_t say;                /* owned scratch for step texts */
} adj_engine_t;

/* engine_why.c: what the engine needs of each obligation, derived from
 * ADJ_OBLIGATION_LIST (adj_engine.h). */
typedef struct engine_ob_s {
    adj_event_kind_t event;   /* the event meeting it */
    adj_code_t code;          /* the finding when it expires unmet */
    bool roll;                /* a die roll 8.13 puts before any other */
    bool base;                /* the base game's: its findings cite "8.13" or "base" */
    const char *words;        /* its name in running text */
    const char *missed;       /* the expiry message, after the leader's id */
    const char *owed;         /* "owed for his ..." */
} engine_ob_t;
extern const engine_ob_t engine_ob[ADJ_OB_COUNT];

/* engine_why.c: the sentences that name a finding's cause. */
void engine_why_dropped(const adj_engine_t *e, const adj_obligation_t *o, char *out, size_t size);
const char *engine_why_turn(int64_t n, int64_t prev);
void engine_why_inactive(const adj_engine_t *e, int32_t l, char *out, size_t size);
void engine_why_duration(const adj_engine_t *e, adj_status_t was, int64_t level, int64_t dd,
                         char *out, size_t size);
void engine_why_tally(const adj_engine_t *e, adj_buf_t *m);
/* result-mismatch; `why` is the arithmetic that gives `outcome`. */
void engine_why_result(adj_engine_t *e, const adj_entry_t *en, adj_result_t outcome,
                       const char *rule, const char *roll_kind, const char *why);
/* Tell a step of leader l's story (explain only; see the story macro). */
void engine_story(adj_engine_t *e, const adj_entry_t *en, int32_t l, const char *rule,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Leader l's roll o expired unmet: remembered for the knock-ons. */
void engine_cause_missed(adj_engine_t *e, const adj_obligation_t *o);
void engine_why_state(adj_buf_t *b, adj_status_t status, bool has_level, int64_t level,
                      bool has_inactive, bool inactive);
/* Knock-ons (each writes `lead` and the cause into out, or "" when none). */
void engine_why_missed(const adj_engine_t *e, int32_t l, const char *lead, char *out,
                       size_t size);
void engine_why_refused_in(const adj_engine_t *e, int32_t l, char *out, size_t size);
void engine_why_no_check(const adj_engine_t *e, int32_t l, char *out, size_t size);
void engine_why_no_duration(const adj_engine_t *e, int32_t l, char *out, size_t size);
void engine_why_double_award(const adj_engine_t *e, adj_buf_t *m);
/* A `vp` with `leader:` for a leader not dead was taken as a claim for his
 * death and not counted: the tally's message names it (issue 33 item 25). */
void engine_why_living_claim(const adj_engine_t *e, adj_buf_t *m);

/* ---- shared by the engine's files (engine.c defines them) ---- */

/* A diagnostic about leader `l` (-1: none) at `mark`; the list dates it. */
#define diag(e, code, mark, rule, l, ...)                                                  \
    adj_diags_add((e)->diags, (code), (mark), (rule), (l) >= 0 ? engine_lid((e), (l)) : NULL,     \
                  NULL, __VA_ARGS__)

/* Tell a step of leader l's story (explain only): the test comes first, so
 * an audit neither evaluates the story's arguments nor makes the call. */
#define story(e, ...)                      \
    do {                                   \
        if ((e)->on_step)                  \
            engine_story((e), __VA_ARGS__); \
    } while (0)

const char *engine_lid(const adj_engine_t *e, int32_t l);
int engine_other_side(int side);
void engine_set_inactive(adj_engine_t *e, int32_t l, bool inactive);
void engine_set_condition(adj_engine_t *e, int32_t l, adj_status_t status, int64_t level);
void engine_contrib(adj_engine_t *e, size_t line, int side, int64_t points, int32_t leader);
/* Leader l dies: the other side gains his VPs (SPEC 3.8). */
void engine_kill(adj_engine_t *e, int32_t l, const adj_entry_t *en);
void engine_oblige(adj_engine_t *e, adj_obligation_kind_t kind, int32_t l, adj_mark_t mark);
bool engine_owed(const adj_engine_t *e, adj_obligation_kind_t kind, int32_t l);
/* Meet obligation `kind` of l: the line that created it. */
size_t engine_meet(adj_engine_t *e, adj_obligation_kind_t kind, int32_t l);
void engine_expire_at(adj_engine_t *e, const char *what, size_t line);
/* engine_activation.c: a die's face 1..6; an event for a leader out of play refused. */
bool engine_roll_ok(int64_t roll);
bool engine_refused_out_of_play(adj_engine_t *e, const adj_entry_t *en, const char *tail,
                                const char *what);

/* Each kind's rules, engine_on_<key> (engine.c: turn; engine_activation.c:
 * activate, move; engine_illness.c: illness, duration; engine_events.c:
 * the others), called by adj_engine_feed. */
#define ADJ_X(E, key, ...) void engine_on_##key(adj_engine_t *e, const adj_entry_t *en);
ADJ_EVENT_LIST(ADJ_X)
#undef ADJ_X

#endif
