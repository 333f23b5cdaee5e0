/*
 * engine.c - replays typed entries through rule 8.13 and the base-game
 * mechanics it touches (SPEC 3); engine_impl.h draws statuses and duties.
 */
#include "engine_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

bool adj_status_in_play(adj_status_t s)
{
    return s == ADJ_ST_FIT || s == ADJ_ST_WOUNDED || s == ADJ_ST_ILL;
}

static const char *lid(const adj_engine_t *e, int32_t l)
{
    return e->header->leaders[l].id;
}

/* A diagnostic about leader `l` (-1: none) at `mark`; the list dates it. */
#define diag(e, code, mark, rule, l, ...)                                                  \
    adj_diags_add((e)->diags, (code), (mark), (rule), (l) >= 0 ? lid((e), (l)) : NULL,     \
                  NULL, __VA_ARGS__)

/* Tell a step of leader l's story (explain only): the test comes first, so
 * an audit neither evaluates the story's arguments nor makes the call. */
#define story(e, ...)                      \
    do {                                   \
        if ((e)->on_step)                  \
            engine_story((e), __VA_ARGS__); \
    } while (0)

static int other_side(int side) { return 1 - side; }

/* ---- the lists a turn boundary walks ---- */

/* Each leader is at most once in each list, and both are sized by the
 * roster, so adding never allocates. */
static void list_add(int32_t *list, size_t *count, int32_t l, int32_t *at)
{
    if (*at >= 0)
        return;
    list[*count] = l;
    *at = (int32_t)*count;
    (*count)++;
}

static void afflicted_add(adj_engine_t *e, int32_t l)
{
    list_add(e->afflicted, &e->afflicted_count, l, &e->book[l].afflicted_at);
}

static void afflicted_remove(adj_engine_t *e, int32_t l)
{
    int32_t at = e->book[l].afflicted_at;
    if (at < 0)
        return;
    int32_t last = e->afflicted[--e->afflicted_count];
    e->afflicted[at] = last;
    e->book[last].afflicted_at = at;
    e->book[l].afflicted_at = -1;
}

static void set_inactive(adj_engine_t *e, int32_t l, bool inactive)
{
    engine_book_t *b = &e->book[l];
    e->leaders[l].inactive = inactive;
    if (inactive) {
        list_add(e->inactive_list, &e->inactive_count, l, &b->inactive_at);
    } else if (b->inactive_at >= 0) {
        int32_t last = e->inactive_list[--e->inactive_count];
        e->inactive_list[b->inactive_at] = last;
        e->book[last].inactive_at = b->inactive_at;
        b->inactive_at = -1;
    }
}

/* Give leader l a new status and level; keeps the lists in step. */
static void set_condition(adj_engine_t *e, int32_t l, adj_status_t status, int64_t level)
{
    adj_leader_state_t *s = &e->leaders[l];
    s->status = status;
    s->level = (status == ADJ_ST_WOUNDED || status == ADJ_ST_ILL) ? level : 0;
    e->book[l].set_this_turn = true;
    if (s->level > 0)
        afflicted_add(e, l);
    else
        afflicted_remove(e, l);
    if (!adj_status_in_play(status))
        set_inactive(e, l, false);
}

static void contrib(adj_engine_t *e, size_t line, int side, int64_t points, int32_t leader)
{
    if (e->contrib_count < ADJ_MAX_CONTRIBS)
        e->contribs[e->contrib_count] = (adj_contrib_t){line, side, points, leader, e->turn};
    e->contrib_count++;
}

/* Leader l dies: the other side gains his VPs (SPEC 3.8). */
static void kill(adj_engine_t *e, int32_t l, const adj_entry_t *en)
{
    set_condition(e, l, ADJ_ST_DEAD, 0);
    const adj_leader_def_t *d = &e->header->leaders[l];
    int gain = other_side(d->side);
    e->vp[gain] = adj_sat_add(e->vp[gain], d->vp);
    contrib(e, en->mark.line, gain, d->vp, l);
}

/* ---- obligations ---- */

static void oblige(adj_engine_t *e, adj_obligation_kind_t kind, int32_t l, adj_mark_t mark)
{
    if (e->pending_count == e->pending_cap) {
        e->pending_cap = e->pending_cap ? e->pending_cap * 2 : 4;
        e->pending = adj_xreallocarray(e->pending, e->pending_cap, sizeof *e->pending);
    }
    e->pending[e->pending_count++] = (adj_obligation_t){kind, l, mark, e->turn, 0};
    e->book[l].pending |= (uint8_t)(1u << kind);
    if (engine_ob[kind].roll)
        e->pending_rolls++;
}

static bool owed(const adj_engine_t *e, adj_obligation_kind_t kind, int32_t l)
{
    return (e->book[l].pending >> kind) & 1u;
}

/* Meet the pending obligation (kind, l); returns its creating line. */
static size_t meet(adj_engine_t *e, adj_obligation_kind_t kind, int32_t l)
{
    size_t line = 0;
    for (size_t i = 0; i < e->pending_count; i++) {
        adj_obligation_t *o = &e->pending[i];
        if (o->kind == kind && o->leader == l) {
            line = o->mark.line;
            memmove(o, o + 1, (e->pending_count - i - 1) * sizeof *o);
            e->pending_count--;
            break;
        }
    }
    e->book[l].pending &= (uint8_t) ~(1u << kind);
    if (engine_ob[kind].roll)
        e->pending_rolls--;
    return line;
}

static int ob_cmp(const void *a, const void *b)
{
    const adj_obligation_t *x = a, *y = b;
    if (x->mark.line != y->mark.line)
        return x->mark.line < y->mark.line ? -1 : 1;
    return (x->mark.column > y->mark.column) - (x->mark.column < y->mark.column);
}

/* Expire every pending obligation (SPEC 3.4) and close the activation.
 * `where` says what closed the window, for the messages. */
static void expire(adj_engine_t *e, const char *where)
{
    if (e->pending_count > 1)
        qsort(e->pending, e->pending_count, sizeof *e->pending, ob_cmp);
    for (size_t i = 0; i < e->pending_count; i++) {
        const adj_obligation_t *o = &e->pending[i];
        const engine_ob_t *ob = &engine_ob[o->kind];
        /* the base game's (the Sustain roll): 8.13 only orders it */
        const char *rule = !ob->base ? NULL : e->header->illness ? "8.13" : "base";
        char dropped[160];  /* the roll dropped or replacement refused that was meant for it */
        engine_why_dropped(e, o, dropped, sizeof dropped);
        adj_diags_add(e->diags, ob->code, o->mark, rule, lid(e, o->leader), &o->turn,
                      "%s %s %s%s", lid(e, o->leader), ob->missed, where, dropped);
        engine_cause_missed(e, o);  /* for the findings that follow from it */
        e->book[o->leader].pending = 0;
    }
    e->pending_count = 0;
    e->pending_rolls = 0;
    e->act_leader = -1;
}

/* Expire at an event: the message is only formatted when something expires
 * (this runs at every activation). */
static void expire_at(adj_engine_t *e, const char *what, size_t line)
{
    e->act_note.leader = e->ill_note.leader = -1;  /* the window closes */
    if (e->pending_count == 0) {
        e->act_leader = -1;
        return;
    }
    char where[96];
    snprintf(where, sizeof where, "before %s on line %zu", what, line);
    expire(e, where);
}

/* ------------------------------------------------------------------ */
/* Turns (SPEC 3.2)                                                    */
/* ------------------------------------------------------------------ */

static void cross_boundaries(adj_engine_t *e, const adj_entry_t *en, int64_t crossed)
{
    /* mending: walk the afflicted list; removals swap from the end */
    for (size_t i = 0; i < e->afflicted_count;) {
        int32_t l = e->afflicted[i];
        adj_leader_state_t *s = &e->leaders[l];
        int64_t mend = adj_ruling_mend(&e->rulings, crossed, e->book[l].set_this_turn);
        e->book[l].set_this_turn = false;
        if (mend <= 0) {
            i++;
            continue;
        }
        int64_t before = s->level;
        adj_status_t was = s->status;
        s->level = s->level > mend ? s->level - mend : 0;
        /* one step per leader and turn: his counter turns Active here too */
        bool flipped = s->inactive;
        if (flipped)
            set_inactive(e, l, false);
        const char *rule = adj_ruling_clause(&e->rulings, ADJ_RULING_RECOVERY,
                                             was == ADJ_ST_ILL ? "8.13a" : "base");
        const char *flip_note = flipped ? "; his counter returns to its Active side" : "";
        if (s->level == 0) {
            s->status = ADJ_ST_FIT;
            afflicted_remove(e, l);  /* swaps another leader into slot i */
            story(e, en, l, rule, "%s %lld, %lld turn(s) pass: he is fit again%s",
                  was == ADJ_ST_ILL ? "ill" : "wounded", (long long)before, (long long)mend,
                  flip_note);
        } else {
            i++;
            story(e, en, l, rule, "%s %lld, %lld turn(s) pass: %s %lld%s",
                  was == ADJ_ST_ILL ? "ill" : "wounded", (long long)before, (long long)mend,
                  was == ADJ_ST_ILL ? "ill" : "wounded", (long long)s->level, flip_note);
        }
    }
    while (e->inactive_count > 0) {
        int32_t l = e->inactive_list[e->inactive_count - 1];
        set_inactive(e, l, false);
        story(e, en, l, "base", "a new turn: his counter returns to its Active side");
    }
}

static void on_turn(adj_engine_t *e, const adj_entry_t *en)
{
    int64_t n = en->turn;
    /* a turn event's own findings belong to the turn it begins */
    if (!e->turn_begun) {
        if (n != e->header->first_turn)
            adj_diags_add(e->diags, ADJ_D_TURN_SEQUENCE, en->mark, NULL, NULL, &n,
                          "the first turn must be first_turn %lld, not %lld",
                          (long long)e->header->first_turn, (long long)n);
    } else {
        expire_at(e, "the start of the next turn", en->mark.line);
        if (e->turn == INT64_MAX || n != e->turn + 1)
            adj_diags_add(e->diags, ADJ_D_TURN_SEQUENCE, en->mark, NULL, NULL, &n,
                          "turn %lld follows turn %lld; expected turn %lld; %s", (long long)n,
                          (long long)e->turn, (long long)adj_sat_add(e->turn, 1),
                          engine_why_turn(n, e->turn));
        if (n <= e->turn) {
            e->stall_line = en->mark.line;
            e->stall_turn = n;
            e->stall_repeat = n == e->turn;
        }
    }
    if (n > e->header->last_turn)
        adj_diags_add(e->diags, ADJ_D_TURN_OUT_OF_RANGE, en->mark, NULL, NULL, &n,
                      "turn %lld is after last_turn %lld", (long long)n,
                      (long long)e->header->last_turn);
    bool first = !e->turn_begun;
    int64_t prev = e->turn;
    e->turn_begun = true;
    e->turn = n;
    adj_diags_set_turn(e->diags, n);  /* every finding from now on is dated with it */
    if (!first && n > prev) {
        /* n - prev may not fit in int64 (e.g. INT64_MIN -> INT64_MAX) */
        uint64_t gap = (uint64_t)n - (uint64_t)prev;
        int64_t crossed = gap > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)gap;
        cross_boundaries(e, en, crossed);
    }
}

/* ------------------------------------------------------------------ */
/* Activations and moves (SPEC 3.3)                                    */
/* ------------------------------------------------------------------ */

static int64_t clamp_roll(int64_t roll, int64_t modifier)
{
    int64_t m = adj_sat_add(roll, modifier);
    return m < 1 ? 1 : m > 6 ? 6 : m;
}

static bool roll_ok(int64_t roll) { return roll >= 1 && roll <= 6; }

/* Refuse en's leader when he is out of play (leader-not-in-play): "<id> is
 * <status><tail>"; `what` names the refused step in explain. True: refused. */
static bool refused_out_of_play(adj_engine_t *e, const adj_entry_t *en, const char *tail,
                                const char *what)
{
    int32_t l = en->leader;
    adj_status_t status = e->leaders[l].status;
    if (adj_status_in_play(status))
        return false;
    char why[160];  /* a reserve leader whose replacement was refused */
    engine_why_refused_in(e, l, why, sizeof why);
    diag(e, ADJ_D_LEADER_NOT_IN_PLAY, en->mark, NULL, l, "%s is %s%s%s", lid(e, l),
         adj_status_name(status), why, tail);
    story(e, en, l, "base", "%s refused: he is %s", what, adj_status_name(status));
    return true;
}

static void on_activate(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    expire_at(e, "the next activation", en->mark.line);
    if (refused_out_of_play(e, en, " and cannot be activated; the event is ignored",
                            "activation")) {
        e->act_note = (engine_note_t){l, en->mark.line, ADJ_D_LEADER_NOT_IN_PLAY};
        return;
    }
    if (s->inactive) {
        char why[240];  /* what turned him Inactive, and why no turn turned him back */
        engine_why_inactive(e, l, why, sizeof why);
        diag(e, ADJ_D_LEADER_INACTIVE, en->mark, NULL, l,
             "%s is on his Inactive side and may not be activated: %s", lid(e, l), why);
    }
    e->act_leader = l;
    e->act_mark = en->mark;
    e->act_spent = 0;
    e->act_exceeded = false;
    e->act_checked = false;
    e->act_mp_known = en->has_mp;
    e->act_mp = en->mp;
    if (!roll_ok(en->roll)) {
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, NULL, l,
             "IMC roll %lld is not a die roll (1-6)", (long long)en->roll);
        e->act_note = (engine_note_t){l, en->mark.line, ADJ_D_ROLL_OUT_OF_RANGE};
        story(e, en, l, "base", "activated with an impossible IMC roll of %lld",
              (long long)en->roll);
        return;
    }
    int64_t modified = clamp_roll(en->roll, en->modifier);
    bool imc_known = e->header->has_imc && d->imc_row >= 0;
    int64_t expected = imc_known ? e->header->imc_rows[d->imc_row][modified - 1] : 0;
    if (imc_known && en->has_mp && en->mp != expected)
        diag(e, ADJ_D_IMC_MISMATCH, en->mark, NULL, l,
             "the IMC gives %s (initiative %lld) %lld MP for a modified roll of %lld; the log "
             "records %lld",
             d->id, (long long)d->initiative, (long long)expected, (long long)modified,
             (long long)en->mp);
    if (!en->has_mp && imc_known) {
        e->act_mp_known = true;
        e->act_mp = expected;
    }
    bool check = en->roll == 1 && e->header->illness;
    if (check)
        oblige(e, ADJ_OB_ILLNESS_CHECK, l, en->mark);
    if (e->on_step) {
        char mps[64] = "MPs unknown";
        if (e->act_mp_known)
            snprintf(mps, sizeof mps, "%lld MP", (long long)e->act_mp);
        story(e, en, l, "base", "activated: IMC roll %lld, modifier %+lld, modified %lld: %s%s",
              (long long)en->roll, (long long)en->modifier, (long long)modified, mps,
              check ? "; a raw 1 under 8.13: he must check for illness after moving" : "");
    }
}

static void on_move(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    if (refused_out_of_play(e, en, " and cannot move; the event is ignored", "move"))
        return;
    if (e->act_leader != l) {
        if (e->act_leader >= 0)
            diag(e, ADJ_D_MOVE_WITHOUT_ACTIVATION, en->mark, NULL, l,
                 "%s moves but %s is the leader activated; the move is ignored", lid(e, l),
                 lid(e, e->act_leader));
        else
            diag(e, ADJ_D_MOVE_WITHOUT_ACTIVATION, en->mark, NULL, l,
                 "%s moves without being activated; the move is ignored", lid(e, l));
        story(e, en, l, "base", "move refused: he is not the leader activated");
        return;
    }
    if (e->act_checked)
        diag(e, ADJ_D_MOVE_AFTER_ILLNESS_CHECK, en->mark, "8.13", l,
             "%s moves after his illness check; 8.13 makes the check on reaching the "
             "destination hex, after the move",
             lid(e, l));
    /* mp >= 0, so an unsigned total saturating at UINT64_MAX (above any
     * int64 MPs available) keeps the comparison exact */
    uint64_t spent;
    if (__builtin_add_overflow(e->act_spent, (uint64_t)en->mp, &spent))
        spent = UINT64_MAX;
    e->act_spent = spent;
    if (e->act_mp_known && !e->act_exceeded && e->act_spent > (uint64_t)e->act_mp) {
        e->act_exceeded = true;
        diag(e, ADJ_D_MOVE_EXCEEDS_MP, en->mark, NULL, l,
             "%s has now spent %llu MP but the activation gave %lld", lid(e, l),
             (unsigned long long)e->act_spent, (long long)e->act_mp);
    }
    bool zoc = en->enemy_zoc && !owed(e, ADJ_OB_SUSTAIN, l);
    if (zoc)
        oblige(e, ADJ_OB_SUSTAIN, l, en->mark);
    story(e, en, l, "base", "moves%s%s, %lld MP (%llu spent this activation)%s",
          en->to ? " to " : "", en->to ? en->to : "", (long long)en->mp,
          (unsigned long long)e->act_spent, en->enemy_zoc ? "; into an enemy ZOC: a Sustain roll is due" : "");
}

/* ------------------------------------------------------------------ */
/* The illness check and duration roll (SPEC 3.5, 3.6)                 */
/* ------------------------------------------------------------------ */

static void on_illness(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    if (!e->header->illness) {
        diag(e, ADJ_D_ILLNESS_RULE_OFF, en->mark, NULL, l,
             "an illness check, but optional rule 8.13 is not in force (add `illness` to "
             "optional_rules); the event is ignored");
        story(e, en, l, "8.13", "illness check ignored: rule 8.13 is not in force");
        return;
    }
    if (!owed(e, ADJ_OB_ILLNESS_CHECK, l)) {
        char why[160];
        engine_why_no_check(e, l, why, sizeof why);
        diag(e, ADJ_D_ILLNESS_CHECK_UNWARRANTED, en->mark, NULL, l,
             "no raw 1 on an IMC roll of %s calls for an illness check now%s; the event is "
             "ignored",
             lid(e, l), why);
        if (en->roll == 6)  /* a duration roll may follow it */
            e->ill_note = (engine_note_t){l, en->mark.line, ADJ_D_ILLNESS_CHECK_UNWARRANTED};
        story(e, en, l, "8.13", "illness check ignored: no raw 1 called for it");
        return;
    }
    size_t from = meet(e, ADJ_OB_ILLNESS_CHECK, l);
    if (e->act_leader == l)
        e->act_checked = true;
    if (!roll_ok(en->roll)) {
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, "8.13", l,
             "illness roll %lld is not a die roll (1-6); the check counts as made, with no "
             "effect",
             (long long)en->roll);
        e->ill_note = (engine_note_t){l, en->mark.line, ADJ_D_ROLL_OUT_OF_RANGE};
        story(e, en, l, "8.13", "illness check (for the raw 1 on line %zu) with an impossible "
              "roll of %lld: no effect", from, (long long)en->roll);
        return;
    }
    if (!adj_status_in_play(s->status)) {
        story(e, en, l, "8.13", "illness roll %lld (for the raw 1 on line %zu): he is already "
              "%s, so it has no effect", (long long)en->roll, from, adj_status_name(s->status));
        return;
    }
    adj_result_t outcome = ADJ_RES_NONE;
    if (en->roll == 5) {
        outcome = ADJ_RES_INACTIVE;
        set_inactive(e, l, true);
        e->book[l].inactive_line = en->mark.line;
        e->book[l].inactive_by_roll = true;
        story(e, en, l, "8.13", "illness roll 5 (for the raw 1 on line %zu): he goes Inactive",
              from);
    } else if (en->roll == 6) {
        outcome = ADJ_RES_ILL;
        oblige(e, ADJ_OB_DURATION, l, en->mark);
        story(e, en, l, "8.13", "illness roll 6 (for the raw 1 on line %zu): he is seriously "
              "ill; a duration roll must follow", from);
    } else {
        story(e, en, l, "8.13", "illness roll %lld (for the raw 1 on line %zu): no effect",
              (long long)en->roll, from);
    }
    engine_why_result(e, en, outcome, "8.13", "illness", en->roll == 5 ? "a 5 turns him Inactive"
                 : en->roll == 6 ? "a 6 makes him seriously ill" : "1 to 4 have no effect");
}

/* A duration roll dd for wounded leader l: it adds to his wound (8.13b). */
static adj_result_t duration_wounded(adj_engine_t *e, const adj_entry_t *en, int32_t l,
                                     int64_t dd)
{
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    int64_t w = s->level, revised = adj_sat_add(w, dd);
    if (revised >= 6) {
        kill(e, l, en);
        story(e, en, l, "8.13b", "wounded %lld + duration %lld = %lld: he dies; %s gains %lld VP",
              (long long)w, (long long)dd, (long long)revised,
              e->header->sides[other_side(d->side)], (long long)d->vp);
        return ADJ_RES_DEAD;
    }
    set_condition(e, l, ADJ_ST_WOUNDED, revised);
    story(e, en, l, "8.13b", "wounded %lld + duration %lld = %lld: he stays wounded at %lld",
          (long long)w, (long long)dd, (long long)revised, (long long)revised);
    return ADJ_RES_WOUNDED;
}

/* A duration roll dd for leader l, already ill: as the repeat-illness
 * ruling reads it. */
static adj_result_t duration_ill(adj_engine_t *e, const adj_entry_t *en, int32_t l, int64_t dd,
                                 const char *rule)
{
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    int64_t t = s->level;
    adj_outcome_t o = adj_ruling_repeat_illness(&e->rulings, t, dd);
    char sum[96];  /* the arithmetic, as the reading in force does it */
    if (!adj_ruling_repeat_illness_adds(&e->rulings))
        snprintf(sum, sizeof sum, "ill %lld, duration %lld (the longer counts)", (long long)t,
                 (long long)dd);
    else
        snprintf(sum, sizeof sum, "ill %lld + duration %lld = %lld", (long long)t,
                 (long long)dd, (long long)adj_sat_add(t, dd));
    if (o.status == ADJ_ST_DEAD) {
        kill(e, l, en);
        story(e, en, l, rule, "%s: he dies; %s gains %lld VP", sum,
              e->header->sides[other_side(d->side)], (long long)d->vp);
        return ADJ_RES_DEAD;
    }
    if (o.status == ADJ_ST_INCAPACITATED) {
        set_condition(e, l, ADJ_ST_INCAPACITATED, 0);
        oblige(e, ADJ_OB_REPLACE, l, en->mark);
        story(e, en, l, rule, "%s: incapacitated for the rest of the game; no VPs; he must "
              "be replaced at once", sum);
        return ADJ_RES_INCAPACITATED;
    }
    set_condition(e, l, ADJ_ST_ILL, o.level);
    e->book[l].ill_rolled = o.level;
    story(e, en, l, rule, "%s: ill for %lld turn(s)", sum, (long long)o.level);
    return ADJ_RES_ILL;
}

/* A duration roll dd for fit leader l (8.13a). */
static adj_result_t duration_fit(adj_engine_t *e, const adj_entry_t *en, int32_t l, int64_t dd)
{
    if (dd == 6) {
        set_condition(e, l, ADJ_ST_INCAPACITATED, 0);
        oblige(e, ADJ_OB_REPLACE, l, en->mark);
        story(e, en, l, "8.13a", "duration 6: incapacitated for the rest of the game; no VPs; "
              "he must be replaced at once");
        return ADJ_RES_INCAPACITATED;
    }
    set_condition(e, l, ADJ_ST_ILL, dd);
    e->book[l].ill_rolled = dd;
    story(e, en, l, "8.13a", "duration %lld: ill for %lld turn(s), as if wounded", (long long)dd,
          (long long)dd);
    return ADJ_RES_ILL;
}

static void on_duration(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    if (!e->header->illness) {
        diag(e, ADJ_D_ILLNESS_RULE_OFF, en->mark, NULL, l,
             "a duration roll, but optional rule 8.13 is not in force; the event is ignored");
        story(e, en, l, "8.13", "duration roll ignored: rule 8.13 is not in force");
        return;
    }
    if (!owed(e, ADJ_OB_DURATION, l)) {
        char why[160];
        engine_why_no_duration(e, l, why, sizeof why);
        diag(e, ADJ_D_DURATION_UNWARRANTED, en->mark, NULL, l,
             "no illness roll of 6 for %s calls for a duration roll now%s; the event is ignored",
             d->id, why);
        story(e, en, l, "8.13", "duration roll ignored: no illness roll of 6 called for it");
        return;
    }
    size_t from = meet(e, ADJ_OB_DURATION, l);
    int64_t dd = en->roll;
    if (!roll_ok(dd)) {
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, "8.13a", l,
             "duration roll %lld is not a die roll (1-6); the roll counts as made, with no "
             "effect",
             (long long)dd);
        story(e, en, l, "8.13a", "duration roll with an impossible %lld: no effect",
              (long long)dd);
        return;
    }
    if (!adj_status_in_play(s->status)) {
        story(e, en, l, "8.13a", "duration roll %lld (for line %zu): he is already %s, so it "
              "has no effect", (long long)dd, from, adj_status_name(s->status));
        return;
    }
    adj_result_t outcome;
    const char *rule;
    adj_status_t was = s->status;
    int64_t level = s->level;
    if (s->status == ADJ_ST_WOUNDED) {
        rule = "8.13b";
        outcome = duration_wounded(e, en, l, dd);
    } else if (s->status == ADJ_ST_ILL) {
        rule = adj_ruling_clause(&e->rulings, ADJ_RULING_REPEAT_ILLNESS, "8.13a");
        outcome = duration_ill(e, en, l, dd, rule);
    } else {
        rule = "8.13a";
        outcome = duration_fit(e, en, l, dd);
    }
    if (en->has_result && en->result != outcome) {
        char why[96];
        engine_why_duration(e, was, level, dd, why, sizeof why);
        engine_why_result(e, en, outcome, rule, "duration", why);
    }
}

/* ------------------------------------------------------------------ */
/* Other rolls and events (SPEC 3.7)                                   */
/* ------------------------------------------------------------------ */

static void out_of_order(adj_engine_t *e, const adj_entry_t *en, const char *what)
{
    for (size_t i = 0; i < e->pending_count; i++) {
        const adj_obligation_t *o = &e->pending[i];
        if (!engine_ob[o->kind].roll)
            continue;
        diag(e, ADJ_D_ROLL_OUT_OF_ORDER, en->mark, NULL, en->leader,
             "%s while the %s for %s (line %zu) is still owed; 8.13 makes it come first",
             what, engine_ob[o->kind].words, lid(e, o->leader), o->mark.line);
        return;
    }
}

static void on_sustain(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    if (owed(e, ADJ_OB_SUSTAIN, l)) {
        size_t from = meet(e, ADJ_OB_SUSTAIN, l);
        story(e, en, l, adj_status_in_play(e->leaders[l].status) ? "base" : "8.13",
              "Sustain roll %lld for the move into an enemy ZOC on line %zu%s",
              (long long)en->roll, from,
              adj_status_in_play(e->leaders[l].status) ? ""
                                                        : " (required even though he is lost)");
    } else if (refused_out_of_play(e, en, " and cannot roll to Sustain; the event is ignored",
                                   "Sustain roll")) {
        return;
    } else {
        story(e, en, l, "base", "Sustain roll %lld", (long long)en->roll);
    }
    if (e->pending_rolls)
        out_of_order(e, en, "a Sustain roll");
    if (!roll_ok(en->roll))
        diag(e, ADJ_D_ROLL_OUT_OF_RANGE, en->mark, NULL, l,
             "Sustain roll %lld is not a die roll (1-6)", (long long)en->roll);
}

static void on_wound(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    if (refused_out_of_play(e, en, " and cannot be wounded; the event is ignored", "wound"))
        return;
    if (e->pending_rolls && adj_ruling_wound_is_roll(&e->rulings))
        out_of_order(e, en, "a wound (a casualty roll)");
    int64_t k = en->level, revised = k;
    const char *rule = "base";
    char how[160];
    if (s->status == ADJ_ST_ILL) {
        int64_t add = adj_ruling_illness_left(&e->rulings, s->level, e->book[l].ill_rolled);
        revised = adj_sat_add(k, add);
        rule = adj_ruling_clause(&e->rulings, ADJ_RULING_ILLNESS_LEFT, "8.13b");
        snprintf(how, sizeof how, "wound %lld + illness %lld = %lld", (long long)k,
                 (long long)add, (long long)revised);
    } else if (s->status == ADJ_ST_WOUNDED) {
        revised = adj_ruling_repeat_wound(&e->rulings, s->level, k);
        rule = adj_ruling_clause(&e->rulings, ADJ_RULING_REPEAT_WOUND, "base");
        snprintf(how, sizeof how, "wounded %lld, wound %lld: level %lld", (long long)s->level,
                 (long long)k, (long long)revised);
    } else {
        snprintf(how, sizeof how, "wound level %lld", (long long)k);
    }
    if (revised >= 6) {
        kill(e, l, en);
        story(e, en, l, rule, "%s: he dies; %s gains %lld VP", how,
              e->header->sides[other_side(d->side)], (long long)d->vp);
    } else {
        set_condition(e, l, ADJ_ST_WOUNDED, revised);
        story(e, en, l, rule, "%s: he is wounded at %lld", how, (long long)revised);
    }
}

static void on_flip(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    if (refused_out_of_play(e, en, "; his counter cannot be flipped", "flip"))
        return;
    set_inactive(e, l, en->flip_inactive);
    e->book[l].inactive_line = en->mark.line;
    e->book[l].inactive_by_roll = false;
    story(e, en, l, "base", "his counter is flipped to its %s side",
          en->flip_inactive ? "Inactive" : "Active");
}

static void on_replace(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader, r = en->other;
    adj_leader_state_t *ls = &e->leaders[l], *rs = &e->leaders[r];
    const adj_leader_def_t *ld = &e->header->leaders[l], *rd = &e->header->leaders[r];
    if ((ls->status != ADJ_ST_DEAD && ls->status != ADJ_ST_INCAPACITATED) ||
        ls->replaced_by >= 0) {
        char why[200];  /* the roll that could have made him lost, never made */
        engine_why_missed(e, l, ": ", why, sizeof why);
        if (ls->replaced_by >= 0)
            diag(e, ADJ_D_REPLACE_NOT_GONE, en->mark, NULL, l,
                 "%s was already replaced by %s on line %zu; the event is ignored", ld->id,
                 lid(e, ls->replaced_by), e->causes[l].replaced_line);
        else
            diag(e, ADJ_D_REPLACE_NOT_GONE, en->mark, NULL, l,
                 "%s is %s, not dead or incapacitated%s; only a lost leader is replaced; the "
                 "event is ignored",
                 ld->id, adj_status_name(ls->status), why);
        e->causes[r].refused_in_line = en->mark.line;  /* r stays where he was */
        e->causes[r].refused_in_code = ADJ_D_REPLACE_NOT_GONE;
        story(e, en, l, "base", "replacement by %s refused: he is not lost, or already replaced",
              rd->id);
        if (r != l)  /* one step per event for each leader it names (SPEC 6.3) */
            story(e, en, r, "base", "cannot replace %s: %s is not lost, or already replaced",
                  ld->id, ld->id);
        return;
    }
    const char *why = NULL;
    if (r == l)
        why = "a leader cannot replace himself";
    else if (rd->side != ld->side)
        why = "he is on the other side";
    else if (rs->status == ADJ_ST_DEAD || rs->status == ADJ_ST_INCAPACITATED)
        why = rs->status == ADJ_ST_DEAD ? "he is dead" : "he is incapacitated";
    else if (e->book[r].replacing)
        why = "he already replaces another leader";
    if (why) {
        diag(e, ADJ_D_REPLACEMENT_UNAVAILABLE, en->mark, NULL, l,
             "%s cannot replace %s: %s; the event is ignored", rd->id, ld->id, why);
        e->causes[r].refused_in_line = en->mark.line;
        e->causes[r].refused_in_code = ADJ_D_REPLACEMENT_UNAVAILABLE;
        e->causes[l].refused_out_line = en->mark.line;
        story(e, en, l, "base", "replacement by %s refused: %s", rd->id, why);
        if (r != l)
            story(e, en, r, "base", "cannot replace %s: %s", ld->id, why);
        return;
    }
    bool from_reserve = rs->status == ADJ_ST_RESERVE;
    if (from_reserve) {
        rs->status = ADJ_ST_FIT;
        rs->level = 0;
        set_inactive(e, r, false);
    }
    ls->replaced_by = r;
    e->causes[l].replaced_line = en->mark.line;
    e->book[r].replacing = true;
    if (owed(e, ADJ_OB_REPLACE, l))
        meet(e, ADJ_OB_REPLACE, l);
    story(e, en, l, ls->status == ADJ_ST_INCAPACITATED ? "8.13a" : "base",
          "replaced by %s", rd->id);
    story(e, en, r, "base", "replaces %s%s", ld->id,
          from_reserve ? ": he enters play from reserve, fit and Active" : "");
}

static void on_vp(adj_engine_t *e, const adj_entry_t *en)
{
    const char *side = e->header->sides[en->side];
    if (en->other < 0) {
        e->vp[en->side] = adj_sat_add(e->vp[en->side], en->points);
        contrib(e, en->mark.line, en->side, en->points, -1);
        return;
    }
    int32_t l = en->other;
    adj_leader_state_t *s = &e->leaders[l];
    const adj_leader_def_t *d = &e->header->leaders[l];
    bool verdict_ok = false;
    if (s->status == ADJ_ST_INCAPACITATED) {
        diag(e, ADJ_D_VP_FOR_ILLNESS, en->mark, NULL, l,
             "%s was incapacitated by illness, which gives no VPs (8.13a)", d->id);
    } else if (s->status != ADJ_ST_DEAD) {
        char why[200];  /* the roll that could have killed him, never made */
        engine_why_missed(e, l, ": ", why, sizeof why);
        diag(e, ADJ_D_VP_LEADER_ALIVE, en->mark, NULL, l,
             "VPs claimed for the death of %s, who is %s%s", d->id, adj_status_name(s->status),
             why);
    } else if (en->side == d->side) {
        diag(e, ADJ_D_VP_MISMATCH, en->mark, NULL, l,
             "%s's death gives VPs to %s, not to his own side %s", d->id,
             e->header->sides[other_side(d->side)], side);
    } else if (en->points != d->vp) {
        diag(e, ADJ_D_VP_MISMATCH, en->mark, NULL, l,
             "%s's death is worth %lld VP (roster), not %lld", d->id, (long long)d->vp,
             (long long)en->points);
    } else if (e->book[l].death_claimed) {
        diag(e, ADJ_D_VP_MISMATCH, en->mark, NULL, l,
             "VPs for %s's death were already claimed on line %zu; adjutant counts them once",
             d->id, e->causes[l].claim_line);
    } else {
        verdict_ok = true;
    }
    if (s->status != ADJ_ST_DEAD && e->living_claims++ == 0)
        e->living_claim = (adj_contrib_t){.line = en->mark.line, .side = en->side,
                                          .points = en->points, .leader = l},
        e->living_status = s->status;
    if (s->status == ADJ_ST_DEAD && !e->book[l].death_claimed)
        e->causes[l].claim_line = en->mark.line;
    if (s->status == ADJ_ST_DEAD)
        e->book[l].death_claimed = true;
    story(e, en, l, s->status == ADJ_ST_INCAPACITATED ? "8.13a" : "base",
          "%s claims %lld VP for his death: %s (the replay counts deaths itself)", side,
          (long long)en->points, verdict_ok ? "agrees with the replay" : "refused");
}

static void on_state(adj_engine_t *e, const adj_entry_t *en)
{
    int32_t l = en->leader;
    const adj_leader_state_t *s = &e->leaders[l];
    bool same = en->status == s->status && (!en->has_level || en->level == s->level) &&
                (!en->has_inactive || en->inactive == s->inactive);
    if (!same || e->on_step) {
        adj_buf_t claimed = {0}, replay = {0};
        engine_why_state(&claimed, en->status, en->has_level, en->level, en->has_inactive,
                         en->inactive);
        engine_why_state(&replay, s->status, true, s->level, adj_status_in_play(s->status),
                         s->inactive);
        char why[200];  /* a roll never made leaves the replay without what it gave */
        engine_why_missed(e, l, "; ", why, sizeof why);
        if (!same)
            diag(e, ADJ_D_STATE_MISMATCH, en->mark, NULL, l,
                 "the log records %s as %s, but the replay has him %s%s", lid(e, l),
                 claimed.data, replay.data, why);
        story(e, en, l, "base", "the players record him as %s: %s", claimed.data,
              same ? "the replay agrees" : "the replay differs");
        adj_buf_free(&claimed);
        adj_buf_free(&replay);
    }
}

/* Append the tally's composition to a message, for vp-tally-mismatch. */
static void on_end(adj_engine_t *e, const adj_entry_t *en)
{
    expire_at(e, "`end`", en->mark.line);
    e->ended = true;
    e->has_claim = en->has_claim;
    for (size_t i = 0; i < en->claim_count; i++) {
        const adj_claim_item_t *c = &en->claim[i];
        if (c->side < 0) {
            adj_buf_t tmp = {0};
            if (c->key)
                adj_escape_text(&tmp, c->key, strlen(c->key) > 40 ? 40 : strlen(c->key));
            diag(e, ADJ_D_BAD_FIELD, c->key_mark, NULL, -1,
                 "claim key \"%s\" is not one of `sides` (%s, %s); the entry is dropped",
                 tmp.data ? tmp.data : "", e->header->sides[0], e->header->sides[1]);
            adj_buf_free(&tmp);
        } else if (!c->value_ok) {
            diag(e, ADJ_D_BAD_FIELD, c->value_mark, NULL, -1,
                 "the VP total claimed for %s must be an integer from %lld to %lld; the "
                 "entry is dropped",
                 e->header->sides[c->side], (long long)-ADJ_MAX_CLAIM, (long long)ADJ_MAX_CLAIM);
        } else {
            e->claim_present[c->side] = true;
            e->claim[c->side] = c->value;
        }
    }
    if (!e->has_claim)
        return;
    bool agree = true;
    for (int s = 0; s < 2; s++)
        agree = agree && e->claim_present[s] && e->claim[s] == e->vp[s];
    if (agree)
        return;
    adj_buf_t m = {0};
    adj_buf_puts(&m, "the claimed tally is ");
    for (int s = 0; s < 2; s++) {
        if (e->claim_present[s])
            adj_buf_printf(&m, "%s%s %lld", s ? ", " : "", e->header->sides[s],
                           (long long)e->claim[s]);
        else
            adj_buf_printf(&m, "%s%s missing", s ? ", " : "", e->header->sides[s]);
    }
    adj_buf_printf(&m, " but the replay gives %s %lld, %s %lld", e->header->sides[0],
                   (long long)e->vp[0], e->header->sides[1], (long long)e->vp[1]);
    engine_why_tally(e, &m);
    engine_why_double_award(e, &m);
    engine_why_living_claim(e, &m);
    diag(e, ADJ_D_VP_TALLY_MISMATCH, en->mark, NULL, -1, "%s", m.data);
    adj_buf_free(&m);
}

/* ------------------------------------------------------------------ */
/* The API                                                             */
/* ------------------------------------------------------------------ */

adj_engine_t *adj_engine_new(const adj_header_t *header, const adj_rulings_t *rulings,
                             adj_diags_t *diags)
{
    adj_engine_t *e = adj_xcalloc(1, sizeof *e);
    e->header = header;
    if (rulings)
        e->rulings = *rulings;
    e->diags = diags;
    e->act_leader = -1;
    e->act_note.leader = e->ill_note.leader = -1;
    e->leaders = adj_xcalloc(header->leader_count, sizeof *e->leaders);
    e->book = adj_xcalloc(header->leader_count, sizeof *e->book);
    e->causes = adj_xcalloc(header->leader_count, sizeof *e->causes);
    e->afflicted = adj_xcalloc(header->leader_count, sizeof *e->afflicted);
    e->inactive_list = adj_xcalloc(header->leader_count, sizeof *e->inactive_list);
    for (size_t i = 0; i < header->leader_count; i++) {
        adj_leader_state_t *s = &e->leaders[i];
        const adj_leader_def_t *d = &header->leaders[i];
        s->replaced_by = -1;
        e->book[i].afflicted_at = e->book[i].inactive_at = -1;
        if (d->reserve) {
            s->status = ADJ_ST_RESERVE;
        } else if (d->wound > 0) {
            s->status = ADJ_ST_WOUNDED;
            s->level = d->wound;
            afflicted_add(e, (int32_t)i);
        } else {
            s->status = ADJ_ST_FIT;
        }
    }
    return e;
}

void adj_engine_on_step(adj_engine_t *e, adj_step_fn fn, void *ctx)
{
    e->on_step = fn;
    e->step_ctx = ctx;
}

adj_replay_t adj_engine_result(const adj_engine_t *e)
{
    return (adj_replay_t){e->header, e->leaders, e->turn_begun, e->turn, e->ended,
                          {e->vp[0], e->vp[1]}, e->has_claim,
                          {e->claim_present[0], e->claim_present[1]}, {e->claim[0], e->claim[1]},
                          e->pending, e->pending_count, {e->act_leader, e->act_mark,
                          e->act_mp_known, e->act_mp, e->act_spent}, e->contribs, e->contrib_count};
}

void adj_engine_free(adj_engine_t *e)
{
    if (!e)
        return;
    free(e->leaders);
    free(e->book);
    free(e->causes);
    free(e->pending);
    free(e->afflicted);
    free(e->inactive_list);
    adj_buf_free(&e->say);
    free(e);
}

void adj_engine_feed(adj_engine_t *e, const adj_entry_t *en)
{
    /* step 2: its place */
    if (e->ended) {
        diag(e, ADJ_D_EVENT_AFTER_END, en->mark, NULL, en->leader,
             "`%s` after `end`: the game is over; the event is ignored",
             adj_event_name(en->kind));
        return;
    }
    if (!e->turn_begun && en->kind != ADJ_EV_TURN) {
        diag(e, ADJ_D_EVENT_BEFORE_TURN, en->mark, NULL, en->leader,
             "`%s` before the first `turn`; the event is ignored", adj_event_name(en->kind));
        return;
    }
    /* step 3: the rules of its kind: on_<key>, from the catalogue (adj_log.h);
     * a switch, not a table of pointers, so the handlers can be inlined */
    switch (en->kind) {
#define ADJ_X(E, key, ...) case ADJ_EV_##E: on_##key(e, en); break;
        ADJ_EVENT_LIST(ADJ_X)
#undef ADJ_X
    default: break;
    }
}

void adj_engine_finish_after(adj_engine_t *e, adj_mark_t mark, size_t last_line)
{
    /* a mark past the file's last line stays (SPEC 4); the words name the
     * last line the file shows */
    char where[96], after[64] = "";
    if (last_line) {
        snprintf(after, sizeof after, " after the last event (line %zu)", last_line);
        snprintf(where, sizeof where, "before the events end,%s", after);
    } else {
        snprintf(where, sizeof where, "before the events end on line %zu", mark.line);
    }
    expire(e, where);
    if (!e->ended)
        adj_diags_add(e->diags, ADJ_D_MISSING_END, mark, NULL, NULL, NULL,
                      "the events end%s without an `end` event: the game's final tally is not "
                      "recorded", after);
}

void adj_engine_finish(adj_engine_t *e, adj_mark_t mark)
{
    adj_engine_finish_after(e, mark, 0);
}
