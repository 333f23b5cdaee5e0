/* SPDX-License-Identifier: MIT */
/*
 * floor.c - the throughput floor: a bare libyaml event loop.
 *
 *     yaml_floor [--lean] FILE...
 *
 * Parses each file with libyaml's event API and does nothing with the
 * events but count them: no document is built, no value is looked at.
 * adjutant reads its logs through the same API, so this is the fastest any
 * reader could go on this machine, and the benchmark (bench/run.sh)
 * compares adjutant's throughput with it.
 *
 * Each event is released with yaml_event_delete, as libyaml's documentation
 * has it; that is the floor the targets are set against. With --lean it is
 * released the way adjutant releases its events (adj_yaml_event_release,
 * src/adj_yaml_release.h), which is faster: the benchmark reports adjutant
 * against that floor too, so the share of adjutant's speed that comes from
 * releasing events cheaply, rather than from doing little else, shows.
 *
 * Prints one line per file, then a total:
 *     FILE bytes N events N
 *     total bytes N events N
 * Exit status: 0, or 1 when a file cannot be opened or is not YAML.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "adj_yaml_release.h"

/* Parse one file; add its events to *events. Returns 0, or 1 on failure. */
static int floor_parse_file(const char *path, bool lean, uint64_t *bytes, uint64_t *events)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "yaml_floor: %s: %s\n", path, strerror(errno));
        return 1;
    }
    struct stat st;
    uint64_t size = fstat(fileno(f), &st) == 0 ? (uint64_t)st.st_size : 0;

    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        fputs("yaml_floor: out of memory\n", stderr);
        fclose(f);
        return 1;
    }
    yaml_parser_set_input_file(&parser, f);

    uint64_t n = 0;
    int rc = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "yaml_floor: %s:%zu:%zu: %s\n", path,
                    parser.problem_mark.line + 1, parser.problem_mark.column + 1,
                    parser.problem ? parser.problem : "parse error");
            rc = 1;
            break;
        }
        n++;
        int done = event.type == YAML_STREAM_END_EVENT;
        if (lean)
            adj_yaml_event_release(&event);
        else
            yaml_event_delete(&event);
        if (done)
            break;
    }
    yaml_parser_delete(&parser);
    fclose(f);

    printf("%s bytes %" PRIu64 " events %" PRIu64 "\n", path, size, n);
    *bytes += size;
    *events += n;
    return rc;
}

int main(int argc, char **argv)
{
    bool lean = argc > 1 && strcmp(argv[1], "--lean") == 0;
    int first = lean ? 2 : 1;
    if (argc <= first) {
        fputs("usage: yaml_floor [--lean] FILE...\n", stderr);
        return 2;
    }
    uint64_t bytes = 0, events = 0;
    int rc = 0;
    for (int i = first; i < argc; i++)
        rc |= floor_parse_file(argv[i], lean, &bytes, &events);
    printf("total bytes %" PRIu64 " events %" PRIu64 "\n", bytes, events);
    return rc;
}
