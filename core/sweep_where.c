/*
 * where (core/sweep.h): the first value of a key at which a metric crosses a
 * threshold - a bisection where the metric is monotone over the range, a
 * scan where it is not - and the comparison operators it takes.
 */
#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "units.h"
#include "variant.h"

static const char *const op_names[] = { "<", "<=", ">", ">=", "==" };

int where_op_parse(const char *s, enum where_op *op)
{
	for (int i = 0; i < 5; i++) {
		if (!strcmp(s, op_names[i])) {
			*op = (enum where_op)i;
			return 0;
		}
	}
	return -1;
}

const char *where_op_name(enum where_op op)
{
	return op_names[op];
}

int where_holds(struct value v, enum where_op op, struct value t)
{
	int cmp;

	if (v.kind == VAL_NONE || t.kind == VAL_NONE)
		return 0;
	if (v.kind == VAL_INT && t.kind == VAL_INT) {
		cmp = v.i < t.i ? -1 : v.i > t.i;
	} else {
		double a = value_real(v), b = value_real(t);

		if (isnan(a) || isnan(b))
			return 0;
		cmp = a < b ? -1 : a > b;
	}
	switch (op) {
	case WHERE_LT:
		return cmp < 0;
	case WHERE_LE:
		return cmp <= 0;
	case WHERE_GT:
		return cmp > 0;
	case WHERE_GE:
		return cmp >= 0;
	default:
		return cmp == 0;
	}
}

/*
 * The search runs over offsets t = 0..span from FROM: whole values for
 * whole-number keys, and for a real key the bit patterns of the doubles,
 * which for non-negative doubles are in the same order as the values - so
 * bisection finds the first double where the answer changes.
 */
struct where_search {
	const struct sweep_range *r;
	const struct sweep_col *col;
	struct machine m;
	uint64_t base, span;
	const double *table; /* fn_cpus values, [cpus - 1], or NULL */
	const char **table_why; /* the rows where a variant is n/a: why */
	char refused[200];      /* the last machine machine_check() refused: why */
	struct { uint64_t t; struct value v; } pts[256];
	int npts;
	uint64_t evals;
	uint64_t valued;        /* evaluations that were not n/a */
};

static uint64_t dbits(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

static double bitsd(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof(d));
	return d;
}

static void where_cursor(const struct where_search *w, uint64_t t, struct sweep_cursor *c)
{
	sweep_cursor_start(c);
	c->i = t;
	if (w->r->real)
		c->r = bitsd(w->base + t);
	else
		c->u = w->base + t;
}

static struct value where_eval(struct where_search *w, uint64_t t, int record)
{
	struct sweep_cursor c;
	struct value v;
	char err[160];

	where_cursor(w, t, &c);
	w->evals++;
	if (w->table) {
		w->m.cpus = c.u;
		v = machine_check(&w->m, w->refused, sizeof(w->refused)) ? val_none(w->refused)
									 : cpus_value(w->table, w->table_why, c.u - 1);
	} else {
		if (w->r->real ? param_set_real(&w->m, w->r->key, c.r, err, sizeof(err))
			       : param_set_u64(&w->m, w->r->key, c.u, err, sizeof(err)))
			return val_none("outside the key's range");
		/* a machine `set` refuses is n/a there, as in a sweep; the reason outlives the call */
		v = machine_check(&w->m, w->refused, sizeof(w->refused))
			    ? val_none(w->refused)
			    : metric_compute(&w->m, w->col->patch, w->col->metric, w->col->side, NULL);
	}
	w->valued += v.kind != VAL_NONE;
	if (record && w->npts < (int)(sizeof(w->pts) / sizeof(w->pts[0]))) {
		w->pts[w->npts].t = t;
		w->pts[w->npts].v = v;
		w->npts++;
	}
	return v;
}

static int pt_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Are the values looked at, in key order, all ascending (dir 1) or all descending (dir -1)? */
static int in_order(struct where_search *w, int dir)
{
	qsort(w->pts, (size_t)w->npts, sizeof(w->pts[0]), pt_cmp);
	for (int i = 0; i < w->npts; i++) {
		double v = value_real(w->pts[i].v);

		if (isnan(v))
			return 0;
		if (i && (dir > 0 ? v < value_real(w->pts[i - 1].v) : v > value_real(w->pts[i - 1].v)))
			return 0;
	}
	return 1;
}

/*
 * The monotone predicate bisection looks for, given the direction: for a
 * rising metric "> v" turns from false to true once and stays; "< v" can only
 * hold from FROM on (checked before). -1: it can never start to hold.
 */
static int search_op(enum where_op op, int dir, enum where_op *q)
{
	if (op == WHERE_EQ) {
		*q = dir > 0 ? WHERE_GE : WHERE_LE;
		return 0;
	}
	if ((op == WHERE_GT || op == WHERE_GE) == (dir > 0)) {
		*q = op;
		return 0;
	}
	return -1;
}

/*
 * The first sample's t where op holds, or where it starts to (the bisection
 * between the two samples the condition first holds across); *found: it does
 * there. w->span when no sample says.
 */
static uint64_t where_bisect(struct where_search *w, enum where_op op, struct value thr, int dir, int *found)
{
	uint64_t lo = 0, hi = 0;
	enum where_op q;
	int j;

	*found = 0;
	if (where_holds(w->pts[0].v, op, thr)) {
		*found = 1;
		return 0;
	}
	if (search_op(op, dir, &q))
		return w->span;
	for (j = 1; j < w->npts && !where_holds(w->pts[j].v, q, thr); j++)
		;
	if (j == w->npts)
		return w->span;
	lo = w->pts[j - 1].t;
	hi = w->pts[j].t;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (where_holds(where_eval(w, mid, 1), q, thr))
			hi = mid;
		else
			lo = mid;
	}
	*found = where_holds(where_eval(w, hi, 0), op, thr);
	return hi;
}

/* Every row from the first, for a metric that is not in order over the range: the first where op holds. */
static uint64_t where_scan(struct where_search *w, enum where_op op, struct value thr, int *found)
{
	*found = 0;
	for (uint64_t t = 0;; t++) {
		if (where_holds(where_eval(w, t, 0), op, thr)) {
			*found = 1;
			return t;
		}
		if (t == w->span)
			return t;
	}
}

/* The search over r for col: its cursor's span, and over cpus the fn_cpus table. NULL: out of memory. */
static struct where_search *where_begin(const struct machine *m, const struct sweep_range *r,
					const struct sweep_col *col)
{
	struct where_search *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->r = r;
	w->col = col;
	w->m = *m;
	if (r->real) {
		w->base = dbits(r->rfrom);
		w->span = dbits(r->rto) - w->base;
	} else {
		w->base = r->from;
		w->span = r->to - r->from;
	}
	if (!r->real && sweep_key_is_cpus(r->key))
		w->table = sweep_cpus_table(m, col, r->to, &w->table_why);
	return w;
}

int sweep_where(const struct machine *m, const struct sweep_range *r, const struct sweep_col *col,
		enum where_op op, struct value thr, struct where_result *res, char *err, size_t errlen)
{
	struct where_search *w;
	uint64_t t;
	int dir;

	memset(res, 0, sizeof(*res));
	if (r->key->allowed || (r->key->flags & PF_POW2))
		return err_set(err, errlen, "%s takes only a few values: compare them with sweep instead", r->key->name);
	if (r->real && signbit(r->rfrom))
		return err_set(err, errlen, "%s: where searches from 0 up; FROM is below 0", r->key->name);
	if (!(w = where_begin(m, r, col)))
		return err_set(err, errlen, "out of memory");
	/* 65 samples, FROM and TO among them */
	for (int j = 0; j <= 64; j++) {
		t = w->span / 64 * (uint64_t)j + w->span % 64 * (uint64_t)j / 64;
		if (j && t == w->pts[w->npts - 1].t)
			continue;
		where_eval(w, t, 1);
	}
	dir = value_real(w->pts[w->npts - 1].v) >= value_real(w->pts[0].v) ? 1 : -1;
	t = where_bisect(w, op, thr, dir, &res->found);
	res->monotone = in_order(w, dir);
	if (!res->monotone && (w->table || w->span < WHERE_SCAN_MAX)) {
		res->scanned = 1;
		t = where_scan(w, op, thr, &res->found);
	}
	if (!res->found)
		t = w->span;
	where_cursor(w, t, &res->at);
	res->v = where_eval(w, t, 0);
	res->evals = w->evals;
	res->all_na = !res->found && !w->valued;
	if (res->v.kind == VAL_NONE && res->v.why == w->refused) {
		memcpy(res->why, w->refused, sizeof(res->why));
		res->v = val_none(res->why);
	}
	free((void *)w->table);
	free((void *)w->table_why);
	free(w);
	return 0;
}
