/* SPDX-License-Identifier: MIT */
/*
 * adj_diag.h - the diagnostic catalogue and the list a replay fills.
 *
 * The catalogue is one X-macro table (as jq does with its opcodes): the
 * enum, the code strings, severities, rules and summaries are all expanded
 * from ADJ_DIAG_LIST, so nothing can fall out of step. `adjutant
 * --list-codes` is generated from it too, and the catalogue in
 * docs/diagnostics.md is checked against it (tests/readme_codes.py).
 */
#ifndef ADJ_DIAG_H
#define ADJ_DIAG_H

#include "adj_common.h"

typedef enum adj_severity_e { ADJ_SEV_ERROR, ADJ_SEV_WARNING } adj_severity_t;

/* X(ENUM, "code", severity, "rule", "what it means"); a rule "A/B" is A, or B
 * when 8.13 is off (the diagnostic itself then names one of them) */
#define ADJ_DIAG_LIST(X)                                                                   \
    X(YAML_SYNTAX, "yaml-syntax", ADJ_SEV_ERROR, "format",                                 \
      "the file is not well-formed YAML (or exceeds a reading limit); the audit stops")     \
    X(BAD_DOCUMENT, "bad-document", ADJ_SEV_ERROR, "format",                               \
      "the file is not one adjutant/1 document with a usable header; the audit stops")      \
    X(BAD_FIELD, "bad-field", ADJ_SEV_ERROR, "format",                                     \
      "a field is missing, ill-typed or out of range; the entry or event is dropped")       \
    X(UNKNOWN_FIELD, "unknown-field", ADJ_SEV_WARNING, "format",                           \
      "a key the format does not define (with a did-you-mean where one is close)")          \
    X(UNKNOWN_EVENT, "unknown-event", ADJ_SEV_ERROR, "format",                             \
      "an event with no kind key, or more than one; it is skipped")                          \
    X(DUPLICATE_KEY, "duplicate-key", ADJ_SEV_ERROR, "format",                             \
      "a key repeated in one mapping; the first value counts")                              \
    X(YAML_ALIAS, "yaml-alias", ADJ_SEV_ERROR, "format",                                   \
      "an anchor or alias; refused wherever it stands, and the audit stops")                \
    X(UNKNOWN_LEADER, "unknown-leader", ADJ_SEV_ERROR, "format",                           \
      "an event names a leader who is not in the roster; it is ignored")                    \
    X(DUPLICATE_LEADER, "duplicate-leader", ADJ_SEV_ERROR, "format",                       \
      "a roster entry repeats an id already in the roster; it is dropped")                  \
    X(UNKNOWN_OPTIONAL_RULE, "unknown-optional-rule", ADJ_SEV_WARNING, "format",           \
      "an optional rule adjutant does not know")                                            \
    X(TURN_SEQUENCE, "turn-sequence", ADJ_SEV_ERROR, "base",                               \
      "a turn that is not first_turn (first) or the previous turn plus one")                \
    X(TURN_OUT_OF_RANGE, "turn-out-of-range", ADJ_SEV_ERROR, "base",                       \
      "a turn after last_turn")                                                             \
    X(EVENT_BEFORE_TURN, "event-before-turn", ADJ_SEV_ERROR, "base",                       \
      "an event before the first turn; it is ignored")                                      \
    X(EVENT_AFTER_END, "event-after-end", ADJ_SEV_ERROR, "base",                           \
      "an event after `end`; it is ignored")                                                \
    X(MISSING_END, "missing-end", ADJ_SEV_WARNING, "base",                                 \
      "the events end without an `end` event")                                              \
    X(ROLL_OUT_OF_RANGE, "roll-out-of-range", ADJ_SEV_ERROR, "base",                       \
      "a die roll outside 1..6")                                                            \
    X(ROLL_OUT_OF_ORDER, "roll-out-of-order", ADJ_SEV_ERROR, "8.13",                       \
      "a Sustain or wound roll while an illness check or duration roll is still owed")      \
    X(LEADER_NOT_IN_PLAY, "leader-not-in-play", ADJ_SEV_ERROR, "base",                     \
      "an event for a leader who is dead, incapacitated or in reserve")                     \
    X(LEADER_INACTIVE, "leader-inactive", ADJ_SEV_ERROR, "base",                           \
      "a leader activated while his counter shows its Inactive side")                       \
    X(IMC_MISMATCH, "imc-mismatch", ADJ_SEV_ERROR, "base",                                 \
      "the MPs recorded differ from the Initiative Movement Chart")                         \
    X(MOVE_WITHOUT_ACTIVATION, "move-without-activation", ADJ_SEV_ERROR, "base",           \
      "a move by a leader who is not the one activated; it is ignored")                     \
    X(MOVE_EXCEEDS_MP, "move-exceeds-mp", ADJ_SEV_ERROR, "base",                           \
      "moves that spend more MPs than the activation gave")                                 \
    X(MOVE_AFTER_ILLNESS_CHECK, "move-after-illness-check", ADJ_SEV_ERROR, "8.13",         \
      "a move after the illness check, which comes on reaching the destination")            \
    X(ILLNESS_RULE_OFF, "illness-rule-off", ADJ_SEV_ERROR, "8.13",                         \
      "an illness or duration roll in a game without optional rule 8.13")                   \
    X(ILLNESS_CHECK_MISSING, "illness-check-missing", ADJ_SEV_ERROR, "8.13",               \
      "a raw 1 on the IMC with no illness check after it")                                  \
    X(ILLNESS_CHECK_UNWARRANTED, "illness-check-unwarranted", ADJ_SEV_ERROR, "8.13",       \
      "an illness check that no raw 1 called for; it is ignored")                           \
    X(DURATION_MISSING, "duration-missing", ADJ_SEV_ERROR, "8.13",                         \
      "an illness roll of 6 with no duration roll after it")                                \
    X(DURATION_UNWARRANTED, "duration-unwarranted", ADJ_SEV_ERROR, "8.13",                 \
      "a duration roll that no illness roll of 6 called for; it is ignored")                \
    X(SUSTAIN_MISSING, "sustain-missing", ADJ_SEV_ERROR, "8.13/base",                      \
      "a move into an enemy ZOC with no Sustain roll after it (rule base when 8.13 is off)")\
    X(REPLACEMENT_MISSING, "replacement-missing", ADJ_SEV_ERROR, "8.13a",                  \
      "a leader incapacitated by illness who was not replaced at once")                     \
    X(RESULT_MISMATCH, "result-mismatch", ADJ_SEV_ERROR, "8.13",                           \
      "the result recorded for an illness or duration roll is not what the roll gives")     \
    X(REPLACE_NOT_GONE, "replace-not-gone", ADJ_SEV_ERROR, "base",                         \
      "a replacement for a leader who is not dead or incapacitated, or already replaced")   \
    X(REPLACEMENT_UNAVAILABLE, "replacement-unavailable", ADJ_SEV_ERROR, "base",           \
      "a replacement who cannot serve (himself, other side, lost, already replacing)")      \
    X(STATE_MISMATCH, "state-mismatch", ADJ_SEV_ERROR, "base",                             \
      "the players' record of a leader's state differs from the replay")                    \
    X(VP_FOR_ILLNESS, "vp-for-illness", ADJ_SEV_ERROR, "8.13a",                            \
      "VPs claimed for a leader incapacitated by illness, which gives none")                \
    X(VP_LEADER_ALIVE, "vp-leader-alive", ADJ_SEV_ERROR, "base",                           \
      "VPs claimed for the death of a leader who is not dead")                              \
    X(VP_MISMATCH, "vp-mismatch", ADJ_SEV_ERROR, "base",                                   \
      "a death claim with the wrong side or points, or claimed twice")                      \
    X(VP_TALLY_MISMATCH, "vp-tally-mismatch", ADJ_SEV_ERROR, "base",                       \
      "the final tally claimed at `end` differs from the regenerated one")                 \
    X(UNKNOWN_SCENARIO, "unknown-scenario", ADJ_SEV_WARNING, "ladder",                     \
      "the log's scenario is not one of its ladder's; the log is read on its own")         \
    X(UNKNOWN_PLAYER, "unknown-player", ADJ_SEV_WARNING, "ladder",                         \
      "a player the ladder does not list (with a did-you-mean); his name stands as written")

typedef enum adj_code_e {
#define ADJ_X(e, code, sev, rule, summary) ADJ_D_##e,
    ADJ_DIAG_LIST(ADJ_X)
#undef ADJ_X
    ADJ_DIAG_COUNT
} adj_code_t;

const char *adj_code_name(adj_code_t c);        /* "yaml-syntax" */
adj_severity_t adj_code_severity(adj_code_t c);
const char *adj_code_rule(adj_code_t c);        /* default rule: "8.13", "format" */
const char *adj_code_summary(adj_code_t c);

/* The codes that stop the reading (SPEC 4): nothing after them is read,
 * no replay is made and `fix` rewrites nothing. */
#define ADJ_STOP_LIST(X) X(YAML_SYNTAX) X(BAD_DOCUMENT) X(YAML_ALIAS)

static inline bool adj_code_stops(adj_code_t c)
{
#define ADJ_X(e) c == ADJ_D_##e ||
    return ADJ_STOP_LIST(ADJ_X) false;
#undef ADJ_X
}

/* One finding. */
typedef struct adj_diag_s {
    adj_mark_t mark;
    adj_code_t code;
    const char *rule;   /* borrowed static string */
    char *leader;       /* owned leader id, NULL when none */
    bool has_turn;
    int64_t turn;       /* turn in which it arose, when has_turn */
    char *message;      /* owned */
    size_t seq;         /* order found: ties in the sort keep it */
} adj_diag_t;

/* What a diagnostic keeps of a leader id: a longer one (only a hostile log
 * has one) is cut to its first bytes and "...", so memory stays bounded
 * however long the ids and however many the findings. */
#define ADJ_DIAG_ID_MAX 256

/* An owned copy of `id` as a diagnostic keeps it (at most ADJ_DIAG_ID_MAX
 * bytes and "..."); the same shortening for a message's %s. */
char *adj_diag_id(const char *id);
/* Whether `g` is about leader `id` (compared as kept). */
bool adj_diag_is_about(const adj_diag_t *g, const char *id);

/* The findings of one file, in the order found until adj_diags_sort. */
typedef struct adj_diags_s {
    adj_diag_t *items;  /* owned array */
    size_t count;
    size_t cap;
    size_t errors;      /* all errors found, kept or not */
    size_t warnings;
    size_t omitted;     /* found past ADJ_MAX_DIAGS, counted but not kept */
    size_t omitted_code[ADJ_DIAG_COUNT];  /* of those, per code */
    /* Past ADJ_MAX_DIAGS, whether one about `leader` is kept all the same
     * (explain: those about the leaders it tells of; NULL: none is). Up to
     * ADJ_MAX_DIAGS more are kept until adj_diags_prune judges them (the
     * reader names a finding's leader after adding it); keep_missed counts
     * those past that second bound that may have been wanted. */
    bool (*keep)(void *ctx, const char *leader);
    void *keep_ctx;
    size_t keep_missed;
    size_t judged;      /* items before it are judged by adj_diags_prune */
    bool stopped;       /* a yaml-syntax, yaml-alias or bad-document stopped the audit */
    adj_code_t stop_code; /* which, when stopped (kept even past ADJ_MAX_DIAGS) */
    bool turn_known;    /* the replay has begun a turn: */
    int64_t turn;       /* the one each new diagnostic arises in (adj_diags_set_turn) */
} adj_diags_t;

/* Diagnostics kept per file: a hostile log with a flaw on every line must
 * still audit in bounded memory. The counts and the verdict stay exact. */
#define ADJ_MAX_DIAGS 100000

void adj_diags_free(adj_diags_t *d);

/* The replay began turn `turn`: every diagnostic added from now on without
 * a turn of its own is dated with it (the reader knows no turns). */
void adj_diags_set_turn(adj_diags_t *d, int64_t turn);

/* Add a diagnostic; `rule` NULL takes the catalogue's, `leader` is copied,
 * `turn` NULL takes the current turn (none before the first).
 * Returns NULL when ADJ_MAX_DIAGS are already kept (it is counted only,
 * unless d->keep keeps it). */
adj_diag_t *adj_diags_add(adj_diags_t *d, adj_code_t code, adj_mark_t mark,
                          const char *rule, const char *leader, const int64_t *turn,
                          const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Past ADJ_MAX_DIAGS, those added since the last call that d->keep does
 * not want are dropped (counted, as any not kept). */
void adj_diags_prune(adj_diags_t *d);

/* Sort by line, then column, ties in the order found (stable). */
void adj_diags_sort(adj_diags_t *d);

#endif
