/* SPDX-License-Identifier: MIT */
/*
 * fix_text.c - the log's text as `fix` reads it (SPEC 12): its encoding
 * (UTF-8, or UTF-16 by its byte-order mark), its code units, and its line
 * breaks as libyaml counts them. The files of fix that find places in the
 * bytes (fix_place.c, fix_comments.c, cmd_fix.c) read the log through it.
 */
#include "fix_private.h"

fix_enc_t fix_encoding(const adj_buf_t *b)
{
    const unsigned char *p = (const unsigned char *)b->data;
    if (b->len >= 2 && p[0] == 0xFF && p[1] == 0xFE)
        return FIX_UTF16LE;
    if (b->len >= 2 && p[0] == 0xFE && p[1] == 0xFF)
        return FIX_UTF16BE;
    return FIX_UTF8;
}

unsigned fix_enc_width(fix_enc_t enc) { return enc == FIX_UTF8 ? 1 : 2; }

unsigned fix_unit_at(const fix_t *f, size_t at)
{
    const unsigned char *p = (const unsigned char *)f->log->data;
    if (f->enc == FIX_UTF8)
        return p[at];
    return f->enc == FIX_UTF16LE ? p[at] | p[at + 1] << 8 : p[at] << 8 | p[at + 1];
}

/* The bytes of the line break that starts at `at` (as libyaml counts
 * them: LF, CR, NEL, LS, PS; CR LF is two), 0 when none starts there. */
size_t fix_break_at(const fix_t *f, size_t at)
{
    unsigned w = fix_enc_width(f->enc), c = fix_unit_at(f, at);
    if (c == '\n' || c == '\r')
        return w;
    if (w == 2)
        return c == 0x85 || c == 0x2028 || c == 0x2029 ? 2 : 0;
    const unsigned char *p = (const unsigned char *)f->log->data + at;
    size_t left = f->log->len - at;
    if (left >= 2 && p[0] == 0xC2 && p[1] == 0x85)
        return 2;
    return left >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9) ? 3 : 0;
}

size_t fix_break_before(const fix_t *f, size_t from, size_t end)
{
    for (size_t k = fix_enc_width(f->enc); k <= 3 && k <= end - from; k += fix_enc_width(f->enc))
        if (fix_break_at(f, end - k) == k)
            return k;
    return 0;
}
