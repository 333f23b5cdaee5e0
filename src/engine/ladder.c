/* SPDX-License-Identifier: MIT */
/*
 * ladder.c - a ladder file, adjutant-ladder.yaml (SPEC 13): which one
 * applies to a log, read once per run (a cache safe from the runner's
 * threads), checked (the reader checks its values as a log's header's;
 * rulings and players' keys are checked here), and what it lends a log:
 * its scenarios, rulings and players' canonical names.
 */
#include "adj_ladder.h"

#include "adj_names.h"
#include "adj_reader.h"
#include "adj_rulings.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LADDER_NAME "adjutant-ladder.yaml"
#define LADDER_MAX_UP 4096  /* directories searched upward, at most */

typedef struct pkey_s {
    char *key;              /* owned: the key of a player's name or alias */
    size_t len;
    size_t player;          /* index into doc.players */
    adj_mark_t mark;
    size_t order;           /* file order */
} pkey_t;

struct adj_ladder_s {
    char *path;             /* as formed from the log's path (SPEC 13) */
    char *shown;            /* the same, escaped for messages */
    dev_t dev;
    ino_t ino;
    struct timespec mtime;  /* as read: adj_ladder_stale compares */
    off_t size;
    bool valid;
    adj_ladder_doc_t doc;
    adj_rulings_t rulings;  /* the ladder's, src ADJ_RSRC_LADDER where set */
    pkey_t *keys;           /* players' names and aliases */
    size_t key_count;
    adj_victory_row_t **victory;  /* per scenario, margin descending */
    struct adj_ladder_s *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static adj_ladder_t *ladders;         /* every ladder file read in this run */
static adj_ladder_mode_t mode = ADJ_LADDER_NONE;
static char *named_file;              /* --ladder FILE */
static int named_err;                 /* --ladder's FILE could not be stat'ed: reported once */
/* The language server's: a ladder file's text as the editor holds it */
static bool (*source)(void *ctx, const char *path, const char **data, size_t *len);
static void *source_ctx;

void adj_ladder_configure(adj_ladder_mode_t m, const char *file)
{
    mode = m;
    free(named_file);
    named_file = file ? adj_xstrdup(file) : NULL;
}

const char *adj_ladder_path(const adj_ladder_t *l) { return l ? l->path : NULL; }
const char *adj_ladder_name(const adj_ladder_t *l) { return l ? l->doc.name : NULL; }
const adj_ladder_doc_t *adj_ladder_doc(const adj_ladder_t *l) { return &l->doc; }
const adj_rulings_t *adj_ladder_rulings(const adj_ladder_t *l) { return &l->rulings; }

/* ---- checks the reader leaves to the ladder: rulings, players ---- */

static void check_rulings(adj_ladder_t *l, adj_diags_t *d)
{
    const adj_ladder_doc_t *doc = &l->doc;
    if (doc->rulings_bad)
        adj_diags_add(d, ADJ_D_BAD_FIELD, doc->rulings_mark, NULL, NULL, NULL,
                      "`rulings` must be a mapping NAME: VALUE (see `adjutant --help`)");
    adj_rulings_read(&l->rulings, doc->rulings, doc->ruling_count, ADJ_RSRC_LADDER, d, "");
}

static void add_key(adj_ladder_t *l, const adj_ld_text_t *t, size_t player, size_t *cap)
{
    if (l->key_count == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        l->keys = adj_xreallocarray(l->keys, *cap, sizeof *l->keys);
    }
    pkey_t *k = &l->keys[l->key_count];
    k->key = adj_name_key(t->text, t->len, &k->len);
    k->player = player;
    k->mark = t->mark;
    k->order = l->key_count++;
}

static int key_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

/* By key, then file order: sorted once, looked up by bsearch (a hostile
 * file's thousands of players cost n log n, not n squared). */
static int pkey_cmp(const void *a, const void *b)
{
    const pkey_t *x = a, *y = b;
    int c = key_cmp(x->key, x->len, y->key, y->len);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* Two players whose names or aliases have equal keys (SPEC 13): each later
 * one is refused, naming the first. */
static void ladder_check_players(adj_ladder_t *l, adj_diags_t *d)
{
    size_t cap = 0;
    for (size_t p = 0; p < l->doc.player_count; p++) {
        const adj_ld_player_t *pl = &l->doc.players[p];
        if (pl->name.text)
            add_key(l, &pl->name, p, &cap);
        for (size_t a = 0; a < pl->alias_count; a++)
            add_key(l, &pl->aliases[a], p, &cap);
    }
    if (l->key_count > 1)  /* qsort's array may not be NULL, even for none */
        qsort(l->keys, l->key_count, sizeof *l->keys, pkey_cmp);
    for (size_t i = 1, first = 0; i < l->key_count; i++) {
        const pkey_t *k = &l->keys[i], *f = &l->keys[first];
        if (key_cmp(k->key, k->len, f->key, f->len) != 0) {
            first = i;
            continue;
        }
        if (k->player == f->player)
            continue;
        const adj_ld_text_t *owner = &l->doc.players[f->player].name;
        adj_buf_t b = {0};
        adj_escape_text(&b, owner->text, owner->len);
        adj_diags_add(d, ADJ_D_BAD_FIELD, k->mark, NULL, NULL, NULL,
                      "this name is the same player's as `%s`'s (line %zu): two players "
                      "cannot share a name",
                      b.data ? b.data : "", owner->mark.line);
        adj_buf_free(&b);
    }
}

static int victory_cmp(const void *a, const void *b)
{
    const adj_victory_row_t *x = a, *y = b;
    return x->margin < y->margin ? 1 : x->margin > y->margin ? -1 : 0;
}

static void build_victory(adj_ladder_t *l)
{
    l->victory = adj_xcalloc(l->doc.scenario_count + 1, sizeof *l->victory);
    for (size_t i = 0; i < l->doc.scenario_count; i++) {
        const adj_scenario_t *sc = &l->doc.scenarios[i];
        l->victory[i] = adj_xcalloc(sc->victory_count + 1, sizeof **l->victory);
        for (size_t j = 0; j < sc->victory_count; j++)
            l->victory[i][j] = (adj_victory_row_t){sc->victory[j].margin, sc->victory[j].level};
        qsort(l->victory[i], sc->victory_count, sizeof **l->victory, victory_cmp);
    }
}

/* ---- reading one ladder file ---- */

static void report(const adj_ladder_t *l, const adj_diags_t *d)
{
    adj_buf_t b = {0};
    for (size_t i = 0; i < d->count; i++) {
        const adj_diag_t *g = &d->items[i];
        bool warn = g->code == ADJ_D_UNKNOWN_FIELD;
        adj_buf_printf(&b, "%s:%zu:%zu: %s: ", l->shown, g->mark.line, g->mark.column,
                       warn ? "warning" : "error");
        adj_escape_text(&b, g->message, strlen(g->message));
        adj_buf_printf(&b, " [%s, ladder]\n", adj_code_name(g->code));
    }
    if (b.len)
        fwrite(b.data, 1, b.len, stderr);
    adj_buf_free(&b);
}

static bool valid_of(const adj_diags_t *d)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].code != ADJ_D_UNKNOWN_FIELD)
            return false;
    return true;
}

/* A file that cannot be a ladder file: one line on standard error. */
static void refuse(const adj_ladder_t *l, const char *why)
{
    fprintf(stderr, "adjutant: %s: %s\n", l->shown, why);
}

/* The ladder's document and its checks from reader r; false on a read error. */
static bool read_doc(adj_ladder_t *l, adj_reader_t *r, adj_diags_t *d)
{
    adj_reader_read_ladder(r, &l->doc);
    bool io = adj_reader_io_errno(r) != 0;
    if (io)
        refuse(l, strerror(adj_reader_io_errno(r)));
    adj_reader_free(r);
    check_rulings(l, d);
    ladder_check_players(l, d);
    build_victory(l);
    adj_diags_sort(d);
    return !io;
}

/* Why the file stat'ed as `st` is refused (SPEC 13), or NULL. */
static const char *refusal(const struct stat *st)
{
    if (S_ISDIR(st->st_mode))
        return "is a directory, not a ladder file; it is refused";
    if (!S_ISREG(st->st_mode))  /* a FIFO would block every run below it */
        return "is not a regular file (a FIFO, a socket or a device); it is refused";
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return "can be written by others than its owner; it is refused";
    /* Another account's file lends rulings to every log below it (as git's
     * safe.directory): only one the user names is used. */
    if (mode == ADJ_LADDER_FIND && st->st_uid != geteuid() && st->st_uid != 0)
        return "is owned by another user, neither you nor root; it is refused (name it "
               "with --ladder to use it)";
    return NULL;
}

/* Opened without blocking (a FIFO put in its place since its stat would
 * block an open), then checked again as opened: -1 when refused. */
static int open_ladder(const adj_ladder_t *l, const struct stat *st)
{
    int fd = open(l->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        refuse(l, strerror(errno));
        return -1;
    }
    struct stat now;
    const char *why = fstat(fd, &now) != 0 ? strerror(errno) : refusal(&now);
    if (!why && (now.st_dev != st->st_dev || now.st_ino != st->st_ino))
        why = "changed while it was opened; it is refused";
    if (why) {
        refuse(l, why);
        close(fd);
        return -1;
    }
    return fd;
}

/* The file on disk is judged first (SPEC 13), even when an editor lends
 * its unsaved text (adjutant lsp). */
static void read_ladder(adj_ladder_t *l, const struct stat *st)
{
    const char *why = refusal(st);
    if (why)
        return refuse(l, why);
    const char *text;
    size_t len;
    adj_diags_t d = {0};
    bool ok;
    if (source && source(source_ctx, l->path, &text, &len)) {  /* the editor's */
        ok = read_doc(l, adj_reader_new_bytes(text, len, l->shown, &d), &d);
    } else {
        int fd = open_ladder(l, st);
        if (fd < 0)
            return;
        ok = read_doc(l, adj_reader_new(fd, l->shown, &d), &d);
        close(fd);
    }
    report(l, &d);
    l->valid = ok && valid_of(&d);
    adj_diags_free(&d);
}

/* The ladder read from `path` (whose stat is st), read now when this run
 * has not read it yet. Holds the lock. */
static adj_ladder_t *ladder_at(const char *path, const struct stat *st)
{
    for (adj_ladder_t *l = ladders; l; l = l->next)
        if (l->dev == st->st_dev && l->ino == st->st_ino)
            return l;
    adj_ladder_t *l = adj_xcalloc(1, sizeof *l);
    l->path = adj_xstrdup(path);
    adj_buf_t b = {0};
    adj_escape_name(&b, path);
    l->shown = b.data ? b.data : adj_xstrdup("");
    l->dev = st->st_dev;
    l->ino = st->st_ino;
    l->mtime = st->st_mtim;
    l->size = st->st_size;
    read_ladder(l, st);
    l->next = ladders;
    ladders = l;
    return l;
}

/* A ladder file that cannot even be stat'ed (--ladder's, or EACCES). */
static int unreadable(const char *path, int err)
{
    adj_buf_t b = {0};
    adj_escape_name(&b, path);
    fprintf(stderr, "adjutant: %s: %s\n", b.data, strerror(err));
    adj_buf_free(&b);
    return -1;
}

static int use(const char *path, const struct stat *st, const adj_ladder_t **out)
{
    adj_ladder_t *l = ladder_at(path, st);
    *out = l;
    return l->valid ? 1 : -1;
}

/* ---- which ladder file (SPEC 13) ---- */

/* dir + "/" + name, as a path is shown; "" is the working directory. */
static char *join(const char *dir, const char *name)
{
    if (!*dir)
        return adj_xstrdup(name);
    size_t n = strlen(dir);
    return adj_xasprintf("%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", name);
}

/* The directory above `dir`, as text; NULL above the root. */
static char *parent(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    if (n == 1 && dir[0] == '/')
        return NULL;
    const char *slash = NULL;
    for (size_t i = 0; i < n; i++)
        if (dir[i] == '/')
            slash = dir + i;
    const char *last = slash ? slash + 1 : dir;
    size_t last_len = n - (size_t)(last - dir);
    if (n == 0 || (last_len == 1 && last[0] == '.') ||
        (last_len == 2 && last[0] == '.' && last[1] == '.'))
        return n == 0 ? adj_xstrdup("..") : adj_xasprintf("%.*s/..", (int)n, dir);
    if (!slash)
        return adj_xstrdup("");
    return slash == dir ? adj_xstrdup("/") : adj_xasprintf("%.*s", (int)(slash - dir), dir);
}

static bool same_file(const char *a, const struct stat *b)
{
    struct stat st;
    return stat(*a ? a : ".", &st) == 0 && st.st_dev == b->st_dev && st.st_ino == b->st_ino;
}

/* The search ends in this directory: it holds `.git`, is the home
 * directory, or is the root. */
static bool last_dir(const char *dir, const struct stat *home)
{
    struct stat st;
    char *git = join(dir, ".git");
    bool stop = lstat(git, &st) == 0;
    free(git);
    if (stop || (home && same_file(dir, home)))
        return true;
    if (stat(*dir ? dir : ".", &st) != 0)
        return true;
    char *up = join(dir, "..");
    bool root = same_file(up, &st);
    free(up);
    return root;
}

/* The nearest ladder file from directory `dir` up. */
static int search(const char *start, const adj_ladder_t **out)
{
    const char *h = getenv("HOME");
    struct stat home_st;
    bool has_home = h && *h && stat(h, &home_st) == 0;
    char *dir = adj_xstrdup(start);
    int found = 0;
    for (int i = 0; dir && i < LADDER_MAX_UP && !found; i++) {
        char *cand = join(dir, LADDER_NAME);
        struct stat st;
        if (stat(cand, &st) == 0)
            found = use(cand, &st, out);
        else if (errno != ENOENT && errno != ENOTDIR)
            found = unreadable(cand, errno);
        free(cand);
        if (found || last_dir(dir, has_home ? &home_st : NULL))
            break;
        char *up = parent(dir);
        free(dir);
        dir = up;
    }
    free(dir);
    return found;
}

/* The directory a log's path names it in, as text ("" for none). */
static char *log_dir(const char *log)
{
    if (strcmp(log, "-") == 0)
        return adj_xstrdup("");
    const char *slash = strrchr(log, '/');
    if (!slash)
        return adj_xstrdup("");
    return slash == log ? adj_xstrdup("/") : adj_xasprintf("%.*s", (int)(slash - log), log);
}

static int find_locked(const char *path, bool is_dir, const adj_ladder_t **out)
{
    *out = NULL;
    if (mode == ADJ_LADDER_NONE)
        return 0;
    if (mode == ADJ_LADDER_FILE) {
        struct stat st;
        if (named_err)
            return -1;
        if (stat(named_file, &st) != 0) {
            named_err = errno;
            return unreadable(named_file, errno);
        }
        return use(named_file, &st, out);
    }
    char *dir = is_dir ? adj_xstrdup(path) : log_dir(path);
    int r = search(dir, out);
    free(dir);
    return r;
}

int adj_ladder_find(const char *path, bool is_dir, const adj_ladder_t **out)
{
    pthread_mutex_lock(&lock);
    int r = find_locked(path, is_dir, out);
    pthread_mutex_unlock(&lock);
    return r;
}

int adj_ladder_for(const char *log, const adj_ladder_t **out)
{
    return adj_ladder_find(log, false, out);
}

/* ---- what a ladder lends a log ---- */

static size_t scenario_index(const adj_ladder_t *l, const char *name, size_t len)
{
    while (len && name[0] == ' ')
        name++, len--;
    while (len && name[len - 1] == ' ')
        len--;
    for (size_t i = 0; i < l->doc.scenario_count; i++) {
        const adj_ld_text_t *t = &l->doc.scenarios[i].name;
        if (t->len == len && memcmp(t->text, name, len) == 0)
            return i;
    }
    return SIZE_MAX;
}

/* unknown-scenario or unknown-player (SPEC 13): "KIND `NAME` is not one of
 * the KINDs of LADDER; THEN", with a did-you-mean among `names` (bytes
 * with their lengths, `lens`: a name may hold NUL bytes). */
static void unknown_name(adj_diags_t *diags, adj_code_t code, adj_mark_t at, const char *name,
                         size_t len, const char **names, const size_t *lens, size_t count,
                         const char *kind, const char *shown, const char *then)
{
    size_t near = adj_closest_index(name, len, names, lens, count);
    adj_buf_t b = {0}, m = {0};
    adj_escape_text(&b, name, len);
    if (near != SIZE_MAX) {
        adj_buf_puts(&m, " (did you mean `");
        adj_escape_text(&m, names[near], lens[near]);
        adj_buf_puts(&m, "`?)");
    }
    adj_diags_add(diags, code, at, NULL, NULL, NULL, "%s `%s` is not one of the %ss of %s; %s%s",
                  kind, b.data ? b.data : "", kind, shown, then, m.data ? m.data : "");
    adj_buf_free(&b);
    adj_buf_free(&m);
}

static const adj_scenario_t *on_scenario(void *ctx, const char *name, size_t len, adj_mark_t at,
                                         adj_diags_t *diags)
{
    const adj_ladder_t *l = ctx;
    if (!l->doc.scenario_count)
        return NULL;
    size_t i = scenario_index(l, name, len);
    if (i != SIZE_MAX)
        return &l->doc.scenarios[i];
    const char **names = adj_xcalloc(l->doc.scenario_count, sizeof *names);
    size_t *lens = adj_xcalloc(l->doc.scenario_count, sizeof *lens);
    for (size_t k = 0; k < l->doc.scenario_count; k++) {
        names[k] = l->doc.scenarios[k].name.text;
        lens[k] = l->doc.scenarios[k].name.len;
    }
    unknown_name(diags, ADJ_D_UNKNOWN_SCENARIO, at, name, len, names, lens,
                 l->doc.scenario_count, "scenario", l->shown, "the log is read on its own");
    free(names);
    free(lens);
    return NULL;
}

const adj_ld_text_t *adj_ladder_player(const adj_ladder_t *l, const char *name, size_t len)
{
    if (!l || !l->key_count)
        return NULL;
    size_t n;
    char *k = adj_name_key(name, len, &n);
    size_t lo = 0, hi = l->key_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (key_cmp(l->keys[mid].key, l->keys[mid].len, k, n) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const adj_ld_text_t *canon = NULL;
    if (lo < l->key_count && key_cmp(l->keys[lo].key, l->keys[lo].len, k, n) == 0)
        canon = &l->doc.players[l->keys[lo].player].name;
    free(k);
    return canon;
}

static const adj_ld_text_t *on_player(void *ctx, const char *name, size_t len, adj_mark_t at,
                                      adj_diags_t *diags)
{
    const adj_ladder_t *l = ctx;
    if (!l->doc.player_count)
        return NULL;
    const adj_ld_text_t *canon = adj_ladder_player(l, name, len);
    if (canon)
        return canon;
    size_t count = 0;
    for (size_t i = 0; i < l->doc.player_count; i++)
        count += 1 + l->doc.players[i].alias_count;
    const char **names = adj_xcalloc(count, sizeof *names);
    size_t *lens = adj_xcalloc(count, sizeof *lens);
    size_t k = 0;
    for (size_t i = 0; i < l->doc.player_count; i++) {
        const adj_ld_player_t *p = &l->doc.players[i];
        lens[k] = p->name.len;
        names[k++] = p->name.text;
        for (size_t a = 0; a < p->alias_count; a++) {
            lens[k] = p->aliases[a].len;
            names[k++] = p->aliases[a].text;
        }
    }
    unknown_name(diags, ADJ_D_UNKNOWN_PLAYER, at, name, len, names, lens, count, "player",
                 l->shown, "the name stands as written");
    free(names);
    free(lens);
    return NULL;
}

void adj_ladder_hook(const adj_ladder_t *l, adj_reader_t *r)
{
    if (l)
        adj_reader_set_ladder(r, on_scenario, on_player, (void *)l);
}

const adj_victory_row_t *adj_ladder_victory(const adj_ladder_t *l, const char *scenario,
                                            size_t *n)
{
    *n = 0;
    size_t i = l && scenario ? scenario_index(l, scenario, strlen(scenario)) : SIZE_MAX;
    if (i == SIZE_MAX || !l->doc.scenarios[i].victory_count)
        return NULL;
    *n = l->doc.scenarios[i].victory_count;
    return l->victory[i];
}

/* ---- the language server's: ladder files that change during a run ---- */

void adj_ladder_set_source(bool (*text)(void *ctx, const char *path, const char **data,
                                        size_t *len),
                           void *ctx)
{
    source = text;
    source_ctx = ctx;
}

static void ladder_free(adj_ladder_t *l)
{
    for (size_t i = 0; l->victory && i <= l->doc.scenario_count; i++)
        free(l->victory[i]);
    free(l->victory);
    for (size_t i = 0; i < l->key_count; i++)
        free(l->keys[i].key);
    free(l->keys);
    adj_ladder_doc_free(&l->doc);
    free(l->path);
    free(l->shown);
    free(l);
}

void adj_ladder_reset(void)
{
    pthread_mutex_lock(&lock);
    while (ladders) {
        adj_ladder_t *next = ladders->next;
        ladder_free(ladders);
        ladders = next;
    }
    named_err = 0;
    pthread_mutex_unlock(&lock);
}

bool adj_ladder_stale(void)
{
    bool stale = false;
    pthread_mutex_lock(&lock);
    for (const adj_ladder_t *l = ladders; l && !stale; l = l->next) {
        struct stat st;
        stale = stat(l->path, &st) != 0 || st.st_dev != l->dev || st.st_ino != l->ino ||
                st.st_size != l->size || st.st_mtim.tv_sec != l->mtime.tv_sec ||
                st.st_mtim.tv_nsec != l->mtime.tv_nsec;
    }
    stale = stale || named_err;
    pthread_mutex_unlock(&lock);
    return stale;
}

bool adj_ladder_check(const char *data, size_t n, const char *path, adj_diags_t *d)
{
    adj_ladder_t *l = adj_xcalloc(1, sizeof *l);
    l->path = adj_xstrdup(path);
    adj_buf_t b = {0};
    adj_escape_name(&b, path);
    l->shown = b.data ? b.data : adj_xstrdup("");
    bool ok = read_doc(l, adj_reader_new_bytes(data, n, l->shown, d), d) && valid_of(d);
    ladder_free(l);
    return ok;
}
