/*
 * report --format json: the same content as the text, structured, as
 * records (out/records.h) nest it - the patch, its constant and variants,
 * each machine's metrics, the assumptions, the chart's points, the claims.
 */
#include "reportjson.h"

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
#include "claims.h"
#include "validation.h"
#include "reportrepro.h"

static const char *verdict_gain(enum verdict v)
{
	return v == VERDICT_BETTER ? "gain" : v == VERDICT_WORSE ? "price" : "";
}

/* A patch file's origins, each "KIND ID" (commit, mail, link); a built-in patch has none (its seed says where). */
void report_origins(struct records *rec, const struct patch_desc *d)
{
	char o[4 * MMP_TEXT_MAX] = "";

	if (mmpatch_is(d))
		mmpatch_origins(mmpatch_of(d), o, sizeof(o));
	for (char *c = o; *c; c++) /* "commit X, mail <Y>": a line each */
		if (c[0] == ',' && c[1] == ' ')
			c[0] = '\n', memmove(c + 1, c + 2, strlen(c + 2) + 1);
	rec_lines(rec, o);
}

static const char *const report_heads[] = { "patch", "title", "seed", "origin", "kernel", "status", "constant", "machines",
					    "assumptions", "chart", "points", "claims", "reproduce", "state", NULL };
static const char *const constant_heads[] = { "name", "what", "metric", "variants", NULL };
static const char *const variant_heads[] = { "name", "expr", NULL };
static const char *const machine_heads[] = { "machine", "cpus", "ram", "pagesize", "metrics", NULL };
static const char *const metric_heads[] = { "metric", "kind", "better", "unit", "role", "values", "change",
					    "verdict", "heldout_rows", "heldout_err_lo_pct", "heldout_err_hi_pct",
					    "extrapolated", NULL };
static const char *const assumption_heads[] = { "name", "help", "values", NULL };
static const char *const chart_heads[] = { "metric", "machine", "over", "from", "to", "series", "points", NULL };

/* The patch's constant: its name, what it is, its metric, and the variants given it. */
static void report_json_constant(struct records *rec, const struct compare_set *set, const struct patch_desc *d)
{
	const struct machine *m = &set->st[0].m;

	if (!d->constant) {
		rec_skip(rec);
		return;
	}
	rec_obj_begin(rec, constant_heads);
	rec_str(rec, d->constant->name);
	rec_str(rec, d->constant->what);
	rec_str(rec, d->constant->metric ? d->constant->metric : "");
	rec_arr_begin(rec);
	for (int side = patch_nsides(d); side < patch_ncols(m, d); side++) {
		const struct variant *v = variant_at(m, d, side);

		rec_obj_begin(rec, variant_heads);
		rec_str(rec, v->name);
		rec_str(rec, v->text);
		rec_obj_end(rec);
	}
	rec_arr_end(rec);
	rec_obj_end(rec);
}

/* A metric's value on one side: a list's items as an array, else a value as records types it. */
static void report_json_value(struct records *rec, const struct machine *m, const struct metric_desc *md, int side,
			      struct value v)
{
	struct strbuf items = STRBUF_INIT;
	uint64_t n;

	if (v.kind == VAL_LIST && !render_list(m, md, side, 1, &items, &n))
		rec_num(rec, sb_str(&items));
	else
		rec_value(rec, v);
	sb_free(&items);
}

/* Every side's value of md, keyed by the side's name (the metric's own for a single value). */
static void report_json_values(struct records *rec, const struct machine *m, const struct patch_desc *d,
			       const struct metric_desc *md)
{
	int ncols = md->single ? 1 : patch_ncols(m, d);
	const char **keys = calloc((size_t)ncols + 1, sizeof(*keys));

	if (!keys) {
		rec_skip(rec); /* out of memory: the values left out rather than a broken document */
		return;
	}
	for (int side = 0; side < ncols; side++)
		keys[side] = md->single ? md->name : patch_col_name(m, d, side);
	rec_obj_begin(rec, keys);
	for (int side = 0; side < ncols; side++)
		report_json_value(rec, m, md, side, metric_compute(m, d, md, side, NULL));
	rec_obj_end(rec);
	free(keys);
}

/* One metric the report tabulates: the constant's, a gain or price, or a share. */
static void report_json_metric(struct records *rec, const struct machine *m, const struct patch_desc *d,
			       const struct metric_desc *md, int constant)
{
	char ch[64] = "";
	enum verdict vd = VERDICT_NONE;

	rec_obj_begin(rec, metric_heads);
	rec_str(rec, md->name);
	rec_str(rec, metric_kind_name(md->kind));
	rec_str(rec, metric_better_name(md->better));
	rec_str(rec, md->unit);
	rec_str(rec, constant ? "constant" : report_is_share(md) ? "share" : "gain or price");
	report_json_values(rec, m, d, md);
	if (!md->single)
		vd = render_change(md, md->fn(m, md, d->before, NULL), md->fn(m, md, d->after, NULL), ch, sizeof(ch));
	rec_str(rec, ch);
	rec_str(rec, verdict_gain(vd));
	validation_rec_fields(rec, validation_band(d, md)); /* a model's held-out error; null for the others */
	rec_bool(rec, model_extrapolated(m, md));
	rec_obj_end(rec);
}

/* A machine's size as the parameter table gives it (get's figure), named as the table names it. */
static void report_json_param(struct records *rec, const struct machine *m, const struct param *p)
{
	char v[96];

	param_bare(m, p, v, sizeof(v));
	if (param_is_number(p))
		rec_num(rec, v);
	else
		rec_str(rec, v);
}

/* One machine: its label, its size, and the metrics the report tabulates on it. */
static void report_json_machine(struct records *rec, const struct compare_set *set, int g, const struct patch_desc *d)
{
	const struct machine *m = &set->st[g].m;

	rec_obj_begin(rec, machine_heads);
	rec_str(rec, set->st[g].label);
	for (int i = 1; i < 4; i++) /* cpus, ram, pagesize: the heads name the parameters */
		report_json_param(rec, m, param_find(machine_heads[i]));
	rec_arr_begin(rec);
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		int constant = d->constant && d->constant->metric && !strcmp(md->name, d->constant->metric);

		if (constant || report_is_priced(md) || report_is_share(md))
			report_json_metric(rec, m, d, md, constant);
	}
	rec_arr_end(rec);
	rec_obj_end(rec);
}

/*
 * The machines an object keyed by label holds: each label once (report on
 * vm-4g vm-4g names one preset twice, with one value), in set's order.
 * Returns how many; labels[k] names set->st[at[k]].
 */
static int distinct_labels(const struct compare_set *set, const char **labels, int *at)
{
	int n = 0;

	for (int g = 0; g < set->n; g++) {
		int seen = 0;

		for (int k = 0; k < n && !seen; k++)
			seen = !strcmp(labels[k], set->st[g].label);
		if (!seen) {
			at[n] = g;
			labels[n++] = set->st[g].label;
		}
	}
	labels[n] = NULL;
	return n;
}

/*
 * The workload parameters and fitted constants the metrics read, each with its value per machine;
 * then the workload metrics with an assumption of their own (metric_assumption), no values.
 */
static void report_json_assumptions(struct records *rec, const struct compare_set *set, const struct patch_desc *d)
{
	const char *labels[COMPARE_MAX + 1];
	int at[COMPARE_MAX], n = distinct_labels(set, labels, at);

	rec_arr_begin(rec);
	for (size_t i = 0; i < nparams; i++) {
		if (!report_is_assumption(&params[i]) || !report_patch_reads(d, params[i].name))
			continue;
		rec_obj_begin(rec, assumption_heads);
		rec_str(rec, params[i].name);
		rec_str(rec, params[i].help);
		rec_obj_begin(rec, labels);
		for (int k = 0; k < n; k++)
			report_json_param(rec, &set->st[at[k]].m, &params[i]);
		rec_obj_end(rec);
		rec_obj_end(rec);
	}
	/* the workload metrics' own assumptions: words, the same on every machine */
	for (const struct metric_desc *md = d->metrics; md->name; md++) {
		char name[160], buf[400];
		const char *why = report_metric_assumption(d, md, name, sizeof(name), buf, sizeof(buf));

		if (!why)
			continue;
		rec_obj_begin(rec, assumption_heads);
		rec_str(rec, name);
		rec_str(rec, why);
		rec_obj_begin(rec, labels);
		rec_obj_end(rec);
		rec_obj_end(rec);
	}
	rec_arr_end(rec);
}

/* A figure of the chart: lossless, null where the curve has no point (records.h: an item has no flag). */
static void report_json_real(struct records *rec, double y)
{
	char b[64];

	if (isnan(y) || isinf(y)) {
		rec_num(rec, "null");
		return;
	}
	fmt_real_shortest(y, b, sizeof(b));
	rec_num(rec, b);
}

/* The chart's metric, range and series, and its points as [x, y per series]. */
static void report_json_chart(struct records *rec, const struct compare_set *set, const struct patch_desc *d,
			      const struct report_chart *rc)
{
	char metric[160];

	snprintf(metric, sizeof(metric), "%s.%s", d->id, rc->md->name);
	rec_obj_begin(rec, chart_heads);
	rec_str(rec, metric);
	rec_str(rec, set->st[0].label);
	rec_str(rec, rc->key->name);
	rec_str(rec, rc->from);
	rec_str(rec, rc->to);
	rec_arr_begin(rec);
	for (int i = 0; i < rc->c.nseries; i++)
		rec_str(rec, rc->c.series[i].label);
	rec_arr_end(rec);
	rec_arr_begin(rec);
	for (size_t k = 0; k < rc->pts.n; k++) {
		rec_arr_begin(rec);
		report_json_real(rec, rc->pts.x[k]);
		for (int i = 0; i < rc->c.nseries; i++)
			report_json_real(rec, rc->pts.y[i][k]);
		rec_arr_end(rec);
	}
	rec_arr_end(rec);
	rec_obj_end(rec);
}

/* The points a maintainer leads with, and the seed's claims as about PATCH --claims gives their records. */
static void report_json_review(struct records *rec, const struct patch_set *ps, const struct patch_desc *d)
{
	struct claim_row *rows;
	int n = claims_check(ps, d, &rows);

	rec_arr_begin(rec);
	for (int i = 0; d->points && d->points[i]; i++)
		rec_str(rec, d->points[i]);
	rec_arr_end(rec);
	claims_rec_array(d, rows, n, rec);
	free(rows);
}

/* The report as the one row of a result in the run's document d. */
void report_json(struct doc *doc, enum out_format fmt, const struct compare_set *set, const struct patch_desc *d,
		 const struct report_chart *rc, int have_chart, int width, const char *state, struct strbuf *out)
{
	char status[400];
	struct strbuf rep = STRBUF_INIT;
	struct records rec;

	report_status(d, status, sizeof(status));
	rec_begin(&rec, doc, fmt, report_heads, NULL, 0, out);
	rec_str(&rec, d->id);
	rec_str(&rec, d->title);
	rec_str(&rec, d->seed);
	report_origins(&rec, d);
	rec_str(&rec, d->kernel);
	rec_str(&rec, status);
	report_json_constant(&rec, set, d);
	rec_arr_begin(&rec);
	for (int g = 0; g < set->n; g++)
		report_json_machine(&rec, set, g, d);
	rec_arr_end(&rec);
	report_json_assumptions(&rec, set, d);
	if (have_chart)
		report_json_chart(&rec, set, d, rc);
	else
		rec_skip(&rec);
	report_json_review(&rec, set->st[0].m.set, d);
	report_reproduce(set, d, rc, width, &rep);
	rec_str(&rec, sb_str(&rep));
	rec_str(&rec, state);
	rec_end_row(&rec);
	rec_end(&rec);
	sb_free(&rep);
}
