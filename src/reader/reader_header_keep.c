/* SPDX-License-Identifier: MIT */
/*
 * reader_header_keep.c - the header at `events` (SPEC 1.2): its problems
 * found (step 1, reader_header_check.c), then what is kept of it, moved
 * into the typed adj_header_t: the roster (2, 3), the IMC table (4), the
 * optional rules (5) and the players (6); and the lookups the event stage
 * asks of it (a leader by id, a side by name).
 */
#include "reader_ladder.h"
#include "reader_header_check.h"

#include <stdlib.h>
#include <string.h>

/* The raw roster: its entries' texts (the ladder's, when borrowed, are not
 * this reader's to free). */
void reader_roster_free(adj_reader_t *r)
{
    for (size_t i = 0; i < r->roster_count && !r->roster_borrowed; i++) {
        free(r->roster[i].bad_msg);
        if (!r->roster[i].id_shared)
            free(r->roster[i].id);
        free(r->roster[i].name);
        free(r->roster[i].side);
    }
    free(r->roster);
    r->roster = NULL;
    r->roster_count = r->roster_cap = 0;
    free(r->roster_ids);
    r->roster_ids = NULL;
    r->roster_ids_cap = r->roster_ids_count = 0;
}

int32_t reader_leader_find(const adj_reader_t *r, const char *id, size_t n)
{
    if (!r->leader_table_cap)
        return -1;
    /* consecutive events mostly name the same leader */
    if (r->last_leader >= 0) {
        const adj_leader_def_t *d = &r->header.leaders[r->last_leader];
        if (d->id_len == n && same_bytes(d->id, id, n))
            return r->last_leader;
    }
    size_t mask = r->leader_table_cap - 1;
    size_t j = reader_hash_bytes(id, n) & mask;
    while (r->leader_table[j] >= 0) {
        const adj_leader_def_t *d = &r->header.leaders[r->leader_table[j]];
        if (d->id_len == n && same_bytes(d->id, id, n))
            return ((adj_reader_t *)r)->last_leader = r->leader_table[j];
        j = (j + 1) & mask;
    }
    return -1;
}

static void leader_table_insert(adj_reader_t *r, int32_t idx)
{
    size_t mask = r->leader_table_cap - 1;
    const char *id = r->header.leaders[idx].id;
    size_t j = reader_hash_bytes(id, strlen(id)) & mask;
    while (r->leader_table[j] >= 0)
        j = (j + 1) & mask;
    r->leader_table[j] = idx;
}

int reader_side_index(const adj_reader_t *r, const char *s, size_t n)
{
    for (int i = 0; i < 2; i++)
        if (r->header.side_len[i] == n && same_bytes(r->header.sides[i], s, n))
            return i;
    return -1;
}


typedef struct imc_order_s {
    int64_t rating;
    size_t index;   /* file order */
} imc_order_t;

/* By rating, then file order: the first row of a rating sorts first. */
static int imc_order_cmp(const void *a, const void *b)
{
    const imc_order_t *x = a, *y = b;
    if (x->rating != y->rating)
        return x->rating < y->rating ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static void build_imc(adj_reader_t *r)
{
    adj_header_t *h = &r->header;
    size_t n = r->imc_count;
    imc_order_t *order = adj_xmalloc((n ? n : 1) * sizeof *order);
    int64_t *ratings = adj_xmalloc((n ? n : 1) * sizeof *ratings);
    for (size_t i = 0; i < n; i++)
        order[i] = (imc_order_t){r->imc_raw[i].rating, i};
    qsort(order, n, sizeof *order, imc_order_cmp);
    h->imc_rows = adj_xcalloc(n ? n : 1, sizeof *h->imc_rows);
    for (size_t i = 0; i < n; i++) {
        const imc_row_raw_t *row = &r->imc_raw[order[i].index];
        if (h->imc_row_count && ratings[h->imc_row_count - 1] == row->rating)
            continue;
        ratings[h->imc_row_count] = row->rating;
        memcpy(h->imc_rows[h->imc_row_count], row->mp, sizeof row->mp);
        h->imc_row_count++;
    }
    h->has_imc = true;
    for (size_t i = 0; i < h->leader_count; i++) {
        adj_leader_def_t *d = &h->leaders[i];
        if (!d->has_initiative)
            continue;
        size_t lo = 0, hi = h->imc_row_count;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (ratings[mid] < d->initiative)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < h->imc_row_count && ratings[lo] == d->initiative)
            d->imc_row = (int32_t)lo;
    }
    free(order);
    free(ratings);
}

/* Step 2 of SPEC 1.2: each good roster entry moves into the header (and
 * the id table); the others are reported and dropped. */
static void keep_roster(adj_reader_t *r)
{
    adj_header_t *h = &r->header;
    h->leaders = adj_xcalloc(r->roster_count, sizeof *h->leaders);
    size_t cap = 16;
    while (cap < r->roster_count * 2)
        cap *= 2;
    r->leader_table = adj_xmalloc(cap * sizeof *r->leader_table);
    r->leader_table_cap = cap;
    for (size_t i = 0; i < cap; i++)
        r->leader_table[i] = -1;
    adj_buf_t tmp = {0};
    for (size_t i = 0; i < r->roster_count; i++) {
        roster_raw_t *e = &r->roster[i];
        int side = -1;
        if (!e->is_map) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->start, NULL, NULL, NULL,
                          "a roster entry must be a mapping with `id` and `side`");
            continue;
        }
        if (e->has_bad) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->bad_mark, NULL, NULL, NULL,
                          "%s; the roster entry is dropped", e->bad_msg);
            continue;
        }
        if (!e->id || !e->side) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->start, NULL, NULL, NULL,
                          "roster entry lacks `%s`; it is dropped", !e->id ? "id" : "side");
            continue;
        }
        side = reader_side_index(r, e->side, e->side_len);
        int32_t have = side < 0 ? -1 : reader_leader_find(r, e->id, strlen(e->id));
        if (side < 0 || have >= 0) {
            char *sid = adj_diag_id(e->id);  /* a message keeps a bounded id */
            char *from = r->roster_borrowed ? adj_xasprintf(" (the ladder's roster, %s:%zu)",
                                                            r->sc->file, e->ladder_line)
                         : r->sc && !r->header_seen[HK_SIDES]  /* the ladder's sides */
                             ? adj_xasprintf(" (`sides` from the ladder's scenario, %s:%zu)",
                                             r->sc->file, r->sc->name.mark.line)
                             : NULL;
            if (side < 0)
                adj_diags_add(r->diags, ADJ_D_BAD_FIELD, e->side_mark, NULL, e->id, NULL,
                              "side %s of leader %s is not one of `sides` (%s, %s); the entry "
                              "is dropped%s",
                              reader_clip(&tmp, e->side, e->side_len), sid, h->sides[0],
                              h->sides[1], from ? from : "");
            else
                adj_diags_add(r->diags, ADJ_D_DUPLICATE_LEADER, e->start, NULL, e->id, NULL,
                              "leader %s is already in the roster (line %zu); this entry is "
                              "dropped",
                              sid, h->leaders[have].mark.line);
            free(sid);
            free(from);
            continue;
        }
        adj_leader_def_t *d = &h->leaders[h->leader_count];
        d->id = e->id_shared ? adj_xstrdup(e->id) : e->id;  /* the first of it was dropped */
        d->id_len = strlen(e->id);  /* ids match [A-Za-z0-9_.-]+: no NUL */
        d->name = e->name;
        e->id = e->name = NULL;
        d->side = side;
        d->has_initiative = e->has_initiative;
        d->initiative = e->initiative;
        d->vp = e->vp;
        d->wound = e->wound;
        d->reserve = e->reserve;
        d->imc_row = -1;
        d->mark = e->start;
        leader_table_insert(r, (int32_t)h->leader_count);
        h->leader_count++;
    }
    adj_buf_free(&tmp);
}

/* Step 5 of SPEC 1.2: the optional rules. */
static void check_optional_rules(adj_reader_t *r)
{
    adj_buf_t tmp = {0};
    if (r->optional_rules == HV_BAD) {
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->rules_bad_mark, NULL, NULL, NULL,
                      "`optional_rules` must be a list; no optional rule is in force");
        r->illness = false;
    }
    for (size_t i = 0; i < r->rules_unknown_count; i++) {
        const pending_rule_t *p = &r->rules_unknown[i];
        if (p->text)
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_OPTIONAL_RULE, p->mark, NULL, NULL, NULL,
                          "unknown optional rule %s (adjutant knows `illness`, rule 8.13)",
                          reader_clip(&tmp, p->text, strlen(p->text)));
        else
            adj_diags_add(r->diags, ADJ_D_UNKNOWN_OPTIONAL_RULE, p->mark, NULL, NULL, NULL,
                          "an optional rule must be a name (adjutant knows `illness`)");
    }
    adj_buf_free(&tmp);
}

/* The message for a `players` entry that names no player, or NULL. */
static char *player_problem(const adj_reader_t *r, const player_raw_t *p, adj_buf_t *tmp)
{
    const adj_header_t *h = &r->header;
    if (!p->side)
        return adj_xasprintf("a `players` key must be the name of a side (%s or %s); "
                             "the entry is dropped",
                             h->sides[0], h->sides[1]);
    if (reader_side_index(r, p->side, p->side_len) < 0)
        return adj_xasprintf("`players` names %s, which is not a side (%s or %s); "
                             "the entry is dropped",
                             reader_clip(tmp, p->side, p->side_len), h->sides[0], h->sides[1]);
    if (!p->name)
        return adj_xasprintf("the player of %s must be a name that is not empty; "
                             "the entry is dropped",
                             reader_clip(tmp, p->side, p->side_len));
    return NULL;
}

/* Step 6 of SPEC 1.2: who commanded each side. Never stops the audit. */
static void check_players(adj_reader_t *r)
{
    adj_header_t *h = &r->header;
    adj_buf_t tmp = {0};
    if (r->players == HV_BAD)
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->players_bad_mark, NULL, NULL, NULL,
                      "`players` must be a mapping of side -> player name; no player is named");
    for (size_t i = 0; i < r->players_count; i++) {
        player_raw_t *p = &r->players_raw[i];
        char *msg = player_problem(r, p, &tmp);
        if (msg) {
            adj_diags_add(r->diags, ADJ_D_BAD_FIELD, p->key_mark, NULL, NULL, NULL, "%s", msg);
            free(msg);
            continue;
        }
        int s = reader_side_index(r, p->side, p->side_len);
        const adj_ld_text_t *canon =
            r->player_fn ? r->player_fn(r->scenario_ctx, p->name, p->name_len, p->value_mark,
                                        r->diags)
                         : NULL;
        /* the ladder's name for him (SPEC 13), bytes with their length */
        const char *shown = canon ? canon->text : p->name;
        size_t shown_len = canon ? canon->len : p->name_len;
        h->players[s] = adj_xstrndup(shown, shown_len);
        h->player_len[s] = shown_len;
        h->written[s] = p->name;  /* the spelling met, for dice (SPEC 7) */
        h->written_len[s] = p->name_len;
        p->name = NULL;
    }
    adj_buf_free(&tmp);
}

void reader_players_free(adj_reader_t *r)
{
    for (size_t i = 0; i < r->players_count; i++) {
        free(r->players_raw[i].side);
        free(r->players_raw[i].name);
    }
    free(r->players_raw);
    r->players_raw = NULL;
    r->players_count = r->players_cap = 0;
}

/* Steps 1-6 of SPEC 1.2; false when a bad-document stopped the audit.
 * `events`: the state of its value (HV_ABSENT: the key is missing). */
bool reader_header_keep(adj_reader_t *r, hv_t events)
{
    if (r->first_turn == HV_ABSENT)
        r->first = 1;
    if (!reader_header_problems(r, events))
        return false;
    adj_header_t *h = &r->header;
    h->sides[0] = r->side_names[0];
    h->sides[1] = r->side_names[1];
    h->side_len[0] = r->side_lens[0];
    h->side_len[1] = r->side_lens[1];
    r->side_names[0] = r->side_names[1] = NULL;
    h->first_turn = r->first;
    h->last_turn = r->last;

    keep_roster(r);  /* 2. the roster */

    /* 3. an empty roster */
    if (h->leader_count == 0) {
        if (r->roster_count == 0)
            header_bad(r, HK_LEADERS, "`leaders` is empty: the roster needs at least one leader");
        else if (r->roster_borrowed)  /* told at the log's `scenario`, naming the ladder */
            reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, r->scenario_mark,
                        "no entry of `leaders` is kept (each of its %zu is dropped, with its own "
                        "diagnostic): the roster needs at least one leader (the ladder's "
                        "roster, %s:%zu)", r->roster_count, r->sc->file, r->roster[0].ladder_line);
        else
            header_bad(r, HK_LEADERS, "no entry of `leaders` is kept (each of its %zu is dropped, "
                                      "with its own diagnostic): the roster needs at least one "
                                      "leader", r->roster_count);
        return false;
    }

    /* 4. the IMC table (its rows, one per rating: the first counts) */
    if (r->imc == HV_BAD) {
        adj_diags_add(r->diags, ADJ_D_BAD_FIELD, r->imc_bad_mark, NULL, NULL, NULL,
                      "%s; the whole table is dropped", r->imc_bad_msg);
    } else if (r->imc == HV_OK) {
        build_imc(r);
    }

    check_optional_rules(r);  /* 5. */
    h->illness = r->illness;
    check_players(r);  /* 6. */
    reader_players_free(r);
    r->header_ready = true;
    reader_roster_free(r);  /* the kept entries moved into the header */
    return true;
}
