/* SPDX-License-Identifier: MIT */
/*
 * report_html_bounds.c - which leaders a page shows when it cannot show
 * them all (SPEC 9 "Bounded"), and the notice that says so: read by the
 * page (report_html.c: its stories) and its timeline
 * (report_html_timeline.c), so neither calls the other for it.
 */
#include "report_html.h"

void html_leaders_notice(adj_buf_t *out, const html_page_t *pg, const char *what, size_t kept,
                         const char *most)
{
    size_t roster = pg->a->result.header->leader_count;
    if (kept == roster)
        return;
    size_t kd = pg->with_diag < kept ? pg->with_diag : kept;
    size_t kc = pg->changing < kept - kd ? pg->changing : kept - kd;
    adj_buf_printf(out, "<p class=\"bound\">%s %zu of the %zu leaders (%s: first those a "
                   "diagnostic is about, then those whose state changes, then the others in "
                   "roster order; shown in roster order). Left out: %zu leaders (%zu with a "
                   "diagnostic, %zu whose state changes).</p>\n", what, kept, roster, most,
                   roster - kept, pg->with_diag - kd, pg->changing - kc);
}

size_t html_choose(const html_page_t *pg, size_t limit, size_t *keep)
{
    size_t n = pg->a->replayed ? pg->a->result.header->leader_count : 0;
    size_t quota[3];  /* how many of each rank fit, the first in roster order */
    size_t count[3] = {pg->with_diag, pg->changing, n - pg->with_diag - pg->changing};
    for (int r = 0; r < 3; r++) {
        quota[r] = count[r] < limit ? count[r] : limit;
        limit -= quota[r];
    }
    size_t kept = 0;
    for (size_t l = 0; l < n; l++)
        if (quota[pg->rank[l]] > 0) {
            quota[pg->rank[l]]--;
            keep[kept++] = l;
        }
    return kept;
}
