/*
 * The trade-off view: a patch's benefit (y) against its cost (x) as the
 * patch's own constant varies, from core/tradeoff.c for the current machine.
 * The curve is one series; the kernel before and after the patch (and any
 * other labelled point the list carries) are points of their own, named in
 * the legend and listed under the chart with their knob and both values.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/tradeoff.h"
#include "../lang/chart.h"
#include "../lang/render.h"
#include "crt.h"
#include "screen.h"

struct tradeoff_view {
	struct view v;
	const struct tradeoff_spec *spec;
	struct tradeoff t;
	double *cx, *cy;              /* the curve, ascending cost */
	size_t cn;
	double px[2][1], py[2][1];    /* the before and after points */
	int have[2];
	unsigned long generation;     /* the screen's generation the curve was made at */
	int sampled;
	char err[256];
};

struct order {
	double x, y;
};

static int by_x(const void *a, const void *b)
{
	const struct order *p = a, *q = b;

	return p->x < q->x ? -1 : p->x > q->x;
}

static void tradeoff_sample(struct tradeoff_view *tv, const struct machine *m)
{
	struct order *o;

	tradeoff_free(&tv->t);
	free(tv->cx);
	free(tv->cy);
	tv->cx = tv->cy = NULL;
	tv->cn = 0;
	tv->have[0] = tv->have[1] = 0;
	tv->err[0] = '\0';
	if (tradeoff_run(m, tv->spec, NULL, &tv->t, tv->err, sizeof(tv->err)))
		return;
	o = calloc(tv->t.n ? tv->t.n : 1, sizeof(*o));
	tv->cx = calloc(tv->t.n ? tv->t.n : 1, sizeof(double));
	tv->cy = calloc(tv->t.n ? tv->t.n : 1, sizeof(double));
	if (!o || !tv->cx || !tv->cy) {
		free(o);
		snprintf(tv->err, sizeof(tv->err), "tradeoff: out of memory");
		return;
	}
	for (size_t i = 0; i < tv->t.n; i++) {
		const struct tradeoff_point *p = &tv->t.pts[i];
		int k = p->mark == TRADE_BEFORE ? 0 : p->mark == TRADE_AFTER ? 1 : -1;

		if (k >= 0 && !tv->have[k]) {
			tv->px[k][0] = p->x;
			tv->py[k][0] = p->y;
			tv->have[k] = 1;
		}
		if (p->on_curve && isfinite(p->x)) {
			o[tv->cn].x = p->x;
			o[tv->cn++].y = p->y;
		}
	}
	/* the chart draws a series in ascending x: the curve is the knob's points ordered by their cost */
	qsort(o, tv->cn, sizeof(*o), by_x);
	for (size_t i = 0; i < tv->cn; i++) {
		tv->cx[i] = o[i].x;
		tv->cy[i] = o[i].y;
	}
	free(o);
}

/* One line per labelled point: its label, the knob, cost and benefit in the panel's words. */
static void point_lines(struct tradeoff_view *tv, struct screen *sc, int y, int lines)
{
	const struct tradeoff *t = &tv->t;
	int row = 0;

	for (size_t i = 0; i < t->n && row < lines; i++) {
		const struct tradeoff_point *p = &t->pts[i];
		char knob[64], cost[64], benefit[64], line[320];

		if (!p->label[0])
			continue;
		if (p->on_curve)
			snprintf(knob, sizeof(knob), "%s %llu", t->knob->name, (unsigned long long)p->knob);
		else if (p->mark == TRADE_NONE) /* a variant: its own constant, shown by its name */
			snprintf(knob, sizeof(knob), "%s", "(your variant)");
		else
			snprintf(knob, sizeof(knob), "%s", t->spec->before_label ? t->spec->before_label : "-");
		render_human(p->cost, t->cost.metric->unit, cost, sizeof(cost));
		render_human(p->benefit, t->benefit.metric->unit, benefit, sizeof(benefit));
		snprintf(line, sizeof(line), "%-16s %-22s %s = %s%s, %s = %s%s%s%s", p->label, knob, t->cost.metric->name,
			 cost, t->cost.metric->unresolved ? " (unresolved)" : "", t->benefit.metric->name, benefit,
			 t->benefit.metric->unresolved ? " (unresolved)" : "", p->flag ? "; marked: " : "",
			 p->flag ? p->flag : "");
		screen_put(y + row++, 0, sc->L.cols, line, 0, p->mark == TRADE_AFTER ? A_BOLD : A_NORMAL);
	}
	/* the curve's own rows the kernel marks (charge_batch past S8_MAX): their knob values, and why */
	{
		char line[320];
		size_t used = 0;
		const char *flag = NULL;

		for (size_t i = 0; i < t->n; i++) {
			const struct tradeoff_point *p = &t->pts[i];
			int n;

			if (!p->on_curve || !p->flag || p->label[0] || used > 200)
				continue;
			n = snprintf(line + used, sizeof(line) - used, "%s %llu", flag ? "," : "marked:",
				     (unsigned long long)p->knob);
			used += n > 0 ? (size_t)n : 0;
			flag = p->flag;
		}
		if (flag && row < lines) {
			snprintf(line + used, sizeof(line) - used, " (%s): %s", t->knob->name, flag);
			screen_put(y + row, 0, sc->L.cols, line, 0, crt_attr(ST_ERROR));
		}
	}
}

static void tradeoff_view_draw(struct view *v, struct screen *sc)
{
	struct tradeoff_view *tv = (struct tradeoff_view *)v;
	const struct layout *L = &sc->L;
	const struct tradeoff *t = &tv->t;
	char head[256], title[160], xname[96];
	struct chart c;
	int h = L->height - 4;

	if (!tv->sampled || tv->generation != sc->generation) {
		tradeoff_sample(tv, &sc->s->m);
		tv->generation = sc->generation;
		tv->sampled = 1;
	}
	snprintf(head, sizeof(head), " tradeoff %s over %s   (t: next patch; Esc closes; :tradeoff %s for the table)",
		 tv->spec->patch, tv->spec->knob, tv->spec->patch);
	screen_put(L->top, 0, L->cols, head, 0, crt_attr(ST_TITLE));
	if (tv->err[0]) {
		screen_put(L->top + 2, 0, L->cols, tv->err, 0, crt_attr(ST_ERROR));
		return;
	}
	memset(&c, 0, sizeof(c));
	/* an unresolved metric (show's change column says so) is marked on the axis it draws */
	snprintf(title, sizeof(title), "%s.%s%s (%s is better) against %s.%s%s", t->patch->id, t->benefit.metric->name,
		 t->benefit.metric->unresolved ? " (unresolved)" : "", metric_better_name(t->benefit.metric->better),
		 t->patch->id, t->cost.metric->name, t->cost.metric->unresolved ? " (unresolved)" : "");
	snprintf(xname, sizeof(xname), "cost: %s%s", t->cost.metric->name,
		 t->cost.metric->unresolved ? " (unresolved: the model misses the seed)" : "");
	c.title = title;
	c.yunit = t->benefit.metric->unit;
	c.xname = xname;
	c.xunit = t->cost.metric->unit;
	c.xscale = CHART_LINEAR;
	if (tv->cn > 1 && tv->cx[0] > 0 && tv->cx[tv->cn - 1] / tv->cx[0] >= 100)
		c.xscale = CHART_LOG; /* doublings of the knob: a log axis spaces them evenly */
	c.yscale = CHART_AUTO;
	c.marker_x = NAN;
	c.series[0].label = t->knob->name;
	c.series[0].x = tv->cx;
	c.series[0].y = tv->cy;
	c.series[0].n = tv->cn;
	c.nseries = 1;
	for (int k = 0; k < 2; k++) {
		if (!tv->have[k])
			continue;
		c.series[c.nseries].label = k ? "after" : "before";
		c.series[c.nseries].x = tv->px[k];
		c.series[c.nseries].y = tv->py[k];
		c.series[c.nseries].n = 1;
		c.nseries++;
	}
	{
		/* the lines under the chart: one per labelled point, one for the curve's marked rows; past the
		   usual 3 the chart gives up rows for them, down to the least it draws in */
		int need = 0, curve_flag = 0;

		for (size_t i = 0; i < t->n; i++) {
			need += t->pts[i].label[0] != '\0';
			curve_flag |= t->pts[i].on_curve && t->pts[i].flag && !t->pts[i].label[0];
		}
		need += curve_flag;
		if (need > 3 && h - (need - 3) >= CHART_MIN_HEIGHT)
			h -= need - 3;
	}
	if (view_chart_show(&c, L->top + 1, L->cols, h, 4))
		return; /* chart_draw() refuses a height below CHART_MIN_HEIGHT too */
	point_lines(tv, sc, L->top + 1 + h, L->height - 1 - h);
}

static int tradeoff_view_key(struct view *v, struct screen *sc, const struct key_binding *b, int ch)
{
	struct tradeoff_view *tv = (struct tradeoff_view *)v;
	MEVENT ev;

	(void)ch;
	switch (b ? b->action : KA_NONE) {
	case KA_TRADEOFF: /* t again: the next patch's trade-off */
		tv->spec = tv->spec[1].patch ? tv->spec + 1 : tradeoff_specs;
		tv->sampled = 0;
		break;
	case KA_MOUSE: getmouse(&ev); break;
	case KA_QUIT:
	case KA_ESCAPE: screen_pop(sc); break;
	default: return 0;
	}
	return 1;
}

static int tradeoff_view_footer(struct view *v, struct screen *sc, enum key_action a, const char **label)
{
	(void)v, (void)sc;
	switch (a) {
	case KA_QUIT: *label = "close"; return 1;
	case KA_TRADEOFF: *label = "next patch"; return 1;
	case KA_HELP:
	case KA_COMMAND:
	case KA_STEP: /* the machine's selected parameter: the trade-off follows it */
	case KA_UNDO: return 1;
	default: return 0;
	}
}

static void tradeoff_view_destroy(struct view *v)
{
	struct tradeoff_view *tv = (struct tradeoff_view *)v;

	tradeoff_free(&tv->t);
	free(tv->cx);
	free(tv->cy);
	free(tv);
}

static const struct view_ops tradeoff_ops = {
	.name = "tradeoff",
	.opaque = 1,
	.draw = tradeoff_view_draw,
	.key = tradeoff_view_key,
	.destroy = tradeoff_view_destroy,
	.footer = tradeoff_view_footer,
};

struct view *view_tradeoff_new(const struct tradeoff_spec *spec)
{
	struct tradeoff_view *tv = calloc(1, sizeof(*tv));

	if (!tv)
		return NULL;
	tv->v.ops = &tradeoff_ops;
	tv->spec = spec;
	return &tv->v;
}
