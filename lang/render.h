/*
 * Turning core's numbers into text: the side-by-side tables, explanations and
 * about pages, in table, csv or json. Shared by every front end.
 */
#ifndef BL_RENDER_H
#define BL_RENDER_H

#include <stddef.h>

#include "../core/patch.h"
#include "../core/strbuf.h"
#include "session.h"

/* The bare value `get` prints: integers whole, reals with 6 significant digits, inf, n/a. */
void render_bare(struct value v, char *buf, size_t len);
/* For people: sizes in KiB/MiB/GiB when unit is "bytes", reals with 4+ significant digits. */
void render_human(struct value v, const char *unit, char *buf, size_t len);
/* "+100.0% (x2.00)", "-83.3% (/6.00)", "same", or "" when there is nothing to compare. */
void render_change(struct value before, struct value after, char *buf, size_t len);
/* Sign of the change: -1 down, 0 same or n/a, 1 up. */
int change_direction(struct value before, struct value after);

/* Topic "" or "all", "machine", or a patch id; -1 with err if unknown. */
int render_show(const struct session *s, const char *topic, struct strbuf *out, char *err, size_t errlen);
void render_explain(const struct machine *m, const struct metric_ref *ref, int side, struct strbuf *out);
void render_about(const struct machine *m, const struct patch_desc *d, struct strbuf *out);

#endif
