/* SPDX-License-Identifier: MIT */
/*
 * summary.c - a ladder's summary (SPEC 5.1): each file's game taken from
 * its audit (verdict, players, result by the scenario's victory table, the
 * digest of its counted rolls), then, in input order, the duplicates, the
 * standings and the totals. The reporters only show what is here.
 *
 * Memory: per file with rolls, one SHA-256 digest (duplicates); per
 * player, one row of the standings; per game under a ladder that rates its
 * players, its rating's entry (summary_ratings.c). Nothing else outlives a
 * file's report.
 */
#include "adj_models.h"
#include "adj_names.h"
#include "report_summary.h"

#include <stdlib.h>
#include <string.h>

/* ---- the counted rolls (SPEC 7), digested in log order ---- */

void adj_summary_rolls_init(adj_summary_rolls_t *r)
{
    adj_sha256_init(&r->sha);
    r->count = 0;
}

/* Each item length-delimited (kind, the id's length, the id, the roll), so
 * that ids and rolls that run together the same way differ: "ab3ic" rolled
 * 4 is not "ab" rolled 3 then "c" rolled 4. */
void adj_summary_rolls_add(adj_summary_rolls_t *r, char kind, const char *id, size_t id_len,
                           int roll)
{
    unsigned char item[10] = {(unsigned char)kind};
    for (int i = 0; i < 8; i++)
        item[1 + i] = (unsigned char)((uint64_t)id_len >> (8 * i));
    item[9] = (unsigned char)('0' + roll);
    adj_sha256_update(&r->sha, item, 9);
    adj_sha256_update(&r->sha, id, id_len);
    adj_sha256_update(&r->sha, item + 9, 1);
    r->count++;
}

void adj_summary_rolls_take(adj_summary_game_t *g, adj_summary_rolls_t *r)
{
    g->has_rolls = !g->stopped && r->count > 0;
    if (g->has_rolls)
        adj_sha256_final(&r->sha, g->rolls_digest);
}

/* An entry the reader gave passed step 1 of SPEC 3.1 (its shape, known
 * leaders): when its kind carries a die and the roll is in 1..6, it is a
 * counted roll, whatever the engine decided. */
void adj_summary_on_entry(void *ctx, const adj_audit_t *a, const adj_entry_t *en, size_t from,
                          bool was_over)
{
    (void)from;
    (void)was_over;
    char kind;
    switch (en->kind) {  /* its letter (ADJ_DIE_LIST) */
#define ADJ_X(row, k, field, name, letter, ...) case ADJ_EV_##k: kind = letter; break;
    ADJ_DIE_LIST(ADJ_X)
#undef ADJ_X
    default: return;
    }
    const adj_header_t *h = adj_reader_header(a->reader);
    if (en->roll < 1 || en->roll > 6 || !h || en->leader < 0 ||
        (size_t)en->leader >= h->leader_count)
        return;
    const adj_leader_def_t *l = &h->leaders[en->leader];
    adj_summary_rolls_add(ctx, kind, l->id, l->id_len, en->roll);
}

/* ---- a file's game ---- */

const char *adj_summary_level(const adj_victory_row_t *rows, size_t n, int64_t margin,
                              bool *draw)
{
    *draw = margin <= 0;
    if (margin <= 0 || n == 0)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (rows[i].margin <= margin)
            return rows[i].level;
    *draw = true;  /* a positive margin below every row */
    return NULL;
}

static char *dup_n(const char *s, size_t n)
{
    char *d = adj_xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* The scenario as written (SPEC 5.1 shows it so). */
static void summary_take_scenario(adj_summary_game_t *g, const adj_reader_t *r)
{
    size_t n = 0;
    const char *s = r ? adj_reader_scenario(r, &n) : NULL;
    if (!s)
        return;
    g->scenario = dup_n(s, n);
    g->scenario_len = n;
}

/* The victory table of g's scenario without leading and trailing spaces,
 * as the ladder keys it (SPEC 13); NULL when none. */
static const adj_victory_row_t *victory(const adj_summary_game_t *g, const adj_ladder_t *ladder,
                                        size_t *n)
{
    *n = 0;
    if (!ladder || !g->scenario)
        return NULL;
    const char *s = g->scenario;
    size_t len = g->scenario_len;
    while (len && *s == ' ')
        s++, len--;
    while (len && s[len - 1] == ' ')
        len--;
    char *key = dup_n(s, len);
    const adj_victory_row_t *rows = adj_ladder_victory(ladder, key, n);
    free(key);
    return rows;
}

static void take_header(adj_summary_game_t *g, const adj_header_t *h, const adj_ladder_t *l)
{
    const adj_ladder_doc_t *doc = l ? adj_ladder_doc(l) : NULL;
    bool lists = doc && doc->player_count > 0;
    g->has_header = true;
    g->last_turn = h->last_turn;
    g->round = h->round;
    g->played_month = h->played_month;
    memcpy(g->played, h->played, sizeof g->played);
    for (int s = 0; s < 2; s++) {
        g->sides[s] = dup_n(h->sides[s], h->side_len[s]);
        g->side_len[s] = h->side_len[s];
        if (h->players[s]) {
            g->players[s] = dup_n(h->players[s], h->player_len[s]);
            g->player_len[s] = h->player_len[s];
        }
        g->in_ladder[s] = !lists || !g->players[s] ? -1
                          : adj_ladder_player(l, g->players[s], g->player_len[s]) != NULL;
    }
}

/* The result of a game that reached `end` (SPEC 5.1). */
static void take_result(adj_summary_game_t *g, const adj_ladder_t *ladder)
{
    /* saturated: a hostile log's tallies may lie 2^64 apart */
    int64_t d = adj_sat_sub(g->vp[0], g->vp[1]);
    g->has_result = true;
    g->margin = d < 0 ? adj_sat_sub(0, d) : d;
    g->winner = d > 0 ? 0 : d < 0 ? 1 : -1;
    size_t n;
    const adj_victory_row_t *rows = victory(g, ladder, &n);
    bool draw;
    g->level = adj_summary_level(rows, rows ? n : 0, g->margin, &draw);
    if (draw)
        g->winner = -1;
}

void adj_summary_game_init(adj_summary_game_t *g, adj_audit_t *a, bool keep_diags)
{
    memset(g, 0, sizeof *g);
    g->file = a->file;
    g->ladder_of = a->ladder;
    g->ladder = a->ladder ? adj_ladder_path(a->ladder) : NULL;
    g->ladder_name = a->ladder ? adj_ladder_name(a->ladder) : NULL;
    g->errors = a->diags.errors;
    g->warnings = a->diags.warnings;
    g->stopped = a->diags.stopped;
    g->claim_verdict = adj_claim_verdict(a);
    summary_take_scenario(g, a->reader);
    const adj_header_t *h = a->reader ? adj_reader_header(a->reader) : NULL;
    if (h)
        take_header(g, h, a->ladder);
    if (a->replayed) {
        const adj_replay_t *r = &a->result;
        g->replayed = true;
        memcpy(g->vp, r->vp, sizeof g->vp);
        g->has_claim = r->has_claim;
        memcpy(g->claim_present, r->claim_present, sizeof g->claim_present);
        memcpy(g->claim, r->claim, sizeof g->claim);
        g->turn_begun = r->turn_begun;
        g->turn = r->turn;
        g->unfinished = !g->stopped && a->events_ended && !r->ended;
        if (!g->stopped && r->ended)
            take_result(g, a->ladder);
    }
    if (keep_diags) {
        g->diags = a->diags;
        memset(&a->diags, 0, sizeof a->diags);
    }
}

void adj_summary_game_free(adj_summary_game_t *g)
{
    free(g->scenario);
    for (int s = 0; s < 2; s++) {
        free(g->sides[s]);
        free(g->players[s]);
    }
    adj_diags_free(&g->diags);
    memset(g, 0, sizeof *g);
}

/* ---- a run: duplicates, standings, totals ---- */

struct adj_summary_seen_s {
    unsigned char digest[ADJ_SHA256_LEN];
    size_t index;  /* the file it was first seen in, + 1; 0: an empty slot */
};

/* A digest's slot in a table of `cap` (a power of two): its first bytes. */
static size_t digest_slot(const unsigned char *d, size_t cap)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | d[i];
    return (size_t)(v & (cap - 1));
}

/* The earlier file whose rolls are g's, or registers g's: equal digests
 * are equal sequences (SPEC 5.1). Linear over the files with rolls would
 * be quadratic: an open-addressing table instead. */
static const struct adj_summary_seen_s *seen_find(adj_summary_t *s, const adj_summary_game_t *g,
                                                   size_t index)
{
    if (2 * (s->seen_count + 1) > s->seen_cap) {
        size_t cap = s->seen_cap ? 2 * s->seen_cap : 64;
        struct adj_summary_seen_s *t = adj_xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < s->seen_cap; i++) {
            if (!s->seen[i].index)
                continue;
            size_t j = digest_slot(s->seen[i].digest, cap);
            while (t[j].index)
                j = (j + 1) & (cap - 1);
            t[j] = s->seen[i];
        }
        free(s->seen);
        s->seen = t;
        s->seen_cap = cap;
    }
    size_t j = digest_slot(g->rolls_digest, s->seen_cap);
    for (; s->seen[j].index; j = (j + 1) & (s->seen_cap - 1))
        if (!memcmp(s->seen[j].digest, g->rolls_digest, ADJ_SHA256_LEN))
            return &s->seen[j];
    memcpy(s->seen[j].digest, g->rolls_digest, ADJ_SHA256_LEN);
    s->seen[j].index = index + 1;
    s->seen_count++;
    return NULL;
}

/* The index of the standing of the player named name[0..len), made when
 * new. An index, not a pointer: making one may move the array. */
static size_t standing(adj_summary_t *s, const char *name, size_t len)
{
    size_t kn;
    char *key = adj_name_key(name, len, &kn);
    if (2 * (s->standing_count + 1) > s->slot_cap) {
        size_t cap = s->slot_cap ? 2 * s->slot_cap : 64;
        free(s->slots);
        s->slots = adj_xcalloc(cap, sizeof *s->slots);
        s->slot_cap = cap;
        for (size_t i = 0; i < s->standing_count; i++) {
            adj_standing_t *p = &s->standings[i];
            size_t j = adj_fnv1a(p->key, p->key_len) & (cap - 1);
            while (s->slots[j])
                j = (j + 1) & (cap - 1);
            s->slots[j] = i + 1;
        }
    }
    size_t j = adj_fnv1a(key, kn) & (s->slot_cap - 1);
    for (; s->slots[j]; j = (j + 1) & (s->slot_cap - 1)) {
        adj_standing_t *p = &s->standings[s->slots[j] - 1];
        if (p->key_len == kn && !memcmp(p->key, key, kn)) {
            free(key);
            return s->slots[j] - 1;
        }
    }
    if (s->standing_count == s->standing_cap) {
        s->standing_cap = s->standing_cap ? 2 * s->standing_cap : 16;
        s->standings = adj_xreallocarray(s->standings, s->standing_cap, sizeof *s->standings);
    }
    s->standings[s->standing_count] =
        (adj_standing_t){.name = dup_n(name, len), .name_len = len, .key = key, .key_len = kn,
                         .in_ladder = -1};
    s->slots[j] = ++s->standing_count;
    return s->standing_count - 1;
}

/* A game counts for each player who commanded a side in it; once for a
 * player named for both sides, who then gets no win, draw or loss. */
static void count_players(adj_summary_t *s, const adj_summary_game_t *g, size_t at[2])
{
    for (int k = 0; k < 2; k++)
        if (g->players[k])
            at[k] = standing(s, g->players[k], g->player_len[k]);
    /* pointers only now that both are made (the second may move the array) */
    adj_standing_t *p[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++)
        if (g->players[k]) {
            p[k] = &s->standings[at[k]];
            if (g->in_ladder[k] > p[k]->in_ladder)  /* listed by one ladder is enough */
                p[k]->in_ladder = g->in_ladder[k];
            s->ladder_lists_players |= g->in_ladder[k] >= 0;
        }
    bool both = p[0] && p[0] == p[1];
    for (int k = 0; k < (both ? 1 : 2); k++) {
        if (!p[k])
            continue;
        p[k]->games += g->has_result;
        p[k]->with_errors += g->errors > 0;
        p[k]->unfinished += g->unfinished;
        if (!g->has_result || both)
            continue;
        if (g->winner < 0)
            p[k]->draws++;
        else if (g->winner == k)
            p[k]->wins++;
        else
            p[k]->losses++;
    }
}

/* Each ladder file used, once, in the order met (a ladder is read once per
 * run: one object each). The last one first: games of one folder
 * come together. */
static void note_ladder(adj_summary_t *s, const adj_summary_game_t *g)
{
    if (!g->ladder_of)
        return;
    for (size_t i = s->ladder_count; i-- > 0;)
        if (s->ladders[i] == g->ladder_of)
            return;
    if (s->ladder_count == s->ladder_cap) {
        s->ladder_cap = s->ladder_cap ? 2 * s->ladder_cap : 4;
        s->ladders = adj_xreallocarray(s->ladders, s->ladder_cap, sizeof *s->ladders);
    }
    s->ladders[s->ladder_count++] = g->ladder_of;
}

void adj_summary_add(adj_summary_t *s, adj_summary_game_t *g, size_t index,
                     char *const *names)
{
    adj_summary_total_t *t = &s->total;
    t->files++;
    t->clean += !g->errors && !g->unfinished;
    t->with_errors += g->errors > 0;
    t->unfinished += g->unfinished;
    t->claims_wrong += g->claim_verdict == ADJ_CLAIM_WRONG;
    g->number = index + 1;
    note_ladder(s, g);
    if (g->has_rolls) {
        const struct adj_summary_seen_s *e = seen_find(s, g, index);
        if (e) {
            g->duplicate_of = names[e->index - 1];
            g->duplicate_number = e->index;
            adj_season_add(s, g, names[index], (size_t[2]){0, 1});
            return;  /* one game logged twice counts once */
        }
    }
    size_t at[2] = {0, 1};
    count_players(s, g, at);
    adj_season_add(s, g, names[index], at);
}

static int standing_cmp(const void *x, const void *y)
{
    const adj_standing_t *a = x, *b = y;
    if (a->wins != b->wins)
        return a->wins > b->wins ? -1 : 1;
    if (a->losses != b->losses)
        return a->losses < b->losses ? -1 : 1;
    size_t n = a->name_len < b->name_len ? a->name_len : b->name_len;
    int c = memcmp(a->name, b->name, n);
    return c ? c : (a->name_len > b->name_len) - (a->name_len < b->name_len);
}

/* Whether p is one of the players of a ladder used. */
static bool listed(const adj_summary_t *s, const adj_standing_t *p)
{
    for (size_t i = 0; i < s->ladder_count; i++)
        if (adj_ladder_player(s->ladders[i], p->name, p->name_len))
            return true;
    return false;
}

void adj_summary_finish(adj_summary_t *s)
{
    adj_season_finish(s);  /* by the standings' indexes, before they are sorted */
    if (s->standing_count)
        qsort(s->standings, s->standing_count, sizeof *s->standings, standing_cmp);
    for (size_t i = 0; s->ladder_lists_players && i < s->standing_count; i++)
        if (s->standings[i].in_ladder < 0)  /* named only where no ladder lists players */
            s->standings[i].in_ladder = listed(s, &s->standings[i]);
    free(s->slots);  /* indexes are stale once sorted */
    s->slots = NULL;
    s->slot_cap = 0;
}

void adj_summary_free(adj_summary_t *s)
{
    for (size_t i = 0; i < s->standing_count; i++) {
        free(s->standings[i].name);
        free(s->standings[i].key);
    }
    free(s->standings);
    free(s->slots);
    free(s->seen);
    free(s->ladders);
    adj_season_free(s);
    memset(s, 0, sizeof *s);
}
