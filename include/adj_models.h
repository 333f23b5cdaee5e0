/* SPDX-License-Identifier: MIT */
/*
 * adj_models.h - what each command hands its reporter (adj_report.h) beside
 * a file's audit: explain's stories, compare's differences, --summary's
 * verdicts and totals, status's pending obligations. The dice run's is
 * adj_dice.h's.
 */
#ifndef ADJ_MODELS_H
#define ADJ_MODELS_H

#include "adj_audit.h"
#include "adj_chronicle.h"
#include "adj_dice.h"
#include "adj_ladder.h"
#include "adj_sha256.h"

/* ---- explain: one leader's story (SPEC 6.3) ---- */

typedef struct adj_story_step_s {
    adj_mark_t mark;
    bool has_turn;
    int64_t turn;
    const char *event;    /* static */
    const char *rule;     /* static */
    char *text;           /* owned */
    adj_leader_state_t after;
} adj_story_step_t;

typedef struct adj_story_s {
    const char *id;            /* borrowed from argv */
    int32_t leader;            /* roster index, once the audit is done */
    adj_story_step_t *steps;   /* owned array */
    size_t count, cap;
} adj_story_t;

/* ---- compare: one log under the default rulings and under others (SPEC 6.4) ---- */

typedef struct adj_compare_s {
    const char *file;              /* borrowed */
    const adj_audit_t *run[2];     /* borrowed: [0] the default reading, [1] the alternative */
    const adj_rulings_t *alt;      /* borrowed: the alternative's rulings */
    /* the rulings where the alternative differs from the default reading, which
     * is the rulings in force without the command line's (SPEC 13): the ladder's
     * and the log's, not only SPEC 3's defaults */
    bool alt_differs[ADJ_RULING_COUNT];
    bool rulings_differ;           /* any of them */
    bool replayed;                 /* both replays began: leaders and tallies compare */
    bool *only[2];                 /* owned: per diagnostic of run[k], true if not in the other */
    size_t only_count[2];
    /* Past the cap of diagnostics kept (ADJ_MAX_DIAGS), in either run: per
     * code, how many of run[k]'s are not listed (not kept, or kept but
     * maybe among the other's not kept), to compare as counts */
    bool past_cap;
    size_t unlisted[2][ADJ_DIAG_COUNT];
    size_t leaders_differ;
    bool tally_differs;
} adj_compare_t;

/* Compare two finished audits of one file; free with adj_compare_free. */
/* compare.c */
void adj_compare_init(adj_compare_t *c, const char *file, const adj_audit_t *def,
                      const adj_audit_t *alt, const adj_rulings_t *alt_rulings);
void adj_compare_free(adj_compare_t *c);

/* The same state, as compare sees it (what reports show). */
bool adj_state_same(const adj_leader_state_t *x, const adj_leader_state_t *y);

/* ---- --summary: a ladder's summary (SPEC 5.1) ---- */

/* Whether the tally claimed at `end` stands against the replay's. */
typedef enum adj_claim_e {
    ADJ_CLAIM_NONE,    /* no claim, or no replay */
    ADJ_CLAIM_STANDS,  /* every side claimed, each as regenerated */
    ADJ_CLAIM_WRONG,   /* a side missing from it or differing */
} adj_claim_t;

adj_claim_t adj_claim_verdict(const adj_audit_t *a);

/* One file of a summary (SPEC 5.1), what its reporters show: taken from
 * the file's audit by a worker (adj_summary_game_init), the duplicate and
 * the game's number set in input order by the main thread. */
typedef struct adj_summary_game_s {
    const char *file;              /* borrowed: the name as given */
    size_t number;                 /* 1, 2, ... in input order: the page's G<n> */
    const adj_ladder_t *ladder_of; /* borrowed: the game's ladder, or NULL */
    const char *ladder;            /* borrowed: the ladder file's path, or NULL */
    const char *ladder_name;       /* borrowed: the ladder's name, or NULL */
    const char *duplicate_of;      /* borrowed: the earlier file of the same game, or NULL */
    size_t duplicate_number;       /* that file's `number` */
    char *scenario;                /* owned, or NULL */
    size_t scenario_len;
    bool has_header;               /* sides and players below are known */
    char *sides[2];                /* owned */
    size_t side_len[2];
    char *players[2];              /* owned: canonical, or NULL for no one named */
    size_t player_len[2];
    signed char in_ladder[2];      /* the player is one of the ladder's players: 1, 0;
                                      -1 when the game's ladder lists none (or no ladder) */
    bool replayed;                 /* vp holds the regenerated tally */
    int64_t vp[2];
    bool has_claim;
    bool claim_present[2];
    int64_t claim[2];
    adj_claim_t claim_verdict;
    size_t errors, warnings;
    bool stopped;                  /* a stop of SPEC 4: neither finished nor unfinished */
    bool unfinished;               /* the events ended with no `end` and no stop */
    bool turn_begun;
    int64_t turn, last_turn;       /* the last turn begun; the header's last_turn */
    bool has_result;               /* the game reached `end`, replayed, not stopped */
    int winner;                    /* 0 or 1: the side that won; -1: a draw */
    const char *level;             /* borrowed from the ladder, or NULL */
    int64_t margin;
    int64_t round;                 /* the header's `round`, 0 when not given */
    int64_t played_month;          /* `played`'s year * 12 + month - 1, 0 when not given */
    char played[11];               /* `played`, YYYY-MM-DD, or "" */
    signed char rated;             /* in the season's ratings: 1; 0: left out (unrated says
                                      why); -1: not under the rated ladder (set by
                                      adj_summary_add) */
    const char *unrated;           /* static: why it is left out, or NULL */
    bool has_rolls;                /* at least one counted roll (SPEC 7) */
    unsigned char rolls_digest[ADJ_SHA256_LEN];  /* of the counted rolls' sequence (SPEC 5.1) */
    adj_diags_t diags;             /* owned, only when kept (html): the findings */
} adj_summary_game_t;

/* Fill `g` from the audit of one file; with keep_diags, the audit's
 * diagnostics are moved into it. Free with adj_summary_game_free. */
void adj_summary_game_init(adj_summary_game_t *g, adj_audit_t *a, bool keep_diags);
void adj_summary_game_free(adj_summary_game_t *g);

/* What the summary's replay observes (adj_audit_opts_t.on_entry with
 * adj_summary_on_entry and entry_ctx a adj_summary_rolls_t): the counted
 * rolls (SPEC 7: kind, subject, roll in 1..6), digested in log order. */
typedef struct adj_summary_rolls_s {
    adj_sha256_t sha;
    uint64_t count;
} adj_summary_rolls_t;

void adj_summary_rolls_init(adj_summary_rolls_t *r);
/* One counted roll: kind ('i', 'l', 'd' or 's'), the leader's id, 1..6. */
void adj_summary_rolls_add(adj_summary_rolls_t *r, char kind, const char *id, size_t id_len,
                           int roll);
/* Into g (whose `stopped` is set): has_rolls and the digest; r is spent. */
void adj_summary_rolls_take(adj_summary_game_t *g, adj_summary_rolls_t *r);
void adj_summary_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                          bool was_over);

/* The level of a win by `margin` (>= 1) under a victory table sorted by
 * margin descending (SPEC 5.1, 13): the first row whose margin is at most
 * `margin`. *draw is set when a table exists and the margin is below every
 * row; NULL with no table (any positive margin wins) or for a draw. */
const char *adj_summary_level(const adj_victory_row_t *rows, size_t n, int64_t margin,
                              bool *draw);

/* One player's row of the standings. */
typedef struct adj_standing_s {
    char *name;      /* owned: the canonical name, or the first spelling met */
    size_t name_len;
    char *key;       /* owned: the name's key (SPEC 7) */
    size_t key_len;
    size_t games, wins, draws, losses, with_errors, unfinished;
    signed char in_ladder;  /* 1: one of the players of a ladder used; 0: not; -1:
                               unknown (no ladder used lists players) */
} adj_standing_t;

/* A run's totals (SPEC 5.1). */
typedef struct adj_summary_total_s {
    size_t files, clean, with_errors, unfinished, claims_wrong, not_read;
} adj_summary_total_t;

/* A run's summary: the duplicates seen so far and the standings. Fed the
 * games in input order on one thread (adj_summary_add). */
typedef struct adj_summary_s {
    adj_standing_t *standings;   /* owned; sorted by adj_summary_finish */
    size_t standing_count, standing_cap;
    size_t *slots;               /* owned: the standings' hash table (index + 1; 0 empty) */
    size_t slot_cap;
    struct adj_summary_seen_s *seen;  /* owned: one per file with rolls, for duplicates */
    size_t seen_count, seen_cap;
    adj_summary_total_t total;
    /* borrowed: the ladders used, in the order first met; owned array */
    const adj_ladder_t **ladders;
    size_t ladder_count, ladder_cap;
    bool ladder_lists_players;   /* a ladder used lists players: in_ladder is known */
    struct adj_season_s *season; /* owned: the ratings (report_summary.h), or NULL when no
                                    ladder used has `ratings` */
} adj_summary_t;

/* Count game `g` (file `index` of the run, named `names[index]`): its
 * duplicate (set in g->duplicate_of), the standings and the totals. */
void adj_summary_add(adj_summary_t *s, adj_summary_game_t *g, size_t index,
                     char *const *names);
/* Sort the standings (wins descending, losses ascending, name by bytes). */
void adj_summary_finish(adj_summary_t *s);
void adj_summary_free(adj_summary_t *s);

/* ---- status: a game in progress (SPEC 8) ---- */

/* The obligations pending in `r` (NULL: none), in the reports' order: by
 * the line that created them, then ILLNESS-CHECK, DURATION, SUSTAIN,
 * REPLACE. Returns an owned array (NULL when none) and its length. */
adj_obligation_t *adj_pending_sorted(const adj_replay_t *r, size_t *count);

/* Its name in reports: "illness-check", "duration", "sustain", "replacement". */
const char *adj_obligation_name(adj_obligation_kind_t kind);

/* Append the sentence saying what `o` requires and before what ("jackson
 * must check for illness (raw 1 on line 115) before any other die roll"):
 * raw text, which each reporter escapes for its destination. */
void adj_pending_due(adj_buf_t *out, const adj_header_t *h, const adj_obligation_t *o);

#endif
