/*
 * `history PATCH`: each of the patch's constants through the kernel releases
 * (the rows of its tables in core/mm/): release, commit, what changed, the
 * function and file, and the value the row's code gives on this machine.
 */
#ifndef BL_HISTORYCMD_H
#define BL_HISTORYCMD_H

#include <stddef.h>

#include "../core/patch.h"
#include "../core/strbuf.h"
#include "session.h"

/* help history's paragraphs. */
void history_details(struct strbuf *out);
/* The history command's exec. */
int cmd_history(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* The rows as text for people, at most width columns wide (about prints them too). */
void render_history(const struct machine *m, const struct patch_desc *d, int width, struct strbuf *out);

#endif
