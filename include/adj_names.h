/* SPDX-License-Identifier: MIT */
/*
 * adj_names.h - when two written names are the same player (SPEC 7, and
 * the ladder of SPEC 13): the key of a name, and the one-edit look-alike
 * test between two keys. Shared by `dice` and the ladder.
 *
 * The key of a name is Unicode's canonical caseless match of it with every
 * default-ignorable code point removed (zero-width spaces and joiners,
 * U+FEFF, the soft hyphen, the bidi controls): NFC(casefold(D)), D the name
 * in NFD without those (utf8proc: DECOMPOSE | IGNORE, then CASEFOLD |
 * COMPOSE), with every run of white space (Unicode White_Space, the
 * no-break space included) made one U+0020 and none at either end. A name
 * that is not valid UTF-8 is keyed as its bytes (such a key never equals a
 * valid one: it is not valid UTF-8 either). Names are bytes with a length:
 * a NUL is a code point like another.
 *
 *     size_t n; char *k = adj_name_key(name, len, &n);   ... free(k);
 *
 * Pure functions: safe from several threads at once.
 */
#ifndef ADJ_NAMES_H
#define ADJ_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* The key of name[0..len) (it may hold NUL bytes): owned, NUL-terminated,
 * its length in *key_len. */
char *adj_name_key(const char *name, size_t len, size_t *key_len);

/* True when keys a and b differ by exactly one edit of one code point: one
 * added, removed or changed, or two neighbours swapped (equal keys: false).
 * A key that is not valid UTF-8 is taken byte by byte. */
bool adj_name_look_alike(const char *a, size_t an, const char *b, size_t bn);

#endif
