/*
 * report: the review summary as a whole into a buffer, and its options. Its
 * parts are files of their own, each the one owner of its part:
 * reportparts.c (points, claims, gains and prices, and what the parts
 * share), reportchart.c (the chart), reportrepro.c (the reproduce lines),
 * reportjson.c (--format json); cmd_report.c the text's order.
 */
#ifndef BL_REPORTCMD_H
#define BL_REPORTCMD_H

#include <stddef.h>

#include "../../core/params.h"
#include "../../core/patch.h"
#include "../../core/plot_sample.h"
#include "../compare.h"
#include "../session.h"

/* How the report is laid out: REPORT_QUOTE every line behind "> ", REPORT_COMPARE compare-kernels' tables. */
#define REPORT_QUOTE 1u
#define REPORT_COMPARE 2u

/*
 * The whole report of d over set: text to width, markdown, or json (fmt);
 * style: REPORT_* bits; w (NULL: none) watches its chart's samples as a walk:
 * -3 refused for their time, -2 stopped, with err.
 */
int report_build(struct session *s, const struct patch_desc *d, struct compare_set *set, int width,
		 enum out_format fmt, unsigned style, const struct plot_watch *w, struct strbuf *out, char *err,
		 size_t errlen);


/* `help report` and the man page: the whole of what report prints, in order (a paragraph a line). */
void report_details(const struct patch_set *ps, struct strbuf *out);

#endif
