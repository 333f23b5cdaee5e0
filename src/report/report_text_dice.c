/* SPDX-License-Identifier: MIT */
/*
 * report_text_dice.c - `dice` for people (SPEC 7): one table per run, a
 * sentence under each flagged row saying what is off (or too even) and
 * where, then the files not counted and the notes. The text reporter's
 * row points here (report_text.c). Every name and file from a log is
 * escaped: a terminal escape sequence in a log never reaches the terminal.
 */
#include "adj_report.h"
#include "report_dice.h"

#include <stdio.h>
#include <string.h>

#define DICE_RESET "\033[0m"
#define DICE_BOLD "\033[1m"
#define DICE_ERROR "\033[1;31m"

static const char *dice_paint(const adj_report_opts_t *o, const char *c)
{
    return o->color ? c : "";
}

static void dice_file(adj_buf_t *out, const char *s, size_t width)
{
    adj_escape_text_cut(out, s, strlen(s), width);
}

/* A row's group, escaped: "Ann Carter", or "CSA in FILE". Names may hold
 * NUL bytes: escaped by length. */
static void dice_group(adj_buf_t *esc, const adj_dice_row_t *r)
{
    if (r->player) {
        adj_escape_text(esc, r->player, r->player_len);
        return;
    }
    adj_escape_text(esc, r->side, r->side_len);
    adj_buf_puts(esc, " in ");
    adj_escape_text(esc, r->file, strlen(r->file));
}

static size_t utf8_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

/* The widths of the group column, of the n and count columns and of chi2. */
typedef struct dice_widths_s {
    size_t group, num, chi2;
} dice_widths_t;

static dice_widths_t dice_measure(const adj_dice_t *d)
{
    dice_widths_t w = {5, 3, 6};
    adj_buf_t tmp = {0};
    for (size_t i = 0; i < d->row_count; i++) {
        const adj_dice_row_t *r = &d->rows[i];
        adj_buf_reset(&tmp);
        dice_group(&tmp, r);
        size_t g = utf8_width(tmp.data, tmp.len);
        w.group = g > w.group ? g : w.group;
        adj_buf_reset(&tmp);
        adj_buf_printf(&tmp, "%lld", (long long)r->n);
        w.num = tmp.len > w.num ? tmp.len : w.num;
        for (int c = 0; c < r->count_len && c < ADJ_STATS_FACES; c++) {
            adj_buf_reset(&tmp);
            adj_buf_printf(&tmp, "%lld", (long long)r->counts[c]);
            w.num = tmp.len > w.num ? tmp.len : w.num;
        }
        adj_buf_reset(&tmp);
        if (r->has_chi2)
            adj_buf_printf(&tmp, "%.2f", r->chi2);
        w.chi2 = tmp.len > w.chi2 ? tmp.len : w.chi2;
    }
    adj_buf_free(&tmp);
    return w;
}

static void dice_header(adj_buf_t *out, const dice_widths_t *w, const adj_report_opts_t *o)
{
    adj_buf_printf(out, "%s%-*s  %-8s  %*s", dice_paint(o, DICE_BOLD), (int)w->group, "group", "kind",
                   (int)w->num, "n");
    for (int face = 1; face <= ADJ_STATS_FACES; face++)
        adj_buf_printf(out, "  %*d", (int)w->num, face);
    adj_buf_printf(out, "  %5s  %*s  %9s  %10s%s\n", "mean", (int)w->chi2, "chi2", "p",
                   "p_adjusted", dice_paint(o, DICE_RESET));
}

/* A count with thousands separators: 1,160. */
static void dice_count(adj_buf_t *out, int64_t v)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%lld", (long long)v);
    for (int i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0 && digits[i - 1] != '-')
            adj_buf_putc(out, ',');
        adj_buf_putc(out, digits[i]);
    }
}

/* count of n as a percentage, rounded half up to `tenths` ? 0.1 : 1. */
static void dice_percent(adj_buf_t *out, int64_t count, int64_t n, bool tenths)
{
    int64_t scale = tenths ? 1000 : 100;
    int64_t v = (2 * scale * count + n) / (2 * n);
    if (tenths)
        adj_buf_printf(out, "%lld.%lld%%", (long long)(v / 10), (long long)(v % 10));
    else
        adj_buf_printf(out, "%lld%%", (long long)v);
}

/* The order rows' legends (ADJ_DICE_ORDER_LIST), joined by a space. */
static void dice_order_legends(adj_buf_t *out)
{
    static const char *const legends[] = {
#define ADJ_X(row, key, cells, tail, words, legend) legend,
        ADJ_DICE_ORDER_LIST(ADJ_X)
#undef ADJ_X
    };
#define ADJ_X(row, key, cells, tail, words, legend) \
    _Static_assert(sizeof legend > 1, "order row " #key ": its legend in ADJ_DICE_ORDER_LIST");
    ADJ_DICE_ORDER_LIST(ADJ_X)
#undef ADJ_X
    for (size_t i = 0; i < sizeof legends / sizeof *legends; i++) {
        adj_buf_puts(out, i ? " " : "");
        adj_buf_puts(out, legends[i]);
    }
    adj_buf_putc(out, '\n');
}

static const char *dice_rolls_word(adj_dice_kind_t k)
{
    static const char *const words[] = {
        "rolls",
#define ADJ_X(row, kind, field, name, letter, words) words,
        ADJ_DIE_LIST(ADJ_X)
#undef ADJ_X
#define ADJ_X(row, key, cells, tail, words, legend) words,
        ADJ_DICE_ORDER_LIST(ADJ_X)
#undef ADJ_X
    };
    _Static_assert(sizeof words / sizeof *words == ADJ_DICE_KINDS, "a word per row kind");
    return (unsigned)k < ADJ_DICE_KINDS ? words[k] : "";
}

/* "most in a.yaml (18 of 41), b.yaml (9 of 40), c.yaml (7 of 38) and 4 more
 * files"; for a face rolled too seldom, "fewest in" and the files from the
 * other end (the parts are sorted by count above the file's share). */
static void dice_most_in(adj_buf_t *out, const adj_dice_t *d, const adj_dice_row_t *r)
{
    bool fewest = r->count_len * r->counts[r->deviant] < r->n;
    adj_buf_puts(out, fewest ? "; fewest in " : "; most in ");
    size_t shown = r->part_count < 3 ? r->part_count : 3;
    for (size_t i = 0; i < shown; i++) {
        const adj_dice_part_t *pt = &r->parts[fewest ? r->part_count - 1 - i : i];
        if (i)
            adj_buf_puts(out, ", ");
        dice_file(out, d->files[pt->file].file, 0);
        adj_buf_puts(out, " (");
        dice_count(out, pt->count);
        adj_buf_puts(out, " of ");
        dice_count(out, pt->rolls);
        adj_buf_putc(out, ')');
    }
    if (r->part_count > shown) {
        adj_buf_puts(out, " and ");
        dice_count(out, (int64_t)(r->part_count - shown));
        adj_buf_printf(out, " more file%s", r->part_count - shown == 1 ? "" : "s");
    }
}

/* num / den to a tenth, rounded half up, without a trailing ".0": 60.2. */
static void dice_tenths(adj_buf_t *out, int64_t num, int64_t den)
{
    int64_t v = (20 * num + den) / (2 * den);
    adj_buf_printf(out, "%lld", (long long)(v / 10));
    if (v % 10)
        adj_buf_printf(out, ".%lld", (long long)(v % 10));
}

/* "within 1.5 of [the] 60.5 [expected]" (every count at most off / k from
 * n/k), or "exactly 18 times" when off is 0. */
static void dice_within(adj_buf_t *out, int64_t off, int64_t n, int k, bool expected)
{
    if (off == 0) {
        adj_buf_puts(out, "exactly ");
        dice_tenths(out, n, k);
        adj_buf_puts(out, " times");
        return;
    }
    adj_buf_puts(out, "within ");
    dice_tenths(out, off, k);
    adj_buf_puts(out, expected ? " of the " : " of ");
    dice_tenths(out, n, k);
    adj_buf_puts(out, expected ? " expected" : "");
}

/* evengame: the most even games first, each with how close its faces came
 * to its own even share. */
static void dice_even_games(adj_buf_t *out, const adj_dice_t *d, const adj_dice_row_t *r)
{
    adj_buf_puts(out, "evenly game after game (");
    dice_count(out, r->n);
    adj_buf_printf(out, " games of %d rolls or more): most even in ", ADJ_DICE_GAME_MIN);
    size_t shown = r->part_count < 3 ? r->part_count : 3;
    for (size_t i = 0; i < shown; i++) {
        const adj_dice_part_t *pt = &r->parts[i];
        adj_buf_puts(out, i ? ", " : "");
        dice_file(out, d->files[pt->file].file, 0);
        adj_buf_puts(out, i ? " (" : " (every face ");
        dice_within(out, pt->excess, pt->rolls, ADJ_STATS_FACES, false);
        adj_buf_puts(out, " in ");
        dice_count(out, pt->rolls);
        adj_buf_puts(out, " rolls)");
    }
    if (r->part_count > shown) {
        adj_buf_puts(out, " and ");
        dice_count(out, (int64_t)(r->part_count - shown));
        adj_buf_printf(out, " more file%s", r->part_count - shown == 1 ? "" : "s");
    }
    adj_buf_puts(out, "; fair dice are this even over ");
    dice_count(out, r->n);
    adj_buf_printf(out, " games with a chance of %.3g.\n", r->p);
}

/* A `lower` row (too even): how close every face (pair) came to n/6
 * (n/36), and the chance of that. */
static void dice_even_sentence(adj_buf_t *out, const adj_dice_t *d, const adj_dice_row_t *r)
{
    if (r->count_len == 0) {
        dice_even_games(out, d, r);
        return;
    }
    int k = r->count_len;
    int64_t off = r->face_count ? k * r->faces[0].count - r->n : 0;
    off = off < 0 ? -off : off;
    adj_buf_printf(out, "every %s ", k == ADJ_STATS_FACES ? "face" : "pair");
    dice_within(out, off, r->n, k, true);
    adj_buf_puts(out, " in ");
    dice_count(out, r->n);
    adj_buf_printf(out, " %s; fair dice are this even with a chance of %.3g.\n",
                   dice_rolls_word(r->kind), r->p);
}

/* The plain sentence under an improbable row: what is off, and where. */
static void dice_sentence(adj_buf_t *out, const adj_dice_t *d, const adj_dice_row_t *r)
{
    adj_buf_t who = {0};
    dice_group(&who, r);
    adj_buf_printf(out, "    %s rolled ", who.data);
    adj_buf_free(&who);
    if (r->even) {
        dice_even_sentence(out, d, r);
        return;
    }
    if (r->kind == ADJ_DICE_REPEAT) {
        adj_buf_puts(out, "the same ");
        dice_count(out, r->n);
        adj_buf_puts(out, " faces in a row in ");
        dice_file(out, d->files[r->where_file[0]].file, 0);
        adj_buf_printf(out, " (from line %u) and in ", (unsigned)r->where_line[0]);
        dice_file(out, d->files[r->where_file[1]].file, 0);
        adj_buf_printf(out, " (from line %u); fair dice repeat a run that long with a "
                            "chance of at most %.3g.\n", (unsigned)r->where_line[1], r->p);
        return;
    }
    bool pairs = r->kind == ADJ_DICE_PAIRS;
    if (pairs)
        adj_buf_printf(out, "%d then %d in ", r->deviant / ADJ_STATS_FACES + 1,
                       r->deviant % ADJ_STATS_FACES + 1);
    else
        adj_buf_printf(out, "%d on ", r->deviant + 1);
    dice_percent(out, r->counts[r->deviant], r->n, pairs);
    adj_buf_puts(out, " of ");
    dice_count(out, r->n);
    adj_buf_printf(out, " %s, expected %s", dice_rolls_word(r->kind), pairs ? "2.8%" : "17%");
    dice_most_in(out, d, r);
    adj_buf_puts(out, ".\n");
}

/* Under a player's first row: his spellings other than the name shown
 * (the first met, or under a ladder its canonical name, which the logs
 * may never write). */
static void dice_spellings(adj_buf_t *out, const adj_dice_t *d, const adj_dice_row_t *r)
{
    const adj_dice_group_t *g = &d->groups[r->group];
    if (!g->player)
        return;
    size_t shown = 0;
    for (size_t i = 0; i < g->spelling_count; i++) {
        const adj_dice_spelling_t *sp = &g->spellings[i];
        if (sp->len == g->len && !memcmp(sp->name, g->name, g->len))
            continue;
        adj_buf_puts(out, shown++ ? ", " : "    also written: ");
        adj_escape_text_cut(out, sp->name, sp->len, 0);
    }
    if (shown)
        adj_buf_putc(out, '\n');
}

static void dice_line(adj_buf_t *out, const adj_dice_t *d, const adj_dice_row_t *r,
                      const dice_widths_t *w, const adj_report_opts_t *o)
{
    adj_buf_t g = {0};
    dice_group(&g, r);
    adj_buf_put(out, g.data, g.len);
    for (size_t k = utf8_width(g.data, g.len); k < w->group; k++)
        adj_buf_putc(out, ' ');
    adj_buf_free(&g);
    adj_buf_printf(out, "  %-8s  %*lld", adj_dice_kind_name(r->kind), (int)w->num,
                   (long long)r->n);
    for (int face = 0; face < ADJ_STATS_FACES; face++)
        if (r->count_len == ADJ_STATS_FACES)
            adj_buf_printf(out, "  %*lld", (int)w->num, (long long)r->counts[face]);
        else
            adj_buf_printf(out, "  %*s", (int)w->num, "");
    if (r->has_mean)
        adj_buf_printf(out, "  %5.2f", r->mean);
    else
        adj_buf_printf(out, "  %5s", "-");
    if (r->has_chi2)
        adj_buf_printf(out, "  %*.2f", (int)w->chi2, r->chi2);
    else
        adj_buf_printf(out, "  %*s", (int)w->chi2, "-");
    if (r->tested)
        adj_buf_printf(out, "  %9.3g  %10.3g", r->p, r->p_adjusted);
    else
        adj_buf_printf(out, "  %9s  %10s", "-", "-");
    if (r->improbable)
        adj_buf_printf(out, "  %sIMPROBABLE%s", dice_paint(o, DICE_ERROR), dice_paint(o, DICE_RESET));
    adj_buf_putc(out, '\n');
    if (r->has_where) {
        adj_buf_puts(out, "    the run of ");
        dice_count(out, r->n);
        adj_buf_puts(out, ": ");
        dice_file(out, d->files[r->where_file[0]].file, 0);
        adj_buf_printf(out, ":%u and ", (unsigned)r->where_line[0]);
        dice_file(out, d->files[r->where_file[1]].file, 0);
        adj_buf_printf(out, ":%u\n", (unsigned)r->where_line[1]);
    }
}

static void dice_not_counted(adj_buf_t *out, const adj_dice_t *d)
{
    bool any = false;
    for (size_t i = 0; i < d->file_count; i++) {
        const adj_dice_file_t *f = &d->files[i];
        size_t dup = d->duplicate_of[i];
        if (f->io_error || (f->counted && dup == SIZE_MAX))
            continue;
        if (!any)
            adj_buf_puts(out, "\nfiles not counted (not one valid log, or the same game logged "
                              "again: none of their rolls count):\n");
        any = true;
        adj_buf_puts(out, "  ");
        dice_file(out, f->file, 0);
        if (dup == SIZE_MAX) {
            adj_buf_printf(out, ": %s\n", adj_code_name(f->reason));
            continue;
        }
        adj_buf_puts(out, ": duplicate of ");
        dice_file(out, d->files[dup].file, 0);
        adj_buf_putc(out, '\n');
    }
}

static void dice_look_alike(adj_buf_t *out, const adj_dice_t *d)
{
    if (d->look_alike_count)
        adj_buf_puts(out, "\nlook alike (names one letter apart, counted as two players):\n");
    for (size_t i = 0; i < d->look_alike_count; i++) {
        const adj_dice_group_t *a = &d->groups[d->look_alike[i][0]];
        const adj_dice_group_t *b = &d->groups[d->look_alike[i][1]];
        adj_buf_puts(out, "  ");
        adj_escape_text_cut(out, a->name, a->len, 0);
        adj_buf_puts(out, " / ");
        adj_escape_text_cut(out, b->name, b->len, 0);
        adj_buf_putc(out, '\n');
    }
}

static void dice_table(adj_buf_t *out, const adj_dice_t *d, const adj_report_opts_t *o)
{
    dice_widths_t w = dice_measure(d);
    dice_header(out, &w, o);
    for (size_t i = 0; i < d->row_count; i++) {
        const adj_dice_row_t *r = &d->rows[i];
        dice_line(out, d, r, &w, o);
        if (i == 0 || d->rows[i - 1].group != r->group)
            dice_spellings(out, d, r);
        if (r->improbable)
            dice_sentence(out, d, r);
    }
}

void adj_text_dice(adj_buf_t *out, const adj_dice_t *d, const adj_report_opts_t *o)
{
    if (d->row_count)
        dice_table(out, d, o);
    else
        adj_buf_puts(out, "no rolls counted\n");
    dice_look_alike(out, d);
    dice_not_counted(out, d);
    adj_buf_t tested = {0}, flagged = {0};  /* counts as every count in prose: 1,160 */
    dice_count(&tested, (int64_t)d->tested);
    dice_count(&flagged, (int64_t)d->improbable);
    adj_buf_printf(out, "\np: the chance that fair dice stray at least this far from an even "
                        "spread (chi-square,\n5 degrees of freedom; rough near 30 rolls). "
                        "p_adjusted: p corrected for the %s row%s\ntested in this run "
                        "(Benjamini-Hochberg). '-': fewer than %d rolls, too few to test.\n",
                   tested.data, d->tested == 1 ? "" : "s", ADJ_STATS_MIN_N);
    dice_order_legends(out);
    adj_buf_t alpha = {0};
    adj_stats_put_double(&alpha, d->alpha);
    adj_buf_printf(out, "IMPROBABLE: p_adjusted below %s (%s row%s). A flag is a reason to "
                        "look closer at those\ngames, never proof of cheating: among many "
                        "fair players, some are unlucky.\n",
                   alpha.data, flagged.data, d->improbable == 1 ? "" : "s");
    adj_buf_free(&alpha);
    adj_buf_free(&tested);
    adj_buf_free(&flagged);
}

