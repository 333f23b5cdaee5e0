/*
 * adj_dice.h - the dice audit (SPEC 7): the rolls each file logs, counted
 * per side and kind; then the groups of a run (a named player pooled over
 * every file, an unnamed side per file), one row per kind with its
 * chi-square test, Benjamini-Hochberg over the run, and the verdict.
 *
 *     adj_dice_t d;          adj_dice_init(&d, alpha)
 *     adj_dice_file_t f[N];  adj_dice_read_file(&d, &f[i], path) for each file
 *                            adj_dice_tally(&d, f, N)
 *     ... a reporter's dice function reads d ...
 *     adj_dice_free(&d);     adj_dice_file_free(&f[i])
 *
 * Reading a file needs only the reader: a roll logged is a roll made,
 * whatever the rules engine would decide, so the engine is not run.
 */
#ifndef ADJ_DICE_H
#define ADJ_DICE_H

#include <pthread.h>

#include "adj_diag.h"
#include "adj_stats.h"

/* The rows' kinds, in the order rows are listed (`all` first). */
#define ADJ_DICE_KIND_LIST(X) \
    X(ALL, "all") X(IMC, "imc") X(ILLNESS, "illness") X(DURATION, "duration") X(SUSTAIN, "sustain")

typedef enum adj_dice_kind_e {
#define ADJ_X(e, name) ADJ_DICE_##e,
    ADJ_DICE_KIND_LIST(ADJ_X)
#undef ADJ_X
    ADJ_DICE_KINDS
} adj_dice_kind_t;

const char *adj_dice_kind_name(adj_dice_kind_t k);

/* Rolls per kind and face. */
typedef struct adj_dice_counts_s {
    int64_t c[ADJ_DICE_KINDS][ADJ_STATS_FACES];
} adj_dice_counts_t;

/* A side with no player named, in one counted file: a group of its own. */
typedef struct adj_dice_side_s {
    char *name;                 /* owned: the side's name (may hold NUL bytes) */
    size_t len;
    adj_dice_counts_t counts;
} adj_dice_side_t;

/* What a run keeps of one file: a few words, whatever the file holds (a
 * named player's rolls go straight to the run's table of players). */
typedef struct adj_dice_file_s {
    const char *file;           /* borrowed: the name as given ("-" for stdin) */
    bool io_error;              /* it could not be opened or read: not listed */
    int io_errno;
    bool counted;               /* one valid log: its rolls count */
    adj_code_t reason;          /* not counted: yaml-syntax, yaml-alias or bad-document */
    uint64_t rolls;             /* rolls counted, 1..6 (0 when not counted) */
    uint64_t out_of_range;      /* rolls outside 1..6 (0 when not counted) */
    adj_dice_side_t *unnamed[2]; /* owned: per side of a counted file with no player, else NULL */
    const char *ladder;         /* borrowed (the run's): its ladder file's path, or NULL */
} adj_dice_file_t;

/* A named player's rolls, pooled over the run. */
typedef struct adj_dice_player_s {
    char *name;                 /* owned */
    size_t len;
    adj_dice_counts_t counts;
} adj_dice_player_t;

/* One row of the report: a group's rolls of one kind. */
typedef struct adj_dice_row_s {
    const char *player;         /* borrowed from the run: a player group, else NULL */
    size_t player_len;
    const char *side;           /* borrowed: an unnamed side's name, else NULL */
    size_t side_len;
    const char *file;           /* borrowed: an unnamed side's file, else NULL */
    adj_dice_kind_t kind;
    int64_t n;
    int64_t counts[ADJ_STATS_FACES];
    double mean;
    bool tested;                /* n >= ADJ_STATS_MIN_N: chi2, p and p_adjusted hold */
    double chi2, p, p_adjusted;
    bool improbable;            /* p_adjusted < alpha */
} adj_dice_row_t;

/* A run: its players as files are read, then its report. */
typedef struct adj_dice_s {
    double alpha;
    pthread_mutex_t lock;          /* guards players while files are read */
    adj_dice_player_t **players;   /* owned hash table of owned players (NULL: empty slot) */
    size_t player_cap, player_count;
    const adj_dice_file_t *files;  /* borrowed, after adj_dice_tally: every file, in order */
    size_t file_count;
    adj_dice_row_t *rows;          /* owned array, in report order */
    size_t row_count;
    size_t tested;                 /* rows with a p (the m of Benjamini-Hochberg) */
    size_t improbable;             /* rows flagged */
} adj_dice_t;

#define ADJ_DICE_ALPHA 0.001  /* --alpha's default */

void adj_dice_init(adj_dice_t *d, double alpha);

/* Read one file ("-": standard input; `path` borrowed) into `f`, its named
 * players' rolls into d (safe from several threads at once). False on an
 * I/O failure (f->io_error). Free f with adj_dice_file_free. */
bool adj_dice_read_file(adj_dice_t *d, adj_dice_file_t *f, const char *path);

/* The same from a buffer in memory (tests). */
void adj_dice_read_bytes(adj_dice_t *d, adj_dice_file_t *f, const void *data, size_t size,
                         const char *name);

void adj_dice_file_free(adj_dice_file_t *f);

/* Once every file is read: group, test and adjust (`files` borrowed: they
 * must outlive d's rows). */
void adj_dice_tally(adj_dice_t *d, const adj_dice_file_t *files, size_t file_count);
void adj_dice_free(adj_dice_t *d);

#endif
