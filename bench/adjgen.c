/* SPDX-License-Identifier: MIT */
/*
 * adjgen.c - a seeded generator of realistic adjutant/1 game logs.
 *
 *     adjgen --seed N --events N [--leaders N] [--faults RATE]
 *            [--players NAME,NAME]
 *            [--loaded NAME [--die six:P|cycle|replay|deck|season:S:K]]
 *            [--expect FILE] [-o FILE] [--stats]
 *
 * It writes one log of The Campaigns of Robert E. Lee played with optional
 * rule 8.13 (SPEC section 1), with about N events in block style, the way
 * players write them. The same arguments always give the same bytes: the
 * only source of chance is a splitmix64 generator seeded by --seed.
 *
 * With --faults 0 (the default) the game is legal in every detail of SPEC
 * section 3, so `adjutant audit` must report nothing at all. To guarantee
 * that, the generator keeps its own replay of the game (leader states,
 * the open activation, its obligations, the VP tally) and only ever writes
 * an event that replay allows.
 *
 * With --faults RATE, each event slot is, with that probability, perturbed
 * by one fault of a kind adjutant flags (the catalogue is GEN_FAULT_LIST
 * below). The model then follows what adjutant replays for the faulty event
 * (ignored, or applied), so the events after it stay legal. --expect FILE
 * receives one line `LINE CODE` per injected fault: the line the diagnostic
 * points at (SPEC 4), sorted by line.
 *
 * --players names the players of CSA and USA in the header (SPEC 1.2
 * step 6); --loaded NAME loads that player's dice, when he is one of them
 * (so that one command line serves a whole archive): on his side's IMC rolls,
 * a 1 turns into a 6 one time in three (faces 1/9, 1/6 x 4, 2/9 instead of
 * 1/6 each), for `adjutant dice` to find. The game stays legal: the roll is
 * drawn before anything depends on it. Without --loaded no extra number is
 * drawn, so the same seed gives the same game as before.
 *
 * --die changes how the --loaded player cheats, on every roll of his (IMC,
 * illness, duration, Sustain; the generator's legality fixes of illness and
 * duration rolls still apply, rarely): `six:P` shows 6 with probability P
 * and 1..5 evenly otherwise; `cycle` logs 1, 2, 3, 4, 5, 6, 1, ... from the
 * start of each game; `replay` logs one recorded sequence (the same for any
 * seed) from the start of each game; `deck` deals from a deck of 36 cards
 * (each face six times), shuffled at the start of the game and again
 * whenever it runs out; `season:S:K` deals from one deck kept through a
 * season (its shuffles drawn from seed S, never reshuffled at a game's
 * start), K of its cards dealt in the games before this one (--stats
 * prints how many this game dealt: `deck: N cards dealt`). For `adjutant
 * dice`'s power figures (bench/dice_power.py). Note that the
 * duration rolls of long games are not fair dice whatever the options: the
 * generator avoids the ones that would lose more leaders than its game
 * model allows (`adjutant dice` flags them over a large archive).
 *
 * Memory: output is streamed; the model is proportional to the roster, and
 * the expectations are flushed at every turn.
 *
 * The file reads top-down: PRNG, data tables, options, output, the game
 * model, the fault catalogue and injectors, the event generators, main.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adj_log.h"  /* the event catalogue (header only: adjgen links libc alone) */

/* ====================================================================== */
/* PRNG: splitmix64                                                       */
/* ====================================================================== */

typedef struct gen_rng_s {
    uint64_t state;
} gen_rng_t;

static uint64_t gen_rng_next(gen_rng_t *r)
{
    uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n > 0); rejection keeps every value equally likely. */
static int gen_rng_below(gen_rng_t *r, int n)
{
    uint64_t bound = (uint64_t)n;
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do {
        x = gen_rng_next(r);
    } while (x >= limit);
    return (int)(x % bound);
}

/* A die: 1..6. */
static int gen_rng_d6(gen_rng_t *r)
{
    return 1 + gen_rng_below(r, 6);
}

/* True with probability p. Draws nothing when p <= 0, so a fault-free run
 * never spends random numbers on faults. */
static bool gen_rng_chance(gen_rng_t *r, double p)
{
    if (p <= 0.0)
        return false;
    return (double)(gen_rng_next(r) >> 11) * 0x1.0p-53 < p;
}

/* Index drawn from a table of integer weights. */
static int gen_rng_weighted(gen_rng_t *r, const int *w, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    int x = gen_rng_below(r, total);
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return i;
        x -= w[i];
    }
    return n - 1;
}

/* ====================================================================== */
/* Data: leaders, places, the Initiative Movement Chart                    */
/* ====================================================================== */

typedef struct gen_name_s {
    const char *id;
    const char *name;
    int initiative;   /* IMC rating 1..5 */
    int vp;           /* VPs the other side gains at his death */
} gen_name_t;

static const gen_name_t gen_csa_names[] = {
    {"lee", "R. E. Lee", 5, 3},           {"jackson", "T. J. Jackson", 4, 3},
    {"longstreet", "J. Longstreet", 4, 2}, {"hill_ap", "A. P. Hill", 3, 2},
    {"stuart", "J. E. B. Stuart", 4, 2},  {"magruder", "J. B. Magruder", 2, 1},
    {"hill_dh", "D. H. Hill", 3, 1},      {"ewell", "R. S. Ewell", 3, 2},
    {"huger", "B. Huger", 1, 1},          {"holmes", "T. H. Holmes", 1, 1},
    {"early", "J. A. Early", 3, 1},       {"hood", "J. B. Hood", 3, 1},
    {"anderson", "R. H. Anderson", 2, 1}, {"mclaws", "L. McLaws", 2, 1},
    {"pickett", "G. E. Pickett", 2, 1},   {"rodes", "R. E. Rodes", 3, 1},
    {"heth", "H. Heth", 2, 1},            {"pender", "W. D. Pender", 3, 1},
    {"gordon", "J. B. Gordon", 3, 1},     {"hampton", "W. Hampton", 3, 1},
};

static const gen_name_t gen_usa_names[] = {
    {"mcclellan", "G. B. McClellan", 2, 3}, {"porter", "F. J. Porter", 3, 2},
    {"sumner", "E. V. Sumner", 2, 1},       {"heintzelman", "S. P. Heintzelman", 2, 1},
    {"keyes", "E. D. Keyes", 1, 1},         {"franklin", "W. B. Franklin", 2, 1},
    {"pope", "J. Pope", 2, 2},              {"hooker", "J. Hooker", 3, 2},
    {"burnside", "A. E. Burnside", 1, 2},   {"mcdowell", "I. McDowell", 2, 1},
    {"banks", "N. P. Banks", 1, 1},         {"sigel", "F. Sigel", 1, 1},
    {"reno", "J. L. Reno", 3, 1},           {"meade", "G. G. Meade", 3, 2},
    {"hancock", "W. S. Hancock", 4, 1},     {"sedgwick", "J. Sedgwick", 3, 1},
    {"reynolds", "J. F. Reynolds", 4, 1},   {"howard", "O. O. Howard", 2, 1},
    {"sheridan", "P. H. Sheridan", 4, 1},   {"grant", "U. S. Grant", 5, 3},
};

#define GEN_NAMES_PER_SIDE 20

static const char *const gen_sides[2] = {"CSA", "USA"};

static const char *const gen_scenarios[] = {
    "Seven Days", "Second Manassas", "Antietam Campaign", "Fredericksburg",
    "Chancellorsville", "Gettysburg Campaign", "Overland Campaign", "Campaign Game",
};

static const char *const gen_places[] = {
    "Richmond", "Mechanicsville", "Gaines Mill", "Savage Station", "Glendale",
    "Malvern Hill", "Harrisons Landing", "Cold Harbor", "White Oak Swamp",
    "Beaver Dam Creek", "Fredericksburg", "Culpeper", "Gordonsville",
};

static const char *const gen_notes[] = {
    "crossed the Chickahominy", "forced march", "rain, roads muddy",
    "screening the flank", "heading for the fords", "rear guard",
    "pontoon bridge laid", "cavalry raid", "night march", "joins the main body",
    "covering Richmond", "demonstration toward the river", "late start",
    "\"as agreed, road move\"", "out of supply next turn?",
};

static const char *const gen_vp_reasons[] = {
    "holds Richmond", "controls Malvern Hill", "supply line cut",
    "captured wagon train", "\"objective: Harrisons Landing\"", "enemy army demoralized",
};

/* MPs for modified roll 1..6, by initiative rating 1..5. */
static const int gen_imc[5][6] = {
    {0, 0, 1, 1, 2, 3},
    {0, 1, 1, 2, 3, 4},
    {0, 1, 2, 3, 4, 5},
    {1, 2, 3, 4, 5, 6},
    {2, 3, 4, 5, 6, 7},
};

#define GEN_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ====================================================================== */
/* Options                                                                */
/* ====================================================================== */

typedef struct gen_opts_s {
    uint64_t seed;
    long events;             /* about this many events */
    int leaders;             /* roster size */
    double faults;           /* probability of a fault per event slot */
    const char *expect_path; /* NULL: no expectations written */
    const char *out_path;    /* NULL: standard output */
    bool stats;              /* counts on standard error */
    char players[2][64];     /* --players: CSA's and USA's, "" when not named */
    const char *loaded;      /* --loaded: the player whose dice are loaded, or NULL */
    int die;                 /* --die: GEN_DIE_* */
    double six;              /* --die six:P: the chance of a 6 */
    uint64_t deck_seed;      /* --die season:S:K: S */
    long deck_dealt;         /* --die season:S:K: K */
} gen_opts_t;

enum { GEN_DIE_ONE_IN_THREE, GEN_DIE_SIX, GEN_DIE_CYCLE, GEN_DIE_REPLAY, GEN_DIE_DECK,
       GEN_DIE_SEASON };

static void gen_usage(FILE *f)
{
    fputs("usage: adjgen --seed N --events N [--leaders N] [--faults RATE]\n"
          "              [--players NAME,NAME]\n"
          "              [--loaded NAME [--die six:P|cycle|replay|deck|season:S:K]]\n"
          "              [--expect FILE] [-o FILE] [--stats]\n"
          "Writes a seeded adjutant/1 game log; RATE 0 gives a legal game, RATE in\n"
          "(0, 1] injects faults, each listed in FILE as `LINE CODE`.\n",
          f);
}

/* Parse a whole decimal number in [lo, hi]; false on anything else. */
static bool gen_parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* "Ann Carter,Ben Moore": two names of letters, digits, spaces, '.', '_'
 * or '-' (written as plain YAML scalars), each under 64 bytes. */
static bool gen_parse_players(const char *v, char players[2][64])
{
    const char *comma = strchr(v, ',');
    if (comma == NULL)
        return false;
    size_t len[2] = {(size_t)(comma - v), strlen(comma + 1)};
    const char *at[2] = {v, comma + 1};
    for (int s = 0; s < 2; s++) {
        if (len[s] == 0 || len[s] >= 64 || at[s][0] == ' ' || at[s][len[s] - 1] == ' ')
            return false;
        for (size_t i = 0; i < len[s]; i++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._-",
                        at[s][i]))
                return false;
        memcpy(players[s], at[s], len[s]);
        players[s][len[s]] = '\0';
    }
    return true;
}

/* --die six:P|cycle|replay|deck|season:S:K */
static bool gen_parse_die(const char *v, gen_opts_t *o)
{
    if (strcmp(v, "deck") == 0) {
        o->die = GEN_DIE_DECK;
    } else if (strncmp(v, "season:", 7) == 0) {
        char *end;
        errno = 0;
        o->deck_seed = strtoull(v + 7, &end, 10);
        if (errno != 0 || end == v + 7 || *end != ':' || v[7] == '-')
            return false;
        if (!gen_parse_long(end + 1, 0, 1000000000L, &o->deck_dealt))
            return false;
        o->die = GEN_DIE_SEASON;
    } else if (strcmp(v, "cycle") == 0) {
        o->die = GEN_DIE_CYCLE;
    } else if (strcmp(v, "replay") == 0) {
        o->die = GEN_DIE_REPLAY;
    } else if (strncmp(v, "six:", 4) == 0) {
        char *end;
        errno = 0;
        o->six = strtod(v + 4, &end);
        if (errno != 0 || end == v + 4 || *end != '\0' || !(o->six > 0.0 && o->six < 1.0))
            return false;
        o->die = GEN_DIE_SIX;
    } else {
        return false;
    }
    return true;
}

static bool gen_parse_opts(int argc, char **argv, gen_opts_t *o)
{
    bool have_seed = false, have_events = false;
    *o = (gen_opts_t){.leaders = 16};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            gen_usage(stdout);
            exit(0);
        } else if (strcmp(a, "--stats") == 0) {
            o->stats = true;
            continue;
        }
        if (v == NULL) {
            fprintf(stderr, "adjgen: %s needs a value\n", a);
            return false;
        }
        i++;
        if (strcmp(a, "--seed") == 0) {
            char *end;
            errno = 0;
            o->seed = strtoull(v, &end, 10);
            if (errno != 0 || end == v || *end != '\0' || v[0] == '-') {
                fprintf(stderr, "adjgen: bad --seed '%s'\n", v);
                return false;
            }
            have_seed = true;
        } else if (strcmp(a, "--events") == 0) {
            if (!gen_parse_long(v, 1, 1000000000L, &n)) {
                fprintf(stderr, "adjgen: bad --events '%s' (1..1000000000)\n", v);
                return false;
            }
            o->events = n;
            have_events = true;
        } else if (strcmp(a, "--leaders") == 0) {
            if (!gen_parse_long(v, 4, 10000, &n)) {
                fprintf(stderr, "adjgen: bad --leaders '%s' (4..10000)\n", v);
                return false;
            }
            o->leaders = (int)n;
        } else if (strcmp(a, "--faults") == 0) {
            char *end;
            errno = 0;
            o->faults = strtod(v, &end);
            if (errno != 0 || end == v || *end != '\0' || !(o->faults >= 0.0) ||
                o->faults > 1.0) {
                fprintf(stderr, "adjgen: bad --faults '%s' (0..1)\n", v);
                return false;
            }
        } else if (strcmp(a, "--players") == 0) {
            if (!gen_parse_players(v, o->players)) {
                fprintf(stderr, "adjgen: bad --players '%s' (NAME,NAME: letters, digits, "
                                "inner spaces, . _ -)\n", v);
                return false;
            }
        } else if (strcmp(a, "--loaded") == 0) {
            o->loaded = v;
        } else if (strcmp(a, "--die") == 0) {
            if (!gen_parse_die(v, o)) {
                fprintf(stderr, "adjgen: bad --die '%s' (six:P with 0 < P < 1, cycle, replay, deck or "
                                "season:S:K)\n", v);
                return false;
            }
        } else if (strcmp(a, "--expect") == 0) {
            o->expect_path = v;
        } else if (strcmp(a, "-o") == 0) {
            o->out_path = v;
        } else {
            fprintf(stderr, "adjgen: unknown option '%s'\n", a);
            return false;
        }
    }
    if (!have_seed || !have_events) {
        fputs("adjgen: --seed and --events are required\n", stderr);
        return false;
    }
    return true;
}

/* ====================================================================== */
/* The game model (SPEC 3.1) and the generator's state                    */
/* ====================================================================== */

typedef enum gen_status_e {
    GEN_ST_FIT,
    GEN_ST_WOUNDED,
    GEN_ST_ILL,
    GEN_ST_INCAPACITATED,
    GEN_ST_DEAD,
    GEN_ST_RESERVE
} gen_status_t;

static const char *const gen_status_name[] = {
    "fit", "wounded", "ill", "incapacitated", "dead", "reserve",
};

typedef struct gen_leader_s {
    char id[40];
    char name[64];
    int side;            /* 0 or 1: index into gen_sides */
    int initiative;      /* 1..5, always with a row in the imc table */
    int vp;              /* roster vp */
    int wound0;          /* starting wound level written in the roster */
    gen_status_t status;
    int level;           /* wound level or illness turns left; 0 otherwise */
    bool inactive;       /* counter on its Inactive side */
    int replaced_by;     /* roster index, -1 when none */
    bool replacing;      /* he has replaced someone */
    bool death_claimed;  /* a vp claim for him was made after his death */
} gen_leader_t;

/* The outcome of an illness or duration roll, as `result` names it. */
typedef enum gen_result_e {
    GEN_RES_NONE,
    GEN_RES_INACTIVE,
    GEN_RES_ILL,
    GEN_RES_WOUNDED,
    GEN_RES_INCAPACITATED,
    GEN_RES_DEAD
} gen_result_t;

static const char *const gen_result_name[] = {
    "none", "inactive", "ill", "wounded", "incapacitated", "dead",
};

/* One expected diagnostic. */
typedef struct gen_expect_s {
    long line;
    const char *code;    /* static string */
    long seq;            /* order found: keeps ties stable */
} gen_expect_t;

/* Event kinds, for --stats: adjutant's catalogue (adj_log.h). */
typedef enum gen_kind_e {
#define GEN_X(e, key, ...) GEN_K_##e,
    ADJ_EVENT_LIST(GEN_X)
#undef GEN_X
    GEN_K_COUNT
} gen_kind_t;

static const char *const gen_kind_name[] = {
#define GEN_X(e, key, ...) #key,
    ADJ_EVENT_LIST(GEN_X)
#undef GEN_X
};

/*
 * The fault catalogue: X(ENUM, "code", class).
 *   DECOR    - an extra key line on the next event written (it still applies);
 *   INSERT   - a faulty event inserted before the planned one, which adjutant
 *              ignores (or which changes nothing it replays);
 *   SPECIFIC - a change to the planned event itself, chosen by the event
 *              generator that knows the context (an omission, a wrong roll);
 *   EDGE     - before the first turn or around `end`;
 *   HEADER   - in the header.
 */
#define GEN_FAULT_LIST(X)                                                      \
    X(UNKNOWN_FIELD, "unknown-field", GEN_FC_DECOR)                            \
    X(DUPLICATE_KEY, "duplicate-key", GEN_FC_DECOR)                            \
    X(BAD_FIELD, "bad-field", GEN_FC_INSERT)                                   \
    X(UNKNOWN_EVENT, "unknown-event", GEN_FC_INSERT)                           \
    X(UNKNOWN_LEADER, "unknown-leader", GEN_FC_INSERT)                         \
    X(MOVE_NO_ACT, "move-without-activation", GEN_FC_INSERT)                   \
    X(FLIP_OUT, "leader-not-in-play", GEN_FC_INSERT)                           \
    X(ILL_UNWARRANTED, "illness-check-unwarranted", GEN_FC_INSERT)             \
    X(DUR_UNWARRANTED, "duration-unwarranted", GEN_FC_INSERT)                  \
    X(REPLACE_NOT_GONE, "replace-not-gone", GEN_FC_INSERT)                     \
    X(REPLACE_UNAVAIL, "replacement-unavailable", GEN_FC_INSERT)               \
    X(STATE, "state-mismatch", GEN_FC_INSERT)                                  \
    X(VP_ILLNESS, "vp-for-illness", GEN_FC_INSERT)                             \
    X(VP_ALIVE, "vp-leader-alive", GEN_FC_INSERT)                              \
    X(VP_MISMATCH, "vp-mismatch", GEN_FC_INSERT)                               \
    X(TURN_REPEAT, "turn-sequence", GEN_FC_SPECIFIC)                           \
    X(ACT_OUT, "leader-not-in-play", GEN_FC_SPECIFIC)                          \
    X(ACT_INACTIVE, "leader-inactive", GEN_FC_SPECIFIC)                        \
    X(IMC, "imc-mismatch", GEN_FC_SPECIFIC)                                    \
    X(ACT_ROLL_RANGE, "roll-out-of-range", GEN_FC_SPECIFIC)                    \
    X(MOVE_EXCEEDS, "move-exceeds-mp", GEN_FC_SPECIFIC)                        \
    X(ILL_MISSING, "illness-check-missing", GEN_FC_SPECIFIC)                   \
    X(ROLL_ORDER, "roll-out-of-order", GEN_FC_SPECIFIC)                        \
    X(MOVE_AFTER, "move-after-illness-check", GEN_FC_SPECIFIC)                 \
    X(ILL_ROLL_RANGE, "roll-out-of-range", GEN_FC_SPECIFIC)                    \
    X(ILL_RESULT, "result-mismatch", GEN_FC_SPECIFIC)                          \
    X(DUR_MISSING, "duration-missing", GEN_FC_SPECIFIC)                        \
    X(DUR_ROLL_RANGE, "roll-out-of-range", GEN_FC_SPECIFIC)                    \
    X(DUR_RESULT, "result-mismatch", GEN_FC_SPECIFIC)                          \
    X(REPLACE_MISSING, "replacement-missing", GEN_FC_SPECIFIC)                 \
    X(SUSTAIN_MISSING, "sustain-missing", GEN_FC_SPECIFIC)                     \
    X(SUS_ROLL_RANGE, "roll-out-of-range", GEN_FC_SPECIFIC)                    \
    X(TALLY, "vp-tally-mismatch", GEN_FC_SPECIFIC)                             \
    X(BEFORE_TURN, "event-before-turn", GEN_FC_EDGE)                           \
    X(AFTER_END, "event-after-end", GEN_FC_EDGE)                               \
    X(TURN_RANGE, "turn-out-of-range", GEN_FC_EDGE)                            \
    X(OPT_RULE, "unknown-optional-rule", GEN_FC_HEADER)                        \
    X(DUP_LEADER, "duplicate-leader", GEN_FC_HEADER)                           \
    X(HDR_FIELD, "unknown-field", GEN_FC_HEADER)

typedef enum gen_fault_class_e {
    GEN_FC_DECOR,
    GEN_FC_INSERT,
    GEN_FC_SPECIFIC,
    GEN_FC_EDGE,
    GEN_FC_HEADER
} gen_fault_class_t;

typedef enum gen_fault_e {
    GEN_F_NONE = -1,
#define GEN_X(e, code, cls) GEN_F_##e,
    GEN_FAULT_LIST(GEN_X)
#undef GEN_X
    GEN_F_COUNT
} gen_fault_t;

static const char *const gen_fault_code[] = {
#define GEN_X(e, code, cls) code,
    GEN_FAULT_LIST(GEN_X)
#undef GEN_X
};

static const gen_fault_class_t gen_fault_class[] = {
#define GEN_X(e, code, cls) cls,
    GEN_FAULT_LIST(GEN_X)
#undef GEN_X
};

#define GEN_BIT(f) (UINT64_C(1) << (GEN_F_##f))

/* Everything the generator knows. */
typedef struct gen_s {
    gen_opts_t opt;
    gen_rng_t rng;
    gen_rng_t tape;            /* --die replay: the recorded sequence, from its start */
    long cycle;                /* --die cycle: rolls so far */
    gen_rng_t deck_rng;        /* --die deck, season: the deck's shuffles */
    int deck[36];              /* the deck's cards, deck_left of them still to deal */
    int deck_left;
    long dealt;                /* cards dealt in this game */
    FILE *out;
    long line;                 /* lines written so far */

    FILE *expect;              /* NULL: expectations are not written */
    gen_expect_t *exp;         /* expectations not yet flushed */
    size_t exp_count, exp_cap;
    long exp_seq;

    gen_leader_t *ldr;         /* the roster, in file order */
    int nldr;
    int *pick;                 /* scratch: candidate indices, nldr long */
    int in_play0[2];           /* leaders in play at the start, per side */

    long emitted;              /* events written */
    int last_turn;
    int turn;                  /* last turn given; 0 before the first */
    int next_side;             /* side whose turn it is to activate */
    long vp[2];                /* regenerated tally */
    int losses;                /* leaders lost (dead or incapacitated) */
    int loss_budget;           /* how many the whole game may lose */

    /* the open activation (SPEC 3.3) and its obligations (3.4) */
    int act;                   /* leader, -1 when none is open */
    long act_line;             /* line of the activate */
    int act_mp, act_spent;
    bool act_done;             /* a fault ended it: write nothing more in it */
    bool ob_ill, ob_dur, ob_sus, ob_rep;   /* obligations of act still unmet */
    long ill_line, sus_line, dur_line;     /* lines that created them */

    /* the event being written */
    long ev_line;
    bool ev_has_field;
    char ev_field[160];        /* its first field line, for duplicate-key */
    bool ev_has_note;
    char ev_note[96];
    gen_fault_t decor;         /* a decoration fault for the next event */

    long kind_count[GEN_K_COUNT];
    long fault_count[GEN_F_COUNT];
} gen_t;

static bool gen_in_play(const gen_leader_t *l)
{
    return l->status == GEN_ST_FIT || l->status == GEN_ST_WOUNDED || l->status == GEN_ST_ILL;
}

static bool gen_lost(const gen_leader_t *l)
{
    return l->status == GEN_ST_DEAD || l->status == GEN_ST_INCAPACITATED;
}

/* Wound level or illness turns that new wounds or durations add to. */
static int gen_affliction(const gen_leader_t *l)
{
    return (l->status == GEN_ST_WOUNDED || l->status == GEN_ST_ILL) ? l->level : 0;
}

static int gen_in_play_count(const gen_t *g, int side)
{
    int n = 0;
    for (int i = 0; i < g->nldr; i++)
        if (g->ldr[i].side == side && gen_in_play(&g->ldr[i]))
            n++;
    return n;
}

/* Leader predicates for gen_pick: `arg` is a leader index or side. */
typedef bool (*gen_pred_fn)(const gen_t *g, int i, int arg);

static bool gen_p_activatable(const gen_t *g, int i, int side)
{
    const gen_leader_t *l = &g->ldr[i];
    return l->side == side && gen_in_play(l) && !l->inactive;
}

static bool gen_p_inactive(const gen_t *g, int i, int unused)
{
    (void)unused;
    return gen_in_play(&g->ldr[i]) && g->ldr[i].inactive;
}

static bool gen_p_out(const gen_t *g, int i, int unused)
{
    (void)unused;
    return !gen_in_play(&g->ldr[i]);
}

static bool gen_p_in_play_not(const gen_t *g, int i, int except)
{
    return i != except && gen_in_play(&g->ldr[i]);
}

static bool gen_p_any_not(const gen_t *g, int i, int except)
{
    (void)g;
    return i != except;
}

static bool gen_p_alive(const gen_t *g, int i, int unused)
{
    (void)unused;
    return !gen_lost(&g->ldr[i]);
}

static bool gen_p_dead(const gen_t *g, int i, int unused)
{
    (void)unused;
    return g->ldr[i].status == GEN_ST_DEAD;
}

static bool gen_p_incapacitated(const gen_t *g, int i, int unused)
{
    (void)unused;
    return g->ldr[i].status == GEN_ST_INCAPACITATED;
}

static bool gen_p_lost_unreplaced(const gen_t *g, int i, int unused)
{
    (void)unused;
    return gen_lost(&g->ldr[i]) && g->ldr[i].replaced_by < 0;
}

/* In play, not `except`, and a wound of 1 would not kill him. */
static bool gen_p_woundable(const gen_t *g, int i, int except)
{
    return i != except && gen_in_play(&g->ldr[i]) && gen_affliction(&g->ldr[i]) <= 4;
}

/* A leader of `side` who may replace someone now: a reserve first. */
static bool gen_p_reserve_of(const gen_t *g, int i, int side)
{
    return g->ldr[i].side == side && g->ldr[i].status == GEN_ST_RESERVE &&
           !g->ldr[i].replacing;
}

/* Wounded, ill or lost: someone whose state record says something. */
static bool gen_p_afflicted(const gen_t *g, int i, int unused)
{
    (void)unused;
    const gen_leader_t *l = &g->ldr[i];
    return l->status != GEN_ST_FIT && l->status != GEN_ST_RESERVE;
}

/* Number of leaders satisfying `p`; the candidates are left in g->pick. */
static int gen_collect(gen_t *g, gen_pred_fn p, int arg)
{
    int n = 0;
    for (int i = 0; i < g->nldr; i++)
        if (p(g, i, arg))
            g->pick[n++] = i;
    return n;
}

/* A random leader satisfying `p`, or -1. */
static int gen_pick(gen_t *g, gen_pred_fn p, int arg)
{
    int n = gen_collect(g, p, arg);
    return n == 0 ? -1 : g->pick[gen_rng_below(&g->rng, n)];
}

/* A replacement for lost leader L (SPEC 3.7): a reserve of his side, else
 * a leader of his side in play who replaces no one yet; -1 if none. */
static int gen_pick_replacement(gen_t *g, int L)
{
    int side = g->ldr[L].side;
    int r = gen_pick(g, gen_p_reserve_of, side);
    if (r >= 0)
        return r;
    int n = 0;
    for (int i = 0; i < g->nldr; i++) {
        const gen_leader_t *l = &g->ldr[i];
        if (i != L && l->side == side && gen_in_play(l) && !l->replacing)
            g->pick[n++] = i;
    }
    return n == 0 ? -1 : g->pick[gen_rng_below(&g->rng, n)];
}

/* May the game lose leader L now? Losses are spread over the log so a long
 * game never runs out of leaders: each side keeps two in play, and the
 * budget grows with the events written. */
static bool gen_loss_ok(gen_t *g, int L, bool needs_replacement)
{
    long allowed = 1 + (long)((double)g->loss_budget * (double)g->emitted /
                              (double)g->opt.events);
    if (allowed > g->loss_budget)
        allowed = g->loss_budget;
    if (g->losses >= allowed)
        return false;
    if (gen_in_play_count(g, g->ldr[L].side) - 1 < 2)
        return false;
    if (needs_replacement && gen_pick_replacement(g, L) < 0)
        return false;
    return true;
}

/* He dies (wound or 8.13b): the other side gains his vp (SPEC 3.8). */
static void gen_kill(gen_t *g, int L)
{
    gen_leader_t *l = &g->ldr[L];
    l->status = GEN_ST_DEAD;
    l->level = 0;
    l->inactive = false;
    g->vp[1 - l->side] += l->vp;
    g->losses++;
}

/* Incapacitated by illness (8.13a): no VPs, a replacement is owed. */
static void gen_incapacitate(gen_t *g, int L)
{
    gen_leader_t *l = &g->ldr[L];
    l->status = GEN_ST_INCAPACITATED;
    l->level = 0;
    l->inactive = false;
    g->losses++;
}

/* A wound of level k (SPEC 3.7). True when he dies. */
static bool gen_apply_wound(gen_t *g, int Y, int k)
{
    gen_leader_t *l = &g->ldr[Y];
    int level = k + gen_affliction(l);
    if (level >= 6) {
        gen_kill(g, Y);
        return true;
    }
    l->status = GEN_ST_WOUNDED;
    l->level = level;
    return false;
}

/* What a duration roll d does to L (SPEC 3.6), without applying it. */
static gen_result_t gen_duration_outcome(const gen_leader_t *l, int d)
{
    if (l->status == GEN_ST_WOUNDED)
        return l->level + d >= 6 ? GEN_RES_DEAD : GEN_RES_WOUNDED;
    if (l->status == GEN_ST_ILL)
        return l->level + d >= 6 ? GEN_RES_INCAPACITATED : GEN_RES_ILL;
    return d == 6 ? GEN_RES_INCAPACITATED : GEN_RES_ILL;
}

static void gen_apply_duration(gen_t *g, int L, int d)
{
    gen_leader_t *l = &g->ldr[L];
    switch (gen_duration_outcome(l, d)) {
    case GEN_RES_DEAD:
        gen_kill(g, L);
        break;
    case GEN_RES_WOUNDED:
        l->level += d;
        break;
    case GEN_RES_INCAPACITATED:
        gen_incapacitate(g, L);
        break;
    default:   /* ill: for d turns, or t + d when already ill */
        l->level = gen_affliction(l) + d;
        l->status = GEN_ST_ILL;
        break;
    }
}

/* `replace: L by: R` (SPEC 3.7). */
static void gen_apply_replace(gen_t *g, int L, int R)
{
    gen_leader_t *r = &g->ldr[R];
    if (r->status == GEN_ST_RESERVE) {
        r->status = GEN_ST_FIT;
        r->level = 0;
        r->inactive = false;
    }
    r->replacing = true;
    g->ldr[L].replaced_by = R;
}

/* One turn boundary (SPEC 3.2, ruling counts-first-turn). */
static void gen_apply_recovery(gen_t *g)
{
    for (int i = 0; i < g->nldr; i++) {
        gen_leader_t *l = &g->ldr[i];
        if (l->status == GEN_ST_WOUNDED || l->status == GEN_ST_ILL) {
            if (--l->level == 0)
                l->status = GEN_ST_FIT;
        }
        if (gen_in_play(l))
            l->inactive = false;
    }
}

/* The open activation closes: its obligations expire. An unmet one was
 * already recorded as expected when the generator decided to omit it. */
static void gen_close_activation(gen_t *g)
{
    g->act = -1;
    g->ob_ill = g->ob_dur = g->ob_sus = g->ob_rep = false;
    g->act_done = false;
}

/* ====================================================================== */
/* Output: lines, events, expectations                                    */
/* ====================================================================== */

/* Write one line (fmt holds no newline) and count it. */
__attribute__((format(printf, 2, 3))) static void gen_line(gen_t *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g->out, fmt, ap);
    va_end(ap);
    fputc('\n', g->out);
    g->line++;
}

static void gen_expect(gen_t *g, long line, gen_fault_t f)
{
    g->fault_count[f]++;
    if (g->expect == NULL)
        return;
    if (g->exp_count == g->exp_cap) {
        g->exp_cap = g->exp_cap ? 2 * g->exp_cap : 64;
        g->exp = realloc(g->exp, g->exp_cap * sizeof *g->exp);
        if (g->exp == NULL) {
            fputs("adjgen: out of memory\n", stderr);
            exit(2);
        }
    }
    g->exp[g->exp_count++] = (gen_expect_t){line, gen_fault_code[f], g->exp_seq++};
}

static int gen_expect_cmp(const void *a, const void *b)
{
    const gen_expect_t *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Write the expectations gathered so far, sorted by line. Called when no
 * later event can point before the lines already written: at each turn. */
static void gen_expect_flush(gen_t *g)
{
    if (g->expect == NULL || g->exp_count == 0)
        return;
    qsort(g->exp, g->exp_count, sizeof *g->exp, gen_expect_cmp);
    for (size_t i = 0; i < g->exp_count; i++)
        fprintf(g->expect, "%ld %s\n", g->exp[i].line, g->exp[i].code);
    g->exp_count = 0;
}

/* Start an event: `  - KIND: SUBJECT`. Returns its line. */
__attribute__((format(printf, 3, 4))) static long gen_ev_begin(gen_t *g, gen_kind_t kind,
                                                                const char *fmt, ...)
{
    char subject[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(subject, sizeof subject, fmt, ap);
    va_end(ap);
    gen_line(g, "  - %s: %s", gen_kind_name[kind], subject);
    g->ev_line = g->line;
    g->ev_has_field = false;
    g->ev_has_note = false;
    g->emitted++;
    g->kind_count[kind]++;
    return g->line;
}

/* One field of the current event: `    KEY: VALUE`. Returns its line. */
__attribute__((format(printf, 3, 4))) static long gen_ev_field(gen_t *g, const char *key,
                                                                const char *fmt, ...)
{
    char value[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    if (!g->ev_has_field) {
        snprintf(g->ev_field, sizeof g->ev_field, "%s: %s", key, value);
        g->ev_has_field = true;
    }
    gen_line(g, "    %s: %s", key, value);
    return g->line;
}

/* Finish the current event: perhaps a note, then a pending decoration
 * fault (an unknown key, or a repeated one whose value is the same, so the
 * event means what it meant). */
static void gen_ev_end(gen_t *g, double note_p)
{
    if (gen_rng_chance(&g->rng, note_p)) {
        snprintf(g->ev_note, sizeof g->ev_note, "note: %s",
                 gen_notes[gen_rng_below(&g->rng, GEN_COUNT(gen_notes))]);
        gen_line(g, "    %s", g->ev_note);
        g->ev_has_note = true;
    }
    if (g->decor == GEN_F_UNKNOWN_FIELD) {
        static const char *const typos[] = {"notes: checked by umpire", "comment: see map",
                                            "remark: disputed, then agreed"};
        gen_line(g, "    %s", typos[gen_rng_below(&g->rng, GEN_COUNT(typos))]);
        gen_expect(g, g->line, GEN_F_UNKNOWN_FIELD);
    } else if (g->decor == GEN_F_DUPLICATE_KEY) {
        if (g->ev_has_field) {
            gen_line(g, "    %s", g->ev_field);
        } else if (g->ev_has_note) {
            gen_line(g, "    %s", g->ev_note);
        } else {
            gen_line(g, "    note: entered twice");
            gen_line(g, "    note: entered twice");
        }
        gen_expect(g, g->line, GEN_F_DUPLICATE_KEY);
    }
    g->decor = GEN_F_NONE;
}

/* A hex or a place, as `to:` gives it. */
static void gen_hex(gen_t *g, char *buf, size_t n)
{
    if (gen_rng_below(&g->rng, 10) < 3)
        snprintf(buf, n, "%s", gen_places[gen_rng_below(&g->rng, GEN_COUNT(gen_places))]);
    else
        snprintf(buf, n, "%02d%02d", 1 + gen_rng_below(&g->rng, 40),
                 1 + gen_rng_below(&g->rng, 40));
}

/* ====================================================================== */
/* Faults: choosing one for a slot, and the inserted kinds                */
/* ====================================================================== */

static void gen_inject(gen_t *g, gen_fault_t f);

/* May the insertable fault `f` be written here? */
static bool gen_insert_ok(gen_t *g, gen_fault_t f)
{
    switch (f) {
    case GEN_F_MOVE_NO_ACT:
        return gen_collect(g, gen_p_in_play_not, g->act) > 0;
    case GEN_F_FLIP_OUT:
        return gen_collect(g, gen_p_out, 0) > 0;
    case GEN_F_REPLACE_UNAVAIL:
        return gen_collect(g, gen_p_lost_unreplaced, 0) > 0;
    case GEN_F_VP_ILLNESS:
        return gen_collect(g, gen_p_incapacitated, 0) > 0;
    case GEN_F_VP_ALIVE:
    case GEN_F_REPLACE_NOT_GONE:
        return gen_collect(g, gen_p_alive, 0) > 0;
    case GEN_F_VP_MISMATCH:
        return gen_collect(g, gen_p_dead, 0) > 0;
    default:
        return true;
    }
}

/*
 * An event slot: with probability --faults, pick one fault that fits here.
 * An insertable fault is written at once and the planned event follows
 * clean; a decoration is left for the next event written; a fault in
 * `specific` is returned for the caller to apply. GEN_F_NONE otherwise.
 * The caller must write an event after a GEN_F_NONE return.
 */
static gen_fault_t gen_slot(gen_t *g, uint64_t specific, bool decor_ok)
{
    if (!gen_rng_chance(&g->rng, g->opt.faults))
        return GEN_F_NONE;
    int weight[GEN_F_COUNT];
    for (int f = 0; f < GEN_F_COUNT; f++) {
        weight[f] = 0;
        switch (gen_fault_class[f]) {
        case GEN_FC_DECOR:
            weight[f] = decor_ok ? 1 : 0;
            break;
        case GEN_FC_INSERT:
            weight[f] = gen_insert_ok(g, (gen_fault_t)f) ? 1 : 0;
            break;
        case GEN_FC_SPECIFIC:
            weight[f] = (specific & (UINT64_C(1) << f)) ? 5 : 0;
            break;
        default:
            break;
        }
    }
    gen_fault_t f = (gen_fault_t)gen_rng_weighted(&g->rng, weight, GEN_F_COUNT);
    switch (gen_fault_class[f]) {
    case GEN_FC_DECOR:
        g->decor = f;
        return GEN_F_NONE;
    case GEN_FC_INSERT:
        gen_inject(g, f);
        return GEN_F_NONE;
    default:
        return f;
    }
}

/* A misspelt leader id that is not in the roster. */
static void gen_typo_id(gen_t *g, char *buf, size_t n)
{
    const char *id = g->ldr[gen_rng_below(&g->rng, g->nldr)].id;
    size_t len = strlen(id);
    size_t drop = (size_t)gen_rng_below(&g->rng, (int)len);
    snprintf(buf, n, "%.*s%s", (int)drop, id, id + drop + 1);
    for (;;) {
        bool clash = buf[0] == '\0';
        for (int i = 0; i < g->nldr && !clash; i++)
            clash = strcmp(g->ldr[i].id, buf) == 0;
        if (!clash)
            return;
        size_t l = strlen(buf);
        if (l + 2 > n)
            return;
        buf[l] = 'x';
        buf[l + 1] = '\0';
    }
}

/* Write one insertable fault: an event adjutant flags and that changes
 * nothing in its replay (vp-mismatch marks the death as claimed). */
static void gen_inject(gen_t *g, gen_fault_t f)
{
    gen_rng_t *r = &g->rng;
    int L;
    long line;
    char buf[64];
    switch (f) {
    case GEN_F_BAD_FIELD: {
        /* one ill-typed or out-of-range field: the event is ignored */
        L = gen_rng_below(r, g->nldr);
        switch (gen_rng_below(r, 5)) {
        case 0:
            gen_ev_begin(g, GEN_K_ACTIVATE, "%s", g->ldr[L].id);
            line = gen_ev_field(g, "roll", "\"%d\"", gen_rng_d6(r));
            break;
        case 1:
            gen_ev_begin(g, GEN_K_WOUND, "%s", g->ldr[L].id);
            line = gen_ev_field(g, "level", "0");
            break;
        case 2:
            gen_ev_begin(g, GEN_K_FLIP, "%s", g->ldr[L].id);
            line = gen_ev_field(g, "to", "sideways");
            break;
        case 3:   /* a missing field points at the event */
            line = gen_ev_begin(g, GEN_K_SUSTAIN, "%s", g->ldr[L].id);
            gen_ev_field(g, "result", "attack sustained");
            break;
        default:
            gen_ev_begin(g, GEN_K_MOVE, "%s", g->ldr[L].id);
            gen_hex(g, buf, sizeof buf);
            gen_ev_field(g, "to", "%s", buf);
            line = gen_ev_field(g, "mp", "-1");
            break;
        }
        gen_expect(g, line, f);
        break;
    }
    case GEN_F_UNKNOWN_EVENT:
        /* two kind keys in one item: skipped */
        L = gen_pick(g, gen_p_any_not, -1);
        line = gen_ev_begin(g, GEN_K_SUSTAIN, "%s", g->ldr[L].id);
        gen_ev_field(g, "roll", "%d", gen_rng_d6(r));
        gen_ev_field(g, "wound", "%s", g->ldr[L].id);
        gen_ev_field(g, "level", "1");
        gen_expect(g, line, f);
        break;
    case GEN_F_UNKNOWN_LEADER:
        gen_typo_id(g, buf, sizeof buf);
        if (gen_rng_below(r, 2) == 0) {
            line = gen_ev_begin(g, GEN_K_FLIP, "%s", buf);
            gen_ev_field(g, "to", "inactive");
        } else {
            line = gen_ev_begin(g, GEN_K_STATE, "%s", buf);
            gen_ev_field(g, "status", "fit");
        }
        gen_expect(g, line, f);
        break;
    case GEN_F_MOVE_NO_ACT:
        L = gen_pick(g, gen_p_in_play_not, g->act);
        line = gen_ev_begin(g, GEN_K_MOVE, "%s", g->ldr[L].id);
        gen_hex(g, buf, sizeof buf);
        gen_ev_field(g, "to", "%s", buf);
        gen_ev_field(g, "mp", "%d", 1 + gen_rng_below(r, 2));
        gen_expect(g, line, f);
        break;
    case GEN_F_FLIP_OUT:
        L = gen_pick(g, gen_p_out, 0);
        line = gen_ev_begin(g, GEN_K_FLIP, "%s", g->ldr[L].id);
        gen_ev_field(g, "to", "active");
        gen_expect(g, line, f);
        break;
    case GEN_F_ILL_UNWARRANTED:
        /* anyone whose check is not owed now */
        L = gen_pick(g, gen_p_any_not, g->ob_ill ? g->act : -1);
        line = gen_ev_begin(g, GEN_K_ILLNESS, "%s", g->ldr[L].id);
        gen_ev_field(g, "roll", "%d", gen_rng_d6(r));
        gen_expect(g, line, f);
        break;
    case GEN_F_DUR_UNWARRANTED:
        L = gen_pick(g, gen_p_any_not, g->ob_dur ? g->act : -1);
        line = gen_ev_begin(g, GEN_K_DURATION, "%s", g->ldr[L].id);
        gen_ev_field(g, "roll", "%d", gen_rng_d6(r));
        gen_expect(g, line, f);
        break;
    case GEN_F_REPLACE_NOT_GONE: {
        L = gen_pick(g, gen_p_alive, 0);
        int R = gen_pick(g, gen_p_any_not, L);
        line = gen_ev_begin(g, GEN_K_REPLACE, "%s", g->ldr[L].id);
        gen_ev_field(g, "by", "%s", g->ldr[R].id);
        gen_expect(g, line, f);
        break;
    }
    case GEN_F_REPLACE_UNAVAIL: {
        /* himself, or someone of the other side */
        L = gen_pick(g, gen_p_lost_unreplaced, 0);
        int R = L;
        if (gen_rng_below(r, 3) > 0) {
            int n = 0;
            for (int i = 0; i < g->nldr; i++)
                if (g->ldr[i].side != g->ldr[L].side)
                    g->pick[n++] = i;
            R = g->pick[gen_rng_below(r, n)];
        }
        line = gen_ev_begin(g, GEN_K_REPLACE, "%s", g->ldr[L].id);
        gen_ev_field(g, "by", "%s", g->ldr[R].id);
        gen_expect(g, line, f);
        break;
    }
    case GEN_F_STATE: {
        /* a record that differs from the replay in one respect */
        L = gen_rng_below(r, g->nldr);
        const gen_leader_t *l = &g->ldr[L];
        line = gen_ev_begin(g, GEN_K_STATE, "%s", l->id);
        int how = gen_rng_below(r, 3);
        if (how == 0 && (l->status == GEN_ST_WOUNDED || l->status == GEN_ST_ILL)) {
            gen_ev_field(g, "status", "%s", gen_status_name[l->status]);
            gen_ev_field(g, "level", "%d", l->level + 1);   /* forgot to mend */
        } else if (how == 1) {
            gen_ev_field(g, "status", "%s", gen_status_name[l->status]);
            gen_ev_field(g, "inactive", "%s", l->inactive ? "false" : "true");
        } else {
            gen_ev_field(g, "status", "%s",
                         l->status == GEN_ST_FIT ? "wounded" : "fit");
        }
        gen_expect(g, line, f);
        break;
    }
    case GEN_F_VP_ILLNESS:
        L = gen_pick(g, gen_p_incapacitated, 0);
        line = gen_ev_begin(g, GEN_K_VP, "%s", gen_sides[1 - g->ldr[L].side]);
        gen_ev_field(g, "leader", "%s", g->ldr[L].id);
        gen_ev_field(g, "points", "%d", g->ldr[L].vp);
        gen_expect(g, line, f);
        break;
    case GEN_F_VP_ALIVE:
        L = gen_pick(g, gen_p_alive, 0);
        line = gen_ev_begin(g, GEN_K_VP, "%s", gen_sides[1 - g->ldr[L].side]);
        gen_ev_field(g, "leader", "%s", g->ldr[L].id);
        gen_ev_field(g, "points", "%d", g->ldr[L].vp);
        gen_expect(g, line, f);
        break;
    case GEN_F_VP_MISMATCH: {
        /* own side, wrong points, or a second claim */
        L = gen_pick(g, gen_p_dead, 0);
        gen_leader_t *l = &g->ldr[L];
        int how = gen_rng_below(r, l->death_claimed ? 3 : 2);   /* 2: claimed again */
        line = gen_ev_begin(g, GEN_K_VP, "%s", gen_sides[how == 0 ? l->side : 1 - l->side]);
        gen_ev_field(g, "leader", "%s", l->id);
        gen_ev_field(g, "points", "%d", how == 1 ? l->vp + 1 : l->vp);
        l->death_claimed = true;
        gen_expect(g, line, f);
        break;
    }
    default:
        break;
    }
    gen_ev_end(g, 0.0);
}

/* ====================================================================== */
/* The header                                                             */
/* ====================================================================== */

/* Build the roster: per side, leaders in play, then reserves. */
static void gen_roster(gen_t *g)
{
    int n = g->opt.leaders;
    g->ldr = calloc((size_t)n, sizeof *g->ldr);
    g->pick = calloc((size_t)n, sizeof *g->pick);
    if (g->ldr == NULL || g->pick == NULL) {
        fputs("adjgen: out of memory\n", stderr);
        exit(2);
    }
    g->nldr = n;
    int per_side[2] = {(n + 1) / 2, n / 2};
    int k = 0;
    for (int side = 0; side < 2; side++) {
        const gen_name_t *names = side == 0 ? gen_csa_names : gen_usa_names;
        int reserves = per_side[side] / 4;
        for (int j = 0; j < per_side[side]; j++, k++) {
            gen_leader_t *l = &g->ldr[k];
            l->side = side;
            l->replaced_by = -1;
            if (j < GEN_NAMES_PER_SIDE) {
                snprintf(l->id, sizeof l->id, "%s", names[j].id);
                snprintf(l->name, sizeof l->name, "%s", names[j].name);
                l->initiative = names[j].initiative;
                l->vp = names[j].vp;
            } else {
                snprintf(l->id, sizeof l->id, "brigade_%d", k + 1);
                snprintf(l->name, sizeof l->name, "%s Brigade %d", gen_sides[side], k + 1);
                l->initiative = 1 + gen_rng_below(&g->rng, 4);
                l->vp = 1;
            }
            if (j >= per_side[side] - reserves) {
                l->status = GEN_ST_RESERVE;
            } else {
                l->status = GEN_ST_FIT;
                g->in_play0[side]++;
                /* now and then a scenario starts with a leader wounded */
                if (j > 0 && gen_rng_below(&g->rng, 100) < 4) {
                    l->wound0 = 1 + gen_rng_below(&g->rng, 2);
                    l->status = GEN_ST_WOUNDED;
                    l->level = l->wound0;
                }
            }
        }
    }
    int budget = (g->in_play0[0] + g->in_play0[1]) / 4;
    g->loss_budget = budget < 1 ? 1 : budget;
}

static void gen_header(gen_t *g)
{
    gen_rng_t *r = &g->rng;
    bool opt_fault = gen_rng_chance(r, g->opt.faults);
    bool dup_fault = gen_rng_chance(r, g->opt.faults);
    bool field_fault = gen_rng_chance(r, g->opt.faults);

    gen_line(g, "# adjutant/1 game log written by adjgen (seed %llu)",
             (unsigned long long)g->opt.seed);
    gen_line(g, "format: adjutant/1");
    gen_line(g, "game: Campaigns of Robert E. Lee");
    gen_line(g, "scenario: %s", gen_scenarios[gen_rng_below(r, GEN_COUNT(gen_scenarios))]);
    if (field_fault) {
        gen_line(g, "referee: Smith vs. Jones");
        gen_expect(g, g->line, GEN_F_HDR_FIELD);
    }
    gen_line(g, "first_turn: 1");
    gen_line(g, "last_turn: %d", g->last_turn);
    if (opt_fault) {
        gen_line(g, "optional_rules: [illness, weather]");
        gen_expect(g, g->line, GEN_F_OPT_RULE);
    } else {
        gen_line(g, "optional_rules: [illness]");
    }
    gen_line(g, "sides: [%s, %s]", gen_sides[0], gen_sides[1]);
    if (g->opt.players[0][0] || g->opt.players[1][0])
        gen_line(g, "players:");
    for (int s = 0; s < 2; s++)
        if (g->opt.players[s][0])
            gen_line(g, "  %s: %s", gen_sides[s], g->opt.players[s]);
    gen_line(g, "leaders:");
    for (int i = 0; i < g->nldr; i++) {
        const gen_leader_t *l = &g->ldr[i];
        gen_line(g, "  - id: %s", l->id);
        gen_line(g, "    name: %s", l->name);
        gen_line(g, "    side: %s", gen_sides[l->side]);
        gen_line(g, "    initiative: %d", l->initiative);
        gen_line(g, "    vp: %d", l->vp);
        if (l->wound0 > 0)
            gen_line(g, "    wound: %d", l->wound0);
        if (l->status == GEN_ST_RESERVE)
            gen_line(g, "    reserve: true");
    }
    if (dup_fault) {
        /* the same leader entered twice: the later entry is dropped */
        const gen_leader_t *l = &g->ldr[gen_rng_below(r, g->nldr)];
        gen_line(g, "  - id: %s", l->id);
        gen_expect(g, g->line, GEN_F_DUP_LEADER);
        gen_line(g, "    side: %s", gen_sides[l->side]);
    }
    gen_line(g, "imc:");
    for (int i = 0; i < 5; i++)
        gen_line(g, "  %d: [%d, %d, %d, %d, %d, %d]", i + 1, gen_imc[i][0], gen_imc[i][1],
                 gen_imc[i][2], gen_imc[i][3], gen_imc[i][4], gen_imc[i][5]);
    gen_line(g, "events:");
}

/* ====================================================================== */
/* Events: turns, activations and what follows them                       */
/* ====================================================================== */

/* The next card of the deck, shuffled anew (Fisher-Yates) when it is empty. */
static int gen_deal(gen_t *g)
{
    if (g->deck_left == 0) {
        for (int i = 0; i < 36; i++)
            g->deck[i] = 1 + i % 6;
        for (int i = 35; i > 0; i--) {
            int j = gen_rng_below(&g->deck_rng, i + 1), t = g->deck[i];
            g->deck[i] = g->deck[j];
            g->deck[j] = t;
        }
        g->deck_left = 36;
    }
    return g->deck[--g->deck_left];
}

/* A die of `side`: fair, or the --loaded player's as --die says (a fair
 * die without --die: his IMC rolls are loaded by gen_imc_roll). */
static int gen_die(gen_t *g, int side)
{
    if (!g->opt.loaded || g->opt.die == GEN_DIE_ONE_IN_THREE ||
        strcmp(g->opt.loaded, g->opt.players[side]) != 0)
        return gen_rng_d6(&g->rng);
    if (g->opt.die == GEN_DIE_SIX)
        return gen_rng_chance(&g->rng, g->opt.six) ? 6 : 1 + gen_rng_below(&g->rng, 5);
    if (g->opt.die == GEN_DIE_CYCLE)
        return (int)(g->cycle++ % 6) + 1;
    if (g->opt.die == GEN_DIE_DECK || g->opt.die == GEN_DIE_SEASON) {
        g->dealt++;
        return gen_deal(g);
    }
    return gen_rng_d6(&g->tape);
}

/* An IMC die, loaded for the --loaded player's side: a 1 turns into a 6
 * one time in three (or as --die says). */
static int gen_imc_roll(gen_t *g, int side)
{
    if (g->opt.die != GEN_DIE_ONE_IN_THREE)
        return gen_die(g, side);
    int roll = gen_rng_d6(&g->rng);
    if (g->opt.loaded && !strcmp(g->opt.loaded, g->opt.players[side]) && roll == 1 &&
        gen_rng_below(&g->rng, 3) == 0)
        roll = 6;
    return roll;
}

/* `turn: N` (SPEC 3.2): obligations expire, the activation closes, and each
 * boundary crossed mends the afflicted and turns counters to Active. */
static void gen_turn_event(gen_t *g, int n)
{
    gen_close_activation(g);
    if (g->turn > 0)
        for (int b = g->turn; b < n; b++)
            gen_apply_recovery(g);
    gen_expect_flush(g);
    gen_ev_begin(g, GEN_K_TURN, "%d", n);
    gen_ev_end(g, 0.03);
    g->turn = n;
}

/* A state record that matches the replay. */
static void gen_state(gen_t *g, int L)
{
    const gen_leader_t *l = &g->ldr[L];
    gen_slot(g, 0, true);
    gen_ev_begin(g, GEN_K_STATE, "%s", l->id);
    gen_ev_field(g, "status", "%s", gen_status_name[l->status]);
    if (l->status == GEN_ST_WOUNDED || l->status == GEN_ST_ILL)
        gen_ev_field(g, "level", "%d", l->level);
    if (gen_in_play(l) && gen_rng_below(&g->rng, 3) == 0)
        gen_ev_field(g, "inactive", "%s", l->inactive ? "true" : "false");
    gen_ev_end(g, 0.05);
}

/* A base-game flip of L's counter to the other side. */
static void gen_flip(gen_t *g, int L)
{
    gen_leader_t *l = &g->ldr[L];
    gen_slot(g, 0, true);
    gen_ev_begin(g, GEN_K_FLIP, "%s", l->id);
    gen_ev_field(g, "to", "%s", l->inactive ? "active" : "inactive");
    gen_ev_end(g, 0.2);
    l->inactive = !l->inactive;
}

/* `replace: L by: R`, required or not. */
static void gen_replace(gen_t *g, int L, int R)
{
    gen_ev_begin(g, GEN_K_REPLACE, "%s", g->ldr[L].id);
    gen_ev_field(g, "by", "%s", g->ldr[R].id);
    gen_ev_end(g, 0.1);
    gen_apply_replace(g, L, R);
}

/* After a death: perhaps a replacement, a death claim, a state record. */
static void gen_after_death(gen_t *g, int Y)
{
    gen_rng_t *r = &g->rng;
    int R = gen_pick(g, gen_p_reserve_of, g->ldr[Y].side);
    if (R >= 0 && gen_rng_below(r, 10) < 6) {
        gen_slot(g, 0, true);
        gen_replace(g, Y, R);
    }
    if (!g->ldr[Y].death_claimed && gen_rng_below(r, 10) < 4) {
        gen_slot(g, 0, true);
        if (g->ldr[Y].death_claimed) {   /* a fault just claimed him: record instead */
            gen_ev_begin(g, GEN_K_STATE, "%s", g->ldr[Y].id);
            gen_ev_field(g, "status", "dead");
            gen_ev_end(g, 0.0);
            return;
        }
        gen_ev_begin(g, GEN_K_VP, "%s", gen_sides[1 - g->ldr[Y].side]);
        gen_ev_field(g, "leader", "%s", g->ldr[Y].id);
        gen_ev_field(g, "points", "%d", g->ldr[Y].vp);
        gen_ev_field(g, "reason", "death of %s", g->ldr[Y].name);
        gen_ev_end(g, 0.0);
        g->ldr[Y].death_claimed = true;
    }
    if (gen_rng_below(r, 10) < 2)
        gen_state(g, Y);
}

/* A casualty from combat (SPEC 3.7): level k, capped so that a death only
 * happens when the game may lose a leader. Never while a roll is owed. */
static void gen_combat_wound(gen_t *g, int Y)
{
    static const int w[] = {0, 35, 25, 15, 10, 5, 10};   /* level 1..6 */
    gen_rng_t *r = &g->rng;
    int base = gen_affliction(&g->ldr[Y]);
    int k = gen_rng_weighted(r, w, GEN_COUNT(w));
    if (k + base >= 6 && !gen_loss_ok(g, Y, false)) {
        k = 5 - base;
        if (k < 1)
            return;
    }
    gen_slot(g, 0, true);
    gen_ev_begin(g, GEN_K_WOUND, "%s", g->ldr[Y].id);
    gen_ev_field(g, "level", "%d", k);
    gen_ev_end(g, 0.1);
    if (gen_apply_wound(g, Y, k))
        gen_after_death(g, Y);
    else if (gen_rng_below(r, 10) < 3)
        gen_state(g, Y);
}

/* The required replacement of a leader incapacitated by illness (8.13a). */
static void gen_required_replace(gen_t *g, int L)
{
    gen_fault_t f = gen_slot(g, GEN_BIT(REPLACE_MISSING), true);
    if (f == GEN_F_REPLACE_MISSING) {
        gen_expect(g, g->dur_line, f);
        g->ob_rep = false;
        return;
    }
    int R = gen_pick_replacement(g, L);
    gen_replace(g, L, R);
    g->ob_rep = false;
}

/* The duration roll after an illness roll of 6 (SPEC 3.6). */
static void gen_duration(gen_t *g, int L)
{
    gen_rng_t *r = &g->rng;
    uint64_t mask = GEN_BIT(DUR_RESULT) | GEN_BIT(DUR_ROLL_RANGE);
    if (!g->ob_sus)
        mask |= GEN_BIT(DUR_MISSING);
    gen_fault_t f = gen_slot(g, mask, true);
    if (f == GEN_F_DUR_MISSING) {
        gen_expect(g, g->ill_line, f);
        g->act_done = true;   /* nothing else may be rolled now */
        return;
    }
    gen_leader_t *l = &g->ldr[L];
    int d = gen_die(g, l->side);
    gen_result_t res = gen_duration_outcome(l, d);
    bool loss = res == GEN_RES_DEAD || res == GEN_RES_INCAPACITATED;
    if (loss && !gen_loss_ok(g, L, res == GEN_RES_INCAPACITATED)) {
        /* gen_illness made sure a harmless roll exists */
        int top = l->status == GEN_ST_FIT ? 5 : 5 - gen_affliction(l);
        d = 1 + gen_rng_below(r, top);
        res = gen_duration_outcome(l, d);
    }
    if (f == GEN_F_DUR_ROLL_RANGE)
        d = gen_rng_below(r, 2) ? 7 : 0;
    g->dur_line = gen_ev_begin(g, GEN_K_DURATION, "%s", l->id);
    gen_ev_field(g, "roll", "%d", d);
    if (f == GEN_F_DUR_RESULT) {
        gen_result_t wrong = (gen_result_t)(GEN_RES_ILL + gen_rng_below(r, 3));
        if (wrong >= res)
            wrong = (gen_result_t)(wrong + 1);
        gen_ev_field(g, "result", "%s", gen_result_name[wrong]);
    } else if (f != GEN_F_DUR_ROLL_RANGE && gen_rng_below(r, 2) == 0) {
        gen_ev_field(g, "result", "%s", gen_result_name[res]);
    }
    gen_ev_end(g, 0.1);
    g->ob_dur = false;
    if (f == GEN_F_DUR_ROLL_RANGE) {   /* met, with no effect */
        gen_expect(g, g->dur_line, f);
        return;
    }
    if (f == GEN_F_DUR_RESULT)
        gen_expect(g, g->dur_line, f);
    gen_apply_duration(g, L, d);
    if (res == GEN_RES_INCAPACITATED) {
        g->ob_rep = true;
        gen_required_replace(g, L);
    } else if (res == GEN_RES_DEAD) {
        gen_after_death(g, L);
    }
}

/* Can a duration roll for L be chosen legally after an illness 6? */
static bool gen_duration_feasible(gen_t *g, int L)
{
    const gen_leader_t *l = &g->ldr[L];
    if (l->status == GEN_ST_FIT || gen_affliction(l) <= 4)
        return true;
    return gen_loss_ok(g, L, l->status == GEN_ST_ILL);
}

/* The illness check owed for the raw 1 of L's activation (SPEC 3.5). */
static void gen_illness(gen_t *g, int L)
{
    gen_rng_t *r = &g->rng;
    uint64_t mask = GEN_BIT(ILL_RESULT) | GEN_BIT(ILL_ROLL_RANGE) | GEN_BIT(MOVE_AFTER);
    if (!g->ob_sus)
        mask |= GEN_BIT(ILL_MISSING);
    if (g->ob_sus || gen_collect(g, gen_p_woundable, L) > 0)
        mask |= GEN_BIT(ROLL_ORDER);
    gen_fault_t f = gen_slot(g, mask, true);
    if (f == GEN_F_ILL_MISSING) {
        gen_expect(g, g->act_line, f);
        g->act_done = true;   /* nothing else may be rolled now */
        return;
    }
    if (f == GEN_F_ROLL_ORDER) {
        long line;
        if (g->ob_sus) {   /* the Sustain roll comes first: it still counts */
            line = gen_ev_begin(g, GEN_K_SUSTAIN, "%s", g->ldr[L].id);
            gen_ev_field(g, "roll", "%d", gen_rng_d6(r));
            gen_ev_end(g, 0.0);
            g->ob_sus = false;
        } else {           /* a casualty roll first: the wound still applies */
            int Y = gen_pick(g, gen_p_woundable, L);
            line = gen_ev_begin(g, GEN_K_WOUND, "%s", g->ldr[Y].id);
            gen_ev_field(g, "level", "1");
            gen_ev_end(g, 0.0);
            gen_apply_wound(g, Y, 1);
        }
        gen_expect(g, line, f);
    }
    int x = gen_die(g, g->ldr[L].side);
    if (x == 6 && (f == GEN_F_MOVE_AFTER || !gen_duration_feasible(g, L)))
        x = 1 + gen_rng_below(r, 5);
    if (f == GEN_F_ILL_ROLL_RANGE)
        x = gen_rng_below(r, 2) ? 7 : 0;
    gen_result_t res = x == 6 ? GEN_RES_ILL : x == 5 ? GEN_RES_INACTIVE : GEN_RES_NONE;
    g->ill_line = gen_ev_begin(g, GEN_K_ILLNESS, "%s", g->ldr[L].id);
    gen_ev_field(g, "roll", "%d", x);
    if (f == GEN_F_ILL_RESULT) {
        gen_result_t wrong = (gen_result_t)((res + 1 + gen_rng_below(r, 2)) % 3);
        gen_ev_field(g, "result", "%s", gen_result_name[wrong]);
    } else if (f != GEN_F_ILL_ROLL_RANGE && gen_rng_below(r, 2) == 0) {
        gen_ev_field(g, "result", "%s", gen_result_name[res]);
    }
    gen_ev_end(g, 0.1);
    g->ob_ill = false;   /* the check is made, whatever its roll */
    if (f == GEN_F_ILL_ROLL_RANGE || f == GEN_F_ILL_RESULT)
        gen_expect(g, g->ill_line, f);
    if (f == GEN_F_ILL_ROLL_RANGE)
        return;
    if (x == 5) {
        g->ldr[L].inactive = true;
    } else if (x == 6) {
        g->ob_dur = true;
        gen_duration(g, L);
        return;
    }
    if (f == GEN_F_MOVE_AFTER) {   /* one more move, within the MPs */
        char hex[32];
        int left = g->act_mp - g->act_spent;
        int spend = left > 0 ? 1 + gen_rng_below(r, left) : 0;
        long line = gen_ev_begin(g, GEN_K_MOVE, "%s", g->ldr[L].id);
        gen_hex(g, hex, sizeof hex);
        gen_ev_field(g, "to", "%s", hex);
        gen_ev_field(g, "mp", "%d", spend);
        gen_ev_end(g, 0.0);
        g->act_spent += spend;
        gen_expect(g, line, f);
    }
}

/* The Sustain roll owed by a move into an enemy ZOC, and perhaps a
 * casualty from the fight. */
static void gen_sustain(gen_t *g, int L)
{
    static const char *const results[] = {"attack sustained", "attack called off",
                                          "\"held, 2 SP lost\""};
    gen_rng_t *r = &g->rng;
    gen_fault_t f = gen_slot(g, GEN_BIT(SUSTAIN_MISSING) | GEN_BIT(SUS_ROLL_RANGE), true);
    g->ob_sus = false;
    if (f == GEN_F_SUSTAIN_MISSING) {
        gen_expect(g, g->sus_line, f);
        return;
    }
    int s = f == GEN_F_SUS_ROLL_RANGE ? (gen_rng_below(r, 2) ? 7 : 0) : gen_die(g, g->ldr[L].side);
    long line = gen_ev_begin(g, GEN_K_SUSTAIN, "%s", g->ldr[L].id);
    gen_ev_field(g, "roll", "%d", s);
    if (gen_rng_below(r, 10) < 4)
        gen_ev_field(g, "result", "%s", results[gen_rng_below(r, GEN_COUNT(results))]);
    gen_ev_end(g, 0.1);
    if (f == GEN_F_SUS_ROLL_RANGE)
        gen_expect(g, line, f);
    if (gen_rng_below(r, 100) < 36) {
        int Y = -1;
        if (gen_in_play(&g->ldr[L]) && gen_rng_below(r, 2) == 0)
            Y = L;
        else
            Y = gen_pick(g, gen_p_activatable, 1 - g->ldr[L].side);
        if (Y >= 0)
            gen_combat_wound(g, Y);
    }
}

/* One activation (SPEC 3.3) and everything it owes, or a fault that takes
 * its place. */
static void gen_activation(gen_t *g)
{
    static const int move_w[] = {10, 56, 27, 7};   /* 0..3 moves */
    gen_rng_t *r = &g->rng;

    int side = g->next_side;
    g->next_side = 1 - side;
    int L = gen_pick(g, gen_p_activatable, side);
    if (L < 0)
        L = gen_pick(g, gen_p_activatable, 1 - side);
    if (L < 0) {   /* everyone is Inactive: a base-game rally */
        L = gen_pick(g, gen_p_inactive, 0);
        if (L < 0)
            return;   /* nobody in play: cannot happen, two per side stay */
        gen_flip(g, L);
    }

    uint64_t mask = GEN_BIT(IMC) | GEN_BIT(ACT_ROLL_RANGE) | GEN_BIT(TURN_REPEAT);
    if (gen_collect(g, gen_p_inactive, 0) > 0)
        mask |= GEN_BIT(ACT_INACTIVE);
    if (gen_collect(g, gen_p_out, 0) > 0)
        mask |= GEN_BIT(ACT_OUT);
    gen_fault_t f = gen_slot(g, mask, true);
    if (f == GEN_F_TURN_REPEAT) {   /* the same turn written again */
        gen_turn_event(g, g->turn);
        gen_expect(g, g->ev_line, f);
        return;
    }
    if (f == GEN_F_ACT_OUT) {   /* closes the activation, opens none */
        int X = gen_pick(g, gen_p_out, 0);
        gen_close_activation(g);
        long line = gen_ev_begin(g, GEN_K_ACTIVATE, "%s", g->ldr[X].id);
        gen_ev_field(g, "roll", "%d", gen_rng_d6(r));
        gen_ev_end(g, 0.0);
        gen_expect(g, line, f);
        return;
    }
    if (f == GEN_F_ACT_INACTIVE)
        L = gen_pick(g, gen_p_inactive, 0);

    const gen_leader_t *l = &g->ldr[L];
    int roll = gen_imc_roll(g, l->side);
    int mod = 0;
    if (gen_rng_below(r, 100) < 20) {
        static const int mods[] = {-1, 1, 1, 2};
        mod = mods[gen_rng_below(r, 4)];
    }
    int m = roll + mod < 1 ? 1 : roll + mod > 6 ? 6 : roll + mod;
    int mp = gen_imc[l->initiative - 1][m - 1];
    bool write_mp = gen_rng_below(r, 100) < 85;
    if (f == GEN_F_ACT_ROLL_RANGE) {   /* no IMC check: the mp given counts */
        roll = gen_rng_below(r, 2) ? 7 : 0;
        mod = 0;
        mp = gen_imc[l->initiative - 1][gen_rng_below(r, 6)];
        write_mp = true;
    } else if (f == GEN_F_IMC) {       /* the mp given counts */
        mp = (mp > 0 && gen_rng_below(r, 2)) ? mp - 1 : mp + 1 + gen_rng_below(r, 2);
        write_mp = true;
    }

    gen_close_activation(g);
    long line = gen_ev_begin(g, GEN_K_ACTIVATE, "%s", l->id);
    gen_ev_field(g, "roll", "%d", roll);
    if (mod != 0)
        gen_ev_field(g, "modifier", "%+d", mod);
    if (write_mp)
        gen_ev_field(g, "mp", "%d", mp);
    gen_ev_end(g, 0.06);
    if (f == GEN_F_ACT_INACTIVE || f == GEN_F_IMC || f == GEN_F_ACT_ROLL_RANGE)
        gen_expect(g, line, f);
    g->act = L;
    g->act_line = line;
    g->act_mp = mp;
    g->act_spent = 0;
    g->ob_ill = roll == 1;   /* a raw 1, with 8.13 in force */

    /* the moves; a move into an enemy ZOC ends them */
    int nmoves = gen_rng_weighted(r, move_w, GEN_COUNT(move_w));
    for (int i = 0; i < nmoves; i++) {
        int left = g->act_mp - g->act_spent;
        if (left <= 0)
            break;
        char hex[32];
        gen_fault_t mf = gen_slot(g, GEN_BIT(MOVE_EXCEEDS), true);
        int spend = mf == GEN_F_MOVE_EXCEEDS ? left + 1 + gen_rng_below(r, 2)
                    : i == nmoves - 1        ? 1 + gen_rng_below(r, left)
                                             : 1 + gen_rng_below(r, (left + 1) / 2);
        bool zoc = mf == GEN_F_NONE && (i == nmoves - 1 || spend == left) &&
                   gen_rng_below(r, 100) < 34;
        long mline = gen_ev_begin(g, GEN_K_MOVE, "%s", l->id);
        gen_hex(g, hex, sizeof hex);
        gen_ev_field(g, "to", "%s", hex);
        gen_ev_field(g, "mp", "%d", spend);
        if (zoc)
            gen_ev_field(g, "enemy_zoc", "true");
        gen_ev_end(g, 0.06);
        g->act_spent += spend;
        if (mf == GEN_F_MOVE_EXCEEDS) {
            gen_expect(g, mline, mf);
            break;
        }
        if (zoc) {
            g->ob_sus = true;
            g->sus_line = mline;
            break;
        }
    }

    if (g->ob_ill)
        gen_illness(g, L);
    if (!g->act_done && g->ob_sus)
        gen_sustain(g, L);
}

/* Between activations: a flip, a state record or a VP award, now and then. */
static void gen_interlude(gen_t *g)
{
    static const int w[] = {640, 70, 220, 70};   /* nothing, flip, state, vp */
    gen_rng_t *r = &g->rng;
    switch (gen_rng_weighted(r, w, GEN_COUNT(w))) {
    case 1: {
        int X = gen_pick(g, gen_p_in_play_not, g->act);
        if (X >= 0)
            gen_flip(g, X);
        break;
    }
    case 2: {
        int X = gen_pick(g, gen_p_afflicted, 0);
        if (X < 0 || gen_rng_below(r, 3) == 0)
            X = gen_rng_below(r, g->nldr);
        gen_state(g, X);
        break;
    }
    case 3: {
        int side = gen_rng_below(r, 2);
        int pts = 1 + gen_rng_below(r, 2);
        gen_slot(g, 0, true);
        gen_ev_begin(g, GEN_K_VP, "%s", gen_sides[side]);
        gen_ev_field(g, "points", "%d", pts);
        gen_ev_field(g, "reason", "%s",
                     gen_vp_reasons[gen_rng_below(r, GEN_COUNT(gen_vp_reasons))]);
        gen_ev_end(g, 0.0);
        g->vp[side] += pts;
        break;
    }
    default:
        break;
    }
}

/* The last events: perhaps a turn too many, `end` with the tally, perhaps
 * an event after it. */
static void gen_end(gen_t *g)
{
    gen_rng_t *r = &g->rng;
    if (gen_rng_chance(r, g->opt.faults)) {
        gen_turn_event(g, g->last_turn + 1);
        gen_expect(g, g->ev_line, GEN_F_TURN_RANGE);
    }
    gen_fault_t f = gen_slot(g, GEN_BIT(TALLY), false);
    gen_close_activation(g);
    long claim[2] = {g->vp[0], g->vp[1]};
    bool drop_usa = false;
    if (f == GEN_F_TALLY) {
        int how = gen_rng_below(r, 3);
        if (how == 0)
            drop_usa = true;
        else
            claim[how - 1] += gen_rng_below(r, 2) ? 1 : -1;
    }
    long line;
    if (drop_usa)
        line = gen_ev_begin(g, GEN_K_END, "{%s: %ld}", gen_sides[0], claim[0]);
    else
        line = gen_ev_begin(g, GEN_K_END, "{%s: %ld, %s: %ld}", gen_sides[0], claim[0],
                            gen_sides[1], claim[1]);
    gen_ev_end(g, 0.0);
    if (f == GEN_F_TALLY)
        gen_expect(g, line, f);
    if (gen_rng_chance(r, g->opt.faults)) {
        line = gen_ev_begin(g, GEN_K_VP, "%s", gen_sides[gen_rng_below(r, 2)]);
        gen_ev_field(g, "points", "1");
        gen_ev_field(g, "reason", "late claim");
        gen_ev_end(g, 0.0);
        gen_expect(g, line, GEN_F_AFTER_END);
    }
    gen_expect_flush(g);
}

/* The whole game: turns spread evenly over the events asked for. */
static void gen_game(gen_t *g)
{
    gen_rng_t *r = &g->rng;
    gen_header(g);
    if (gen_rng_chance(r, g->opt.faults)) {   /* something noted before turn 1 */
        long line = gen_ev_begin(g, GEN_K_FLIP, "%s", g->ldr[0].id);
        gen_ev_field(g, "to", "inactive");
        gen_ev_end(g, 0.0);
        gen_expect(g, line, GEN_F_BEFORE_TURN);
    }
    for (int t = 1; t <= g->last_turn; t++) {
        if (t > 1)
            gen_slot(g, 0, true);
        gen_turn_event(g, t);
        long stop = (long)((double)g->opt.events * t / g->last_turn) - 1;
        g->next_side = gen_rng_below(r, 2);
        while (g->emitted < stop) {
            gen_activation(g);
            gen_interlude(g);
        }
    }
    gen_end(g);
}

/* ====================================================================== */
/* main                                                                   */
/* ====================================================================== */

static void gen_print_stats(const gen_t *g)
{
    fprintf(stderr, "adjgen: %ld events, %ld lines, %d turns, tally %s %ld %s %ld, %d lost\n",
            g->emitted, g->line, g->last_turn, gen_sides[0], g->vp[0], gen_sides[1], g->vp[1],
            g->losses);
    if (g->opt.die == GEN_DIE_DECK || g->opt.die == GEN_DIE_SEASON)
        fprintf(stderr, "  deck: %ld cards dealt\n", g->dealt);
    for (int k = 0; k < GEN_K_COUNT; k++)
        fprintf(stderr, "  %-10s %8ld  %5.1f%%\n", gen_kind_name[k], g->kind_count[k],
                100.0 * (double)g->kind_count[k] / (double)g->emitted);
    for (int f = 0; f < GEN_F_COUNT; f++)
        if (g->fault_count[f] > 0)
            fprintf(stderr, "  fault %-26s %6ld\n", gen_fault_code[f], g->fault_count[f]);
}

int main(int argc, char **argv)
{
    gen_t g = {.act = -1, .decor = GEN_F_NONE};
    if (!gen_parse_opts(argc, argv, &g.opt)) {
        gen_usage(stderr);
        return 2;
    }
    g.rng.state = g.opt.seed;
    g.tape.state = UINT64_C(0x7265706c6179);  /* "replay": one tape for every seed */
    /* the deck's shuffles: from the game's seed, or the season's (its first
     * K cards dealt before this game) */
    g.deck_rng.state = (g.opt.die == GEN_DIE_SEASON ? g.opt.deck_seed : g.opt.seed) ^
                       UINT64_C(0x6465636b);  /* "deck" */
    for (long i = 0; i < g.opt.deck_dealt; i++)
        gen_deal(&g);
    gen_rng_next(&g.rng);
    g.out = stdout;
    if (g.opt.out_path != NULL && (g.out = fopen(g.opt.out_path, "w")) == NULL) {
        fprintf(stderr, "adjgen: %s: %s\n", g.opt.out_path, strerror(errno));
        return 2;
    }
    if (g.opt.expect_path != NULL && (g.expect = fopen(g.opt.expect_path, "w")) == NULL) {
        fprintf(stderr, "adjgen: %s: %s\n", g.opt.expect_path, strerror(errno));
        return 2;
    }

    /* about 40 to 90 events a turn, as in a busy campaign turn */
    int per_turn = 40 + gen_rng_below(&g.rng, 51);
    long turns = g.opt.events / per_turn;
    g.last_turn = turns < 1 ? 1 : turns > 1000000 ? 1000000 : (int)turns;
    gen_roster(&g);
    gen_game(&g);

    int rc = 0;
    if (fflush(g.out) != 0 || ferror(g.out) || (g.out != stdout && fclose(g.out) != 0)) {
        fprintf(stderr, "adjgen: write error: %s\n", strerror(errno));
        rc = 2;
    }
    if (g.expect != NULL && (fflush(g.expect) != 0 || ferror(g.expect) || fclose(g.expect) != 0)) {
        fprintf(stderr, "adjgen: %s: write error\n", g.opt.expect_path);
        rc = 2;
    }
    if (g.opt.stats)
        gen_print_stats(&g);
    free(g.exp);
    free(g.ldr);
    free(g.pick);
    return rc;
}
