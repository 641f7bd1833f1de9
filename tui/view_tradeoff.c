/*
 * The trade-off view: a patch's benefit (y) against its cost (x) as the
 * patch's own constant varies, from core/tradeoff.c for the current machine.
 * The curve leads; the kernel before and after the patch and each variant
 * are labelled points of their own (tradeoff_chart_build()), each its own
 * glyph, named with its knob value in the legend and listed under the chart
 * with both values.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/tradeoff.h"
#include "../lang/out/chart.h"
#include "../lang/out/render.h"
#include "../lang/cmd/cmd_tradeoff.h"
#include "crt.h"
#include "screen.h"

struct tradeoff_view {
	struct view v;
	const struct tradeoff_spec *spec;
	struct tradeoff t;
	struct tradeoff_chart tc;     /* the curve, then before, after and each variant as labelled points */
	unsigned long generation;     /* the screen's generation the curve was made at */
	int sampled;
	char err[256];
};

static void tradeoff_sample(struct tradeoff_view *tv, const struct machine *m)
{
	tradeoff_chart_free(&tv->tc);
	tradeoff_free(&tv->t);
	tv->err[0] = '\0';
	if (tradeoff_run(m, tv->spec, NULL, &tv->t, tv->err, sizeof(tv->err)))
		return;
	if (tradeoff_chart_build(m, &tv->t, &tv->tc))
		snprintf(tv->err, sizeof(tv->err), "tradeoff: out of memory");
}

/* One line per labelled point, in the chart's order: its label, the knob, cost and benefit in the panel's words. */
static void point_lines(struct tradeoff_view *tv, struct screen *sc, int y, int lines)
{
	const struct tradeoff *t = &tv->t;
	int row = 0;

	for (int s = 1; s < tv->tc.c.nseries && row < lines; s++) {
		const struct tradeoff_point *p = tv->tc.point[s];
		char knob[96], k[80], cost[64], benefit[64], line[400];

		tradeoff_knob_text(&sc->s->m, t, p, k, sizeof(k));
		if (p->on_curve || (p->side >= patch_nsides(t->patch) && tv->spec->variant_is_knob && t->own_knob &&
				    strcmp(k, "n/a")))
			snprintf(knob, sizeof(knob), "%s %s", t->knob->name, k);
		else
			snprintf(knob, sizeof(knob), "%s", *k ? k : "-");
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
	char head[256];
	int lines, h;

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
	/* a line under the chart per labelled point (before, after, each variant), one for the curve's marked rows */
	lines = tv->tc.c.nseries - 1;
	for (size_t i = 0; i < tv->t.n; i++)
		if (tv->t.pts[i].on_curve && tv->t.pts[i].flag && !tv->t.pts[i].label[0]) {
			lines++;
			break;
		}
	lines = lines > 3 ? lines : 3;
	h = L->height - 1 - lines;
	if (view_chart_show(&tv->tc.c, L->top + 1, L->cols, h, lines + 1))
		return; /* chart_draw() refuses a height below the chart's least too */
	point_lines(tv, sc, L->top + 1 + h, lines);
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

/* :save PATH: the tradeoff command that writes this trade-off into PATH. */
static int tradeoff_view_save(struct view *v, struct screen *sc, const char *path, char *line, size_t len)
{
	struct tradeoff_view *tv = (struct tradeoff_view *)v;
	char q[1100];

	(void)sc;
	if (view_quote_path(path, q, sizeof(q))) {
		snprintf(line, len, "%s", q);
		return -1;
	}
	snprintf(line, len, "tradeoff %s > %s", tv->spec->patch, q);
	return 0;
}

static void tradeoff_view_destroy(struct view *v)
{
	struct tradeoff_view *tv = (struct tradeoff_view *)v;

	tradeoff_chart_free(&tv->tc);
	tradeoff_free(&tv->t);
	free(tv);
}

/* the keys this view takes (help keys) */
static const enum key_action tradeoff_actions[] = { KA_TRADEOFF, KA_STEP, KA_MOUSE, KA_ESCAPE, KA_NONE };

static const struct view_ops tradeoff_ops = {
	.actions = tradeoff_actions,
	.name = "tradeoff",
	.opaque = 1,
	.draw = tradeoff_view_draw,
	.key = tradeoff_view_key,
	.save_command = tradeoff_view_save,
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
