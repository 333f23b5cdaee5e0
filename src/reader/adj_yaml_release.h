/* SPDX-License-Identifier: MIT */
/*
 * adj_yaml_release.h - release a libyaml event's strings, cheaply.
 *
 * A log is made of scalars and collection starts and ends. For those,
 * adj_yaml_event_release frees the strings libyaml allocated for the event
 * (anchor, tag, value: libyaml allocates with malloc, and the reader already
 * frees the scalar strings it takes over with free()) and does nothing else.
 * yaml_event_delete would also switch on the type, call yaml_free through
 * the PLT for every field, NULL or not, and clear the whole event, which
 * yaml_parser_parse clears again before it fills it. Any other event goes to
 * yaml_event_delete.
 *
 * Used by the reader (src/reader.c) and by the benchmark's floor in its
 * --lean mode (bench/floor.c), so that both release events the same way.
 * Afterwards the event is a YAML_NO_EVENT: releasing it again frees nothing,
 * and it may be passed to yaml_parser_parse again.
 */
#ifndef ADJ_YAML_RELEASE_H
#define ADJ_YAML_RELEASE_H

#include <stdlib.h>
#include <yaml.h>

/* An event's anchor and tag: almost always both NULL, so one test skips
 * two calls. */
static inline void adj_yaml_free_names(yaml_char_t *anchor, yaml_char_t *tag)
{
    if (anchor || tag) {
        free(anchor);
        free(tag);
    }
}

static inline void adj_yaml_event_release(yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        adj_yaml_free_names(ev->data.scalar.anchor, ev->data.scalar.tag);
        free(ev->data.scalar.value);
        break;
    case YAML_SEQUENCE_START_EVENT:
        adj_yaml_free_names(ev->data.sequence_start.anchor, ev->data.sequence_start.tag);
        break;
    case YAML_MAPPING_START_EVENT:
        adj_yaml_free_names(ev->data.mapping_start.anchor, ev->data.mapping_start.tag);
        break;
    case YAML_NO_EVENT:
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        break;
    default:
        yaml_event_delete(ev);
        break;
    }
    ev->type = YAML_NO_EVENT;  /* released: nothing left to free */
}

#endif
