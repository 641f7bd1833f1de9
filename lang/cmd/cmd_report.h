/*
 * The review report's parts that others draw: the chart of the metric that
 * changes most (a struct chart and its points, for chart.c's text or an SVG
 * writer), and the report as a whole into a buffer.
 */
#ifndef BL_REPORTCMD_H
#define BL_REPORTCMD_H

#include <stddef.h>

#include "../../core/params.h"
#include "../../core/patch.h"
#include "../../core/plot_sample.h"
#include "../../core/sweep.h"
#include "../out/chart.h"
#include "../compare.h"
#include "../session.h"

struct report_chart {
	struct chart c;                 /* ready to draw: title, units, series, the first machine marked */
	struct plot_points pts;         /* what c's series point into */
	const struct metric_desc *md;   /* the metric with the largest before -> after change */
	const struct param *key;        /* the machine-size parameter it reads (ram, else cpus, else another) */
	struct sweep_range range;
	char from[32], to[32];          /* the range as `plot` takes it: the machines' smallest to largest */
	char title[200];
};

/*
 * The chart of d's report over set, sampled for width columns (set->st[0]
 * is the machine varied and marked). 0, or -1 with err when no metric of d
 * changes there. report_chart_free() frees it.
 */
int report_chart(const struct compare_set *set, const struct patch_desc *d, int width, struct report_chart *rc,
		 char *err, size_t errlen);
void report_chart_free(struct report_chart *rc);

/* How the report is laid out: REPORT_QUOTE every line behind "> ", REPORT_COMPARE compare-kernels' tables. */
#define REPORT_QUOTE 1u
#define REPORT_COMPARE 2u

/* The whole report of d over set: text to width, markdown, or json (fmt); style: REPORT_* bits. */
int report_build(struct session *s, const struct patch_desc *d, struct compare_set *set, int width,
		 enum out_format fmt, unsigned style, struct strbuf *out, char *err, size_t errlen);

struct records;
/* A patch file's origins as a json array, each "KIND ID" (commit, mail, link); [] for a built-in patch. */
void report_origins(struct records *rec, const struct patch_desc *d);

/* `help report` and the man page: the whole of what report prints, in order (a paragraph a line). */
void report_details(struct strbuf *out);

#endif
