/*
 * The trade-off view (tradeoff.h): the built-in patches' rows, a loaded
 * patch file's own (its tradeoff line, core/mmpatch.h), and the curve.
 */
#include "tradeoff.h"

#include "err.h"
#include "mmpatch.h"
#include "units.h"
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
	  "netperf throughput (modeled) against memory pre-charged in per-CPU stocks, as a share of the memcg", 1, NULL },
	{ "proactive_reclaim", "reclaim_divisor", "1", "64", "x", "2", "time_s", "overreclaim_bytes", 0, "cluster",
	  "time to reclaim the request (modeled) against what is reclaimed beyond it; before: SWAP_CLUSTER_MAX asks", 0, NULL },
	{ "committed_as", "committed_lift", "1", "256", "x", "2", "speedup", "max_drift_bytes", 1, NULL,
	  "mmap throughput after / before (modeled) against the drift the committed count may carry", 0, NULL },
	{ "vmpressure", "vmpressure_win", "512", "65536", "x", "2", "evals", "detect_s", 512, NULL,
	  "pressure evaluations for the workload (fewer is the gain) against the delay to a memcg's first one", 1, NULL },
	/* nodes and zones (issue 36): both follow the low watermark, which the scale factor sets */
	{ "pcp", "watermark_scale_factor", "1", "2048", "x", "2", "high_bytes", "zone_pcp_share", 0, "6 * batch",
	  "what one CPU's list holds off the zone lock against what every CPU's lists park of the zone", 0, NULL },
	{ "watermark", "watermark_scale_factor", "1", "2048", "x", "2", "wakeups_per_gib", "gap_share", 0, "min / 4",
	  "kswapd wakeups per GiB allocated (fewer is the gain) against the share of the zone kept free", 0, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, 0, NULL },
};

const struct tradeoff_spec *tradeoff_spec_find(const struct patch_set *ps, const char *patch)
{
	const struct mmpatch *p;

	for (const struct tradeoff_spec *s = tradeoff_specs; s->patch; s++)
		if (!strcmp(s->patch, patch))
			return s;
	/* a loaded patch file's, when its file has a tradeoff line */
	p = mmpatch_of(patch_find(ps, patch));
	return p && p->has_tradeoff ? &p->tradeoff[0] : NULL;
}

/* The constant's two sides on m, lower first: what the default range and the marks follow. */
static int constant_sides(const struct machine *m, const struct tradeoff_spec *spec, uint64_t *before, uint64_t *after,
			  char *err, size_t errlen)
{
	const struct mmpatch *p = mmpatch_of(patch_find(m->set, spec->patch));
	const char *why = NULL;

	if (!p || mmpatch_constant(p, m, p->desc.before, before, &why) || mmpatch_constant(p, m, p->desc.after, after, &why))
		return err_set(err, errlen, "tradeoff: %s: the constant %s is n/a on this machine (%s)", spec->patch,
			       spec->knob, why ? why : "no such patch");
	return 0;
}

/* FROM TO [x N | step N] over a patch file's constant: whole numbers, doubling by default. */
static int constant_range(const struct tradeoff_spec *spec, const char *from, const char *to, const char *how,
			  const char *n, struct sweep_range *r, char *err, size_t errlen)
{
	char why[96];
	struct sweep_cursor c;

	memset(r, 0, sizeof(*r));
	r->key = spec->constant;
	r->mult = 1;
	r->factor = 2;
	if (parse_u64(from, &r->from, why, sizeof(why)) || parse_u64(to, &r->to, why, sizeof(why)))
		return err_set(err, errlen, "%s: FROM and TO: whole numbers expected (%s)", spec->knob, why);
	if (r->from > r->to)
		return err_set(err, errlen, "%s: FROM '%s' is above TO '%s'", spec->knob, from, to);
	if (how && !strcmp(how, "x")) {
		if (!n || parse_real(n, &r->factor, why, sizeof(why)) || !(r->factor > 1) || isinf(r->factor))
			return err_set(err, errlen, "%s: x N: a factor above 1 expected", spec->knob);
		if (!r->from)
			return err_set(err, errlen, "%s: x N from 0 stays at 0: FROM of at least 1 expected", spec->knob);
	} else if (how && !strcmp(how, "step")) {
		r->mult = 0;
		if (!n || parse_u64(n, &r->step, why, sizeof(why)) || !r->step)
			return err_set(err, errlen, "%s: step N: a whole number of at least 1 expected", spec->knob);
	} else if (how) {
		return err_set(err, errlen, "%s: '%s': step N or x N expected after the range", spec->knob, how);
	} else if (!r->from) {
		r->mult = 0; /* doubling from 0 stays at 0: count from it instead */
		r->step = 1;
	}
	r->given = how != NULL;
	sweep_cursor_start(&c);
	while (c.i <= TRADEOFF_MAX_POINTS && sweep_range_next(r, &c))
		;
	r->rows = c.i;
	if (r->rows > TRADEOFF_MAX_POINTS - 2)
		return err_set(err, errlen, "%s: more than %u values, too many for one curve: take a bigger step", spec->knob,
			       TRADEOFF_MAX_POINTS - 2);
	return 0;
}

int tradeoff_range_parse(const struct machine *m, const struct tradeoff_spec *spec, const char *key, const char *from,
			 const char *to, const char *how, const char *n, struct sweep_range *r, char *err, size_t errlen)
{
	const struct mmpatch *p = spec->constant ? mmpatch_of(patch_find(m->set, spec->patch)) : NULL;

	/* the constant by its metric's name (the spec's knob), or by its kernel name once the file is loaded */
	if (spec->constant && (!strcmp(key, spec->knob) || (p && !strcmp(key, p->constant_name))))
		return constant_range(spec, from, to, how, n, r, err, errlen);
	/* one limit, said once: the curve's points, not a sweep's rows */
	return sweep_range_parse_max(m, key, from, to, how, n, TRADEOFF_MAX_POINTS - 2, "values, too many for one curve",
				     r, err, errlen);
}

int tradeoff_default_range(const struct machine *m, const struct tradeoff_spec *spec, struct sweep_range *r,
			   char *err, size_t errlen)
{
	uint64_t b, a, lo, hi;
	char from[24], to[24];

	if (spec->from)
		return tradeoff_range_parse(m, spec, spec->knob, spec->from, spec->to, spec->how, spec->step, r, err, errlen);
	/* an eighth of the lower side to eight times the higher: the next doublings either way */
	if (constant_sides(m, spec, &b, &a, err, errlen))
		return -1;
	lo = (b < a ? b : a) / 8;
	hi = b > a ? b : a;
	hi = hi > UINT64_MAX / 8 ? UINT64_MAX : hi * 8;
	snprintf(from, sizeof(from), "%llu", (unsigned long long)(lo ? lo : 1));
	snprintf(to, sizeof(to), "%llu", (unsigned long long)(hi ? hi : 8));
	return constant_range(spec, from, to, "x", "2", r, err, errlen);
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

/* The two metrics of a patch file with its constant set to c (the knob is the constant itself). */
static void eval_constant(const struct tradeoff *t, const struct machine *m, uint64_t c, struct tradeoff_point *p)
{
	const struct mmpatch *mp = mmpatch_of(t->patch);

	p->side = t->patch->after;
	p->benefit = mmpatch_metric_at(mp, (int)(t->benefit.metric - t->patch->metrics), m, c);
	p->cost = mmpatch_metric_at(mp, (int)(t->cost.metric - t->patch->metrics), m, c);
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

/* The kernel's own values of the knob, marked on the curve: before (if it is a knob value) and after. */
struct trade_marks {
	int before, after; /* has one */
	uint64_t before_u, after_u;
};

/* The patch, its two metrics and the range: t filled but for its points. */
static int trade_setup(const struct machine *m, const struct tradeoff_spec *spec, const struct sweep_range *given,
		       struct tradeoff *t, struct sweep_range *r, char *err, size_t errlen)
{
	memset(t, 0, sizeof(*t));
	t->spec = spec;
	t->patch = patch_find(m->set, spec->patch);
	if (!t->patch || ref_for(t->patch, spec->benefit, &t->benefit) || ref_for(t->patch, spec->cost, &t->cost))
		return err_set(err, errlen, "tradeoff: %s: no such patch or metric (a bug in the trade-off table)",
			       spec->patch);
	if (given)
		*r = *given;
	else if (tradeoff_default_range(m, spec, r, err, errlen))
		return -1;
	if (r->rows > TRADEOFF_MAX_POINTS - 2)
		return err_set(err, errlen, "tradeoff: %llu values of %s are too many for one curve (at most %u): take a bigger step",
			       (unsigned long long)r->rows, r->key->name, TRADEOFF_MAX_POINTS - 2);
	t->knob = r->key;
	t->own_knob = !strcmp(r->key->name, spec->knob);
	return 0;
}

/* Where the kernel before and after the patch are on the knob's axis. */
static int trade_marks(const struct machine *m, const struct tradeoff *t, const struct sweep_range *r,
		       struct trade_marks *k, char *err, size_t errlen)
{
	memset(k, 0, sizeof(*k));
	if (!t->own_knob)
		return 0;
	if (t->spec->constant) {
		if (constant_sides(m, t->spec, &k->before_u, &k->after_u, err, errlen))
			return -1;
		k->before = k->after = 1;
		return 0;
	}
	k->after = 1;
	k->after_u = param_u64(m, r->key);
	k->before = t->spec->before_knob != 0;
	k->before_u = t->spec->before_knob;
	return 0;
}

/* The knob's values in order, each once: the range's, and the kernel's own between grid values. */
static size_t trade_values(const struct sweep_range *r, const struct trade_marks *k, struct knob_value *vals,
			   size_t cap)
{
	struct sweep_cursor c;
	size_t nv = 0, out = 0;

	sweep_cursor_start(&c);
	while (nv < cap - 2 && sweep_range_next(r, &c)) {
		vals[nv].u = c.u;
		vals[nv].r = r->real ? c.r : (double)c.u;
		nv++;
	}
	if (k->after) {
		vals[nv].u = k->after_u;
		vals[nv++].r = (double)k->after_u;
	}
	if (k->before) {
		vals[nv].u = k->before_u;
		vals[nv++].r = (double)k->before_u;
	}
	qsort(vals, nv, sizeof(*vals), cmp_knob);
	for (size_t i = 0; i < nv; i++)
		if (!i || cmp_knob(&vals[i], &vals[i - 1]))
			vals[out++] = vals[i];
	return out;
}

/* One point of the curve at knob value v, or 0 when v is outside the knob's range (an added mark: left out). */
static int trade_point(const struct machine *m, struct tradeoff *t, const struct sweep_range *r,
		       const struct trade_marks *k, const struct knob_value *v)
{
	struct tradeoff_point *p = &t->pts[t->n];
	struct machine row = *m;
	const char *why_mark;
	char why[160];

	if (t->spec->constant && t->own_knob) {
		eval_constant(t, m, v->u, p);
	} else {
		if (r->real ? param_set_real(&row, r->key, v->r, why, sizeof(why))
			    : param_set_u64(&row, r->key, v->u, why, sizeof(why)))
			return 0;
		/* over the releases only the kernel side moves: each row is that release's code */
		eval_point(t, &row, r->key->resolve ? SIDE_KERNEL : t->patch->after, p);
		/* the row's after side as the knob sets it: a charge_batch past S8_MAX is marked as show marks it */
		if (t->patch->constant)
			p->flag = variant_mark(&row, t->patch, t->patch->after, NULL, &why_mark);
	}
	t->n++;
	p->on_curve = 1;
	p->knob = v->u;
	p->rknob = v->r;
	if (k->before && v->u == k->before_u) {
		p->mark = TRADE_BEFORE;
		snprintf(p->label, sizeof(p->label), "before");
	}
	if (k->after && v->u == k->after_u) {
		p->mark = TRADE_AFTER;
		snprintf(p->label, sizeof(p->label), p->label[0] ? "before = after" : "after");
	}
	return 1;
}

/* Off the curve: the old kernel when it is no knob value, then the user's variants, on this machine. */
static void trade_off_curve(const struct machine *m, struct tradeoff *t, const struct trade_marks *k)
{
	const char *why_mark;

	if (t->own_knob && !k->before) {
		/* the old kernel is another strategy, not a knob value: its point stands off the curve */
		struct tradeoff_point *p = &t->pts[t->n++];

		p->mark = TRADE_BEFORE;
		snprintf(p->label, sizeof(p->label), "before (%s)", t->spec->before_label);
		eval_point(t, m, t->patch->before, p);
	}
	for (int side = patch_nsides(t->patch); side < patch_ncols(m, t->patch); side++) {
		struct tradeoff_point *p = &t->pts[t->n++];

		snprintf(p->label, sizeof(p->label), "variant %s", patch_col_name(m, t->patch, side));
		eval_point(t, m, side, p);
		p->flag = variant_mark(m, t->patch, side, NULL, &why_mark);
	}
}

int tradeoff_run(const struct machine *m, const struct tradeoff_spec *spec, const struct sweep_range *given,
		 struct tradeoff *t, char *err, size_t errlen)
{
	struct sweep_range r;
	struct trade_marks k;
	struct knob_value *vals;
	size_t nv, cap;

	if (trade_setup(m, spec, given, t, &r, err, errlen) || trade_marks(m, t, &r, &k, err, errlen))
		return -1;
	cap = (size_t)r.rows + 2;
	vals = calloc(cap, sizeof(*vals));
	t->pts = calloc(cap + 1 + VARIANT_MAX, sizeof(*t->pts)); /* the curve, before, and the user's variants */
	if (!vals || !t->pts) {
		free(vals);
		tradeoff_free(t);
		return err_set(err, errlen, "tradeoff: out of memory");
	}
	nv = trade_values(&r, &k, vals, cap);
	for (size_t i = 0; i < nv; i++)
		trade_point(m, t, &r, &k, &vals[i]);
	free(vals);
	trade_off_curve(m, t, &k);
	return 0;
}

void tradeoff_free(struct tradeoff *t)
{
	free(t->pts);
	t->pts = NULL;
	t->n = 0;
}
