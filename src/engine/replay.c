/* SPDX-License-Identifier: MIT */
/*
 * replay.c - one file's audit: the one replay loop, the reader's stream
 * feeding the engine, stopping where `--at` says, telling the observers a
 * command plugs in (adj_audit_opts_t) what happens on the way.
 */
#include "adj_audit.h"
#include "adj_ladder.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool adj_at_parse(adj_at_t *at, const char *arg)
{
    adj_at_kind_t kind;
    const char *num;
    if (strncmp(arg, "turn:", 5) == 0) {
        kind = ADJ_AT_TURN;
        num = arg + 5;
    } else if (strncmp(arg, "line:", 5) == 0) {
        kind = ADJ_AT_LINE;
        num = arg + 5;
    } else {
        return false;
    }
    /* exactly -?[0-9]+ (turn) or [0-9]+ (line), SPEC 6.2: no blank, no '+' */
    const char *digits = kind == ADJ_AT_TURN && *num == '-' ? num + 1 : num;
    if (*digits == '\0' || strspn(digits, "0123456789") != strlen(digits))
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(num, &end, 10);
    if (errno || *end != '\0' || (kind == ADJ_AT_LINE && v < 1))
        return false;
    at->kind = kind;
    at->value = v;
    return true;
}

/* ---- `--at`: where the replay stops, decided here for both kinds ---- */

/* Before the first read: a line stop is the reader's to make, since it
 * must cut the log mid-entry (SPEC 6.2). */
static void at_arm(const adj_at_t *at, adj_reader_t *r)
{
    if (at->kind == ADJ_AT_LINE)
        adj_reader_stop_after_line(r, (size_t)at->value);
}

/* After feeding `en`: a turn stop comes once that turn has begun, before
 * anything in it expires, and never after `end` (`was_over`). */
static bool at_reached(const adj_at_t *at, const adj_entry_t *en, bool was_over)
{
    return at->kind == ADJ_AT_TURN && en->kind == ADJ_EV_TURN && en->turn == at->value &&
           !was_over;
}

/* The rulings in force, from the weakest (SPEC 1.2 step 7): the defaults,
 * the ladder's, the log's (h; NULL before its header), the command line's. */
static void audit_rulings(adj_audit_t *a, const adj_header_t *h, const adj_audit_opts_t *o)
{
    memset(&a->rulings, 0, sizeof a->rulings);
    if (a->ladder)
        adj_rulings_overlay(&a->rulings, adj_ladder_rulings(a->ladder));
    if (h && h->rulings_bad)
        adj_diags_add(&a->diags, ADJ_D_BAD_FIELD, h->rulings_mark, NULL, NULL, NULL,
                      "`rulings` must be a mapping NAME: VALUE (see `adjutant --help`); "
                      "no ruling of the log is in force");
    if (h)
        adj_rulings_read(&a->rulings, h->rulings, h->ruling_count, ADJ_RSRC_LOG, &a->diags,
                         "; the entry is dropped");
    adj_rulings_overlay(&a->rulings, &o->rulings);
}

static void audit_start_replay(adj_audit_t *a, adj_reader_t *r, const adj_audit_opts_t *o)
{
    audit_rulings(a, adj_reader_header(r), o);
    a->engine = adj_engine_new(adj_reader_header(r), &a->rulings, &a->diags);
    adj_engine_on_step(a->engine, o->on_step, o->step_ctx);
}

/* Rolls the reader dropped for a mistyped id, handed to the engine. */
static void audit_pass_dropped(adj_audit_t *a, adj_reader_t *r)
{
    adj_dropped_t d[ADJ_MAX_DROPPED];
    size_t n = adj_reader_take_dropped(r, d);
    for (size_t i = 0; i < n; i++)
        adj_engine_note_dropped(a->engine, d[i].kind, d[i].line, d[i].near);
}

/* Before the engine takes turn event `en`: tell the stretch it ends. */
static void turn_edge(const adj_audit_t *a, const adj_entry_t *en, const adj_audit_opts_t *o)
{
    adj_replay_t r = adj_engine_result(a->engine);
    if (!r.ended)
        o->on_turn(o->turn_ctx, &(adj_turn_edge_t){r.turn_begun, r.turn, en->turn, r.leaders,
                                                    r.header->leader_count});
}

/* An entry: the dropped rolls before it, the turn it may begin, the
 * engine, the observer. True when --at's moment is reached. */
static bool replay_entry(adj_audit_t *a, adj_reader_t *r, const adj_entry_t *en,
                         const adj_audit_opts_t *o)
{
    if (o->read_only) {
        o->on_entry(o->entry_ctx, a, en, 0, false);
        return false;
    }
    bool was_over = (o->on_entry || o->at.kind == ADJ_AT_TURN) &&
                    adj_engine_result(a->engine).ended;
    audit_pass_dropped(a, r);
    if (o->on_turn && en->kind == ADJ_EV_TURN)
        turn_edge(a, en, o);
    adj_diags_prune(&a->diags);  /* the reader's, its leader named: explain keeps his */
    size_t from = a->diags.count;
    adj_engine_feed(a->engine, en);
    if (o->on_entry)
        o->on_entry(o->entry_ctx, a, en, from, was_over);
    return at_reached(&o->at, en, was_over);
}

/* The end of `events`: the engine expires what is owed and warns a missing
 * `end`, unless the replay reads on as `status` does (open_end: keys after
 * `events` are still reported), or, for the summary (open_unfinished), the
 * game has not ended: then it finishes only if a stop is found later, at
 * the stream's end. True when the finish is so deferred. */
static bool events_end(adj_audit_t *a, adj_reader_t *r, const adj_audit_opts_t *o)
{
    a->at_whole = o->at.kind != ADJ_AT_NONE;
    audit_pass_dropped(a, r);
    a->events_ended = true;
    if (o->open_end)
        return false;
    if (o->open_unfinished && !adj_engine_result(a->engine).ended)
        return true;
    adj_engine_finish_after(a->engine, adj_reader_events_end(r), adj_reader_events_end_after(r));
    return false;
}

static void replay_run(adj_audit_t *a, adj_reader_t *r, const adj_audit_opts_t *o)
{
    a->reader = r;
    adj_reader_keep_dropped(r, adj_engine_awaited_rolls());
    a->diags.keep = o->diag_keep;
    a->diags.keep_ctx = o->step_ctx;
    adj_ladder_hook(a->ladder, r);
    audit_rulings(a, NULL, o);
    if (o->chunk_count)
        adj_reader_set_chunks(r, o->chunks, o->chunk_count);
    at_arm(&o->at, r);
    bool deferred = false;  /* the summary's finish, until the stream's end */
    for (;;) {
        const adj_entry_t *en;
        adj_read_status_t st = adj_reader_next(r, &en);
        if (st == ADJ_READ_HEADER) {
            if (!o->read_only)
                audit_start_replay(a, r, o);
            if (o->on_header && !o->on_header(o->step_ctx, a))
                break;  /* explain: a name not in the roster */
        } else if (st == ADJ_READ_ENTRY) {
            if (replay_entry(a, r, en, o)) {
                a->at_reached = true;
                break;  /* the moment asked for: nothing expires, no missing-end */
            }
        } else if (st == ADJ_READ_EVENTS_END) {
            if (!o->read_only)
                deferred = events_end(a, r, o);
        } else {
            if (st == ADJ_READ_IO_ERROR) {
                int err = adj_reader_io_errno(r);
                a->io_error = true;
                a->io_errno = err ? err : EIO;
            }
            break;
        }
    }
    if (deferred && a->diags.stopped)  /* a stop: no game in progress (SPEC 5.1) */
        adj_engine_finish_after(a->engine, adj_reader_events_end(r),
                                adj_reader_events_end_after(r));
    adj_diags_prune(&a->diags);
    a->bytes = adj_reader_bytes(r);
    a->events = adj_reader_events(r);
    if (a->engine) {
        a->replayed = true;
        a->result = adj_engine_result(a->engine);
    }
    adj_diags_sort(&a->diags);
}

int adj_log_open(const char *path)
{
    if (strcmp(path, "-") == 0)
        return STDIN_FILENO;
    int fd = open(path, O_RDONLY | O_CLOEXEC);  /* read-only: adjutant never writes a log */
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        fd = -1;
        errno = EISDIR;
    }
    return fd;
}

const char *adj_audit_strerror(int err)
{
    return err == ADJ_ELADDER ? "not audited: its ladder file is not valid" : strerror(err);
}

/* The log's ladder file; false when it is not valid (the log is not read). */
static bool audit_ladder(adj_audit_t *a, const char *path)
{
    if (adj_ladder_for(path, &a->ladder) >= 0)
        return true;
    a->io_error = true;
    a->io_errno = ADJ_ELADDER;
    return false;
}

bool adj_audit_file(adj_audit_t *a, const char *path, const adj_audit_opts_t *o)
{
    memset(a, 0, sizeof *a);
    a->file = adj_xstrdup(path);
    if (!audit_ladder(a, path))
        return false;
    bool is_stdin = strcmp(path, "-") == 0;
    int fd = adj_log_open(path);
    if (fd < 0) {
        a->io_error = true;
        a->io_errno = errno;
        return false;
    }
    adj_reader_t *r = adj_reader_new(fd, path, &a->diags);
    replay_run(a, r, o);
    if (!is_stdin)
        close(fd);
    return !a->io_error;
}

void adj_audit_bytes(adj_audit_t *a, const void *data, size_t size, const char *name,
                     const adj_audit_opts_t *o)
{
    memset(a, 0, sizeof *a);
    a->file = adj_xstrdup(name);
    if (!audit_ladder(a, name))
        return;
    replay_run(a, adj_reader_new_bytes(data, size, name, &a->diags), o);
}

void adj_audit_free(adj_audit_t *a)
{
    adj_engine_free(a->engine);
    adj_reader_free(a->reader);
    adj_diags_free(&a->diags);
    free(a->file);
    memset(a, 0, sizeof *a);
}

bool adj_audit_at_missed(const adj_audit_t *a, const adj_audit_opts_t *o)
{
    return o->at.kind == ADJ_AT_TURN && a->replayed && !a->at_reached;
}
