/*
 * report's chart (reportchart.c): the metric of the patch that changes most,
 * over the machine-size parameter it reads - a struct chart and its points,
 * for chart.c's text or as an SVG picture.
 */
#ifndef BL_REPORTCHART_H
#define BL_REPORTCHART_H

#include <stddef.h>

#include "../core/params.h"
#include "../core/patch.h"
#include "../core/plot_sample.h"
#include "../core/sweep.h"
#include "compare.h"
#include "out/chart.h"

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
 * changes there; w (NULL: none) watches its samples as a walk (walk.h): its
 * code when it refused them (-3) or stopped them (-2). report_chart_free()
 * frees it.
 */
int report_chart(const struct compare_set *set, const struct patch_desc *d, int width, const struct plot_watch *w,
		 struct report_chart *rc, char *err, size_t errlen);
void report_chart_free(struct report_chart *rc);
/* The chart as an SVG picture, svg_w x svg_h pixels, its machine (set->st[0]) marked. 0, or -1 with err. */
int report_svg(const struct compare_set *set, const struct patch_desc *d, int width, int svg_w, int svg_h,
	       const struct plot_watch *w, struct strbuf *out, char *err, size_t errlen);

#endif
