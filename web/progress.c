/* SPDX-License-Identifier: MIT */
/*
 * web/progress.c - what the page learns from libyaml's parse (web build
 * only, SPEC §10): how far it has read into the log, and where the log's
 * `events` and their items stand (the recorder's edits, §10.1).
 *
 * web/build.sh compiles libyaml with its yaml_parser_parse renamed
 * adj_yaml_parser_parse_real, so the engine's calls come here: each event is
 * parsed as before, then
 *   - every 64 KiB of input (and at each new parse) the parser's byte
 *     offset is passed to Module.onParsed, if the worker set it;
 *   - the events of the first document's top-level `events` value are
 *     followed, and Module.onMark(kind, index, line, column) is told where
 *     the key, the list and each item start and end (marks_t below), as the
 *     engine's own reading finds them: the recorder places and removes an
 *     entry by these marks, never by guessing from indentation.
 * The native build never sees this file.
 */
#include <emscripten.h>
#include <string.h>
#include <yaml.h>

int adj_yaml_parser_parse_real(yaml_parser_t *parser, yaml_event_t *event);

EM_JS(void, adj_web_parsed, (double at), {
    if (Module["onParsed"]) Module["onParsed"](at);
});

/* A mark: INDEX is libyaml's character count from the start (a BOM not
 * counted), LINE and COLUMN zero-based, as yaml_mark_t has them. */
EM_JS(void, adj_web_mark, (int parse, int kind, double index, double line, double column), {
    if (Module["onMark"]) Module["onMark"](parse, kind, index, line, column);
});

enum { PROGRESS_STEP = 64 * 1024 };

/* What adj_web_mark reports (the worker's MARK names, adjutant-worker.js). */
enum mark_kind_e {
    MK_BEGIN = 0,       /* a new parse (a file: the log, or a ladder file read beside it) */
    MK_KEY = 1,         /* the `events` key's start */
    MK_KEY_END = 2,     /* its end */
    MK_BLOCK = 3,       /* the value is a block list: its first `-` */
    MK_FLOW = 4,        /* the value is a flow list: its `[` */
    MK_SCALAR = 5,      /* the value is a scalar (`events:`, `events: ~`): its start */
    MK_OTHER = 6,       /* the value is a mapping: its start */
    MK_ITEM = 7,        /* an item's first character (its `-` precedes it) */
    MK_ITEM_END = 8,    /* the end of that item's last character */
    MK_EMPTY_ITEM = 9,  /* an item that is empty (`-` and nothing), at its start */
    MK_LIST_END = 10,   /* the list's end: after `]`, or where a block list stops */
    MK_VALUE_END = 11,  /* a scalar or mapping value's end */
    MK_ERROR = 12       /* the parse failed here (libyaml's problem mark) */
};

/* One parse followed (a ladder file may be parsed while the log's parse
 * is under way: each parser has its own). */
typedef struct marks_s {
    const yaml_parser_t *parser;  /* whose events these are (not owned) */
    int id;                 /* the parse's number in the run, told with each mark */
    int depth;              /* collections open */
    int docs;               /* documents started */
    int root_nodes;         /* nodes started at depth 1 (keys and values) */
    int events_next;        /* the next node at depth 1 is `events`' value */
    int list_depth;         /* depth inside the `events` list, 0 when not in it */
    int value_depth;        /* depth inside a mapping value of `events`, 0 when none */
    int item_flow;          /* the open item is a flow collection */
    yaml_mark_t content_end;  /* the end of the last scalar, alias or flow `]`/`}` */
} marks_t;

enum { MARKS_SLOTS = 4 };  /* parsers open at once: the log and a ladder file */

static void mark(const marks_t *s, int kind, yaml_mark_t m)
{
    adj_web_mark(s->id, kind, (double)m.index, (double)m.line, (double)m.column);
}

/* The slot of PARSER; a new parse (STREAM-START) takes the slot its parser
 * had, or the oldest. */
static marks_t *marks_slot(const yaml_parser_t *parser, int starts)
{
    static marks_t slots[MARKS_SLOTS];
    static int parses;
    marks_t *s = NULL;
    for (int i = 0; i < MARKS_SLOTS && !s; i++)
        if (slots[i].parser == parser)
            s = &slots[i];
    if (!starts)
        return s;
    if (!s) {
        s = &slots[0];
        for (int i = 1; i < MARKS_SLOTS; i++)
            if (slots[i].id < s->id)
                s = &slots[i];
    }
    memset(s, 0, sizeof *s);
    s->parser = parser;
    s->id = ++parses;
    return s;
}

static int is_start(yaml_event_type_t t)
{
    return t == YAML_SCALAR_EVENT || t == YAML_ALIAS_EVENT || t == YAML_SEQUENCE_START_EVENT ||
           t == YAML_MAPPING_START_EVENT;
}

static int is_end(yaml_event_type_t t)
{
    return t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT;
}

/* A node of the `events` list at the list's own depth: an item begins (a
 * scalar or alias is whole at once). */
static void marks_item(marks_t *s, const yaml_event_t *e)
{
    if (e->type == YAML_SCALAR_EVENT && e->data.scalar.length == 0 && e->data.scalar.plain_implicit &&
        e->start_mark.index == e->end_mark.index) {
        mark(s, MK_EMPTY_ITEM, e->start_mark);  /* its marks may lie on a later line */
        return;
    }
    mark(s, MK_ITEM, e->start_mark);
    if (e->type == YAML_SCALAR_EVENT || e->type == YAML_ALIAS_EVENT) {
        mark(s, MK_ITEM_END, e->end_mark);
        return;
    }
    s->item_flow = e->type == YAML_SEQUENCE_START_EVENT
                       ? e->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                       : e->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
}

/* The value of the top-level `events` key begins. */
static void marks_value(marks_t *s, const yaml_event_t *e)
{
    s->events_next = 0;
    if (e->type == YAML_SEQUENCE_START_EVENT) {
        mark(s, e->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE ? MK_FLOW : MK_BLOCK, e->start_mark);
        s->list_depth = s->depth + 1;
    } else if (e->type == YAML_MAPPING_START_EVENT) {
        mark(s, MK_OTHER, e->start_mark);
        s->value_depth = s->depth + 1;
    } else {
        mark(s, e->type == YAML_SCALAR_EVENT ? MK_SCALAR : MK_OTHER, e->start_mark);
        mark(s, MK_VALUE_END, e->end_mark);
    }
}

static void marks_follow(const yaml_parser_t *parser, const yaml_event_t *e)
{
    marks_t *s = marks_slot(parser, e->type == YAML_STREAM_START_EVENT);
    if (!s)
        return;  /* a parse begun before this file was followed */
    if (e->type == YAML_STREAM_START_EVENT)
        mark(s, MK_BEGIN, e->start_mark);
    if (e->type == YAML_DOCUMENT_START_EVENT)
        s->docs++;
    if (s->docs != 1)
        return;
    if (e->type == YAML_SCALAR_EVENT || e->type == YAML_ALIAS_EVENT ||
        (is_end(e->type) && e->end_mark.index > e->start_mark.index))  /* a flow `]` or `}` */
        s->content_end = e->end_mark;
    if (is_start(e->type) && s->list_depth && s->depth == s->list_depth)
        marks_item(s, e);
    if (is_start(e->type) && s->depth == 1) {
        if (s->events_next)
            marks_value(s, e);
        else if (s->root_nodes % 2 == 0 && e->type == YAML_SCALAR_EVENT && e->data.scalar.length == 6 &&
                 memcmp(e->data.scalar.value, "events", 6) == 0) {
            mark(s, MK_KEY, e->start_mark);
            mark(s, MK_KEY_END, e->end_mark);
            s->events_next = 1;
        }
        s->root_nodes++;
    }
    if (e->type == YAML_SEQUENCE_START_EVENT || e->type == YAML_MAPPING_START_EVENT)
        s->depth++;
    if (!is_end(e->type))
        return;
    s->depth--;
    if (s->list_depth && s->depth == s->list_depth)  /* an item's collection closes */
        mark(s, MK_ITEM_END, s->item_flow ? e->end_mark : s->content_end);
    else if (s->list_depth && s->depth == s->list_depth - 1) {
        mark(s, MK_LIST_END, e->end_mark);
        s->list_depth = 0;
    } else if (s->value_depth && s->depth == s->value_depth - 1) {
        mark(s, MK_VALUE_END, e->end_mark);
        s->value_depth = 0;
    }
}

int yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event)
{
    static const yaml_parser_t *last_parser;
    static size_t last_at;
    int ok = adj_yaml_parser_parse_real(parser, event);
    size_t at = parser->offset;
    if (parser != last_parser || at < last_at || at - last_at >= PROGRESS_STEP) {
        last_parser = parser;
        last_at = at;
        adj_web_parsed((double)at);
    }
    if (ok) {
        marks_follow(parser, event);
    } else {
        const marks_t *s = marks_slot(parser, 0);
        if (s)
            mark(s, MK_ERROR, parser->problem_mark);
    }
    return ok;
}
