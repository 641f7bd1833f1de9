/*
 * report's chart: the metric of the patch that changes most, over the
 * machine-size parameter it reads, as chart.c draws it in text or svg.c as a
 * picture (report PATCH > PATH.svg).
 */
#include "reportchart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/err.h"
#include "../core/mmpatch.h"
#include "../core/params.h"
#include "../core/plot_sample.h"
#include "../core/sweep.h"
#include "../core/variant.h"
#include "../core/mm/release.h"
#include "cmd/cmd_sweep.h"
#include "out/chart.h"
#include "out/records.h"
#include "out/render.h"
#include "out/svg.h"
#include "out/wrap.h"
#include "reportparts.h"

static double change_size(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md)
{
	double b, a;

	if (md->single || md->list)
		return 0;
	b = value_real(md->fn(m, md, d->before, NULL));
	a = value_real(md->fn(m, md, d->after, NULL));
	if (!(b > 0) || !(a > 0) || isinf(a) || isinf(b))
		return 0;
	return fabs(log(a / b));
}

/* A range end as `set` reads it, short enough for a 72-column line: 4G, 1E, or the bare number. */
static void range_word(const struct param *p, uint64_t v, char *buf, size_t len)
{
	static const char units[] = "KMGTPE";
	int u = -1;

	if (p->type == PT_SIZE)
		while (u < 5 && v && v % (1ull << (10 * (u + 2))) == 0)
			u++;
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)(v >> (10 * (u + 1))), units[u]);
}

static const struct param *chart_key(const struct metric_desc *md)
{
	static const char *const prefer[] = { "ram", "cpus", NULL };

	for (int i = 0; prefer[i]; i++)
		if (metric_reads(md, prefer[i]))
			return param_find(prefer[i]);
	for (size_t i = 0; i < nparams; i++)
		if (params[i].type != PT_CHOICE && params[i].type != PT_REAL && params[i].type != PT_LAYOUT && !params[i].allowed &&
		    metric_reads(md, params[i].name))
			return &params[i];
	return NULL;
}

void report_chart_free(struct report_chart *rc)
{
	plot_points_free(&rc->pts);
	memset(rc, 0, sizeof(*rc));
}

int report_chart(const struct compare_set *set, const struct patch_desc *d, int width, const struct plot_watch *w,
		 struct report_chart *rc, char *err, size_t errlen)
{
	int got;
	const struct machine *m = &set->st[0].m;
	const struct metric_desc *best = NULL;
	double most = 0;
	uint64_t lo = UINT64_MAX, hi = 0;
	int sides[PLOT_MAX_SERIES], nser = 0;

	memset(rc, 0, sizeof(*rc));
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		double c = change_size(m, d, md);

		if (c > most && chart_key(md))
			most = c;
	}
	/* of those that change about as much (x64 and x64.02), the first in the patch's order */
	for (const struct metric_desc *md = d->metrics; md->name && !best; md++)
		if (most > 0 && change_size(m, d, md) >= most * 0.99 && chart_key(md))
			best = md;
	if (!best)
		return err_set(err, errlen, "no metric of %s changes on %s", d->id, set->st[0].label);
	rc->md = best;
	rc->key = chart_key(best);
	for (int g = 0; g < set->n; g++) {
		uint64_t v = param_u64(&set->st[g].m, rc->key);

		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	if (lo == hi) { /* one machine, or all one size: a span around it */
		lo = lo / 16 > rc->key->min ? lo / 16 : rc->key->min;
		hi = hi <= rc->key->max / 16 ? hi * 16 : rc->key->max;
	}
	range_word(rc->key, lo, rc->from, sizeof(rc->from));
	range_word(rc->key, hi, rc->to, sizeof(rc->to));
	if (sweep_bounds_parse(m, rc->key->name, rc->from, rc->to, &rc->range, err, errlen))
		return -1;
	nser = plot_sides(m, d, best, -1, sides); /* every side and variant, in every chart's order */
	if ((got = plot_sample_watched(m, &rc->range, d, best, sides, nser, width, w, &rc->pts, err, errlen)))
		return got;
	snprintf(rc->title, sizeof(rc->title), "%s.%s on %s", d->id, best->name, set->st[0].label);
	rc->c.title = rc->title;
	rc->c.yunit = best->unit;
	rc->c.xname = rc->key->name;
	rc->c.xunit = rc->key->unit;
	rc->c.xscale = rc->pts.xlog ? CHART_LOG : CHART_LINEAR;
	rc->c.yscale = CHART_AUTO;
	rc->c.nseries = nser;
	for (int i = 0; i < nser; i++) {
		rc->c.series[i].label = patch_col_name(m, d, sides[i]);
		rc->c.series[i].x = rc->pts.x;
		rc->c.series[i].y = rc->pts.y[i];
		rc->c.series[i].n = rc->pts.n;
	}
	rc->c.marker_x = (double)param_u64(m, rc->key);
	return 0;
}

/* The report's chart as an SVG picture (svg.c): its machine, the first, marked; the machine line its caption. */
int report_svg(const struct compare_set *set, const struct patch_desc *d, int width, int svg_w, int svg_h,
	       const struct plot_watch *w, struct strbuf *out, char *err, size_t errlen)
{
	int got;
	struct report_chart rc;
	struct strbuf cap = STRBUF_INIT;
	double marks[PLOT_MAX_SERIES];
	int sides[PLOT_MAX_SERIES], n;

	if ((got = report_chart(set, d, width, w, &rc, err, errlen)))
		return got;
	n = plot_sides(&set->st[0].m, d, rc.md, -1, sides);
	for (int i = 0; i < n && i < rc.c.nseries; i++)
		marks[i] = value_real(metric_compute(&set->st[0].m, d, rc.md, sides[i], NULL));
	chart_machine_text_of(&set->st[0].m, "", set->st[0].label, rc.md->reads, rc.key, &cap);
	svg_chart(&rc.c, n == rc.c.nseries ? marks : NULL, sb_str(&cap), svg_w, svg_h, out);
	sb_free(&cap);
	report_chart_free(&rc);
	return 0;
}
