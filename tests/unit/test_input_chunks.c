/* SPDX-License-Identifier: MIT */
/*
 * test_input_chunks.c - the same bytes give the same report however the
 * input is cut (issue 14, items 1 and 2).
 *
 * Every log under tests/logs and logs/ is audited once as libyaml reads it
 * and then once per cut: the input delivered as two pieces split at every
 * byte inside every multibyte character. Each cut must give exactly the
 * JSON report of the uncut read. The UTF-16 forms of the logs are fed one
 * byte first. Each log is also tried with a control character appended,
 * which the input check must hold back however the input was cut. Two hand-built inputs put a character across libyaml's own
 * 16384-byte read and check what the input check must still catch after it.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "adj_report.h"

/* The JSON report of `data` delivered in `chunks` (none: as libyaml asks). */
static char *report_of(const void *data, size_t size, const size_t *chunks, size_t count)
{
    adj_audit_opts_t o = {0};
    o.chunks = chunks;
    o.chunk_count = count;
    adj_audit_t a;
    adj_audit_bytes(&a, data, size, "game.yaml", &o);
    adj_buf_t out = {0};
    adj_report_opts_t ro = {.audit = &o, .color = false};
    adj_reporter_find("json")->audit(&out, &a, &ro);
    adj_audit_free(&a);
    char *s = adj_xstrdup(out.data ? out.data : "");
    adj_buf_free(&out);
    return s;
}

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    adj_buf_t b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        adj_buf_put(&b, chunk, n);
    fclose(f);
    *size = b.len;
    return b.data ? b.data : adj_xstrdup("");
}

typedef struct paths_s {
    char **items;
    size_t count, cap;
} paths_t;

static void collect(paths_t *p, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        char *path = adj_xasprintf("%s/%s", dir, de->d_name);
        struct stat st;
        size_t n = strlen(path);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            collect(p, path);
            free(path);
        } else if (n > 5 && !strcmp(path + n - 5, ".yaml")) {
            if (p->count == p->cap) {
                p->cap = p->cap ? p->cap * 2 : 64;
                p->items = adj_xreallocarray(p->items, p->cap, sizeof *p->items);
            }
            p->items[p->count++] = path;
        } else {
            free(path);
        }
    }
    closedir(d);
}

static size_t utf8_width(unsigned char c)
{
    return (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
}

/* Every cut inside every multibyte character gives the uncut report. */
static size_t check_cuts(const char *name, const char *data, size_t size, size_t *cuts_tried)
{
    size_t bad = 0;
    char *whole = report_of(data, size, NULL, 0);
    for (size_t i = 0; i < size;) {
        size_t w = utf8_width((unsigned char)data[i]);
        for (size_t k = 1; k < w && i + k < size; k++) {
            size_t cut = i + k;
            char *got = report_of(data, size, &cut, 1);
            (*cuts_tried)++;
            if (strcmp(got, whole) != 0 && bad++ < 3)
                fprintf(stderr, "  %s cut at byte %zu:\n    whole: %s    cut:   %s", name, cut,
                        whole, got);
            free(got);
        }
        i += w;
    }
    free(whole);
    return bad;
}

/* UTF-16 with its byte-order mark, one byte delivered first. */
static size_t check_utf16(const char *name, const char *data, size_t size)
{
    adj_buf_t u = {0};
    for (int le = 0; le < 2; le++) {
        u.len = 0;
        adj_buf_put(&u, le ? "\xFF\xFE" : "\xFE\xFF", 2);
        for (size_t i = 0; i < size;) {
            size_t w = utf8_width((unsigned char)data[i]);
            uint32_t v = w == 1 ? (unsigned char)data[i]
                                : (unsigned char)data[i] & (w == 2 ? 0x1F : w == 3 ? 0x0F : 0x07);
            for (size_t k = 1; k < w && i + k < size; k++)
                v = (v << 6) | ((unsigned char)data[i + k] & 0x3F);
            i += w;
            uint16_t units[2] = {(uint16_t)v, 0};
            size_t nu = 1;
            if (v >= 0x10000) {
                units[0] = (uint16_t)(0xD800 | ((v - 0x10000) >> 10));
                units[1] = (uint16_t)(0xDC00 | ((v - 0x10000) & 0x3FF));
                nu = 2;
            }
            for (size_t k = 0; k < nu; k++) {
                char b[2] = {(char)(le ? units[k] & 0xFF : units[k] >> 8),
                             (char)(le ? units[k] >> 8 : units[k] & 0xFF)};
                adj_buf_put(&u, b, 2);
            }
        }
        size_t one = 1;
        char *whole = report_of(u.data, u.len, NULL, 0);
        char *got = report_of(u.data, u.len, &one, 1);
        bool same = strcmp(whole, got) == 0;
        if (!same)
            fprintf(stderr, "  %s UTF-16%s one byte first:\n    whole: %s    cut:   %s", name,
                    le ? "LE" : "BE", whole, got);
        free(whole);
        free(got);
        if (!same) {
            adj_buf_free(&u);
            return 1;
        }
    }
    adj_buf_free(&u);
    return 0;
}

static void test_every_cut_of_every_log(void **state)
{
    (void)state;
    paths_t p = {0};
    collect(&p, ADJ_TEST_DIR "/logs");
    collect(&p, ADJ_TEST_DIR "/../logs");
    assert_true(p.count > 100);
    size_t bad = 0, cuts = 0;
    for (size_t i = 0; i < p.count; i++) {
        size_t size;
        char *data = slurp(p.items[i], &size);
        /* and with a control character at the end, which the input check
         * must hold back until every event before it is read */
        adj_buf_t spoilt = {0};
        adj_buf_put(&spoilt, data, size);
        adj_buf_puts(&spoilt, "\n# \x01\n");
        for (int v = 0; v < 2; v++) {
            const char *d = v ? spoilt.data : data;
            size_t n = v ? spoilt.len : size;
            bad += check_cuts(p.items[i], d, n, &cuts);
            bad += check_utf16(p.items[i], d, n);
        }
        adj_buf_free(&spoilt);
        free(data);
        free(p.items[i]);
    }
    free(p.items);
    fprintf(stderr, "  %zu logs, %zu cuts inside characters\n", p.count, cuts);
    assert_true(cuts > 100);
    assert_int_equal(bad, 0);
}

/* A note of `pad` bytes whose `é` lies across byte 16384, then `tail`. */
static char *across_16k(const char *head, const adj_buf_t *tail, size_t *size)
{
    adj_buf_t b = {0};
    adj_buf_puts(&b, head);
    while (b.len < 16383)
        adj_buf_putc(&b, 'x');
    adj_buf_puts(&b, "\xC3\xA9");  /* bytes 16383 and 16384 */
    adj_buf_put(&b, tail->data, tail->len);
    *size = b.len;
    return b.data;
}

static void test_character_across_libyaml_read(void **state)
{
    (void)state;
    /* 50 rolls out of range after the character, then a NUL: 51 diagnostics */
    adj_buf_t tail = {0};
    adj_buf_putc(&tail, '\n');
    for (int i = 0; i < 50; i++)
        adj_buf_puts(&tail, "  - {activate: lee, roll: 9}\n");
    adj_buf_put(&tail, "  - {activate: grant, roll: 4, note: a\0b}\n", 42);
    size_t size;
    char *data = across_16k("format: adjutant/1\nlast_turn: 6\noptional_rules: [illness]\n"
                            "sides: [CSA, USA]\nleaders:\n  - {id: lee, side: CSA, vp: 2}\n"
                            "  - {id: grant, side: USA, vp: 3}\nevents:\n  - turn: 1\n    note: ",
                            &tail, &size);
    adj_audit_opts_t o = {0};
    adj_audit_t a;
    adj_audit_bytes(&a, data, size, "game.yaml", &o);
    assert_int_equal(a.diags.count, 51);
    assert_int_equal(a.diags.items[50].code, ADJ_D_YAML_SYNTAX);
    assert_int_equal(a.diags.items[50].mark.line, 61);
    adj_audit_free(&a);
    free(data);
    adj_buf_free(&tail);

    /* a comment across the read, then 100,000 %TAG lines: the limit holds */
    tail.len = 0;
    adj_buf_putc(&tail, '\n');
    for (int i = 0; i < 100000; i++)
        adj_buf_printf(&tail, "%%TAG !t%d! tag:x,2024:\n", i);
    adj_buf_puts(&tail, "---\nformat: adjutant/1\n");
    data = across_16k("# ", &tail, &size);
    adj_audit_bytes(&a, data, size, "game.yaml", &o);
    assert_int_equal(a.diags.count, 1);
    assert_int_equal(a.diags.items[0].code, ADJ_D_YAML_SYNTAX);
    assert_int_equal(a.diags.items[0].mark.line, 2 + ADJ_MAX_DIRECTIVES);
    assert_non_null(strstr(a.diags.items[0].message, "reading limit"));
    adj_audit_free(&a);
    free(data);
    adj_buf_free(&tail);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_cut_of_every_log),
        cmocka_unit_test(test_character_across_libyaml_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
