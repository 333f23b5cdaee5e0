/* SPDX-License-Identifier: MIT */
/*
 * adj_common.h - small shared pieces: source marks, a growable byte buffer,
 * and overflow-safe integer arithmetic.
 *
 * Memory rule for the whole project: a struct owns every pointer it holds
 * unless the field's comment says "borrowed". Each owner has a *_free or
 * *_delete function that releases everything it owns.
 */
#ifndef ADJ_COMMON_H
#define ADJ_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The project's version: CMakeLists.txt's project(VERSION), given by the
 * build (CMake, web/build.sh); the fallback is for a bare compile. */
#ifndef ADJ_VERSION
#define ADJ_VERSION "1.0.0"
#endif

/* A place in a log file. Both numbers are 1-based, as printed. */
typedef struct adj_mark_s {
    size_t line;
    size_t column;
} adj_mark_t;

/* A growable byte buffer. `data` is owned, always NUL-terminated once
 * anything was written; `len` excludes the terminator. Allocation failure
 * aborts the program (there is nothing sensible left to do). */
typedef struct adj_buf_s {
    char *data;
    size_t len;
    size_t cap;
} adj_buf_t;

void adj_buf_free(adj_buf_t *b);
void adj_buf_reset(adj_buf_t *b);                 /* len = 0, keeps memory */
void adj_buf_put(adj_buf_t *b, const char *s, size_t n);
void adj_buf_puts(adj_buf_t *b, const char *s);
void adj_buf_putc(adj_buf_t *b, char c);
void adj_buf_printf(adj_buf_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void adj_buf_vprintf(adj_buf_t *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Checked allocation: abort with a message on failure, never return NULL.
 * adj_oom is that failure, for allocators outside these (libyaml's). */
void adj_oom(void) __attribute__((noreturn));
void *adj_xmalloc(size_t n);
void *adj_xcalloc(size_t count, size_t size);
void *adj_xrealloc(void *p, size_t n);
void *adj_xreallocarray(void *p, size_t count, size_t size);
char *adj_xstrdup(const char *s);
char *adj_xstrndup(const char *s, size_t n);
char *adj_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Saturating int64 arithmetic: a hostile log may hold any 64-bit value and
 * the engine must never overflow (undefined behaviour) on it. */
int64_t adj_sat_add(int64_t a, int64_t b);
int64_t adj_sat_sub(int64_t a, int64_t b);

/* FNV-1a, 64 bits, of n bytes: the key of the hash tables of names (the
 * dice's player groups, the summary's standings; a collision costs a probe). */
uint64_t adj_fnv1a(const void *p, size_t n);

/* Escape arbitrary bytes for a terminal: printable ASCII and valid UTF-8
 * pass, control characters become \n-style or \xHH escapes; C1 and
 * bidirectional controls (U+202A-U+202E, U+2066-U+2069) and invalid UTF-8
 * become \xHH, one a byte. Appends to `out`. */
void adj_escape_text(adj_buf_t *out, const char *s, size_t n);

/* adj_escape_text, cut to `width` bytes of escaped text with "..." when
 * longer (0: no limit), for the text reports' aligned columns. */
void adj_escape_text_cut(adj_buf_t *out, const char *s, size_t len, size_t width);

/* A name (a file's, or any word from the command line) as every report,
 * header and message on standard error shows it (SPEC 5 "Names"): the
 * one function names go through (JSON's adj_json_name adds its quoting). */
void adj_escape_name(adj_buf_t *out, const char *name);

/* Append `s` as a JSON string literal (with quotes). Invalid UTF-8 bytes
 * become U+FFFD so the output is always valid UTF-8 and valid JSON. */
void adj_json_string(adj_buf_t *out, const char *s, size_t n);

#endif
