/*
 * audit.c - one file's audit: the reader's streaming loop feeding the
 * engine, stopping where `--at` says.
 */
#include "adj_audit.h"

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
    if (*num == '\0')
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

static void audit_run(adj_audit_t *a, adj_reader_t *r, const adj_audit_opts_t *o)
{
    a->reader = r;
    if (o->at.kind == ADJ_AT_LINE)
        adj_reader_stop_after_line(r, (size_t)o->at.value);
    for (;;) {
        const adj_entry_t *en;
        size_t before = a->diags.count;
        adj_read_status_t st = adj_reader_next(r, &en);
        /* the reader knows no turns: date its findings with the replay's turn */
        for (size_t i = before; a->engine && a->engine->turn_begun && i < a->diags.count; i++) {
            if (!a->diags.items[i].has_turn) {
                a->diags.items[i].has_turn = true;
                a->diags.items[i].turn = a->engine->turn;
            }
        }
        if (st == ADJ_READ_HEADER) {
            a->engine = adj_engine_new(adj_reader_header(r), &o->rulings, &a->diags);
            a->engine->on_step = o->on_step;
            a->engine->step_ctx = o->step_ctx;
        } else if (st == ADJ_READ_ENTRY) {
            bool was_over = a->engine->ended;
            adj_engine_feed(a->engine, en);
            if (o->at.kind == ADJ_AT_TURN && en->kind == ADJ_EV_TURN &&
                en->turn == o->at.value && !was_over)
                break;  /* the moment asked for: nothing expires, no missing-end */
        } else if (st == ADJ_READ_EVENTS_END) {
            adj_engine_finish(a->engine, adj_reader_events_end(r));
        } else {
            if (st == ADJ_READ_IO_ERROR) {
                int err = adj_reader_io_errno(r);
                a->io_error = true;
                a->io_errno = err ? err : EIO;
            }
            break;
        }
    }
    a->bytes = adj_reader_bytes(r);
    a->events = adj_reader_events(r);
    adj_diags_sort(&a->diags);
}

bool adj_audit_file(adj_audit_t *a, const char *path, const adj_audit_opts_t *o)
{
    memset(a, 0, sizeof *a);
    a->file = adj_xstrdup(path);
    int fd = 0;
    if (strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY | O_CLOEXEC);  /* read-only: adjutant never writes a log */
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            fd = -1;
            errno = EISDIR;
        }
        if (fd < 0) {
            a->io_error = true;
            a->io_errno = errno;
            return false;
        }
    }
    adj_reader_t *r = adj_reader_new(fd, path, &a->diags);
    audit_run(a, r, o);
    if (fd > 0)
        close(fd);
    return !a->io_error;
}

void adj_audit_bytes(adj_audit_t *a, const void *data, size_t size, const char *name,
                     const adj_audit_opts_t *o)
{
    memset(a, 0, sizeof *a);
    a->file = adj_xstrdup(name);
    audit_run(a, adj_reader_new_bytes(data, size, name, &a->diags), o);
}

void adj_audit_free(adj_audit_t *a)
{
    adj_engine_free(a->engine);
    adj_reader_free(a->reader);
    adj_diags_free(&a->diags);
    free(a->file);
    memset(a, 0, sizeof *a);
}
