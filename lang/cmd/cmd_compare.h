/*
 * Machines side by side (`compare`, `show PATCH on ...`) and the review
 * report (`report`), over the list of machine states of compare.h.
 */
#ifndef BL_COMPARECMD_H
#define BL_COMPARECMD_H

#include <stddef.h>

#include "../../core/patch.h"
#include "../../core/strbuf.h"
#include "../compare.h"
#include "../session.h"

int cmd_compare(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* show PATCH on PRESET...: argv[0] the topic, argv[1] "on". */
int cmd_show_on(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);
/* help show, help compare and the man page: machines side by side (a paragraph a line). */
void compare_details(const struct patch_set *ps, struct strbuf *out);
/* help show: the table of one machine, then machines side by side. */
void show_details(const struct patch_set *ps, struct strbuf *out);
int cmd_report(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen);

/*
 * d's metrics with a column group per state of set: each group the patch's
 * columns (sides and variants) and the change before -> after. width > 0:
 * groups that do not fit beside each other go to a further block under the
 * first, each block headed again; 0: one block however wide.
 */
void compare_table(const struct compare_set *set, const struct patch_desc *d, int width, struct strbuf *out);

/* The one-letter kind mark the tables use: ' ' exact, '*' workload, '~' model. */
char compare_kind_mark(enum metric_kind k);

#endif
