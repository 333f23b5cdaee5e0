/*
 * ladder.c - placeholder until the ladder module lands (SPEC 13): no
 * ladder knows anything. Replaced whole by the ladder's implementation.
 */
#include "adj_ladder.h"

const char *adj_ladder_path(const adj_ladder_t *l) { (void)l; return NULL; }
const char *adj_ladder_name(const adj_ladder_t *l) { (void)l; return NULL; }

const adj_victory_row_t *adj_ladder_victory(const adj_ladder_t *l, const char *scenario, size_t *n)
{
    (void)l; (void)scenario;
    *n = 0;
    return NULL;
}

const char *adj_ladder_player(const adj_ladder_t *l, const char *name, size_t len)
{
    (void)l; (void)name; (void)len;
    return NULL;
}
