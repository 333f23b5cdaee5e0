/*
 * adj_dice.h - the dice audit (SPEC 7): the rolls each file logs, counted
 * per side and kind; then the groups of a run (a named player pooled over
 * every file, an unnamed side per file), one row per kind with its
 * chi-square test, Benjamini-Hochberg over the run, and the verdict.
 *
 *     adj_dice_file_t f[N];  adj_dice_read_file(&f[i], path) for each file
 *     adj_dice_t d;          adj_dice_tally(&d, f, N, alpha)
 *     ... a reporter's dice function reads d ...
 *     adj_dice_free(&d);     adj_dice_file_free(&f[i])
 *
 * Reading a file needs only the reader: a roll logged is a roll made,
 * whatever the rules engine would decide, so the engine is not run.
 */
#ifndef ADJ_DICE_H
#define ADJ_DICE_H

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

/* One file's rolls. */
typedef struct adj_dice_file_s {
    char *file;                 /* owned: the name as given ("-" for stdin) */
    bool io_error;              /* it could not be opened or read: not listed */
    int io_errno;
    bool counted;               /* one valid log: its rolls count */
    adj_code_t reason;          /* not counted: yaml-syntax, yaml-alias or bad-document */
    uint64_t rolls;             /* rolls counted, 1..6 (0 when not counted) */
    uint64_t out_of_range;      /* rolls outside 1..6 (0 when not counted) */
    char *sides[2];             /* owned copies of the header's, NULL when not counted */
    size_t side_len[2];
    char *players[2];           /* owned: each side's player, NULL when none */
    size_t player_len[2];
    int64_t counts[2][ADJ_DICE_KINDS][ADJ_STATS_FACES]; /* per side, kind and face */
} adj_dice_file_t;

/* Read one file ("-": standard input); always fills `f` (free it with
 * adj_dice_file_free). False on an I/O failure (f->io_error). */
bool adj_dice_read_file(adj_dice_file_t *f, const char *path);

/* The same from a buffer in memory (tests). */
void adj_dice_read_bytes(adj_dice_file_t *f, const void *data, size_t size, const char *name);

void adj_dice_file_free(adj_dice_file_t *f);

/* One row of the report: a group's rolls of one kind. */
typedef struct adj_dice_row_s {
    const char *player;         /* borrowed from a file: a player group, else NULL */
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

/* A run's report. */
typedef struct adj_dice_s {
    double alpha;
    const adj_dice_file_t *files;  /* borrowed: every file read, in order (io_error ones skipped) */
    size_t file_count;
    adj_dice_row_t *rows;          /* owned array, in report order */
    size_t row_count;
    size_t tested;                 /* rows with a p (the m of Benjamini-Hochberg) */
    size_t improbable;             /* rows flagged */
} adj_dice_t;

#define ADJ_DICE_ALPHA 0.001  /* --alpha's default */

/* Group, test and adjust the rolls of `files` (borrowed: they must outlive d). */
void adj_dice_tally(adj_dice_t *d, const adj_dice_file_t *files, size_t file_count,
                    double alpha);
void adj_dice_free(adj_dice_t *d);

#endif
