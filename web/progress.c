/*
 * web/progress.c - the page's progress (web build only, SPEC §10): how far
 * libyaml has read into the log, told to the worker's JavaScript.
 *
 * web/build.sh compiles libyaml with its yaml_parser_parse renamed
 * adj_yaml_parser_parse_real, so the engine's calls come here: each event is
 * parsed as before, and every 64 KiB of input (and at each new parse) the
 * parser's byte offset is passed to Module.onParsed, if the worker set it.
 * The native build never sees this file.
 */
#include <emscripten.h>
#include <yaml.h>

int adj_yaml_parser_parse_real(yaml_parser_t *parser, yaml_event_t *event);

EM_JS(void, adj_web_parsed, (double at), {
    if (Module["onParsed"]) Module["onParsed"](at);
});

enum { PROGRESS_STEP = 64 * 1024 };

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
    return ok;
}
