/* SPDX-License-Identifier: MIT */
/*
 * reader_input.c - the input filter: the bytes libyaml reads, and where
 * they stand.
 *
 * Between the file and libyaml: it holds back input from the first byte
 * libyaml would reject (so an encoding error stops the audit where it
 * stands), caps the %-directives, follows UTF-16 input, and records where
 * multibyte characters make libyaml's character marks and the file's byte
 * offsets part (reader_span_slow).
 */
#include "reader_stream.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static void offsets_scan(rd_stream_t *r, const unsigned char *p, size_t n);

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

/* libyaml decodes up to 16 KiB ahead of its scanner, so a byte it rejects
 * (bad UTF-8, a control character) would stop the parse before the events
 * just ahead of it were read. The input handler holds back everything from
 * the first such byte until libyaml has taken all that comes before it, so
 * an encoding error stops the audit exactly where it stands. */

/* The same scan counts directives (%TAG, %YAML): libyaml checks each new
 * one against all before it and resolves every tag against all of them,
 * which is quadratic; a game log needs none. YAML reads a directive only
 * in a prologue: at the stream's start or after a `...` line, up to the
 * first content line; a `%` line anywhere else (say inside a quoted note)
 * is text, so the scan follows the line structure, per code point:
 * prologue lines one by one, and in the body only `...` at a line's start. */

typedef enum line_state_e {
    LS_START,       /* at a line's start */
    LS_BLANKS,      /* only blanks so far (prologue) */
    LS_DOTS1, LS_DOTS2, LS_DOTS3,  /* `.`, `..`, `...` from the start (body) */
    LS_REST         /* the rest of the line does not matter */
} line_state_t;

/* One code point; false when it is the directive past the limit. */
static inline bool directive_step(rd_stream_t *r, uint32_t c)
{
    if (c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029) {
        if (r->line == LS_DOTS3)
            r->prologue = true;  /* `...` ended a document */
        r->line = LS_START;
        return true;
    }
    bool blank = c == ' ' || c == '\t';
    if (r->prologue) {
        if (r->line == LS_START && c == '%') {
            r->line = LS_REST;
            if (++r->directives > ADJ_MAX_DIRECTIVES) {
                r->directive_limit = true;
                return false;
            }
            return true;
        }
        if (r->line == LS_START && c == 0xFEFF)
            return true;  /* libyaml skips a BOM at a line's start */
        if (r->line == LS_START || r->line == LS_BLANKS) {
            if (blank)
                r->line = LS_BLANKS;
            else if (c == '#')
                r->line = LS_REST;  /* a comment line */
            else if (r->line == LS_START)
                r->prologue = false;  /* content: the body, this line included */
            else
                r->prologue = false, r->line = LS_REST;
        }
        if (r->prologue)
            return true;
    }
    switch (r->line) {
    case LS_START: r->line = c == '.' ? LS_DOTS1 : LS_REST; break;
    case LS_DOTS1: r->line = c == '.' ? LS_DOTS2 : LS_REST; break;
    case LS_DOTS2: r->line = c == '.' ? LS_DOTS3 : LS_REST; break;
    case LS_DOTS3:
        r->prologue = blank;  /* `... # comment` */
        r->line = LS_REST;
        break;
    default: break;
    }
    return true;
}

enum { BC_BAD = 0, BC_OK = 1, BC_LEAD = 2, BC_DOT = 4 };

/* BC_OK: printable ASCII, tab, LF, CR; BC_DOT: `.`, which may start a
 * `...` line; BC_LEAD: a UTF-8 lead byte; BC_BAD: a byte libyaml rejects
 * where it stands (control, DEL, stray continuation). Only BC_OK has bit
 * 0, so the AND of eight classes is BC_OK when all are. */
static const unsigned char byte_class[256] = {
    [0x09] = BC_OK, [0x0A] = BC_OK, [0x0D] = BC_OK,
    [0x20 ... 0x2D] = BC_OK,
    ['.'] = BC_DOT,
    [0x2F ... 0x7E] = BC_OK,
    [0xC0 ... 0xF7] = BC_LEAD,
};

/* From i, skip whole 16-byte blocks of BC_OK bytes (SSE2 is part of
 * x86-64; elsewhere the eight-at-a-time loop does all the work). The scan
 * runs over every byte of every log, and this is four times fewer
 * instructions than the table. */
static inline size_t plain_run16(const unsigned char *p, size_t i, size_t n)
{
#ifdef __SSE2__
    const __m128i sp = _mm_set1_epi8(0x1F), del = _mm_set1_epi8(0x7F),
                  dot = _mm_set1_epi8('.'), tab = _mm_set1_epi8('\t'),
                  lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        /* signed: bytes 0x80.. are negative, so "> 0x1F" is 0x20..0x7F */
        __m128i text = _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi8(v, del),
                                                     _mm_cmpeq_epi8(v, dot)),
                                        _mm_cmpgt_epi8(v, sp));
        __m128i ctl = _mm_or_si128(_mm_cmpeq_epi8(v, lf),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, cr)));
        if (_mm_movemask_epi8(_mm_or_si128(text, ctl)) != 0xFFFF)
            break;
        i += 16;
    }
#else
    (void)p;
    (void)n;
#endif
    return i;
}

/* A decoded UTF-8 character libyaml takes: shortest form, printable. */
static bool utf8_char_ok(size_t width, uint32_t v)
{
    bool shortest = (width == 2 && v >= 0x80) || (width == 3 && v >= 0x800) ||
                    (width == 4 && v >= 0x10000);
    bool printable = v == 0x85 || (v >= 0xA0 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) ||
                     (v >= 0x10000 && v <= 0x10FFFF);
    return shortest && printable;
}

/* The length of the longest prefix libyaml may have (a sequence cut by the
 * end of the chunk counts: the next chunk completes it). Stops before a
 * byte libyaml rejects, or before the directive past the limit. */
static size_t accepted_from(rd_stream_t *r, const unsigned char *p, size_t i, size_t n)
{
    for (;;) {
        /* the body between line starts: eight plain bytes at a time */
        if (!r->prologue && r->line == LS_REST) {
            size_t from = i;
            i = plain_run16(p, i, n);
            while (i + 8 <= n && (byte_class[p[i]] & byte_class[p[i + 1]] & byte_class[p[i + 2]] &
                                  byte_class[p[i + 3]] & byte_class[p[i + 4]] &
                                  byte_class[p[i + 5]] & byte_class[p[i + 6]] &
                                  byte_class[p[i + 7]]) == BC_OK)
                i += 8;
            if (i != from)
                r->line = p[i - 1] == '\n' || p[i - 1] == '\r' ? LS_START : LS_REST;
        }
        if (i >= n)
            return n;
        unsigned char c = p[i];
        if (byte_class[c] == BC_BAD)
            return i;
        if (c < 0x80) {
            if (!directive_step(r, c))
                return i;
            i++;
            continue;
        }
        size_t width = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        uint32_t v = c & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07);
        for (size_t k = 1; k < width; k++) {
            if (i + k >= n) {
                /* cut by the chunk's end: the next chunk completes it */
                r->u8_need = (unsigned char)(width - k);
                r->u8_width = (unsigned char)width;
                r->u8_val = v;
                return n;
            }
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            v = (v << 6) | (p[i + k] & 0x3F);
        }
        if (!utf8_char_ok(width, v))
            return i;
        directive_step(r, v);  /* never a directive */
        i += width;
    }
}

/* The same, first completing a character the previous chunk cut. A bad
 * completion returns 0: libyaml already holds the lead byte and stops
 * there, as it would on one read. */
static size_t accepted_prefix(rd_stream_t *r, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; r->u8_need && i < n; i++, r->u8_need--) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        r->u8_val = (r->u8_val << 6) | (p[i] & 0x3F);
    }
    if (r->u8_need)
        return n;
    if (i > 0) {
        if (!utf8_char_ok(r->u8_width, r->u8_val))
            return 0;
        directive_step(r, r->u8_val);  /* never a directive */
    }
    return accepted_from(r, p, i, n);
}

static bool yaml_printable(uint32_t v)
{
    return v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0x7E) || v == 0x85 ||
           (v >= 0xA0 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) ||
           (v >= 0x10000 && v <= 0x10FFFF);
}

/* The same for UTF-16 (libyaml decodes it when the file starts with its
 * byte-order mark): code units may straddle chunks, so a split unit and a
 * pending high surrogate are carried in the reader. */
static size_t accepted_prefix_u16(rd_stream_t *r, const unsigned char *p, size_t n)
{
    size_t i = 0;
    r->u16_high_start = 0;  /* a pending surrogate began in an earlier chunk */
    for (;;) {
        uint32_t unit;
        size_t start;
        if (r->u16_byte >= 0) {
            if (i >= n)
                return n;
            unit = r->u16_le ? (uint32_t)r->u16_byte | (uint32_t)p[i] << 8
                             : (uint32_t)r->u16_byte << 8 | p[i];
            r->u16_byte = -1;
            start = 0;
            i++;
        } else {
            if (i >= n)
                return n;
            if (i + 1 >= n) {
                r->u16_byte = p[i];
                return n;
            }
            unit = r->u16_le ? (uint32_t)p[i] | (uint32_t)p[i + 1] << 8
                             : (uint32_t)p[i] << 8 | p[i + 1];
            start = i;
            i += 2;
        }
        if (r->u16_high >= 0) {
            if ((unit & 0xFC00) != 0xDC00)
                return r->u16_high_start;
            r->u16_high = -1;
            directive_step(r, 0x10000);  /* a pair: printable, never a directive */
            continue;
        }
        if ((unit & 0xFC00) == 0xDC00 || !((unit & 0xFC00) == 0xD800 || yaml_printable(unit)))
            return start;
        if ((unit & 0xFC00) == 0xD800) {
            r->u16_high = (int32_t)unit;
            r->u16_high_start = start;
            continue;
        }
        if (!directive_step(r, unit))
            return start;
    }
}

/* The next bytes of the input, at most `size`: held bytes first, then the
 * memory buffer (in the test's pieces, if any) or the file. -1: a read error. */
static ssize_t input_fetch(rd_stream_t *r, unsigned char *buffer, size_t size)
{
    size_t n;
    if (r->held_pos < r->held_len) {
        n = r->held_len - r->held_pos < size ? r->held_len - r->held_pos : size;
        memcpy(buffer, r->held + r->held_pos, n);
        r->held_pos += n;
    } else if (r->fd < 0) {
        n = r->mem_size - r->mem_pos;
        if (r->chunk_i < r->chunk_count && r->chunks[r->chunk_i] < n)
            n = r->chunks[r->chunk_i];
        r->chunk_i++;
        if (n > size)
            n = size;
        memcpy(buffer, r->mem + r->mem_pos, n);
        r->mem_pos += n;
    } else {
        ssize_t got;
        do {
            got = read(r->fd, buffer, size);
        } while (got < 0 && errno == EINTR);
        if (got < 0) {
            r->io_failed = true;
            r->io_errno = errno;
        }
        return got;
    }
    return (ssize_t)n;
}

static int reader_input(void *data, unsigned char *buffer, size_t size, size_t *size_read)
{
    rd_stream_t *r = data;
    if (r->directive_limit)
        return 0;  /* libyaml reports an input error; report_yaml_error says why */
    ssize_t got = input_fetch(r, buffer, size);
    /* a byte-order mark is two bytes, however the first read was cut */
    while (got > 0 && r->bytes == 0 && (size_t)got < 2 && size >= 2) {
        ssize_t more = input_fetch(r, buffer + got, size - (size_t)got);
        if (more <= 0) {
            got = more < 0 ? more : got;
            break;
        }
        got += more;
    }
    if (got < 0)
        return 0;
    size_t n = (size_t)got;
    if (r->bytes == 0 && n >= 2 &&
        ((buffer[0] == 0xFE && buffer[1] == 0xFF) || (buffer[0] == 0xFF && buffer[1] == 0xFE))) {
        r->u16 = true;  /* libyaml decodes UTF-16 when the file starts with its mark */
        r->u16_le = buffer[0] == 0xFF;
    }
    if (r->checking) {
        size_t ok = r->u16 ? accepted_prefix_u16(r, buffer, n) : accepted_prefix(r, buffer, n);
        if (r->directive_limit) {
            r->checking = false;
            n = ok;  /* nothing past the limit is ever given to libyaml */
            if (n == 0)
                return 0;  /* (no bytes would read as the end of the input) */
        } else if (ok < n) {
            r->checking = false;  /* the rest holds the error: libyaml will see it */
            if (ok > 0) {
                r->held = adj_xmalloc(n - ok);
                memcpy(r->held, buffer + ok, n - ok);
                r->held_len = n - ok;
                r->held_pos = 0;
                n = ok;
            }
        }
    }
    offsets_scan(r, buffer, n);
    r->bytes += n;
    *size_read = n;
    return 1;
}

/* Place a libyaml reader error (bad encoding). libyaml decodes ahead of its
 * scanner, so its mark lags; but every character between the scanner and
 * the bad byte is in its decoded (UTF-8) buffer: count the line breaks there. */
adj_mark_t reader_error_mark(const rd_stream_t *r)
{
    const yaml_parser_t *p = &r->parser;
    size_t line = p->mark.line, col = p->mark.column;
    const unsigned char *c = p->buffer.pointer, *end = p->buffer.last;
    if (!c || !end)
        return (adj_mark_t){line + 1, col + 1};
    for (; c < end; c++) {
        if (*c == '\n' || (*c == '\r' && (c + 1 == end || c[1] != '\n'))) {
            line++;
            col = 0;
        } else if ((*c & 0xC0) != 0x80) {
            col++;
        }
    }
    return (adj_mark_t){line + 1, col + 1};
}


/* ------------------------------------------------------------------ */
/* Byte offsets of character marks                                     */
/* ------------------------------------------------------------------ */

/* libyaml's mark.index counts characters (a CRLF two, a byte-order mark at
 * the start none). Every character is one code unit (a byte; two in
 * UTF-16) except where a continuation unit follows (UTF-8 continuation
 * bytes, UTF-16 low surrogates). After each such unit a checkpoint
 * records where the next character starts; between checkpoints the map is
 * linear. The scan runs over the bytes handed to libyaml, sixteen ASCII
 * bytes at a time. */

static rd_checkpoint_t *cp_at(rd_stream_t *r, size_t i)
{
    return &r->cps[(r->cp_head + i) & (r->cp_cap - 1)];
}

static void cp_push(rd_stream_t *r, uint64_t chars, uint64_t bytes)
{
    r->cp_linear = false;
    if (r->cp_count && cp_at(r, r->cp_count - 1)->chars == chars) {
        cp_at(r, r->cp_count - 1)->bytes = bytes;  /* the same character, longer */
        return;
    }
    if (r->cp_count == r->cp_cap) {
        if (r->cp_cap >= RD_MAX_CHECKPOINTS) {
            r->cp_head = (r->cp_head + 1) & (r->cp_cap - 1);  /* drop the oldest */
            r->cp_count--;
        } else {
            size_t cap = r->cp_cap ? r->cp_cap * 2 : 64;
            rd_checkpoint_t *c = adj_xreallocarray(NULL, cap, sizeof *c);
            for (size_t i = 0; i < r->cp_count; i++)
                c[i] = *cp_at(r, i);
            free(r->cps);
            r->cps = c;
            r->cp_cap = cap;
            r->cp_head = 0;
        }
    }
    r->cp_count++;
    *cp_at(r, r->cp_count - 1) = (rd_checkpoint_t){chars, bytes};
}

/* A continuation unit was unit number `unit` (0-based, counted). */
static inline void cp_continuation(rd_stream_t *r, uint64_t unit, unsigned width)
{
    r->in_cont++;
    cp_push(r, unit + 1 - r->in_cont, (unit + 1) * width);
}

static void offsets_scan_u16(rd_stream_t *r, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (;;) {
        uint32_t unit;
        if (r->in_u16_byte >= 0 && i < n) {
            unit = r->u16_le ? (uint32_t)r->in_u16_byte | (uint32_t)p[i] << 8
                             : (uint32_t)r->in_u16_byte << 8 | p[i];
            r->in_u16_byte = -1;
            i++;
        } else if (i + 1 < n) {
            unit = r->u16_le ? (uint32_t)p[i] | (uint32_t)p[i + 1] << 8
                             : (uint32_t)p[i] << 8 | p[i + 1];
            i += 2;
        } else {
            if (i < n)
                r->in_u16_byte = p[i];
            return;
        }
        if ((unit & 0xFC00) == 0xDC00)
            cp_continuation(r, r->in_units, 2);
        r->in_units++;
    }
}

static void offsets_scan(rd_stream_t *r, const unsigned char *p, size_t n)
{
    if (r->u16) {
        r->in_bom = 1;  /* (UTF-16 is only read when the file starts with its mark) */
        r->cp_linear = false;  /* two bytes a unit */
        offsets_scan_u16(r, p, n);
        return;
    }
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    for (size_t i = 0; r->in_bom_bytes >= 0 && r->in_bom_bytes < 3 && i < n; i++)
        r->in_bom_bytes = p[i] == bom[r->in_bom_bytes] ? r->in_bom_bytes + 1 : -1;
    r->in_bom = r->in_bom_bytes == 3;
    size_t i = 0;
    while (i < n) {
#ifdef __SSE2__
        while (i + 64 <= n) {  /* a game log is mostly ASCII: 64 bytes a test */
            const __m128i *q = (const __m128i *)(const void *)(p + i);
            __m128i v = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(q), _mm_loadu_si128(q + 1)),
                                     _mm_or_si128(_mm_loadu_si128(q + 2), _mm_loadu_si128(q + 3)));
            if (_mm_movemask_epi8(v) != 0)
                break;
            i += 64;
        }
        while (i + 16 <= n &&
               _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + i))) == 0)
            i += 16;
        if (i >= n)
            break;
#endif
        if ((p[i] & 0xC0) == 0x80)
            cp_continuation(r, r->in_units + i, 1);
        i++;
    }
    r->in_units += n;
}

static uint64_t byte_offset(rd_stream_t *r, size_t index)
{
    uint64_t chars = (uint64_t)index + r->in_bom;
    unsigned width = r->u16 ? 2 : 1;
    while (r->cp_count >= 2 && cp_at(r, 1)->chars <= chars) {
        r->cp_head = (r->cp_head + 1) & (r->cp_cap - 1);  /* behind every later mark */
        r->cp_count--;
    }
    const rd_checkpoint_t *c = cp_at(r, 0);
    if (c->chars > chars)
        return ADJ_SPAN_UNKNOWN;
    if (r->cp_count == 1 && width == 1) {  /* linear until the next checkpoint */
        r->cp_linear = true;
        r->cp_delta = c->bytes + r->in_bom - c->chars;  /* (wraps: unsigned) */
    }
    return c->bytes + (chars - c->chars) * width;
}

adj_span_t reader_span_slow(rd_stream_t *r, size_t start, size_t end)
{
    uint64_t from = byte_offset(r, start), to = byte_offset(r, end);
    if (from == ADJ_SPAN_UNKNOWN || to == ADJ_SPAN_UNKNOWN)
        return (adj_span_t){ADJ_SPAN_UNKNOWN, 0};
    return (adj_span_t){from, to - from};
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */
/* ------------------------------------------------------------------ */

void reader_input_init(rd_stream_t *r)
{
    yaml_parser_set_input(&r->parser, reader_input, r);
    r->checking = true;
    r->prologue = true;
    r->line = LS_START;
    r->u16_byte = r->u16_high = -1;
    r->in_u16_byte = -1;
    cp_push(r, 0, 0);  /* the first character starts the file */
    r->cp_linear = true;  /* offset = index, until a multibyte character */
    r->cp_delta = 0;
}

void reader_input_free(rd_stream_t *r)
{
    free(r->held);
    free(r->cps);
}
