/*
 * A loaded patch's values (mmpatch.h): each metric, constant and release
 * row as its file's expressions compute them on a machine and a side, with
 * the working explain prints, and the metric function every metric of
 * every patch file shares. A sweep runs them compiled (core/mmpatch_code.h),
 * in the same order, and tests/unit/test_mmpatch_code.c holds it to these.
 */
#include "mmpatch.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "expr_real.h"
#include "mm/kernel.h"
#include "units.h"
#include "variant.h"

/* Where a value is asked: the machine, the side, and the constant fixed (a trade-off's knob) or NULL. */
struct at_side {
	const struct machine *m;
	int side;
	const uint64_t *fixed;
};

static int value_of(const struct mmpatch *p, int j, const struct at_side *w, uint64_t *out, const char **why,
		    struct strbuf *trace, int depth);

int mmp_fill_machine(const struct mmpatch *p, const struct expr *e, const struct machine *m, uint64_t *vals,
		     const char **why)
{
	variant_common_values(m, e->reads, vals);
	for (int i = 0; i < MMP_HELPERS; i++)
		if ((e->reads >> (p->helper0 + i)) & 1 && mmp_helper_value(i, m, &vals[p->helper0 + i], why))
			return -1;
	return 0;
}

/* The values of what e reads, into vals: the machine's, the helpers', and the patch's own figures on the side. */
static int fill(const struct mmpatch *p, const struct expr *e, const struct at_side *w, uint64_t *vals,
		const char **why, int depth)
{
	if (mmp_fill_machine(p, e, w->m, vals, why))
		return -1;
	if ((e->reads >> p->constant0) & 1 && value_of(p, 0, w, &vals[p->constant0], why, NULL, depth + 1))
		return -1;
	for (int k = 0; k < p->nmetrics; k++)
		if ((e->reads >> (p->metric0 + k)) & 1 && value_of(p, k, w, &vals[p->metric0 + k], why, NULL, depth + 1))
			return -1;
	return 0;
}

int mmpatch_constant(const struct mmpatch *p, const struct machine *m, int side, uint64_t *out, const char **why)
{
	struct at_side w = { m, side, NULL };

	return value_of(p, 0, &w, out, why, NULL, 0);
}

/* The constant on the kernel side: the release row in effect on m's release. */
static int kernel_constant(const struct mmpatch *p, const struct machine *m, uint64_t *out, const char **why,
			   struct strbuf *trace)
{
	const struct release_row *r = p->nrel ? release_row(m, &p->history) : NULL;
	const struct mmp_release *x;
	uint64_t vals[EXPR_MAX_NAMES];

	if (!p->nrel)
		return *why = "the patch file has no release rows", -1;
	if (!r)
		return *why = p->history.before_first, -1;
	x = &p->rel[r - p->rows];
	if (mmp_fill_machine(p, &x->prog, m, vals, why))
		return -1;
	sb_printf(trace, "formula (%s:%d): %s on kernel %s (row from %s) = %s\n", p->file, x->line, p->constant_name,
		  release_names[machine_release(m)], x->from, x->text);
	return expr_eval(&x->prog, p->names, vals, out, why, trace);
}

static int value_of(const struct mmpatch *p, int j, const struct at_side *w, uint64_t *out, const char **why,
		    struct strbuf *trace, int depth)
{
	uint64_t vals[EXPR_MAX_NAMES];
	const struct expr *e;
	const char *text;
	int line, side = w->side;

	if (depth > MMP_METRICS)
		return *why = "metrics that read each other in a loop", -1;
	if (!j && w->fixed) {
		sb_printf(trace, "%s = %llu (the trade-off's knob)\n", p->constant_name, (unsigned long long)*w->fixed);
		return *out = *w->fixed, 0;
	}
	if (!j && side == SIDE_KERNEL)
		return kernel_constant(p, w->m, out, why, trace);
	if (!j && side >= p->nsides)
		return variant_eval(w->m, &p->desc, side, NULL, out, why, trace);
	if (!j && side < 0)
		return *why = "no such side", -1;
	e = j ? &p->metrics[j].prog : &p->sides[side].prog;
	text = j ? p->metrics[j].text : p->sides[side].text;
	line = j ? p->metrics[j].line : p->sides[side].line;
	if (fill(p, e, w, vals, why, depth))
		return -1;
	sb_printf(trace, "formula (%s:%d): %s%s%s = %s\n", p->file, line, j ? p->metrics[j].name : p->constant_name,
		  j ? "" : ".", j ? "" : p->sides[side].name, text);
	return expr_eval(e, p->names, vals, out, why, trace);
}

/* A real metric: scale * EXPR / per, in double; -1 with why for a zero divisor. */
static int real_of(const struct mmpatch *p, int j, const struct at_side *w, uint64_t v, double *out, const char **why,
		   struct strbuf *trace)
{
	const struct mmp_metric *x = &p->metrics[j];
	double r = (double)v;

	if (x->per_text[0]) {
		uint64_t vals[EXPR_MAX_NAMES], d;

		if (fill(p, &x->per, w, vals, why, 0))
			return -1;
		sb_printf(trace, "per (%s:%d): %s\n", p->file, x->per_line, x->per_text);
		if (expr_eval(&x->per, p->names, vals, &d, why, trace))
			return -1;
		if (!d)
			return *why = "division by zero (its per is 0 here)", -1;
		r /= (double)d;
		sb_printf(trace, "%llu / %llu = %.17g\n", (unsigned long long)v, (unsigned long long)d, r);
	}
	if (x->scale) {
		sb_printf(trace, "%.17g * %.17g (scale) = %.17g\n", r, x->scale, r * x->scale);
		r *= x->scale;
	}
	*out = r;
	return 0;
}

/*
 * Metric j in double, for an arith real metric's expression: an arith real
 * metric worked by core/expr_real.c (then its per and scale), a per/scale
 * metric as real_of gives it, a whole-number one as it is.
 */
static int real_value(const struct mmpatch *p, int j, const struct at_side *w, double *out, const char **why,
		      struct strbuf *trace, int depth)
{
	const struct mmp_metric *x = &p->metrics[j];
	uint64_t v, iv[EXPR_MAX_NAMES];
	double vals[EXPR_MAX_NAMES], r;

	if (depth > MMP_METRICS)
		return *why = "metrics that read each other in a loop", -1;
	if (!j || !x->arith_real) {
		if (value_of(p, j, w, &v, why, trace, depth) || (x->real && real_of(p, j, w, v, &r, why, trace)))
			return -1;
		*out = x->real ? r : (double)v;
		return 0;
	}
	if (mmp_fill_machine(p, &x->prog, w->m, iv, why))
		return -1;
	for (int i = 0; i < p->metric0 + p->nmetrics && i < EXPR_MAX_NAMES; i++) {
		if (!((x->prog.reads >> i) & 1))
			continue;
		if (i >= p->metric0) {
			if (real_value(p, i - p->metric0, w, &vals[i], why, NULL, depth + 1))
				return -1;
		} else if (i == p->constant0) {
			if (value_of(p, 0, w, &v, why, NULL, depth + 1))
				return -1;
			vals[i] = (double)v;
		} else {
			vals[i] = (double)iv[i];
		}
	}
	sb_printf(trace, "formula (%s:%d): %s = %s\n", p->file, x->line, x->name, x->text);
	if (expr_real_eval(x->text, p->names, vals, &r, why, trace))
		return -1;
	if (x->per_text[0] || x->scale) { /* per and scale apply to a real figure as to a whole one: r * (scale / per) */
		double q;

		if (real_of(p, j, w, 1, &q, why, trace))
			return -1;
		r *= q;
	}
	*out = r;
	return 0;
}

static struct value metric_at(const struct mmpatch *p, int j, const struct at_side *w, struct strbuf *why)
{
	const struct mmp_metric *x = &p->metrics[j];
	const char *na;
	uint64_t v = 0;
	double r = 0;
	char num[48];

	if (x->arith_real ? real_value(p, j, w, &r, &na, why, 0)
			  : value_of(p, j, w, &v, &na, why, 0) || (x->real && real_of(p, j, w, v, &r, &na, why))) {
		sb_printf(why, "n/a: %s\n", na);
		return val_none(na);
	}
	if (!why)
		return x->real ? val_real(r) : val_int(v);
	if (x->real)
		snprintf(num, sizeof(num), "%.6g", r);
	else
		snprintf(num, sizeof(num), "%llu", (unsigned long long)v);
	sb_printf(why, "%s = %s%s%s\n", x->name, num, x->unit[0] ? " " : "", x->unit);
	if (x->kind != METRIC_EXACT)
		sb_printf(why, "%s: %s\n", x->kind == METRIC_WORKLOAD ? "assumption" : "rests on", x->assume);
	if (metric_reads(&p->md[j], "totalram") || metric_reads(&p->md[j], "zone"))
		machine_note_estimates(w->m, metric_reads(&p->md[j], "zone"), why);
	sb_printf(why, "kernel: %s (patch file %s)\n", p->kernel_where, p->file);
	return x->real ? val_real(r) : val_int(v);
}

struct value mmpatch_metric(const struct mmpatch *p, int j, const struct machine *m, int side, struct strbuf *why)
{
	struct at_side w = { m, side, NULL };

	return metric_at(p, j, &w, why);
}

struct value mmpatch_metric_at(const struct mmpatch *p, int j, const struct machine *m, uint64_t c)
{
	struct at_side w = { m, p->desc.after, &c };

	return metric_at(p, j, &w, NULL);
}

/* Every metric of every patch file: the descriptor is the file's row md[j], so the file is found from it. */
struct value mmp_metric_fn(const struct machine *m, const struct metric_desc *md, int side, struct strbuf *why)
{
	const struct mmpatch *p = (const struct mmpatch *)(const void *)((const char *)(md - md->row) -
									   offsetof(struct mmpatch, md));

	return mmpatch_metric(p, md->row, m, side, why);
}
