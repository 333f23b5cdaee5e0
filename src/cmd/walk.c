/* SPDX-License-Identifier: MIT */
/*
 * walk.c - the logs below a directory, as SPEC 5 says: regular files named
 * *.yaml or *.yml, dot-names skipped, links to files followed, links to
 * directories reported and not followed, in strcmp order of their paths.
 * Whatever cannot be searched is reported, never dropped in silence.
 */
#include "adj_cli.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define WALK_MAX_DEPTH 64
#define WALK_STR_(x) #x
#define WALK_STR(x) WALK_STR_(x)

typedef struct walk_s {
    char **paths;   /* owned array of owned strings */
    size_t count, cap;
    bool ok;        /* nothing was left unsearched */
} walk_t;

static void walk_push(walk_t *w, char *path)
{
    if (w->count == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 16;
        w->paths = adj_xreallocarray(w->paths, w->cap, sizeof *w->paths);
    }
    w->paths[w->count++] = path;
}

/* A log's name: *.yaml or *.yml, but never a ladder file (SPEC 13). */
static bool has_log_suffix(const char *name)
{
    size_t n = strlen(name);
    if (!strcmp(name, "adjutant-ladder.yaml"))
        return false;
    return (n > 5 && !strcmp(name + n - 5, ".yaml")) || (n > 4 && !strcmp(name + n - 4, ".yml"));
}

static void walk_problem(walk_t *w, const char *path, const char *what, int err)
{
    if (err)
        adj_msg_error_name(path, "%s: %s", what, strerror(err));
    else
        adj_msg_error_name(path, "%s", what);
    w->ok = false;
}

static void walk_dir(walk_t *w, const char *dir, int depth);

/* One directory entry: a log to audit, a directory to search, or neither. */
static void walk_entry(walk_t *w, const char *dir, const char *name, int depth)
{
    size_t n = strlen(dir);  /* `logs/` as given: no second slash */
    char *path = adj_xasprintf("%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
    struct stat st;
    if (strlen(path) >= PATH_MAX) {
        walk_problem(w, path, "the path is longer than PATH_MAX (" WALK_STR(PATH_MAX)
                              "), not searched", 0);
    } else if (lstat(path, &st) != 0) {
        walk_problem(w, path, "cannot be read", errno);
    } else if (S_ISLNK(st.st_mode)) {
        bool to_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
        if (to_dir)
            adj_msg_error_name(path, "a symbolic link to a directory, not followed");
        else if (has_log_suffix(name) && (S_ISREG(st.st_mode) || errno == ENOENT)) {
            walk_push(w, path);  /* a dangling one: opening it says why */
            return;
        }
    } else if (S_ISDIR(st.st_mode)) {
        if (depth + 1 > WALK_MAX_DEPTH)
            walk_problem(w, path, "deeper than " WALK_STR(WALK_MAX_DEPTH)
                                  " directories, not searched", 0);
        else
            walk_dir(w, path, depth + 1);
    } else if (S_ISREG(st.st_mode) && has_log_suffix(name)) {
        walk_push(w, path);
        return;
    }
    free(path);
}

static void walk_dir(walk_t *w, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d) {
        walk_problem(w, dir, "cannot be searched", errno);
        return;
    }
    struct dirent *de;
    for (errno = 0; (de = readdir(d)) != NULL; errno = 0) {
        if (de->d_name[0] != '.')
            walk_entry(w, dir, de->d_name, depth);
    }
    if (errno)
        walk_problem(w, dir, "cannot be searched", errno);
    closedir(d);
}

static int path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bool adj_walk(const char *dir, void (*found)(void *ctx, char *path), void *ctx)
{
    walk_t w = {NULL, 0, 0, true};
    walk_dir(&w, dir, 0);
    if (w.ok && w.count == 0)
        walk_problem(&w, dir, "no log (*.yaml, *.yml) in this directory", 0);
    if (w.count > 1)
        qsort(w.paths, w.count, sizeof *w.paths, path_cmp);
    for (size_t i = 0; i < w.count; i++)
        found(ctx, w.paths[i]);
    free(w.paths);
    return w.ok;
}
