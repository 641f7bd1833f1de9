/*
 * tradeoff: the curve core/tradeoff.c makes, as a table, csv, json, or a
 * chart (tradeoff_chart_build(): the explorer's view and the SVG).
 */
#include "cmd_tradeoff.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/mmpatch.h"
#include "../../core/variant.h"
#include "cmd_sweep.h"
#include "../out/svg.h"

#include "../../core/err.h"
#include "../../core/mm/release.h"
#include "../../core/suggest.h"
#include "../out/numfmt.h"
#include "../out/outpath.h"
#include "../out/wrap.h"
#include "../out/records.h"
#include "../out/render.h"


static const char *const usage = "expected tradeoff PATCH [over KNOB FROM TO [step N | x N]] [--format F] [--size WxH] [--title TEXT] [> PATH]";

int tradeoff_parse_run(const struct machine *m, int argc, char **argv, struct tradeoff *t, char *err, size_t errlen)
{
	const struct tradeoff_spec *spec;
	struct sweep_range r;
	char why[256];

	memset(t, 0, sizeof(*t));
	if (argc < 1)
		return err_set(err, errlen, "tradeoff: %s", usage);
	spec = tradeoff_spec_find(m->set, argv[0]);
	if (!spec) {
		char ids[160], mean[128];
		size_t n = 0;
		struct suggest sg;

		ids[0] = '\0';
		suggest_init(&sg, argv[0]);
		for (const struct tradeoff_spec *s = tradeoff_specs; s->patch; s++) {
			n += (size_t)snprintf(ids + n, n < sizeof(ids) ? sizeof(ids) - n : 0, "%s%s", n ? ", " : "", s->patch);
			suggest_offer(&sg, s->patch);
		}
		return err_set(err, errlen, "tradeoff: '%s' is not a patch with a trade-off%s (expected %s)", argv[0],
			       suggest_text(&sg, mean, sizeof(mean)), ids);
	}
	if (argc == 1)
		return tradeoff_run(m, spec, NULL, t, err, errlen);
	if (strcmp(argv[1], "over") || (argc != 5 && argc != 7))
		return err_set(err, errlen, "tradeoff: %s", usage);
	if (argc == 7 && strcmp(argv[5], "step") && strcmp(argv[5], "x"))
		return err_set(err, errlen, "tradeoff: '%s': expected step N or x N after the range", argv[5]);
	/* a parameter's range, or a patch file's constant's (tradeoff_range_parse) */
	if (tradeoff_range_parse(m, spec, argv[2], argv[3], argv[4], argc == 7 ? argv[5] : NULL, argc == 7 ? argv[6] : NULL,
				 &r, why, sizeof(why)))
		return err_set(err, errlen, "tradeoff: %s", why);
	return tradeoff_run(m, spec, &r, t, err, errlen);
}

void tradeoff_knob_text(const struct machine *m, const struct tradeoff *t, const struct tradeoff_point *p, char *buf,
			size_t len)
{
	const struct variant *v = variant_at(m, t->patch, p->side);

	if (p->on_curve && t->knob->type == PT_REAL) {
		render_bare(val_real(p->rknob), buf, len);
	} else if (p->on_curve && t->knob->type == PT_CHOICE) {
		snprintf(buf, len, "%s", t->knob->choices[p->knob]); /* a release, by its name */
	} else if (p->on_curve) {
		snprintf(buf, len, "%llu", (unsigned long long)p->knob);
	} else if (v) {
		/* a variant's own constant on this machine: a knob value when it replaces the knob itself */
		const struct patch_constant *k = t->patch->constant;
		const char *why = NULL;
		uint64_t val;

		if (k && k->per_call)
			snprintf(buf, len, "%s = %s", k->name, v->text); /* computed per call: its expression */
		else if (variant_eval(m, t->patch, p->side, NULL, &val, &why, NULL))
			snprintf(buf, len, "n/a");
		else if (t->spec->variant_is_knob && t->own_knob)
			snprintf(buf, len, "%llu", (unsigned long long)val);
		else
			snprintf(buf, len, "%s = %llu", k ? k->name : "constant", (unsigned long long)val);
	} else if (p->mark == TRADE_BEFORE && t->spec->before_label) {
		snprintf(buf, len, "%s", t->spec->before_label);
	} else {
		snprintf(buf, len, "%s", "");
	}
}

static void knob_text(const struct machine *m, const struct tradeoff *t, const struct tradeoff_point *p, char *buf,
		      size_t len)
{
	tradeoff_knob_text(m, t, p, buf, len);
}

/* The marks' column: "kernel", or "mark" when the rows are the kernel's releases themselves. */
static const char *mark_head(const struct tradeoff *t)
{
	return t->knob->resolve ? "mark" : "kernel";
}

static void heading(const struct metric_ref *ref, char *buf, size_t len)
{
	snprintf(buf, len, "%s.%s", ref->patch->id, ref->metric->name);
}

static int wider(int w, const char *s)
{
	return (int)strlen(s) > w ? (int)strlen(s) : w;
}

/* A column's unit line: the unit, and "unresolved" under a metric that is. */
static const char *unit_text(const struct metric_desc *md, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", md->unit, md->unresolved ? ", unresolved" : "");
	return buf;
}

/* The table's columns: their heads (the metrics' names, or benefit and cost when too wide), units and widths. */
struct trade_cols {
	char hb[128], hc[128], ub[96], uc[96];
	int wk, wb, wc;
};

static void table_columns(const struct machine *m, const struct tradeoff *t, int width, struct trade_cols *tc)
{
	const struct metric_desc *bm = t->benefit.metric, *cm = t->cost.metric;
	char k[64], b[64], c[64];

	tc->wk = wider(wider(0, t->knob->name), t->knob->unit);
	heading(&t->benefit, tc->hb, sizeof(tc->hb));
	heading(&t->cost, tc->hc, sizeof(tc->hc));
	/* too wide with the metrics' names over the columns: the line above names them, "benefit" and "cost" do */
	unit_text(bm, tc->ub, sizeof(tc->ub));
	unit_text(cm, tc->uc, sizeof(tc->uc));
	if (width && tc->wk + 2 + wider(wider(0, tc->hb), tc->ub) + 2 + wider(wider(0, tc->hc), tc->uc) + 8 > width) {
		snprintf(tc->hb, sizeof(tc->hb), "benefit");
		snprintf(tc->hc, sizeof(tc->hc), "cost");
	}
	tc->wb = wider(wider(0, tc->hb), tc->ub);
	tc->wc = wider(wider(0, tc->hc), tc->uc);
	for (size_t i = 0; i < t->n; i++) { /* every cell fits its column */
		knob_text(m, t, &t->pts[i], k, sizeof(k));
		fmt_human_short(t->pts[i].benefit, bm->unit, 0, b, sizeof(b));
		fmt_human_short(t->pts[i].cost, cm->unit, 0, c, sizeof(c));
		tc->wk = wider(tc->wk, k);
		tc->wb = wider(tc->wb, b);
		tc->wc = wider(tc->wc, c);
	}
}

/* Prose to width (0: as it is). */
static void put_prose(const char *text, int width, struct strbuf *out)
{
	if (width)
		wrap_text(out, text, width, 0);
	else
		sb_puts(out, text);
}

/* The lines above the table: the trade-off, its two metrics and which way each is better, the unresolved. */
static void table_intro(const struct tradeoff *t, struct strbuf *prose)
{
	const struct metric_desc *bm = t->benefit.metric, *cm = t->cost.metric;
	char nb[128], nc[128];

	sb_printf(prose, "tradeoff %s over %s: %s\n", t->patch->id, t->knob->name, t->spec->why);
	heading(&t->benefit, nb, sizeof(nb));
	heading(&t->cost, nc, sizeof(nc));
	sb_printf(prose, "  benefit: %s (%s, %s%s, %s is better); cost: %s (%s, %s%s, %s is better)\n", nb,
		  bm->unit, metric_kind_name(bm->kind), bm->unresolved ? ", unresolved" : "",
		  metric_better_name(bm->better), nc, cm->unit, metric_kind_name(cm->kind),
		  cm->unresolved ? ", unresolved" : "", metric_better_name(cm->better));
	/* a metric show marks unresolved is no firmer as an axis: its column says so too */
	for (int i = 0; i < 2; i++) {
		const struct metric_desc *md = i ? cm : bm;

		if (md->unresolved)
			sb_printf(prose, "  unresolved: %s.%s - %s; its column is the model's figure, not a resolved %s\n",
				  t->patch->id, md->name, md->unresolved, i ? "cost" : "benefit");
	}
}

/* The lines under it: what each distinct '!' says, and why no row is marked when none is. */
static void table_notes(const struct tradeoff *t, struct strbuf *prose)
{
	for (size_t i = 0; i < t->n; i++) {
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = t->pts[j].flag && t->pts[i].flag && !strcmp(t->pts[j].flag, t->pts[i].flag);
		if (t->pts[i].flag && !seen)
			sb_printf(prose, "! marked: %s\n", t->pts[i].flag);
	}
	if (t->knob->resolve)
		sb_printf(prose, "(over the releases each row is that release's code, the kernel side of both metrics: "
			  "no row is marked before or after)\n");
	else if (!t->own_knob)
		sb_printf(prose, "(%s is not the patch's own constant, %s: no row is marked before or after)\n",
			  t->knob->name, t->spec->knob);
}

/* width: the columns the text may take (--width, a terminal), 0: as wide as it is. */
static void print_table(const struct machine *m, const struct tradeoff *t, int width, struct strbuf *out)
{
	char k[64], b[64], c[64];
	struct trade_cols tc;
	struct strbuf prose = STRBUF_INIT;

	table_columns(m, t, width, &tc);
	table_intro(t, &prose);
	put_prose(sb_str(&prose), width, out);
	sb_reset(&prose);
	sb_printf(out, "%*s  %*s  %*s  %s\n", tc.wk, t->knob->name, tc.wb, tc.hb, tc.wc, tc.hc, mark_head(t));
	sb_printf(out, "%*s  %*s  %*s\n", tc.wk, t->knob->unit, tc.wb, tc.ub, tc.wc, tc.uc);
	for (size_t i = 0; i < t->n; i++) {
		const struct tradeoff_point *p = &t->pts[i];

		knob_text(m, t, p, k, sizeof(k));
		/* a table for people: 4 significant digits in the number formatter's units, as sweep's */
		fmt_human_short(p->benefit, t->benefit.metric->unit, 0, b, sizeof(b));
		fmt_human_short(p->cost, t->cost.metric->unit, 0, c, sizeof(c));
		sb_printf(out, "%*s  %*s  %*s%s%s%s%s\n", tc.wk, k, tc.wb, b, tc.wc, c, *p->label || p->flag ? "  " : "",
			  p->label, p->flag && *p->label ? " " : "", p->flag ? "!" : "");
	}
	table_notes(t, &prose);
	put_prose(sb_str(&prose), width, out);
	sb_free(&prose);
}

/* csv, json, jsonl: the knob, benefit and cost a row each, lossless; the kernel's rows marked. */
static void print_records(const struct machine *m, const struct tradeoff *t, struct doc *d, enum out_format f,
			  struct strbuf *out)
{
	char hb[128], hc[128], k[64], caveat[REC_CAVEAT_MAX];
	const char *heads[] = { t->knob->name, hb, hc, mark_head(t), NULL };
	struct rec_unit units[3];
	struct records rec;

	heading(&t->benefit, hb, sizeof(hb));
	heading(&t->cost, hc, sizeof(hc));
	units[0] = (struct rec_unit){ t->knob->name, t->knob->unit, "input", NULL };
	units[1] = (struct rec_unit){ hb, t->benefit.metric->unit, rec_kind(t->benefit.metric), NULL };
	units[2] = (struct rec_unit){ hc, t->cost.metric->unit, rec_kind(t->cost.metric), NULL };
	rec_caveat_next(d, release_caveat_over(m, t->knob->name, caveat, sizeof(caveat))); /* as get's records say it */
	rec_begin(&rec, d, f, heads, units, 3, out);
	for (size_t i = 0; i < t->n; i++) {
		const struct tradeoff_point *p = &t->pts[i];

		knob_text(m, t, p, k, sizeof(k));
		if (p->on_curve && t->knob->type == PT_CHOICE)
			rec_str(&rec, k);
		else if (p->on_curve)
			rec_num(&rec, k);
		else if (f == FMT_CSV)
			rec_str(&rec, k); /* "", or a variant's expression: max(32, remaining / 8) */
		else /* off the knob's curve: the kernel's own constant, or a variant's expression */
			rec_value(&rec, val_none(*k ? k : "the kernel's row, not a point of the curve"));
		rec_value(&rec, p->benefit);
		rec_value(&rec, p->cost);
		rec_str(&rec, p->label);
		rec_end_row(&rec);
	}
	rec_end(&rec);
}

/* One trade-off as help lists it: the knob and its default range, the benefit and the cost. */
static void spec_line(const struct tradeoff_spec *t, struct strbuf *out)
{
	sb_printf(out, "- %s: %s ", t->patch, t->knob);
	if (t->from)
		sb_printf(out, "from %s to %s %s %s", t->from, t->to, t->how, t->step);
	else
		sb_puts(out, "from an eighth of the lower side to eight times the higher x 2");
	sb_printf(out, "; benefit %s.%s, cost %s.%s\n", t->patch, t->benefit, t->patch, t->cost);
}

void tradeoff_details(const struct patch_set *ps, struct strbuf *out)
{
	sb_puts(out,
		"For PATCH, its benefit against its cost - two metrics of the patch, chosen in the trade-off table "
		"(core/tradeoff.c) - as KNOB varies: a row for each value, with the rows of before, after and each "
		"variant marked in the kernel column. Without over, KNOB is the patch's own constant over the "
		"range below; over KNOB FROM TO [step N | x N] takes another range (the steps as in sweep), or "
		"another parameter, whose rows nothing marks.\n"
		"Output: for people, 4 significant digits; with --width N, or on a terminal narrower than the "
		"table, 'benefit' and 'cost' head the columns in place of the metrics' names, which the lines "
		"above it give. csv and json keep every digit; > PATH or --output PATH writes a file.\n"
		"A picture: --format svg, or a PATH ending .svg, draws the curve with before, after and each variant "
		"as labelled markers (their knob values beside them) as a standalone SVG 1.1 file, --size "
		"WIDTHxHEIGHT pixels (default 800x500), the machine line as a caption.\n"
		"The trade-offs:\n");
	for (const struct tradeoff_spec *t = tradeoff_specs; t->patch; t++)
		spec_line(t, out);
	/* then the loaded patch files' own (their tradeoff line), as tradeoff finds them */
	for (int i = 0; patch_set_list(ps)[i]; i++) {
		const struct patch_desc *d = patch_set_list(ps)[i];
		const struct tradeoff_spec *t = mmpatch_of(d) ? tradeoff_spec_find(ps, d->id) : NULL;

		if (t)
			spec_line(t, out);
	}
}

static int by_cost(const void *a, const void *b)
{
	const double *p = a, *q = b;

	return p[0] < q[0] ? -1 : p[0] > q[0];
}

/* The order the chart's points take: before, after, then the variants (as plot's series). */
static int point_rank(const struct tradeoff *t, const struct tradeoff_point *p)
{
	if (!p->label[0])
		return -1;
	if (p->mark == TRADE_BEFORE)
		return 0;
	if (p->mark == TRADE_AFTER)
		return 1;
	return p->side >= patch_nsides(t->patch) ? 2 : -1;
}

/* The knob's points on the curve, in ascending cost (a chart draws a series in ascending x): tc->cx, cy, cn. */
static int chart_curve_points(const struct tradeoff *t, struct tradeoff_chart *tc)
{
	double *pairs = malloc(sizeof(double) * 2 * (t->n ? t->n : 1));
	size_t n = 0;

	tc->cx = malloc(sizeof(double) * (t->n ? t->n : 1));
	tc->cy = malloc(sizeof(double) * (t->n ? t->n : 1));
	if (!pairs || !tc->cx || !tc->cy) {
		free(pairs);
		return -1;
	}
	for (size_t i = 0; i < t->n; i++)
		if (t->pts[i].on_curve && isfinite(t->pts[i].x)) {
			pairs[2 * n] = t->pts[i].x;
			pairs[2 * n++ + 1] = t->pts[i].y;
		}
	qsort(pairs, n, 2 * sizeof(double), by_cost);
	for (size_t i = 0; i < n; i++) {
		tc->cx[i] = pairs[2 * i];
		tc->cy[i] = pairs[2 * i + 1];
	}
	free(pairs);
	tc->cn = n;
	return 0;
}

/* The chart's title and axes, benefit up and cost across, and its first series, the curve. */
static void chart_axes(const struct tradeoff *t, struct tradeoff_chart *tc)
{
	struct chart *c = &tc->c;
	const struct metric_desc *bm = t->benefit.metric, *cm = t->cost.metric;
	size_t n = tc->cn;

	/* an unresolved metric (show's change column says so) is marked on the axis it draws */
	snprintf(tc->title, sizeof(tc->title), "%s.%s", t->patch->id, bm->name);
	snprintf(tc->tail, sizeof(tc->tail), "%s, %s is better, against %s%s", bm->unresolved ? " (unresolved)" : "",
		 metric_better_name(bm->better), cm->name, cm->unresolved ? " (unresolved)" : "");
	snprintf(tc->xname, sizeof(tc->xname), "cost: %s%s", cm->name,
		 cm->unresolved ? " (unresolved: the model misses the seed)" : "");
	snprintf(tc->xnote, sizeof(tc->xnote), "%s is better", metric_better_name(cm->better));
	c->title = tc->title;
	c->title_tail = tc->tail;
	c->yunit = bm->unit;
	c->xname = tc->xname;
	c->xunit = cm->unit;
	c->xnote = tc->xnote;
	c->xscale = n > 1 && tc->cx[0] > 0 && tc->cx[n - 1] / tc->cx[0] >= 100 ? CHART_LOG : CHART_LINEAR;
	c->yscale = CHART_AUTO;
	c->marker_x = NAN;
	c->lead_curve = 1;
	snprintf(tc->label[0], sizeof(tc->label[0]), "%s %s", t->knob->name, "curve");
	c->series[0].label = tc->label[0];
	c->series[0].x = tc->cx;
	c->series[0].y = tc->cy;
	c->series[0].n = tc->cn;
	c->nseries = 1;
}

/* A marked point (before, after, a variant: rank 0, 1, 2) as a series of one, labelled with its knob value. */
static void chart_marked_point(const struct machine *m, const struct tradeoff *t, const struct tradeoff_point *p,
			       int rank, struct tradeoff_chart *tc)
{
	struct chart *c = &tc->c;
	int s = c->nseries;
	char k[80];

	tradeoff_knob_text(m, t, p, k, sizeof(k));
	if (!p->on_curve && rank < 2)
		k[0] = '\0'; /* the old kernel's strategy is in its label already: "before (cluster)" */
	tc->point[s] = p;
	tc->px[s] = p->x;
	tc->py[s] = p->y;
	/* a variant is named as the panel names its column */
	snprintf(tc->label[s], sizeof(tc->label[s]), "%s%s%s%s%s",
		 rank == 2 ? patch_col_name(m, t->patch, p->side) : p->label, *k ? " (" : "",
		 *k && p->on_curve ? t->knob->name : "", *k && p->on_curve ? " " : "", *k ? k : "");
	if (*k)
		strncat(tc->label[s], ")", sizeof(tc->label[s]) - strlen(tc->label[s]) - 1);
	/* a point's own label is short; a longer name is cut to what the field holds */
	snprintf(tc->plabel[s], sizeof(tc->plabel[s]), "%.*s", (int)sizeof(tc->plabel[s]) - 1, p->on_curve || (*k && strlen(k) < 12) ? k
			 : rank == 2 ? patch_col_name(m, t->patch, p->side) : p->label);
	c->series[s].label = tc->label[s];
	c->series[s].x = &tc->px[s];
	c->series[s].y = &tc->py[s];
	c->series[s].n = 1;
	c->series[s].point_label = tc->plabel[s];
	c->nseries++;
}

int tradeoff_chart_build(const struct machine *m, const struct tradeoff *t, struct tradeoff_chart *tc)
{
	memset(tc, 0, sizeof(*tc));
	if (chart_curve_points(t, tc)) {
		tradeoff_chart_free(tc);
		return -1;
	}
	chart_axes(t, tc);
	for (int rank = 0; rank < 3; rank++)
		for (size_t i = 0; i < t->n && tc->c.nseries < CHART_MAX_SERIES; i++)
			if (point_rank(t, &t->pts[i]) == rank)
				chart_marked_point(m, t, &t->pts[i], rank, tc);
	return 0;
}

void tradeoff_chart_free(struct tradeoff_chart *tc)
{
	free(tc->cx);
	free(tc->cy);
	tc->cx = tc->cy = NULL;
}

static int print_svg(const struct session *s, const struct tradeoff *t, const struct chart_options *o,
		     struct strbuf *out, char *err, size_t errlen)
{
	struct tradeoff_chart tc;
	struct strbuf cap = STRBUF_INIT, reads = STRBUF_INIT;

	if (tradeoff_chart_build(&s->m, t, &tc))
		return err_set(err, errlen, "tradeoff: out of memory");
	sb_printf(&reads, "%s %s", t->benefit.metric->reads ? t->benefit.metric->reads : "",
		  t->cost.metric->reads ? t->cost.metric->reads : "");
	chart_machine_text(s, sb_str(&reads), t->knob, &cap);
	tc.c.heading = o->title;
	tc.c.yscale = (enum chart_scale)o->yscale; /* --log, --linear, else log past 100x */
	svg_chart(&tc.c, NULL, o->no_caption ? NULL : sb_str(&cap), o->svg_w, o->svg_h, out);
	sb_free(&cap);
	sb_free(&reads);
	tradeoff_chart_free(&tc);
	return 0;
}

int cmd_tradeoff(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	struct tradeoff t;
	struct chart_options o = CHART_OPTIONS_INIT;
	enum out_format fmt = s->format; /* cmd_run writes > PATH (outopts.h) */
	struct strbuf *dst = out;
	int rc = 0;

	if (chart_take_options("tradeoff", &argc, argv, 0, &o, err, errlen) ||
	    chart_take_title("tradeoff", &argc, argv, fmt == FMT_SVG, &o.title, err, errlen) ||
	    tradeoff_parse_run(&s->m, argc, argv, &t, err, errlen))
		return -1;
	if (fmt == FMT_SVG)
		rc = print_svg(s, &t, &o, dst, err, errlen);
	else if (fmt != FMT_TABLE)
		print_records(&s->m, &t, &s->doc, fmt, dst); /* cmd_run makes > PATH a document of its own */
	else
		print_table(&s->m, &t, session_width(s), dst);
	tradeoff_free(&t);
	return rc;
}

/* the table's row (lang/cmd.c lists it) */
#include "../cmd.h"

const struct cmd_entry cmd_tradeoff_entry = {
	.name = "tradeoff",
	.usage = "PATCH [over KNOB FROM TO [step N | x N]] [--format svg] [--size WxH] [--title TEXT] [> PATH]",
	.args = { ARG_TRADEOFF, ARG_OVER, ARG_NUMKEY, ARG_VALUE, ARG_NONE, ARG_STEP },
	.min_args = 1,
	.max_args = 11,
	.help = "benefit against cost as the patch's own constant varies; before, after and variants marked; SVG for > PATH.svg",
	.details = tradeoff_details,
	.out = OUT_FILE | OUT_FORMATS,
	.picture = CMD_SVG,
	.exec = cmd_tradeoff,
	.examples = (const char *const[]){ "tradeoff memcg_charge", NULL },
};
