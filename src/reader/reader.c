/* SPDX-License-Identifier: MIT */
/*
 * reader.c - the reader's top: libyaml events -> the typed header and one
 * typed entry per event, with every format diagnostic (SPEC 1, 2 and 3.1
 * step 1). It calls down into the stages (reader_header.c, reader_event.c)
 * and the stream (reader_pull.c, reader_input.c), and nothing calls it
 * back (see reader_private.h for the layers).
 *
 * What it reads, in libyaml's event grammar:
 *
 *   stream   ::= STREAM-START document STREAM-END
 *   document ::= DOCUMENT-START MAPPING-START header* events MAPPING-END DOCUMENT-END
 *   header   ::= KEY value            (format, game, scenario, first_turn, ...)
 *   events   ::= "events" SEQUENCE-START event* SEQUENCE-END   (the last key)
 *   event    ::= MAPPING-START (KEY value)* MAPPING-END   (exactly one kind key)
 *
 * The reader never builds a tree: it holds the header (proportional to the
 * roster) and the event being read, and skips everything else node by node.
 * Every event passes through reader_pull (reader_pull.c), the one place that
 * enforces the reading limits.
 */
#include "reader_private.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The document                                                        */
/* ------------------------------------------------------------------ */

/* After the events sequence: the document must end, and be the only one. */
static adj_read_status_t read_after(adj_reader_t *r)
{
    if (!reader_pull(&r->st))
        return reader_status(&r->st);
    if (r->st.ev.type != YAML_MAPPING_END_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, ev_mark(r),
                    "a key after `events`: `events` must be the last key of the log");
        return reader_status(&r->st);
    }
    if (!reader_pull(&r->st) || !reader_pull(&r->st))
        return reader_status(&r->st);
    if (r->st.ev.type == YAML_DOCUMENT_START_EVENT) {
        reader_stop(&r->st, ADJ_D_BAD_DOCUMENT, ev_mark(r),
                    "a second YAML document: a log file holds exactly one");
        return reader_status(&r->st);
    }
    r->st.state = RS_DONE;
    return ADJ_READ_DONE;
}

adj_read_status_t adj_reader_next(adj_reader_t *r, const adj_entry_t **entry)
{
    if (entry)
        *entry = NULL;
    switch (r->st.state) {
    case RS_START:
        return reader_read_start(r);
    case RS_EVENTS:
        for (;;) {
            if (!reader_pull(&r->st))
                return reader_status(&r->st);
            if (r->st.ev.type == YAML_SEQUENCE_END_EVENT) {
                r->events_end = ev_mark(r);
                /* ended by the file's end: libyaml's mark lies after its last line */
                if (r->st.parser.eof && r->st.parser.mark.index == r->st.ev.start_mark.index &&
                    r->st.ev.start_mark.column == 0 && r->st.ev.start_mark.line > 0)
                    r->events_end_after = r->st.ev.start_mark.line;
                r->st.state = RS_AFTER_EVENTS;
                return ADJ_READ_EVENTS_END;
            }
            int got = reader_read_event(r);
            if (got > 0) {
                if (entry)
                    *entry = &r->entry;
                return ADJ_READ_ENTRY;
            }
            if (got < 0)
                return reader_status(&r->st);
        }
    case RS_AFTER_EVENTS:
        return read_after(r);
    default:
        return reader_status(&r->st);
    }
}

/* ------------------------------------------------------------------ */
/* Life cycle and accessors                                            */
/* ------------------------------------------------------------------ */

static adj_reader_t *reader_alloc(const char *filename, adj_diags_t *diags)
{
    reader_event_init();
    adj_reader_t *r = adj_xcalloc(1, sizeof *r);
    if (!yaml_parser_initialize(&r->st.parser))
        adj_oom();  /* libyaml's only failure here is malloc's */
    reader_input_init(&r->st);
    r->filename = filename;
    r->diags = r->st.diags = diags;
    r->st.fd = -1;
    r->last_leader = -1;
    return r;
}

adj_reader_t *adj_reader_new(int fd, const char *filename, adj_diags_t *diags)
{
    adj_reader_t *r = reader_alloc(filename, diags);
    r->st.fd = fd;
    return r;
}

adj_reader_t *adj_reader_new_bytes(const void *data, size_t size, const char *filename,
                                   adj_diags_t *diags)
{
    adj_reader_t *r = reader_alloc(filename, diags);
    r->st.mem = data;
    r->st.mem_size = size;
    return r;
}

void adj_reader_free(adj_reader_t *r)
{
    if (!r)
        return;
    adj_yaml_event_release(&r->st.ev);
    yaml_parser_delete(&r->st.parser);
    reader_header_free(r);
    reader_event_free(r);
    reader_input_free(&r->st);
    reader_keyset_free(&r->keys);
    reader_keyset_free(&r->keys2);
    adj_buf_free(&r->msg);
    adj_buf_free(&r->tmp);
    free(r);
}

const adj_header_t *adj_reader_header(const adj_reader_t *r)
{
    return r->header_ready ? &r->header : NULL;
}

adj_mark_t adj_reader_events_end(const adj_reader_t *r) { return r->events_end; }
size_t adj_reader_events_end_after(const adj_reader_t *r) { return r->events_end_after; }
void adj_reader_set_chunks(adj_reader_t *r, const size_t *sizes, size_t count)
{
    r->st.chunks = sizes;
    r->st.chunk_count = count;
}

void adj_reader_stop_after_line(adj_reader_t *r, size_t line) { r->stop_line = line; }
uint64_t adj_reader_bytes(const adj_reader_t *r) { return r->st.bytes; }
uint64_t adj_reader_events(const adj_reader_t *r) { return r->st.events; }
int adj_reader_io_errno(const adj_reader_t *r) { return r->st.io_errno; }

int32_t adj_reader_leader_index(const adj_reader_t *r, const char *id)
{
    return r->header_ready ? reader_leader_find(r, id, strlen(id)) : -1;
}

_Static_assert(ADJ_EVENT_COUNT <= 32, "adj_reader_keep_dropped's mask holds a bit per kind");
void adj_reader_keep_dropped(adj_reader_t *r, uint32_t kinds) { r->keep_dropped = kinds; }

size_t adj_reader_take_dropped(adj_reader_t *r, adj_dropped_t out[ADJ_MAX_DROPPED])
{
    size_t n = r->dropped_count;
    memcpy(out, r->dropped, n * sizeof *out);
    r->dropped_count = 0;
    return n;
}
