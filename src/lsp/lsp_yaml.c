/* SPDX-License-Identifier: MIT */
/*
 * lsp_yaml.c - a log's structure as libyaml reads it, for ranges and
 * requests (SPEC 14): where each wanted scalar or flow collection ends,
 * and the items of `leaders` and `events` (their extents and first keys).
 *
 * One libyaml pass under the reader's own limits, applied before libyaml
 * sees a byte (SPEC 14: no byte stream hangs the server): the input is cut
 * before the directive past ADJ_MAX_DIRECTIVES (libyaml compares each
 * %TAG with all before it), and the pass stops past ADJ_MAX_DEPTH nested
 * collections (libyaml walks every open flow level at each token). What a
 * stop leaves unread simply has no extent: its ranges run to their line's
 * end, as for text that does not parse.
 */
#include "lsp.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* ---- the directive limit, on bytes ---- */

/* A line break at s[i] (the reader's five), its length; 0 when none. */
static size_t yaml_break(const unsigned char *s, size_t n, size_t i)
{
    if (s[i] == '\n')
        return 1;
    if (s[i] == '\r')
        return i + 1 < n && s[i + 1] == '\n' ? 2 : 1;
    if (s[i] == 0xC2 && i + 1 < n && s[i + 1] == 0x85)
        return 2;
    if (s[i] == 0xE2 && i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] | 1) == 0xA9)
        return 3;
    return 0;
}

/* Where libyaml's input must end: before the %-directive past the limit,
 * counted as the reader counts them (reader_input.c): a line starting with
 * `%` in a prologue (the stream's start, or after a `...` line, up to the
 * first content line). n when the text stays within the limit. */
static size_t directive_cut(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    bool prologue = true;
    size_t directives = 0;
    for (size_t i = 0; i < n;) {
        size_t at = i, b;
        if (n - i >= 3 && s[i] == 0xEF && s[i + 1] == 0xBB && s[i + 2] == 0xBF)
            i += 3;  /* libyaml skips a BOM at a line's start */
        if (prologue && i < n && s[i] == '%') {
            if (++directives > ADJ_MAX_DIRECTIVES)
                return at;
        } else if (prologue) {
            size_t j = i;
            while (j < n && (s[j] == ' ' || s[j] == '\t'))
                j++;
            if (j < n && !yaml_break(s, n, j) && s[j] != '#')
                prologue = false;  /* content */
            if (!prologue && j == i && n - i >= 3 && !memcmp(s + i, "...", 3))
                prologue = i + 3 == n || yaml_break(s, n, i + 3) || s[i + 3] == ' ' ||
                           s[i + 3] == '\t';
        } else if (n - i >= 3 && !memcmp(s + i, "...", 3)) {
            prologue = i + 3 == n || yaml_break(s, n, i + 3) || s[i + 3] == ' ' ||
                       s[i + 3] == '\t';
        }
        while (i < n && !(b = yaml_break(s, n, i)))
            i++;
        i += i < n ? b : 0;
    }
    return n;
}

/* ---- the pass ---- */

enum { ROLE_NONE, ROLE_TOP, ROLE_EVENTS, ROLE_LEADERS, ROLE_ITEM };

typedef struct frame_s {
    int role;
    bool map, flow;
    bool key_next;         /* a map: the next node is a key */
    int pending;           /* the top map: the role its current key's value takes */
    yaml_mark_t start;
    size_t item_index;     /* ROLE_ITEM: its index in *items (which may move as it grows) */
    lsp_item_t **items;    /* ROLE_ITEM: its list */
    bool first_key;        /* ROLE_ITEM, a map: its first key not yet seen */
} frame_t;

typedef struct pass_s {
    lsp_yaml_t *y;
    frame_t stack[ADJ_MAX_DEPTH];
    size_t depth;
} pass_t;

static lsp_ext_t ext_of(yaml_mark_t a, yaml_mark_t b)
{
    return (lsp_ext_t){(uint32_t)a.line, (uint32_t)a.column, (uint32_t)b.line,
                       (uint32_t)b.column};
}

/* A scalar or flow collection from a to b: kept when a is a wanted start. */
static void wanted(lsp_yaml_t *y, yaml_mark_t a, yaml_mark_t b)
{
    size_t lo = 0, hi = y->want_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const lsp_mark0_t *w = &y->want[mid];
        if (w->line < a.line || (w->line == a.line && w->col < a.column))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < y->want_count && y->want[lo].line == a.line && y->want[lo].col == a.column) {
        y->found[lo] = ext_of(a, b);
        y->has[lo] = true;
    }
}

static lsp_item_t *item_push(lsp_item_t **items, size_t *count, size_t *cap)
{
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *items = adj_xreallocarray(*items, *cap, sizeof **items);
    }
    lsp_item_t *it = &(*items)[(*count)++];
    memset(it, 0, sizeof *it);
    it->key.sl = UINT32_MAX;
    return it;
}

/* A node begins at `start` under the top frame: its role there, and an
 * item of `leaders` or `events` recorded. */
static int node_role(pass_t *p, yaml_mark_t start, size_t *index, lsp_item_t ***list)
{
    lsp_yaml_t *y = p->y;
    frame_t *up = p->depth ? &p->stack[p->depth - 1] : NULL;
    if (!up)
        return ROLE_TOP;
    if (up->map && up->key_next)
        return ROLE_NONE;  /* a key */
    if (up->role == ROLE_TOP)
        return up->pending;
    if ((up->role == ROLE_EVENTS || up->role == ROLE_LEADERS) && y->items) {
        bool ev = up->role == ROLE_EVENTS;
        lsp_item_t *it = ev ? item_push(&y->events, &y->event_count, &y->event_cap)
                            : item_push(&y->leaders, &y->leader_count, &y->leader_cap);
        it->ext = ext_of(start, start);
        *index = (ev ? y->event_count : y->leader_count) - 1;
        *list = ev ? &y->events : &y->leaders;
        return ROLE_ITEM;
    }
    return ROLE_NONE;
}

/* A node ended at `end`: its parent map turns from key to value and back;
 * the items it lies in reach at least `end`. */
static void node_done(pass_t *p, yaml_mark_t end)
{
    for (size_t i = 0; i < p->depth; i++)
        if (p->stack[i].role == ROLE_ITEM) {
            lsp_item_t *it = &(*p->stack[i].items)[p->stack[i].item_index];
            it->ext.el = (uint32_t)end.line;
            it->ext.ec = (uint32_t)end.column;
        }
    if (p->depth) {
        frame_t *up = &p->stack[p->depth - 1];
        if (up->map)
            up->key_next = !up->key_next;
    }
}

static void on_scalar(pass_t *p, const yaml_event_t *ev)
{
    frame_t *up = p->depth ? &p->stack[p->depth - 1] : NULL;
    wanted(p->y, ev->start_mark, ev->end_mark);
    if (up && up->map && up->key_next) {
        const char *k = (const char *)ev->data.scalar.value;
        if (up->role == ROLE_TOP)
            up->pending = !strcmp(k, "events")    ? ROLE_EVENTS
                          : !strcmp(k, "leaders") ? ROLE_LEADERS
                                                  : ROLE_NONE;
        if (up->role == ROLE_ITEM && up->first_key) {
            (*up->items)[up->item_index].key = ext_of(ev->start_mark, ev->end_mark);
            up->first_key = false;
        }
    } else {
        size_t index = 0;
        lsp_item_t **list = NULL;
        if (node_role(p, ev->start_mark, &index, &list) == ROLE_ITEM)
            (*list)[index].ext = ext_of(ev->start_mark, ev->end_mark);
    }
    node_done(p, ev->end_mark);
}

/* Returns false past the depth limit: the pass stops there, as the reader does. */
static bool on_start(pass_t *p, const yaml_event_t *ev, bool map, bool flow)
{
    if (p->depth >= ADJ_MAX_DEPTH)
        return false;
    frame_t f = {.map = map, .flow = flow, .key_next = map, .start = ev->start_mark};
    f.role = node_role(p, ev->start_mark, &f.item_index, &f.items);
    if (f.role == ROLE_EVENTS)
        p->y->events_start = ext_of(ev->start_mark, ev->start_mark), p->y->has_events = true;
    f.first_key = f.role == ROLE_ITEM && map;
    p->stack[p->depth++] = f;
    return true;
}

static void on_end(pass_t *p, const yaml_event_t *ev)
{
    if (!p->depth)
        return;
    frame_t f = p->stack[--p->depth];
    if (f.role == ROLE_EVENTS) {
        p->y->events_closed = true;
        p->y->events_end = ext_of(ev->end_mark, ev->end_mark);
    }
    if (f.flow) {
        wanted(p->y, f.start, ev->end_mark);
        if (f.role == ROLE_ITEM) {
            (*f.items)[f.item_index].ext.el = (uint32_t)ev->end_mark.line;
            (*f.items)[f.item_index].ext.ec = (uint32_t)ev->end_mark.column;
        }
        node_done(p, ev->end_mark);
    } else if (p->depth && p->stack[p->depth - 1].map) {
        p->stack[p->depth - 1].key_next = !p->stack[p->depth - 1].key_next;
    }
}

static bool pass_event(pass_t *p, const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        on_scalar(p, ev);
        return true;
    case YAML_SEQUENCE_START_EVENT:
        return on_start(p, ev, false,
                        ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE);
    case YAML_MAPPING_START_EVENT:
        return on_start(p, ev, true, ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        on_end(p, ev);
        return true;
    case YAML_DOCUMENT_END_EVENT:
        return false;  /* a log is one document */
    case YAML_ALIAS_EVENT:
        return false;  /* the reader stops here too */
    default:
        return true;
    }
}

/* Past y->stop, with no flow collection or item open: nothing left that
 * the caller asked for (a want lies before, an item has closed). */
static bool done(const pass_t *p, const yaml_event_t *ev)
{
    const lsp_yaml_t *y = p->y;
    if (!y->has_stop || ev->start_mark.line < y->stop.line ||
        (ev->start_mark.line == y->stop.line && ev->start_mark.column <= y->stop.col))
        return false;
    for (size_t i = 0; i < p->depth; i++)
        if (p->stack[i].flow || p->stack[i].role == ROLE_ITEM)
            return false;
    return true;
}

void lsp_yaml_scan(lsp_yaml_t *y, const char *s, size_t n)
{
    y->found = y->want_count ? adj_xcalloc(y->want_count, sizeof *y->found) : NULL;
    y->has = y->want_count ? adj_xcalloc(y->want_count, sizeof *y->has) : NULL;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        adj_oom();
    yaml_parser_set_input_string(&parser, (const unsigned char *)s, directive_cut(s, n));
    pass_t p = {.y = y};
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev))
            break;
        bool go = !done(&p, &ev) && pass_event(&p, &ev) && ev.type != YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
        if (!go)
            break;
    }
    yaml_parser_delete(&parser);
}

void lsp_yaml_free(lsp_yaml_t *y)
{
    free(y->found);
    free(y->has);
    free(y->events);
    free(y->leaders);
    memset(y, 0, sizeof *y);
}
