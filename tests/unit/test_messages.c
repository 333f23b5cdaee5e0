/* SPDX-License-Identifier: MIT */
/*
 * test_messages.c - the exact words of the messages that name a finding's
 * cause (issue 22): plain words before libyaml's for the YAML errors a
 * player meets, "did you mean" for leader ids, the arithmetic of a result,
 * what turned a leader Inactive, what a repeated, skipped or backward turn
 * number does, a death's VPs logged again as an award, a roll dropped for a
 * mistyped id, and the rule a missing Sustain roll cites.
 *
 * Each case audits a small log and checks the one diagnostic of its code on
 * its line: code, line, rule and message, byte for byte.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "adj_audit.h"

#define HEAD \
    "format: adjutant/1\n" \
    "scenario: Test\n" \
    "first_turn: 1\n" \
    "last_turn: 5\n" \
    "optional_rules: [illness]\n" \
    "sides: [CSA, USA]\n" \
    "leaders:\n" \
    "  - {id: lee, side: CSA, initiative: 5, vp: 4}\n" \
    "  - {id: hooker, side: USA, initiative: 3, vp: 2}\n" \
    "  - {id: howard, side: USA, initiative: 3, vp: 1, reserve: true}\n" \
    "imc: {3: [1, 1, 2, 3, 4, 5], 5: [2, 3, 4, 5, 6, 7]}\n" \
    "events:\n" \
    "  - turn: 1\n"

typedef struct msg_case_s {
    const char *name;
    size_t line;
    const char *code;
    const char *rule;
    const char *yaml;
    const char *message;
} msg_case_t;

static const msg_case_t cases[] = {
    {"tab", 14, "yaml-syntax", "format",
     HEAD "\t- activate: lee\n"
     "    roll: 4\n",
     "a tab is used for indentation; YAML indents with spaces; libyaml: found a tab "
     "character that violates indentation while scanning a plain scalar (at 13:11)"},
    {"tab_token", 14, "yaml-syntax", "format",
     HEAD "  -\tactivate: lee\n",
     "a tab is used for indentation; YAML indents with spaces; libyaml: found "
     "character that cannot start any token while scanning for the next token (at "
     "14:4)"},
    {"quote", 16, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "    note: \"half\n",
     "the quote opened on line 15 is never closed: add the closing quote (a quoted "
     "value may run over lines, so this shows only at the end of the file); libyaml: "
     "found unexpected end of stream while scanning a quoted scalar (at 15:11)"},
    {"brace", 15, "yaml-syntax", "format",
     HEAD "  - {activate: lee, roll: 4\n",
     "the `{` opened on line 14 is not closed with `}`, or two of its entries have no "
     "`,` between them; libyaml: did not find expected ',' or '}' while parsing a "
     "flow mapping (at 14:5)"},
    {"bracket", 7, "yaml-syntax", "format",
     "format: adjutant/1\n"
     "scenario: Test\n"
     "first_turn: 1\n"
     "last_turn: 5\n"
     "optional_rules: [illness]\n"
     "sides: [CSA, USA\n"
     "leaders:\n"
     "  - {id: lee, side: CSA, initiative: 5, vp: 4}\n"
     "  - {id: hooker, side: USA, initiative: 3, vp: 2}\n"
     "  - {id: howard, side: USA, initiative: 3, vp: 1, reserve: true}\n"
     "imc: {3: [1, 1, 2, 3, 4, 5], 5: [2, 3, 4, 5, 6, 7]}\n"
     "events:\n"
     "  - turn: 1\n",
     "the `[` opened on line 6 is not closed with `]`, or two of its items have no "
     "`,` between them; libyaml: did not find expected ',' or ']' while parsing a "
     "flow sequence (at 6:8)"},
    {"colon", 16, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "    roll 4\n",
     "the key on line 15 has no `:` after it: write `key: value`; libyaml: could not "
     "find expected ':' while scanning a simple key (at 15:5)"},
    {"dash", 15, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "  activate: hooker\n",
     "this line does not line up with the list begun on line 13: each item starts "
     "with `- ` at the list's indentation (a `-` is missing, or the line is indented "
     "less than the keys above it); libyaml: did not find expected '-' indicator "
     "while parsing a block collection (at 13:3)"},
    {"indent", 15, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "      roll: 4\n",
     "a `: ` that cannot start a key here: the line is indented deeper than the key "
     "above it, or a value holding `: ` needs quotes; libyaml: mapping values are not "
     "allowed in this context"},
    {"seq_after_key", 5, "yaml-syntax", "format",
     "format: adjutant/1\n"
     "scenario: Test\n"
     "first_turn: 1\n"
     "last_turn: 5\n"
     "optional_rules: - illness\n"
     "sides: [CSA, USA]\n"
     "leaders:\n"
     "  - {id: lee, side: CSA, initiative: 5, vp: 4}\n"
     "  - {id: hooker, side: USA, initiative: 3, vp: 2}\n"
     "  - {id: howard, side: USA, initiative: 3, vp: 1, reserve: true}\n"
     "imc: {3: [1, 1, 2, 3, 4, 5], 5: [2, 3, 4, 5, 6, 7]}\n"
     "events:\n"
     "  - turn: 1\n",
     "a `- ` item cannot follow a key on the same line: start the list on the next "
     "line, indented, or write it as [a, b]; libyaml: block sequence entries are not "
     "allowed in this context"},
    {"key", 15, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "    - roll: 4\n",
     "this line does not fit the mapping begun on line 14: a key or `-` indented "
     "wrongly, or text after a quoted value; libyaml: did not find expected key while "
     "parsing a block mapping (at 14:5)"},
    {"escape", 15, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "    note: \"a \\q\"\n",
     "an unknown `\\` escape in a double-quoted value: write `\\\\` for a backslash, or "
     "use single quotes; libyaml: found unknown escape character while parsing a "
     "quoted scalar (at 15:11)"},
    {"at", 14, "yaml-syntax", "format",
     HEAD "  - activate: @lee\n",
     "a plain value cannot start with `@`: put the value in quotes; libyaml: found "
     "character that cannot start any token while scanning for the next token (at "
     "14:15)"},
    {"node", 14, "yaml-syntax", "format",
     HEAD "  - {activate: lee,, roll: 4}\n",
     "a value is missing: two commas in a row, or nothing after a `,` or `:`; "
     "libyaml: did not find expected node content while parsing a flow node (at 14:20)"},
    {"block_scalar", 15, "yaml-syntax", "format",
     HEAD "  - activate: lee\n"
     "    note: |x\n",
     "a `|` or `>` value must end its line: put the text on the lines below it, "
     "indented; libyaml: did not find expected comment or line break while scanning a "
     "block scalar (at 15:11)"},
    {"document", 16, "yaml-syntax", "format",
     HEAD "  - end: {CSA: 0, USA: 0}\n"
     "...\n"
     "foo\n",
     "text after the end of the document: a log is one YAML document; libyaml: did "
     "not find expected <document start>"},
    {"leader_case", 14, "unknown-leader", "format",
     HEAD "  - activate: Hooker\n"
     "    roll: 4\n"
     "    mp: 3\n",
     "leader \"Hooker\" is not in the roster (ids are case-sensitive: did you mean "
     "`hooker`?); the event is ignored"},
    {"leader_by", 14, "unknown-leader", "format",
     HEAD "  - replace: lee\n"
     "    by: hovard\n",
     "`by` names \"hovard\", who is not in the roster (did you mean `howard`?); the "
     "event is ignored"},
    {"result_wounded", 24, "result-mismatch", "8.13b",
     HEAD "  - wound: hooker\n"
     "    level: 2\n"
     "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hooker\n"
     "    roll: 6\n"
     "    result: ill\n"
     "  - duration: hooker\n"
     "    roll: 4\n"
     "    result: wounded\n",
     "duration roll 4 for hooker gives `dead` (wounded 2 + duration 4 = 6), but the "
     "log records `wounded`"},
    {"result_ill", 31, "result-mismatch", "8.13a",
     HEAD "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hooker\n"
     "    roll: 6\n"
     "  - duration: hooker\n"
     "    roll: 3\n"
     "  - turn: 2\n"
     "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hooker\n"
     "    roll: 6\n"
     "  - duration: hooker\n"
     "    roll: 4\n"
     "    result: ill\n",
     "duration roll 4 for hooker gives `incapacitated` (ill 2 + duration 4 = 6), but "
     "the log records `ill`"},
    {"result_fit", 21, "result-mismatch", "8.13a",
     HEAD "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hooker\n"
     "    roll: 6\n"
     "  - duration: hooker\n"
     "    roll: 6\n"
     "    result: ill\n",
     "duration roll 6 for hooker gives `incapacitated` (he was fit: 1-5 ill for that "
     "many turns, 6 incapacitated), but the log records `ill`"},
    {"result_check", 19, "result-mismatch", "8.13",
     HEAD "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hooker\n"
     "    roll: 5\n"
     "    result: none\n",
     "illness roll 5 for hooker gives `inactive` (a 5 turns him Inactive), but the "
     "log records `none`"},
    {"sustain_base", 17, "sustain-missing", "base",
     "format: adjutant/1\n"
     "scenario: Test\n"
     "first_turn: 1\n"
     "last_turn: 5\n"
     "optional_rules: []\n"
     "sides: [CSA, USA]\n"
     "leaders:\n"
     "  - {id: lee, side: CSA, initiative: 5, vp: 4}\n"
     "  - {id: hooker, side: USA, initiative: 3, vp: 2}\n"
     "  - {id: howard, side: USA, initiative: 3, vp: 1, reserve: true}\n"
     "imc: {3: [1, 1, 2, 3, 4, 5], 5: [2, 3, 4, 5, 6, 7]}\n"
     "events:\n"
     "  - turn: 1\n"
     "  - activate: lee\n"
     "    roll: 4\n"
     "    mp: 5\n"
     "  - move: lee\n"
     "    mp: 1\n"
     "    enemy_zoc: true\n"
     "  - end: {CSA: 0, USA: 0}\n",
     "lee moved into an enemy ZOC here, so a Sustain roll is required; none was made "
     "before `end` on line 20"},
    {"sustain_813", 17, "sustain-missing", "8.13",
     HEAD "  - activate: lee\n"
     "    roll: 4\n"
     "    mp: 5\n"
     "  - move: lee\n"
     "    mp: 1\n"
     "    enemy_zoc: true\n"
     "  - end: {CSA: 0, USA: 0}\n",
     "lee moved into an enemy ZOC here, so a Sustain roll is required; none was made "
     "before `end` on line 20"},
    {"turn_back", 15, "turn-sequence", "base",
     HEAD "  - turn: 2\n"
     "  - turn: 1\n",
     "turn 1 follows turn 2; expected turn 3; a number that goes back begins no new "
     "turn: no leader recovers and no counter returns to its Active side"},
    {"turn_skip", 14, "turn-sequence", "base",
     HEAD "  - turn: 3\n",
     "turn 3 follows turn 1; expected turn 2; the number is taken as given: the "
     "skipped turns count as played, so wounds and illnesses mend for each of them, "
     "and every counter returns to its Active side"},
    {"inactive_flip", 18, "leader-inactive", "base",
     HEAD "  - turn: 2\n"
     "  - flip: hooker\n"
     "    to: inactive\n"
     "  - turn: 1\n"
     "  - activate: hooker\n"
     "    roll: 4\n"
     "    mp: 3\n",
     "hooker is on his Inactive side and may not be activated: the `flip` on line 15 "
     "turned him Inactive, and the `turn` on line 17 goes back to turn 1, so no new "
     "turn began to turn him Active again"},
    {"double_award", 18, "vp-tally-mismatch", "base",
     HEAD "  - wound: hooker\n"
     "    level: 6\n"
     "  - vp: CSA\n"
     "    points: 2\n"
     "  - end: {CSA: 2, USA: 0}\n",
     "the claimed tally is CSA 2, USA 0 but the replay gives CSA 4, USA 0; the "
     "regenerated tally is made of: CSA 2 for the death of hooker (line 14), CSA 2 "
     "awarded (line 16); the award on line 16 is probably the death of hooker (line "
     "14) logged a second time: `leader: hooker` on that `vp` event makes it a claim "
     "for his death, which the replay checks but does not add"},
    {"dropped_illness", 14, "illness-check-missing", "8.13",
     HEAD "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hookr\n"
     "    roll: 3\n"
     "  - end: {CSA: 0, USA: 0}\n",
     "hooker rolled a raw 1 on the IMC here, so rule 8.13 requires an illness check "
     "after his move; none was made before `end` on line 21 (the `illness` on line 19 "
     "was dropped: the leader it names is not in the roster, probably a slip for "
     "hooker)"},
    {"dropped_duration", 19, "duration-missing", "8.13",
     HEAD "  - activate: hooker\n"
     "    roll: 1\n"
     "    mp: 1\n"
     "  - move: hooker\n"
     "    mp: 1\n"
     "  - illness: hooker\n"
     "    roll: 6\n"
     "  - duration: Hooker\n"
     "    roll: 3\n"
     "  - end: {CSA: 0, USA: 0}\n",
     "hooker rolled a 6 for illness here, so a duration roll must follow; none was "
     "made before `end` on line 23 (the `duration` on line 21 was dropped: the leader "
     "it names is not in the roster, probably a slip for hooker)"},
};

static int check_case(const msg_case_t *c)
{
    adj_audit_opts_t o = {0};
    adj_audit_t a;
    adj_audit_bytes(&a, c->yaml, strlen(c->yaml), "t.yaml", &o);
    const adj_diag_t *found = NULL;
    size_t n = 0;
    for (size_t i = 0; i < a.diags.count; i++) {
        const adj_diag_t *d = &a.diags.items[i];
        if (d->mark.line == c->line && !strcmp(adj_code_name(d->code), c->code)) {
            found = d;
            n++;
        }
    }
    int bad = 0;
    if (n != 1) {
        printf("%s: %zu diagnostics %s on line %zu, expected 1\n", c->name, n, c->code, c->line);
        bad = 1;
    } else if (strcmp(found->rule, c->rule) || strcmp(found->message, c->message)) {
        printf("%s: rule %s, message\n  %s\nexpected rule %s, message\n  %s\n", c->name,
               found->rule, found->message, c->rule, c->message);
        bad = 1;
    }
    adj_audit_free(&a);
    return bad;
}

static void test_messages(void **state)
{
    (void)state;
    int failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        failures += check_case(&cases[i]);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
