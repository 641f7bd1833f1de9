#include "tradeoff.h"

#include "err.h"
#include "variant.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Benefit on the y axis, cost on the x axis, read on the after side as the
 * knob (the after side's constant) moves. The ranges start below the old
 * kernel and run a few doublings past the patch: the question a reviewer
 * asks is what the next doubling would buy and cost.
 */
const struct tradeoff_spec tradeoff_specs[] = {
	{ "memcg_charge", "charge_batch", "8", "1024", "x", "2", "throughput", "stock_share", 32, NULL,
	  "netperf throughput (modeled) against memory pre-charged in per-CPU stocks, as a share of the memcg", 1 },
	{ "proactive_reclaim", "reclaim_divisor", "1", "64", "x", "2", "time_s", "overreclaim_bytes", 0, "cluster",
	  "time to reclaim the request (modeled) against what is reclaimed beyond it; before: SWAP_CLUSTER_MAX asks", 0 },
	{ "committed_as", "committed_lift", "1", "256", "x", "2", "speedup", "max_drift_bytes", 1, NULL,
	  "mmap throughput after / before (modeled) against the drift the committed count may carry", 0 },
	{ "vmpressure", "vmpressure_win", "512", "65536", "x", "2", "evals", "detect_s", 512, NULL,
	  "pressure evaluations for the workload (fewer is the gain) against the delay to a memcg's first one", 1 },
	/* nodes and zones (issue 36): both follow the low watermark, which the scale factor sets */
	{ "pcp", "watermark_scale_factor", "1", "2048", "x", "2", "high_bytes", "zone_pcp_share", 0, "6 * batch",
	  "what one CPU's list holds off the zone lock against what every CPU's lists park of the zone", 0 },
	{ "watermark", "watermark_scale_factor", "1", "2048", "x", "2", "wakeups_per_gib", "gap_share", 0, "min / 4",
	  "kswapd wakeups per GiB allocated (fewer is the gain) against the share of the zone kept free", 0 },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, 0 },
};

const struct tradeoff_spec *tradeoff_spec_find(const char *patch)
{
	for (const struct tradeoff_spec *s = tradeoff_specs; s->patch; s++)
		if (!strcmp(s->patch, patch))
			return s;
	return NULL;
}

int tradeoff_default_range(const struct machine *m, const struct tradeoff_spec *spec, struct sweep_range *r,
			   char *err, size_t errlen)
{
	return sweep_range_parse(m, spec->knob, spec->from, spec->to, spec->how, spec->step, r, err, errlen);
}

static int ref_for(const struct patch_desc *d, const char *name, struct metric_ref *ref)
{
	ref->patch = d;
	ref->metric = patch_metric(d, name);
	ref->side = ref->metric && !ref->metric->single ? d->after : 0;
	return ref->metric ? 0 : -1;
}

/* The two metrics on machine row at side. */
static void eval_point(const struct tradeoff *t, const struct machine *row, int side, struct tradeoff_point *p)
{
	int bs = t->benefit.metric->single ? 0 : side, cs = t->cost.metric->single ? 0 : side;

	/* metric_compute: a variant's side too, n/a with its reason where it cannot be evaluated */
	p->side = side;
	p->benefit = metric_compute(row, t->patch, t->benefit.metric, bs, NULL);
	p->cost = metric_compute(row, t->patch, t->cost.metric, cs, NULL);
	p->y = value_real(p->benefit);
	p->x = value_real(p->cost);
}

struct knob_value {
	uint64_t u;
	double r;
};

static int cmp_knob(const void *a, const void *b)
{
	const struct knob_value *x = a, *y = b;

	if (x->r != y->r)
		return x->r < y->r ? -1 : 1;
	return x->u < y->u ? -1 : x->u > y->u;
}

int tradeoff_run(const struct machine *m, const struct tradeoff_spec *spec, const struct sweep_range *given,
		 struct tradeoff *t, char *err, size_t errlen)
{
	struct sweep_range r;
	struct sweep_cursor c;
	struct knob_value *vals;
	const char *why_mark;
	uint64_t after_knob = 0;
	size_t nv = 0, cap;

	memset(t, 0, sizeof(*t));
	t->spec = spec;
	t->patch = patch_find(spec->patch);
	if (!t->patch || ref_for(t->patch, spec->benefit, &t->benefit) || ref_for(t->patch, spec->cost, &t->cost))
		return err_set(err, errlen, "tradeoff: %s: no such patch or metric (a bug in the trade-off table)",
			       spec->patch);
	if (given)
		r = *given;
	else if (tradeoff_default_range(m, spec, &r, err, errlen))
		return -1;
	if (r.rows > TRADEOFF_MAX_POINTS - 2)
		return err_set(err, errlen, "tradeoff: %llu values of %s are too many for one curve (at most %u): take a bigger step",
			       (unsigned long long)r.rows, r.key->name, TRADEOFF_MAX_POINTS - 2);
	t->knob = r.key;
	t->own_knob = !strcmp(r.key->name, spec->knob);
	cap = (size_t)r.rows + 2;
	vals = calloc(cap, sizeof(*vals));
	t->pts = calloc(cap + 1 + VARIANT_MAX, sizeof(*t->pts)); /* the curve, before, and the user's variants */
	if (!vals || !t->pts) {
		free(vals);
		tradeoff_free(t);
		return err_set(err, errlen, "tradeoff: out of memory");
	}
	sweep_cursor_start(&c);
	while (nv < cap - 2 && sweep_range_next(&r, &c)) {
		vals[nv].u = c.u;
		vals[nv].r = r.real ? c.r : (double)c.u;
		nv++;
	}
	if (t->own_knob) {
		/* the kernel before and after the patch belong on the curve even between grid values */
		after_knob = param_u64(m, r.key);
		vals[nv].u = after_knob;
		vals[nv++].r = (double)after_knob;
		if (spec->before_knob) {
			vals[nv].u = spec->before_knob;
			vals[nv++].r = (double)spec->before_knob;
		}
	}
	qsort(vals, nv, sizeof(*vals), cmp_knob);
	for (size_t i = 0; i < nv; i++) {
		struct tradeoff_point *p;
		struct machine row = *m;
		char why[160];
		int rc;

		if (i && !cmp_knob(&vals[i], &vals[i - 1]))
			continue;
		rc = r.real ? param_set_real(&row, r.key, vals[i].r, why, sizeof(why))
			    : param_set_u64(&row, r.key, vals[i].u, why, sizeof(why));
		if (rc) {
			/* an added before/after value outside the knob's range: left out, not an error */
			continue;
		}
		p = &t->pts[t->n++];
		p->on_curve = 1;
		p->knob = vals[i].u;
		p->rknob = vals[i].r;
		/* over the releases only the kernel side moves: each row is that release's code */
		eval_point(t, &row, r.key->resolve ? SIDE_KERNEL : t->patch->after, p);
		/* the row's after side as the knob sets it: a charge_batch past S8_MAX is marked as show marks it */
		if (t->patch->constant)
			p->flag = variant_mark(&row, t->patch, t->patch->after, NULL, &why_mark);
		if (t->own_knob && spec->before_knob && vals[i].u == spec->before_knob) {
			p->mark = TRADE_BEFORE;
			snprintf(p->label, sizeof(p->label), "before");
		}
		if (t->own_knob && vals[i].u == after_knob) {
			p->mark = TRADE_AFTER;
			snprintf(p->label, sizeof(p->label), p->label[0] ? "before = after" : "after");
		}
	}
	free(vals);
	if (t->own_knob && !spec->before_knob) {
		/* the old kernel is another strategy, not a knob value: its point stands off the curve */
		struct tradeoff_point *p = &t->pts[t->n++];

		p->mark = TRADE_BEFORE;
		snprintf(p->label, sizeof(p->label), "before (%s)", spec->before_label);
		eval_point(t, m, t->patch->before, p);
	}
	/* the user's variants, each a labelled point off the curve, on this machine */
	for (int side = patch_nsides(t->patch); side < patch_ncols(m, t->patch); side++) {
		struct tradeoff_point *p = &t->pts[t->n++];

		snprintf(p->label, sizeof(p->label), "variant %s", patch_col_name(m, t->patch, side));
		eval_point(t, m, side, p);
		p->flag = variant_mark(m, t->patch, side, NULL, &why_mark);
	}
	return 0;
}

void tradeoff_free(struct tradeoff *t)
{
	free(t->pts);
	t->pts = NULL;
	t->n = 0;
}
