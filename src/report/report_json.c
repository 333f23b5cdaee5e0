/* SPDX-License-Identifier: MIT */
/*
 * report_json.c - the JSON reporter (SPEC 5): one object per file, per
 * explained leader, per comparison, per file of a summary and its totals,
 * each on one line. Everything goes
 * through the JSON writer, so the output is valid UTF-8 and valid JSON
 * whatever bytes the log held.
 */
#include "adj_json.h"
#include "adj_ladder.h"
#include "adj_report.h"
#include "report_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *json_severity_name(adj_code_t c)
{
    return adj_code_severity(c) == ADJ_SEV_ERROR ? "error" : "warning";
}

static void turn_or_null(adj_json_t *j, bool has_turn, int64_t turn)
{
    if (has_turn)
        adj_json_int(j, turn);
    else
        adj_json_null(j);
}

static void json_diag(adj_json_t *j, const adj_diag_t *d)
{
    adj_json_open_object(j);
    adj_json_member_uint(j, "line", d->mark.line);
    adj_json_member_uint(j, "column", d->mark.column);
    adj_json_member_str(j, "severity", json_severity_name(d->code));
    adj_json_member_str(j, "code", adj_code_name(d->code));
    adj_json_member_str(j, "rule", d->rule);
    adj_json_member_str(j, "leader", d->leader);
    adj_json_key(j, "turn");
    turn_or_null(j, d->has_turn, d->turn);
    adj_json_member_str(j, "message", d->message);
    adj_json_close_object(j);
}

/* A leader's state: its members, to stand alone or inside his object. */
static void state_members(adj_json_t *j, const adj_header_t *h, const adj_leader_state_t *s)
{
    adj_json_member_str(j, "status", adj_status_name(s->status));
    adj_json_member_int(j, "level", s->level);
    adj_json_member_bool(j, "inactive", s->inactive);
    adj_json_member_str(j, "replaced_by", s->replaced_by >= 0 ? h->leaders[s->replaced_by].id
                                                              : NULL);
}

static void state(adj_json_t *j, const adj_header_t *h, const adj_leader_state_t *s)
{
    adj_json_open_object(j);
    state_members(j, h, s);
    adj_json_close_object(j);
}

/* The rulings: all of them, or (`changed_only`) those off their default. */
static void rulings(adj_json_t *j, const adj_rulings_t *rs, bool changed_only)
{
    adj_json_open_object(j);
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        if (!changed_only || rs->value[r])
            adj_json_member_str(j, adj_ruling_name((adj_ruling_t)r),
                                adj_ruling_value_name((adj_ruling_t)r, rs->value[r]));
    adj_json_close_object(j);
}

/* Where each ruling not at §3's default came from (SPEC 13). */
static void ruling_sources(adj_json_t *j, const adj_rulings_t *rs)
{
    adj_json_open_object(j);
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        if (rs->src[r] != ADJ_RSRC_DEFAULT)
            adj_json_member_str(j, adj_ruling_name((adj_ruling_t)r),
                                adj_ruling_src_name((adj_ruling_src_t)rs->src[r]));
    adj_json_close_object(j);
}

/* "ladder": the ladder file used, or null (SPEC 13). */
static void ladder_member(adj_json_t *j, const adj_audit_t *a)
{
    adj_json_key(j, "ladder");
    if (a->ladder)
        adj_json_name(j, adj_ladder_path(a->ladder));
    else
        adj_json_null(j);
}

static void moment(adj_json_t *j, const adj_at_t *at)
{
    if (at->kind == ADJ_AT_NONE)
        return;
    char text[32];
    snprintf(text, sizeof text, "%s:%lld", at->kind == ADJ_AT_TURN ? "turn" : "line",
             (long long)at->value);
    adj_json_member_str(j, "at", text);
}

/* A tally by side; `present` NULL: both sides. */
static void tally(adj_json_t *j, const adj_header_t *h, const int64_t vp[2], const bool *present)
{
    adj_json_open_object(j);
    for (int s = 0; s < 2; s++)
        if (!present || present[s])
            adj_json_member_int(j, h->sides[s], vp[s]);
    adj_json_close_object(j);
}

/* The named players, {SIDE: NAME} ({} when none or no header). */
static void players(adj_json_t *j, const adj_header_t *h)
{
    adj_json_open_object(j);
    for (int s = 0; h && s < 2; s++)
        if (h->players[s]) {
            adj_json_key_n(j, h->sides[s], h->side_len[s]);
            adj_json_str_n(j, h->players[s], h->player_len[s]);
        }
    adj_json_close_object(j);
}

/* ---- a file's audit ---- */

/* "vp" and "claimed_vp": the replay's tally and the claim (null: none). */
static void tallies(adj_json_t *j, const adj_replay_t *r)
{
    adj_json_key(j, "vp");
    if (r)
        tally(j, r->header, r->vp, NULL);
    else
        adj_json_null(j);
    adj_json_key(j, "claimed_vp");
    if (r && r->has_claim)
        tally(j, r->header, r->claim, r->claim_present);
    else
        adj_json_null(j);
}

static void leaders(adj_json_t *j, const adj_replay_t *r)
{
    adj_json_open_array(j);
    for (size_t i = 0; r && i < r->header->leader_count; i++) {
        const adj_leader_def_t *d = &r->header->leaders[i];
        adj_json_open_object(j);
        adj_json_member_str(j, "id", d->id);
        adj_json_member_str(j, "side", r->header->sides[d->side]);
        state_members(j, r->header, &r->leaders[i]);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* What a game in progress owes (SPEC 8): [] when nothing, or no replay. */
static void pending(adj_json_t *j, const adj_replay_t *r)
{
    size_t n;
    adj_obligation_t *obs = adj_pending_sorted(r, &n);
    adj_buf_t due = {0};
    adj_json_open_array(j);
    for (size_t i = 0; i < n; i++) {
        adj_json_open_object(j);
        adj_json_member_str(j, "obligation", adj_obligation_name(obs[i].kind));
        adj_json_member_str(j, "leader", r->header->leaders[obs[i].leader].id);
        adj_json_member_uint(j, "line", obs[i].mark.line);
        adj_buf_reset(&due);
        adj_pending_due(&due, r->header, &obs[i]);
        adj_json_member_str(j, "due", due.data ? due.data : "");
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
    adj_buf_free(&due);
    free(obs);
}

/* The activation still open, or null. */
static void activation(adj_json_t *j, const adj_replay_t *r)
{
    const adj_activation_t *act = r ? &r->activation : NULL;
    if (!act || act->leader < 0) {
        adj_json_null(j);
        return;
    }
    adj_json_open_object(j);
    adj_json_member_str(j, "leader", r->header->leaders[act->leader].id);
    adj_json_member_uint(j, "line", act->mark.line);
    adj_json_key(j, "mp_available");
    if (act->mp_known)
        adj_json_int(j, act->mp);
    else
        adj_json_null(j);
    adj_json_member_uint(j, "mp_spent", act->spent);
    adj_json_close_object(j);
}

/* The audit object; `moment_keys`: with "pending" and "activation" (SPEC
 * 8, and `--at`, SPEC 6.2). */
static void audit_object(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o,
                         bool moment_keys)
{
    const adj_replay_t *r = a->replayed ? &a->result : NULL;
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_name(&j, "file", a->file);
    adj_json_member_bool(&j, "ok", a->diags.errors == 0);
    adj_json_key(&j, "turn");
    turn_or_null(&j, r && r->turn_begun, r ? r->turn : 0);
    adj_json_member_bool(&j, "ended", r && r->ended);
    adj_json_key(&j, "diagnostics");
    adj_json_open_array(&j);
    for (size_t i = 0; i < a->diags.count; i++)
        json_diag(&j, &a->diags.items[i]);
    adj_json_close_array(&j);
    if (a->diags.omitted)  /* past ADJ_MAX_DIAGS: counted, not kept */
        adj_json_member_uint(&j, "diagnostics_omitted", a->diags.omitted);
    adj_json_key(&j, "leaders");
    leaders(&j, r);
    tallies(&j, r);
    adj_json_key(&j, "players");
    players(&j, r ? r->header : NULL);
    const adj_audit_opts_t *ao = o ? o->audit : NULL;
    adj_json_key(&j, "rulings");
    rulings(&j, &a->rulings, false);
    adj_json_key(&j, "ruling_sources");
    ruling_sources(&j, &a->rulings);
    ladder_member(&j, a);
    if (ao)
        moment(&j, &ao->at);
    if (moment_keys) {
        adj_json_key(&j, "pending");
        pending(&j, r);
        adj_json_key(&j, "activation");
        activation(&j, r);
    }
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}

static void json_audit(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    audit_object(out, a, o, o && o->audit && o->audit->at.kind != ADJ_AT_NONE);
}

static void json_status(adj_buf_t *out, const adj_audit_t *a, const adj_report_opts_t *o)
{
    audit_object(out, a, o, true);
}

/* ---- explain ---- */

static void steps(adj_json_t *j, const adj_header_t *h, const adj_story_t *s)
{
    adj_json_open_array(j);
    for (size_t i = 0; i < s->count; i++) {
        const adj_story_step_t *st = &s->steps[i];
        adj_json_open_object(j);
        adj_json_member_uint(j, "line", st->mark.line);
        adj_json_key(j, "turn");
        turn_or_null(j, st->has_turn, st->turn);
        adj_json_member_str(j, "event", st->event);
        adj_json_member_str(j, "rule", st->rule);
        adj_json_member_str(j, "text", st->text);
        adj_json_key(j, "after");
        state(j, h, &st->after);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* Past ADJ_MAX_DIAGS: how many of the log's were not kept, by code, and
 * whether every one about him is in `diagnostics` (explain keeps his). */
static void json_explain_past_cap(adj_json_t *j, const adj_diags_t *d)
{
    adj_json_member_uint(j, "diagnostics_omitted", d->omitted);
    adj_json_key(j, "diagnostics_omitted_codes");
    adj_json_open_object(j);
    for (int c = 0; c < ADJ_DIAG_COUNT; c++)
        if (d->omitted_code[c])
            adj_json_member_uint(j, adj_code_name((adj_code_t)c), d->omitted_code[c]);
    adj_json_close_object(j);
    adj_json_member_bool(j, "diagnostics_complete", d->keep_missed == 0);
}

static void json_explain(adj_buf_t *out, const adj_audit_t *a, const adj_story_t *s,
                         const adj_report_opts_t *o)
{
    const adj_header_t *h = a->result.header;
    const char *id = h->leaders[s->leader].id;
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_name(&j, "file", a->file);
    adj_json_member_str(&j, "leader", id);
    adj_json_key(&j, "rulings");
    rulings(&j, &a->rulings, false);
    ladder_member(&j, a);
    moment(&j, &o->audit->at);
    adj_json_key(&j, "steps");
    steps(&j, h, s);
    adj_json_key(&j, "diagnostics");
    adj_json_open_array(&j);
    for (size_t i = 0; i < a->diags.count; i++) {
        const adj_diag_t *g = &a->diags.items[i];
        if (adj_diag_is_about(g, id))
            json_diag(&j, g);
    }
    adj_json_close_array(&j);
    if (a->diags.omitted)
        json_explain_past_cap(&j, &a->diags);
    adj_json_key(&j, "final");
    state(&j, h, &a->result.leaders[s->leader]);
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}

/* ---- compare ---- */

static void compare_leaders(adj_json_t *j, const adj_compare_t *c)
{
    adj_json_open_array(j);
    const adj_replay_t *x = &c->run[0]->result, *y = &c->run[1]->result;
    for (size_t i = 0; c->replayed && i < x->header->leader_count; i++) {
        if (adj_state_same(&x->leaders[i], &y->leaders[i]))
            continue;
        adj_json_open_object(j);
        adj_json_member_str(j, "id", x->header->leaders[i].id);
        adj_json_key(j, "default");
        state(j, x->header, &x->leaders[i]);
        adj_json_key(j, "alternative");
        state(j, y->header, &y->leaders[i]);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

static void compare_vp(adj_json_t *j, const adj_compare_t *c)
{
    if (!c->tally_differs) {
        adj_json_null(j);
        return;
    }
    adj_json_open_object(j);
    for (int k = 0; k < 2; k++) {
        const adj_replay_t *r = &c->run[k]->result;
        adj_json_key(j, k ? "alternative" : "default");
        tally(j, r->header, r->vp, NULL);
    }
    adj_json_close_object(j);
}

static void compare_only(adj_json_t *j, const adj_compare_t *c, int k)
{
    adj_json_key(j, k ? "only_alternative" : "only_default");
    adj_json_open_array(j);
    const adj_diags_t *d = &c->run[k]->diags;
    for (size_t i = 0; i < d->count; i++)
        if (c->only[k][i])
            json_diag(j, &d->items[i]);
    adj_json_close_array(j);
}

/* Past the cap: the codes whose diagnostics not listed differ in number. */
static void compare_not_listed(adj_json_t *j, const adj_compare_t *c)
{
    adj_json_key(j, "not_listed");
    adj_json_open_array(j);
    for (int code = 0; code < ADJ_DIAG_COUNT; code++) {
        if (c->unlisted[0][code] == c->unlisted[1][code])
            continue;
        adj_json_open_object(j);
        adj_json_member_str(j, "code", adj_code_name((adj_code_t)code));
        adj_json_member_uint(j, "default", c->unlisted[0][code]);
        adj_json_member_uint(j, "alternative", c->unlisted[1][code]);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

static void json_compare(adj_buf_t *out, const adj_compare_t *c, const adj_report_opts_t *o)
{
    (void)o;
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    adj_json_member_name(&j, "file", c->file);
    adj_json_key(&j, "rulings");
    adj_json_open_object(&j);  /* the rulings that differ from the default reading */
    for (int r = 0; r < ADJ_RULING_COUNT; r++)
        if (c->alt_differs[r])
            adj_json_member_str(&j, adj_ruling_name((adj_ruling_t)r),
                                adj_ruling_value_name((adj_ruling_t)r, c->alt->value[r]));
    adj_json_close_object(&j);
    adj_json_key(&j, "leaders");
    compare_leaders(&j, c);
    adj_json_key(&j, "vp");
    compare_vp(&j, c);
    adj_json_key(&j, "diagnostics");
    adj_json_open_object(&j);
    compare_only(&j, c, 0);
    compare_only(&j, c, 1);
    if (c->past_cap)
        compare_not_listed(&j, c);
    adj_json_close_object(&j);
    if (c->past_cap) {  /* past ADJ_MAX_DIAGS: counted, not kept */
        adj_json_key(&j, "diagnostics_omitted");
        adj_json_open_object(&j);
        adj_json_member_uint(&j, "default", c->run[0]->diags.omitted);
        adj_json_member_uint(&j, "alternative", c->run[1]->diags.omitted);
        adj_json_close_object(&j);
    }
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}

/* ---- dice (SPEC 7): one object per run ---- */

static void dice_files(adj_json_t *j, const adj_dice_t *d)
{
    adj_json_open_array(j);
    for (size_t i = 0; i < d->file_count; i++) {
        const adj_dice_file_t *f = &d->files[i];
        if (f->io_error)
            continue;  /* reported on standard error, not listed */
        size_t dup = d->duplicate_of[i];
        bool counted = f->counted && dup == SIZE_MAX;
        adj_json_open_object(j);
        adj_json_member_name(j, "file", f->file);
        adj_json_member_bool(j, "counted", counted);
        adj_json_member_str(j, "reason", counted ? NULL
                                         : dup != SIZE_MAX ? "duplicate"
                                                           : adj_code_name(f->reason));
        adj_json_member_uint(j, "rolls", counted ? f->rolls : 0);
        adj_json_member_uint(j, "out_of_range", counted ? f->out_of_range : 0);
        if (dup != SIZE_MAX)
            adj_json_member_name(j, "duplicate_of", d->files[dup].file);
        else
            adj_json_member_str(j, "duplicate_of", NULL);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* A member whose value is a double, or null. */
static void dice_number(adj_json_t *j, const char *key, bool has, double v)
{
    adj_json_key(j, key);
    if (has)
        adj_json_double(j, v);
    else
        adj_json_null(j);
}

/* A name that may hold NUL bytes, or null. */
static void dice_name(adj_json_t *j, const char *key, const char *s, size_t n)
{
    adj_json_key(j, key);
    if (s)
        adj_json_str_n(j, s, n);
    else
        adj_json_null(j);
}

static void json_dice_spellings(adj_json_t *j, const adj_dice_t *d, const adj_dice_row_t *r)
{
    const adj_dice_group_t *g = &d->groups[r->group];
    adj_json_key(j, "spellings");
    if (!g->player) {
        adj_json_null(j);
        return;
    }
    adj_json_open_array(j);
    for (size_t i = 0; i < g->spelling_count; i++)
        adj_json_str_n(j, g->spellings[i].name, g->spellings[i].len);
    adj_json_close_array(j);
}

static void dice_where(adj_json_t *j, const adj_dice_t *d, const adj_dice_row_t *r)
{
    adj_json_key(j, "where");
    if (!r->has_where) {
        adj_json_null(j);
        return;
    }
    adj_json_open_array(j);
    for (int k = 0; k < 2; k++) {
        adj_json_open_object(j);
        adj_json_member_name(j, "file", d->files[r->where_file[k]].file);
        adj_json_member_uint(j, "line", r->where_line[k]);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

/* Why an improbable row is flagged: its faces (pairs as [a, b]) and files. */
static void dice_why(adj_json_t *j, const adj_dice_t *d, const adj_dice_row_t *r)
{
    adj_json_key(j, "faces");
    adj_json_open_array(j);
    for (size_t i = 0; i < r->face_count; i++) {
        const adj_dice_face_t *f = &r->faces[i];
        adj_json_open_object(j);
        adj_json_key(j, "face");
        if (r->kind == ADJ_DICE_PAIRS) {
            adj_json_open_array(j);
            adj_json_int(j, f->cell / ADJ_STATS_FACES + 1);
            adj_json_int(j, f->cell % ADJ_STATS_FACES + 1);
            adj_json_close_array(j);
        } else {
            adj_json_int(j, f->cell + 1);
        }
        adj_json_member_int(j, "count", f->count);
        dice_number(j, "expected", true, f->expected);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
    adj_json_key(j, "files");
    adj_json_open_array(j);
    for (size_t i = 0; i < r->part_count; i++) {
        adj_json_open_object(j);
        adj_json_member_name(j, "file", d->files[r->parts[i].file].file);
        adj_json_member_int(j, "rolls", r->parts[i].rolls);
        adj_json_member_int(j, "count", r->parts[i].count);
        adj_json_close_object(j);
    }
    adj_json_close_array(j);
}

static void dice_row(adj_json_t *j, const adj_dice_t *d, const adj_dice_row_t *r)
{
    adj_json_open_object(j);
    dice_name(j, "player", r->player, r->player_len);
    dice_name(j, "side", r->side, r->side_len);
    if (r->file)  /* a side's row in one file: that file, named as SPEC 5 says */
        adj_json_member_name(j, "file", r->file);
    else
        adj_json_member_str(j, "file", NULL);
    adj_json_member_str(j, "kind", adj_dice_kind_name(r->kind));
    adj_json_member_int(j, "n", r->n);
    adj_json_key(j, "counts");
    if (r->count_len) {
        adj_json_open_array(j);
        for (int c = 0; c < r->count_len; c++)
            adj_json_int(j, r->counts[c]);
        adj_json_close_array(j);
    } else {
        adj_json_null(j);
    }
    dice_number(j, "mean", r->has_mean, r->mean);
    dice_number(j, "chi2", r->has_chi2, r->chi2);
    dice_number(j, "p", r->tested, r->p);
    dice_number(j, "p_adjusted", r->tested, r->p_adjusted);
    adj_json_member_bool(j, "improbable", r->improbable);
    json_dice_spellings(j, d, r);
    dice_where(j, d, r);
    dice_why(j, d, r);
    adj_json_close_object(j);
}

static void json_dice_look_alike(adj_json_t *j, const adj_dice_t *d)
{
    adj_json_open_array(j);
    for (size_t i = 0; i < d->look_alike_count; i++) {
        adj_json_open_array(j);
        for (int k = 0; k < 2; k++) {
            const adj_dice_group_t *g = &d->groups[d->look_alike[i][k]];
            adj_json_str_n(j, g->name, g->len);
        }
        adj_json_close_array(j);
    }
    adj_json_close_array(j);
}

static void json_dice(adj_buf_t *out, const adj_dice_t *d, const adj_report_opts_t *o)
{
    (void)o;
    adj_json_t j;
    adj_json_init(&j, out);
    adj_json_open_object(&j);
    dice_number(&j, "alpha", true, d->alpha);
    adj_json_key(&j, "files");
    dice_files(&j, d);
    adj_json_key(&j, "ladder");  /* the ladder files used, in file order (SPEC 13) */
    adj_json_open_array(&j);
    for (size_t i = 0; i < d->file_count; i++) {
        const char *l = d->files[i].ladder;
        bool again = !l || d->files[i].io_error;
        for (size_t k = 0; k < i && !again; k++)
            again = d->files[k].ladder && strcmp(d->files[k].ladder, l) == 0;
        if (!again)
            adj_json_name(&j, l);
    }
    adj_json_close_array(&j);
    adj_json_key(&j, "groups");
    adj_json_open_array(&j);
    for (size_t i = 0; i < d->row_count; i++)
        dice_row(&j, d, &d->rows[i]);
    adj_json_close_array(&j);
    adj_json_key(&j, "look_alike");
    json_dice_look_alike(&j, d);
    adj_json_close_object(&j);
    adj_buf_putc(out, '\n');
}

const adj_reporter_t adj_reporter_json = {
    .name = "json",
    .help = "JSON Lines for programs",
    .audit = json_audit,
    .summary = adj_json_summary,
    .summary_end = adj_json_summary_end,
    .explain = json_explain,
    .compare = json_compare,
    .status = json_status,
    .dice = json_dice,
    .ladder = adj_json_ladder,
};
