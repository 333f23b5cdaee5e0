/* SPDX-License-Identifier: MIT */
/*
 * adj_dice.h - the dice audit (SPEC 7): the rolls each file logs, kept in
 * order (a byte and a line each); then the run: duplicates set aside, the
 * groups (a named player by the key of his name, pooled over every file;
 * an unnamed side per file), one row per kind with its chi-square test,
 * the order rows per player (`pairs`, `repeat`; too even: `even`,
 * `evenpair`, `evengame`), Benjamini-Hochberg over
 * the run, and for each improbable row what is off and where.
 *
 *     adj_dice_t d;          adj_dice_init(&d, alpha)
 *     adj_dice_file_t f[N];  adj_dice_read_file(&d, &f[i], path) for each file
 *                            (from several threads at once if wanted)
 *                            adj_dice_tally(&d, f, N)
 *     ... a reporter's dice function reads d ...
 *     adj_dice_free(&d);     adj_dice_file_free(&f[i])
 *
 * Reading a file needs only the reader: a roll logged is a roll made,
 * whatever the rules engine would decide, so the engine is not run.
 * Memory: five bytes per counted roll (its packed face, kind and side, and
 * its line), a few hundred bytes per file; the repeat search builds a
 * suffix array per player group, freed before the next.
 */
#ifndef ADJ_DICE_H
#define ADJ_DICE_H

#include <pthread.h>

#include "adj_diag.h"
#include "adj_log.h"
#include "adj_stats.h"

/* The order rows (SPEC 7, "Order" and "Too even"), which test what the
 * rows of counts cannot see, one each per named player after his rows of
 * counts, the one place such a statistic is declared:
 * X(ROW, key, CELLS, TAIL, "words", "legend"). `key` is its name in the
 * reports and names its builder, dice_order_<key> (dice_order.c or
 * dice_even.c, declared from this list: a row without one does not link);
 * CELLS the counts it lists (ADJ_STATS_FACES: the faces of all his rolls;
 * ADJ_STATS_CELLS: pairs of faces; 0: none); TAIL `upper` for a row that
 * flags what strays too far, `lower` for one that flags what is too even
 * (its p is the chance of being at least that even; why it is flagged is
 * said its own way); "words" what the sentence under a flagged row calls
 * its units ("": a sentence of its own); "legend" what the text report's
 * notes say of it (required: the build fails on ""), its lines broken as
 * printed, the rows' legends joined by a space. tests/dice_rows.py holds
 * each row to the reports, a golden and the guide. */
#define ADJ_DICE_ORDER_LIST(X)                                                                \
    X(PAIRS, pairs, ADJ_STATS_CELLS, upper, "pairs",                                          \
      "pairs: the 36 counts of a player's rolls taken two by two (35 degrees of freedom,\n"   \
      "from " ADJ_DICE_STR(ADJ_STATS_MIN_PAIRS) " pairs).")                                 \
    X(REPEAT, repeat, 0, upper, "",                                                           \
      "repeat: the longest run of faces found in two of his games\n(p: at most the chance "   \
      "that fair dice repeat a run that long).")                                              \
    X(EVEN, even, ADJ_STATS_FACES, lower, "rolls",                                            \
      "even: the chance\nthat fair dice give counts at least this even (every face as close "  \
      "to n/6: exact,\nor chi-square's lower tail past its bounds).")                         \
    X(EVENPAIR, evenpair, ADJ_STATS_CELLS, lower, "pairs",                                    \
      "evenpair: the same for the 36 pairs\n(from " ADJ_DICE_STR(ADJ_STATS_MIN_PAIRS)          \
      " pairs).")                                                                             \
    X(EVENGAME, evengame, 0, lower, "",                                                       \
      "evengame: each game's evenness (games of " ADJ_DICE_STR(ADJ_DICE_GAME_MIN)              \
      " rolls or more; n:\nhow many), combined (chi-square's lower tail, 5 degrees of "      \
      "freedom a game).")
/* A game counts towards his `evengame` row when he has this many rolls in it. */
#define ADJ_DICE_GAME_MIN 12
#define ADJ_DICE_TAIL_upper false
#define ADJ_DICE_TAIL_lower true
#define ADJ_DICE_STR(x) ADJ_DICE_STR_(x)
#define ADJ_DICE_STR_(x) #x

/* The rows' kinds, in the order rows are listed: `all` first, then one
 * row per kind that carries a die (ADJ_DIE_LIST, adj_log.h), then the
 * order rows. The first ADJ_DICE_ROLL_KINDS count faces. */
typedef enum adj_dice_kind_e {
    ADJ_DICE_ALL,
#define ADJ_X(row, ...) ADJ_DICE_##row,
    ADJ_DIE_LIST(ADJ_X)
    ADJ_DICE_ORDER_LIST(ADJ_X)
#undef ADJ_X
    ADJ_DICE_KINDS
} adj_dice_kind_t;

#define ADJ_DICE_ORDER_ROWS (0 ADJ_DICE_ORDER_LIST(ADJ_DICE_ONE))
#define ADJ_DICE_ONE(...) +1
/* all and the die rows: rows of face counts; the order rows follow */
#define ADJ_DICE_ROLL_KINDS (ADJ_DICE_KINDS - ADJ_DICE_ORDER_ROWS)
#define ADJ_DICE_FIRST_ROLL (ADJ_DICE_ALL + 1) /* the first die row */

const char *adj_dice_kind_name(adj_dice_kind_t k);

/* Rolls per kind and face. */
typedef struct adj_dice_counts_s {
    int64_t c[ADJ_DICE_ROLL_KINDS][ADJ_STATS_FACES];
} adj_dice_counts_t;

/* One side of a counted file. */
typedef struct adj_dice_side_s {
    char *name;                 /* owned: the side's name (may hold NUL bytes) */
    size_t len;
    char *player;               /* owned: its player's name (the ladder's canonical name
                                   when a ladder knows him, else as written), NULL when none */
    size_t player_len;
    bool canonical;             /* `player` is a ladder's canonical name */
    char *spelling;             /* owned: the name as the log writes it (NULL: none) */
    size_t spelling_len;
    char *key;                  /* owned: the key of `player` (adj_names.h), or NULL */
    size_t key_len;
    adj_dice_counts_t counts;
} adj_dice_side_t;

/* A counted roll, packed in one byte: the face 1..6, the kind, the side. */
#define ADJ_DICE_FACE(b) ((int)((b) & 7))
#define ADJ_DICE_ROLL_KIND(b) ((adj_dice_kind_t)((((b) >> 3) & 3) + ADJ_DICE_FIRST_ROLL))
_Static_assert(ADJ_DICE_ROLL_KINDS - ADJ_DICE_FIRST_ROLL <= 4,
               "a counted roll packs its die row in 2 bits (bits 3-4): widen the byte's layout");
#define ADJ_DICE_SIDE(b) ((int)(((b) >> 5) & 1))

/* What a run keeps of one file. */
typedef struct adj_dice_file_s {
    const char *file;           /* borrowed: the name as given ("-" for stdin) */
    bool io_error;              /* it could not be opened or read: not listed */
    int io_errno;
    bool counted;               /* one valid log: its rolls count */
    adj_code_t reason;          /* not counted: yaml-syntax, yaml-alias or bad-document */
    uint64_t rolls;             /* rolls counted, 1..6 (0 when not counted) */
    uint64_t out_of_range;      /* rolls outside 1..6 (0 when not counted) */
    adj_dice_side_t side[2];    /* a counted file's sides */
    uint8_t *roll;              /* owned: the counted rolls, packed, in log order */
    uint32_t *line;             /* owned: each one's line */
    size_t roll_cap;
    uint64_t sig[2];            /* a hash of the (kind, subject, roll) sequence */
    const char *ladder;         /* borrowed (the run's): its ladder file's path, or NULL */
} adj_dice_file_t;

/* A group of the run: a player (by key) or an unnamed side of one file. */
typedef struct adj_dice_member_s {
    size_t file;                /* index into the run's files */
    int side;
} adj_dice_member_t;

typedef struct adj_dice_spelling_s {
    const char *name;           /* borrowed from a file's side */
    size_t len;
} adj_dice_spelling_t;

typedef struct adj_dice_group_s {
    bool player;                /* a player group, else an unnamed side */
    const char *name;           /* borrowed: the shown name (player: a ladder's canonical
                                   name, else the first spelling met) or the side's name */
    size_t len;
    bool canonical;             /* `name` is a ladder's canonical name */
    const char *key;            /* borrowed: the player's key */
    size_t key_len;
    adj_dice_spelling_t *spellings; /* owned: every spelling met, in order (players) */
    size_t spelling_count;
    adj_dice_member_t *members; /* owned: its sides, in file order then `sides` order */
    size_t member_count, member_cap;
    bool has_rows;              /* it has a counted roll */
} adj_dice_group_t;

/* Why a row is flagged: one face (or pair cell) far off, or one file's part. */
typedef struct adj_dice_face_s {
    int cell;                   /* face - 1, or for pairs 6 (first - 1) + second - 1 */
    int64_t count;
    double expected;            /* n/6 or n/36 */
} adj_dice_face_t;

typedef struct adj_dice_part_s {
    size_t file;                /* index into the run's files */
    int64_t rolls;              /* its part of n (pairs for a pairs row) */
    int64_t count;              /* its count of the row's most deviant face or cell */
    int64_t excess;             /* 6 count - rolls (36 for pairs): the sort key */
    double p;                   /* evengame: the file's own lower tail (its sort key) */
} adj_dice_part_t;

/* One row of the report. */
typedef struct adj_dice_row_s {
    size_t group;               /* index into the run's groups */
    const char *player;         /* borrowed: a player group's shown name, else NULL */
    size_t player_len;
    const char *side;           /* borrowed: an unnamed side's name, else NULL */
    size_t side_len;
    const char *file;           /* borrowed: an unnamed side's file, else NULL */
    adj_dice_kind_t kind;
    bool even;                  /* a `lower` row of ADJ_DICE_ORDER_LIST: too even */
    int64_t n;                  /* rolls; pairs; the repeat's length L; evengame: games */
    int count_len;              /* 6, 36 (pairs) or 0 (repeat) */
    int64_t counts[ADJ_STATS_CELLS];
    bool has_mean;
    double mean;
    bool tested;                /* p and p_adjusted hold */
    bool has_chi2;              /* chi2 holds (tested, not a repeat row; evengame: the
                                   sum of its games' scores) */
    double chi2, p, p_adjusted;
    bool improbable;            /* p_adjusted < alpha */
    bool has_where;             /* a repeat row of length > 0 */
    size_t where_file[2];       /* indices into the run's files, the earlier first */
    uint32_t where_line[2];
    int deviant;                /* the most deviant face or cell (improbable rows) */
    adj_dice_face_t *faces;     /* owned, improbable rows: residual at least 3 (a `lower`
                                   row: the faces or cells farthest from n/6 or n/36) */
    size_t face_count;
    adj_dice_part_t *parts;     /* owned, improbable rows: each file's part */
    size_t part_count;
} adj_dice_row_t;

/* A run: its files as read, then its report. */
typedef struct adj_dice_s {
    double alpha;
    const adj_dice_file_t *files;  /* borrowed, after adj_dice_tally: every file, in order */
    size_t file_count;
    size_t *duplicate_of;          /* owned: per file, the earlier file it repeats, or SIZE_MAX */
    adj_dice_group_t *groups;      /* owned: players by shown name, then unnamed sides */
    size_t group_count;
    adj_dice_row_t *rows;          /* owned array, in report order */
    size_t row_count;
    size_t (*look_alike)[2];       /* owned: pairs of group indices, in row order */
    size_t look_alike_count;
    size_t tested;                 /* rows with a p (the m of Benjamini-Hochberg) */
    size_t improbable;             /* rows flagged */
} adj_dice_t;

#define ADJ_DICE_ALPHA 0.001  /* --alpha's default */

void adj_dice_init(adj_dice_t *d, double alpha);

/* Read one file ("-": standard input; `path` borrowed) into `f` (safe
 * from several threads at once: d is not touched). False on an I/O
 * failure (f->io_error). Free f with adj_dice_file_free. */
bool adj_dice_read_file(adj_dice_t *d, adj_dice_file_t *f, const char *path);

/* The same from a buffer in memory (tests). */
void adj_dice_read_bytes(adj_dice_t *d, adj_dice_file_t *f, const void *data, size_t size,
                         const char *name);

void adj_dice_file_free(adj_dice_file_t *f);

/* Once every file is read: duplicates, groups, tests and the adjustment
 * (`files` borrowed: they must outlive d's rows). */
void adj_dice_tally(adj_dice_t *d, const adj_dice_file_t *files, size_t file_count);
void adj_dice_free(adj_dice_t *d);

#endif
