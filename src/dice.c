/*
 * dice.c - the dice audit (SPEC 7): each file's rolls, read with the
 * reader alone, then the run's groups, rows, tests and verdict.
 * See adj_dice.h.
 */
#include "adj_dice.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adj_reader.h"

const char *adj_dice_kind_name(adj_dice_kind_t k)
{
    static const char *const names[] = {
#define ADJ_X(e, name) name,
        ADJ_DICE_KIND_LIST(ADJ_X)
#undef ADJ_X
    };
    return (unsigned)k < ADJ_DICE_KINDS ? names[k] : "?";
}

/* ---- one file ---- */

/* The row kind of an event that carries a die, or ALL for one that does not. */
static adj_dice_kind_t roll_kind(adj_event_kind_t k)
{
    switch (k) {
    case ADJ_EV_ACTIVATE: return ADJ_DICE_IMC;
    case ADJ_EV_ILLNESS: return ADJ_DICE_ILLNESS;
    case ADJ_EV_DURATION: return ADJ_DICE_DURATION;
    case ADJ_EV_SUSTAIN: return ADJ_DICE_SUSTAIN;
    default: return ADJ_DICE_ALL;
    }
}

/* An entry has passed the shape checks (SPEC 3.1 step 1): its roll counts,
 * whatever its place or the rules decide. */
static void count_entry(adj_dice_file_t *f, const adj_header_t *h, const adj_entry_t *en)
{
    adj_dice_kind_t k = roll_kind(en->kind);
    if (k == ADJ_DICE_ALL)
        return;
    if (en->roll < 1 || en->roll > ADJ_STATS_FACES) {
        f->out_of_range++;
        return;
    }
    int side = h->leaders[en->leader].side;
    f->counts[side][k][en->roll - 1]++;
    f->counts[side][ADJ_DICE_ALL][en->roll - 1]++;
    f->rolls++;
}

static void keep_names(adj_dice_file_t *f, const adj_header_t *h)
{
    for (int s = 0; s < 2; s++) {
        f->sides[s] = adj_xstrndup(h->sides[s], h->side_len[s]);
        f->side_len[s] = h->side_len[s];
        if (h->players[s]) {
            f->players[s] = adj_xstrndup(h->players[s], h->player_len[s]);
            f->player_len[s] = h->player_len[s];
        }
    }
}

/* A file that is not one valid log counts nothing; its reason is the
 * diagnostic that stopped the reader (there is at most one, and it may
 * come after the events, as a key after them does). */
static void settle(adj_dice_file_t *f, const adj_diags_t *diags)
{
    f->counted = !diags->stopped;
    if (f->counted)
        return;
    f->reason = diags->stop_code;
    f->rolls = f->out_of_range = 0;
    memset(f->counts, 0, sizeof f->counts);
    for (int s = 0; s < 2; s++) {
        free(f->sides[s]);
        free(f->players[s]);
        f->sides[s] = f->players[s] = NULL;
    }
}

static void read_all(adj_dice_file_t *f, adj_reader_t *r)
{
    const adj_header_t *h = NULL;
    for (;;) {
        const adj_entry_t *en;
        adj_read_status_t st = adj_reader_next(r, &en);
        if (st == ADJ_READ_HEADER) {
            h = adj_reader_header(r);
            keep_names(f, h);
        } else if (st == ADJ_READ_ENTRY) {
            count_entry(f, h, en);
        } else if (st == ADJ_READ_IO_ERROR) {
            int err = adj_reader_io_errno(r);
            f->io_error = true;
            f->io_errno = err ? err : EIO;
            break;
        } else if (st != ADJ_READ_EVENTS_END) {
            break;  /* done, or stopped */
        }
    }
}

static void read_reader(adj_dice_file_t *f, int fd, const void *data, size_t size)
{
    adj_diags_t diags = {0};
    adj_reader_t *r = data ? adj_reader_new_bytes(data, size, f->file, &diags)
                           : adj_reader_new(fd, f->file, &diags);
    read_all(f, r);
    adj_reader_free(r);
    settle(f, &diags);
    adj_diags_free(&diags);
}

bool adj_dice_read_file(adj_dice_file_t *f, const char *path)
{
    memset(f, 0, sizeof *f);
    f->file = adj_xstrdup(path);
    int fd = 0;
    if (strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            fd = -1;
            errno = EISDIR;
        }
        if (fd < 0) {
            f->io_error = true;
            f->io_errno = errno;
            return false;
        }
    }
    read_reader(f, fd, NULL, 0);
    if (fd > 0)
        close(fd);
    return !f->io_error;
}

void adj_dice_read_bytes(adj_dice_file_t *f, const void *data, size_t size, const char *name)
{
    static const char empty[1];
    memset(f, 0, sizeof *f);
    f->file = adj_xstrdup(name);
    read_reader(f, -1, size ? data : empty, size);
}

void adj_dice_file_free(adj_dice_file_t *f)
{
    free(f->file);
    for (int s = 0; s < 2; s++) {
        free(f->sides[s]);
        free(f->players[s]);
    }
    memset(f, 0, sizeof *f);
}

/* ---- the run ---- */

/* One side of one counted file: a group's share. */
typedef struct share_s {
    const adj_dice_file_t *f;
    int side;
} share_t;

static int name_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

/* By player name, byte order; ties in file and side order (a stable sort
 * by hand: qsort is not stable, so the share's position breaks ties). */
static int share_cmp(const void *x, const void *y)
{
    const share_t *a = x, *b = y;
    int c = name_cmp(a->f->players[a->side], a->f->player_len[a->side], b->f->players[b->side],
                     b->f->player_len[b->side]);
    if (c)
        return c;
    return a->f != b->f ? (a->f < b->f ? -1 : 1) : a->side - b->side;
}

static void rows_push(adj_dice_t *d, size_t *cap, const adj_dice_row_t *row)
{
    if (d->row_count == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        d->rows = adj_xreallocarray(d->rows, *cap, sizeof *d->rows);
    }
    d->rows[d->row_count++] = *row;
}

/* The rows of one group, from its shares [s, e): one per kind rolled. */
static void group_rows(adj_dice_t *d, size_t *cap, const share_t *s, const share_t *e,
                       const adj_dice_row_t *who)
{
    for (int k = 0; k < ADJ_DICE_KINDS; k++) {
        adj_dice_row_t row = *who;
        row.kind = (adj_dice_kind_t)k;
        int64_t sum = 0;
        for (const share_t *x = s; x < e; x++)
            for (int face = 0; face < ADJ_STATS_FACES; face++)
                row.counts[face] += x->f->counts[x->side][k][face];
        for (int face = 0; face < ADJ_STATS_FACES; face++) {
            row.n += row.counts[face];
            sum += row.counts[face] * (face + 1);
        }
        if (row.n == 0)
            continue;
        row.mean = (double)sum / (double)row.n;
        if (row.n >= ADJ_STATS_MIN_N) {
            row.tested = true;
            row.chi2 = adj_stats_chi2(row.counts);
            row.p = adj_stats_q5(row.chi2);
        }
        rows_push(d, cap, &row);
    }
}

/* Player groups first, by name; then each unnamed side, in file order. */
static void build_groups(adj_dice_t *d, const adj_dice_file_t *files, size_t n)
{
    size_t cap = 0, count = 0;
    share_t *shares = adj_xcalloc(2 * n + 1, sizeof *shares);
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 2; s++)
            if (files[i].counted && files[i].players[s])
                shares[count++] = (share_t){&files[i], s};
    qsort(shares, count, sizeof *shares, share_cmp);
    for (size_t i = 0, j; i < count; i = j) {
        const adj_dice_file_t *f = shares[i].f;
        int s = shares[i].side;
        for (j = i + 1; j < count && !name_cmp(f->players[s], f->player_len[s],
                                               shares[j].f->players[shares[j].side],
                                               shares[j].f->player_len[shares[j].side]);
             j++)
            ;
        adj_dice_row_t who = {.player = f->players[s], .player_len = f->player_len[s]};
        group_rows(d, &cap, &shares[i], &shares[j], &who);
    }
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 2; s++)
            if (files[i].counted && !files[i].players[s]) {
                share_t one = {&files[i], s};
                adj_dice_row_t who = {.side = files[i].sides[s],
                                      .side_len = files[i].side_len[s],
                                      .file = files[i].file};
                group_rows(d, &cap, &one, &one + 1, &who);
            }
    free(shares);
}

/* Benjamini-Hochberg over every tested row of the run, then the flags. */
static void adjust(adj_dice_t *d)
{
    size_t m = 0;
    double *p = adj_xcalloc(d->row_count + 1, sizeof *p);
    double *adjusted = adj_xcalloc(d->row_count + 1, sizeof *adjusted);
    size_t *scratch = adj_xcalloc(2 * d->row_count + 1, sizeof *scratch);
    for (size_t i = 0; i < d->row_count; i++)
        if (d->rows[i].tested)
            p[m++] = d->rows[i].p;
    adj_stats_bh(p, adjusted, scratch, m);
    for (size_t i = 0, k = 0; i < d->row_count; i++) {
        adj_dice_row_t *row = &d->rows[i];
        if (!row->tested)
            continue;
        row->p_adjusted = adjusted[k++];
        row->improbable = row->p_adjusted < d->alpha;
        d->improbable += row->improbable;
    }
    d->tested = m;
    free(p);
    free(adjusted);
    free(scratch);
}

void adj_dice_tally(adj_dice_t *d, const adj_dice_file_t *files, size_t file_count, double alpha)
{
    memset(d, 0, sizeof *d);
    d->alpha = alpha;
    d->files = files;
    d->file_count = file_count;
    build_groups(d, files, file_count);
    adjust(d);
}

void adj_dice_free(adj_dice_t *d)
{
    free(d->rows);
    memset(d, 0, sizeof *d);
}
