/*
 * The tradeoff command: core/tradeoff.c makes the curve of a patch's benefit
 * against its cost; this prints it as a table, csv or json.
 */
#ifndef BL_LANG_TRADEOFF_H
#define BL_LANG_TRADEOFF_H

#include <stddef.h>

#include "../core/strbuf.h"
#include "../core/tradeoff.h"
#include "session.h"

/* tradeoff PATCH [over KNOB FROM TO [step N | x N]]: the curve into t (freed by the caller). */
int tradeoff_parse_run(const struct machine *m, int argc, char **argv, struct tradeoff *t, char *err, size_t errlen);
int cmd_tradeoff(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* What tradeoff does, in full, its defaults from the trade-off table (core/tradeoff.c). */
void tradeoff_details(struct strbuf *out);

#endif
