/*
 * `history PATCH`: each of the patch's constants through the kernel releases
 * (the rows of its tables in core/mm/): release, commit, what changed, the
 * function and file, and the value the row's code gives on this machine.
 */
#ifndef BL_HISTORYCMD_H
#define BL_HISTORYCMD_H

#include <stddef.h>

#include "../../core/patch.h"
#include "../../core/strbuf.h"
#include "../session.h"

/* The rows as a table for people, at most width columns wide. */
void render_history(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out);
/* The same as a list of sentences, a row an item, wrapped to width (about: a pager reflows it). */
void render_history_list(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out);

#endif
