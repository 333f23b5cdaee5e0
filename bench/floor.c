/*
 * floor.c - the throughput floor: a bare libyaml event loop.
 *
 *     yaml_floor FILE...
 *
 * Parses each file with libyaml's event API and does nothing with the
 * events but count them: no document is built, no value is looked at.
 * adjutant reads its logs through the same API, so this is the fastest any
 * reader could go on this machine, and the benchmark (bench/run.sh)
 * compares adjutant's throughput with it.
 *
 * Prints one line per file, then a total:
 *     FILE bytes N events N
 *     total bytes N events N
 * Exit status: 0, or 1 when a file cannot be opened or is not YAML.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

/* Parse one file; add its events to *events. Returns 0, or 1 on failure. */
static int floor_parse_file(const char *path, uint64_t *bytes, uint64_t *events)
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
    if (argc < 2) {
        fputs("usage: yaml_floor FILE...\n", stderr);
        return 2;
    }
    uint64_t bytes = 0, events = 0;
    int rc = 0;
    for (int i = 1; i < argc; i++)
        rc |= floor_parse_file(argv[i], &bytes, &events);
    printf("total bytes %" PRIu64 " events %" PRIu64 "\n", bytes, events);
    return rc;
}
