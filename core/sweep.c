/*
 * A sweep's rows (core/sweep.h): the columns, each row's machine, and the
 * shortcuts that give a row's cells without computing each (fn_cpus tables,
 * fn_row, totalram plateaus, a variant worked out once a row), all held to
 * the metric's fn by tests/unit/test_fastpath.c. The range is
 * sweep_range.c's, where's search sweep_where.c's.
 */
#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "mmpatch_code.h"
#include "units.h"
#include "variant.h"

void sweep_init(struct sweep *sw, const struct sweep_range *r)
{
	memset(sw, 0, sizeof(*sw));
	sw->range = *r;
}

int sweep_add_column(struct sweep *sw, const struct patch_desc *d, const struct metric_desc *md, int side,
		     const char *head, char *err, size_t errlen)
{
	struct sweep_col *c;

	if (sw->ncols == SWEEP_MAX_COLS)
		return err_set(err, errlen, "too many columns (at most %d)", SWEEP_MAX_COLS);
	/* a variant's side is checked where it is evaluated (metric_compute: n/a when there is none) */
	int kernel = side == SIDE_KERNEL && d->kernel_code;

	if (!kernel && !md->single && (side < 0 || side >= patch_nsides(d) + (d->constant ? VARIANT_MAX : 0)))
		return err_set(err, errlen, "%s.%s has no side %d (it has %d)", d->id, md->name, side, patch_nsides(d));
	c = &sw->cols[sw->ncols++];
	memset(c, 0, sizeof(*c));
	c->patch = d;
	c->metric = md;
	c->side = kernel ? SIDE_KERNEL : md->single ? 0 : side;
	c->variant = !kernel && !md->single && side >= patch_nsides(d);
	snprintf(c->head, sizeof(c->head), "%s", head);
	return 0;
}

int sweep_add_metric(struct sweep *sw, const char *name, char *err, size_t errlen)
{
	return sweep_add_metric_m(sw, NULL, name, err, errlen);
}

int sweep_over_kernel(const struct sweep *sw)
{
	return sw->range.key && !strcmp(sw->range.key->name, "kernel");
}

/* A column by its name: one asked for twice (PATCH beside PATCH.METRIC) is there once, as a json row names a key once. */
static int add_named(struct sweep *sw, const struct patch_desc *d, const struct metric_desc *md, int side,
		     const char *head, char *err, size_t errlen)
{
	for (int i = 0; i < sw->ncols; i++)
		if (!strcmp(sw->cols[i].head, head))
			return 0;
	return sweep_add_column(sw, d, md, side, head, err, errlen);
}

int sweep_add_metric_m(struct sweep *sw, const struct machine *m, const char *name, char *err, size_t errlen)
{
	struct metric_ref ref;
	char head[128];

	if (metric_parse_m(m, name, &ref, err, errlen))
		return -1;
	/* over the releases a metric's own column is its kernel side: before and after do not move */
	if (ref.side < 0 && sweep_over_kernel(sw) && ref.patch->kernel_code &&
	    (!ref.metric->single || patch_nsides(ref.patch) == 1)) {
		snprintf(head, sizeof(head), "%s.%s.kernel", ref.patch->id, ref.metric->name);
		return add_named(sw, ref.patch, ref.metric, SIDE_KERNEL, head, err, errlen);
	}
	if (ref.metric->single || ref.side >= 0)
		return add_named(sw, ref.patch, ref.metric, ref.side, name, err, errlen);
	for (int s = 0; s < patch_ncols(m, ref.patch); s++) {
		snprintf(head, sizeof(head), "%s.%s.%s", ref.patch->id, ref.metric->name, patch_col_name(m, ref.patch, s));
		if (add_named(sw, ref.patch, ref.metric, s, head, err, errlen))
			return -1;
	}
	return 0;
}

/* fn_cpus for one column's table: side (a side, a variant, or 0 for a single-valued metric) alone. */
static int cpus_one(const struct machine *m, const struct metric_desc *md, int side, uint64_t n, double *t)
{
	double *out[PATCH_MAX_COLS] = { NULL };

	out[side] = t;
	return md->fn_cpus(m, n, out);
}

#define VARIANT_DISTINCT_MAX 256

/* A variant column's table over cpus 1..n as variant_cpus_table() makes it. */
struct variant_table {
	struct machine *row;           /* the machine at the row worked on */
	struct patch_set *set;         /* its set, where a pass fixes the variant's value */
	uint64_t *k_const;             /* the variant's constant at each row */
	char *ok;                      /* it could be evaluated there */
	double *t;                     /* the column, row by row */
	uint64_t distinct[VARIANT_DISTINCT_MAX], upto[VARIANT_DISTINCT_MAX]; /* each value, and the last row that has it */
	int nd;
	struct expr prog;
	struct variant_code *code;
	int coded;                     /* code holds prog's register form */
};

/* Row k's constant among the distinct values (the previous row's first: values come in runs); -1: too many. */
static int variant_distinct(struct variant_table *v, int last, uint64_t k)
{
	int j = last >= 0 && v->distinct[last] == v->k_const[k - 1] ? last : 0;

	for (; j < v->nd && v->distinct[j] != v->k_const[k - 1]; j++)
		;
	if (j == v->nd) {
		if (v->nd == VARIANT_DISTINCT_MAX)
			return -1;
		v->distinct[v->nd++] = v->k_const[k - 1];
	}
	v->upto[j] = k;
	return j;
}

/* The constant at each row 1..n, and (unless fn_cpus runs it per row) its distinct values; -1: too many. */
static int variant_constants(struct variant_table *v, const struct machine *m, const struct sweep_col *c, uint64_t n)
{
	int last = -1;

	*v->row = *m;
	for (uint64_t k = 1; k <= n; k++) {
		const char *why;

		v->row->cpus = k;
		if (v->coded ? variant_run(v->row, c->patch, v->code, &v->k_const[k - 1], &why)
			     : variant_eval_expr(v->row, c->patch, &v->prog, &v->k_const[k - 1], &why))
			continue; /* n/a: its reason is filled in at the end */
		v->ok[k - 1] = 1;
		/* a plateau over cpus: its rows share the value, no run each */
		for (uint64_t to = v->coded ? variant_plateau_cpus(v->code, k, n) : k; k < to; k++) {
			v->k_const[k] = v->k_const[k - 1];
			v->ok[k] = 1;
		}
		if (c->metric->cpus_rows)
			continue; /* one pass whatever the values */
		if ((last = variant_distinct(v, last, k)) < 0)
			return -1;
	}
	return 0;
}

/*
 * A fn_cpus pass per distinct value, each up to the last row that has it. The
 * value reaching furthest is written straight into t (the rows of other
 * values it passes are written over after); the others go through tmp, sized
 * to the furthest of them: no table-sized copy per sweep.
 */
static int variant_passes(struct variant_table *v, const struct machine *m, const struct sweep_col *c)
{
	uint64_t rest = 0;
	double *tmp = NULL;
	int big = 0, failed = 0;

	for (int j = 1; j < v->nd; j++)
		big = v->upto[j] > v->upto[big] ? j : big;
	for (int j = 0; j < v->nd; j++)
		rest = j != big && v->upto[j] > rest ? v->upto[j] : rest;
	if (rest && !(tmp = calloc(rest, sizeof(*tmp))))
		return -1;
	for (int i = 0; i < v->nd && !failed; i++) {
		int j = (big + i) % v->nd; /* big first */
		double *to = j == big ? v->t : tmp;

		*v->row = *m;
		patch_set_copy(v->set, m->set);
		v->row->set = v->set;
		if (variant_fix(v->set, c->patch, c->side, v->distinct[j]) ||
		    cpus_one(v->row, c->metric, c->side, v->upto[j], to)) {
			failed = 1;
			break;
		}
		for (uint64_t k = 1; j != big && k <= v->upto[j]; k++)
			if (v->ok[k - 1] && v->k_const[k - 1] == v->distinct[j])
				v->t[k - 1] = tmp[k - 1];
	}
	free(tmp);
	return failed ? -1 : 0;
}

/* Why the variant cannot be evaluated at each row where it is n/a, as metric_compute() would say (NULL: no such row). */
static int variant_whys(struct variant_table *v, const struct machine *m, const struct sweep_col *c, uint64_t n,
			const char ***whys)
{
	*whys = NULL;
	*v->row = *m;
	for (uint64_t k = 1; k <= n; k++) {
		const char *why = "";
		uint64_t x;

		if (v->ok[k - 1])
			continue;
		if (!*whys && !(*whys = calloc(n, sizeof(**whys))))
			return -1;
		v->row->cpus = k;
		variant_eval_expr(v->row, c->patch, &v->prog, &x, &why);
		(*whys)[k - 1] = why;
	}
	return 0;
}

/*
 * A variant's constant may change with cpus (clamp(2 * cpus, 32, 127)), so
 * one fn_cpus pass does not fit it; but rows that share a value share a
 * pass: one per distinct value, each up to the last row that has it. Rows
 * where the variant is n/a are n/a: *why_out says why, per row (NULL when
 * no row is). NULL: too many distinct values (the caller evaluates per row)
 * or no memory.
 */
static double *variant_cpus_table(const struct machine *m, const struct sweep_col *c, uint64_t n,
				  const char ***why_out)
{
	struct variant_table v = { .row = malloc(sizeof(*v.row)), .set = malloc(sizeof(*v.set)),
				   .k_const = malloc(n * sizeof(*v.k_const)),
				   .ok = calloc(n, 1), .t = calloc(n, sizeof(*v.t)), .code = malloc(sizeof(*v.code)) };
	const char **whys = NULL;
	int failed = !v.row || !v.set || !v.k_const || !v.t || !v.ok || !v.code;

	v.prog = variant_at(m, c->patch, c->side)->prog;
	/* what does not follow cpus is read once, the rest runs in its register form */
	v.coded = v.code && !variant_code(m, c->patch, &v.prog, "cpus", v.code);
	failed = failed || variant_constants(&v, m, c, n);
	if (!failed && c->metric->cpus_rows) /* fn_cpus evaluates the variant at each row itself: one pass, into the table */
		failed = cpus_one(m, c->metric, c->side, n, v.t);
	else if (!failed)
		failed = variant_passes(&v, m, c);
	failed = failed || variant_whys(&v, m, c, n, &whys);
	free(v.row);
	free(v.set);
	free(v.code);
	free(v.k_const);
	free(v.ok);
	if (failed) {
		free(v.t);
		free(whys);
		return NULL;
	}
	*why_out = whys;
	return v.t;
}

/* fn_cpus fills cpus = 1..n; the sweep reads rows FROM..TO from it. *why: see variant_cpus_table(). */
double *sweep_cpus_table(const struct machine *m, const struct sweep_col *c, uint64_t n, const char ***why)
{
	double *t;

	*why = NULL;
	if (!c->metric->fn_cpus)
		return NULL;
	if (!c->metric->single && c->side >= patch_nsides(c->patch))
		return c->patch->constant->per_call ? NULL : variant_cpus_table(m, c, n, why);
	t = calloc(n, sizeof(*t));
	if (!t)
		return NULL; /* fall back to one evaluation per row */
	if (cpus_one(m, c->metric, c->side, n, t)) {
		free(t);
		return NULL;
	}
	return t;
}

/*
 * The columns of column i's metric share one fn_cpus pass, so its sides'
 * recursions run interleaved. A column asking for a side already in the pass
 * (the same column twice) is left for a pass of its own; the ones taken are
 * marked in tried, whether the pass succeeded or declined.
 */
static void cpus_group(struct sweep *sw, const struct machine *m, int i, char *tried)
{
	double *out[PATCH_MAX_COLS] = { NULL };
	int who[PATCH_MAX_COLS], failed = 0;
	const struct metric_desc *md = sw->cols[i].metric;
	uint64_t n = sw->range.to;

	for (int j = i; j < sw->ncols; j++) {
		struct sweep_col *c = &sw->cols[j];

		if (c->metric != md || c->hoisted || c->variant || c->side == SIDE_KERNEL || tried[j] || out[c->side])
			continue;
		tried[j] = 1;
		who[c->side] = j;
		if (!(out[c->side] = calloc(n, sizeof(double))))
			failed = 1; /* every column of the pass falls back to one evaluation per row */
	}
	if (!failed)
		failed = md->fn_cpus(m, n, out);
	for (int s = 0; s < PATCH_MAX_COLS; s++) {
		if (!out[s])
			continue;
		if (failed) {
			free(out[s]);
		} else {
			sw->cols[who[s]].fast = out[s];
			sw->fast_calls++;
		}
	}
}

/*
 * Each row: every variant a per-row column reads is evaluated once on the
 * row's machine and stands there as its value, so the column's metric and
 * metric_compute()'s check each read a constant. Where it cannot be
 * evaluated the expression stays, and the cell says why. From variant i on.
 */
/* Is the row's name (the variant's one) still on the plateau v's value stands for? */
static inline int on_plateau(const struct sweep *sw, const struct sweep_variant *v)
{
	uint64_t x = *(const uint64_t *)(const void *)((const char *)&sw->m + v->name_at);

	return x >= v->lo && x <= v->hi;
}

static void fix_variants_from(struct sweep *sw, int i)
{
	for (; i < sw->nvars; i++) {
		struct sweep_variant *v = &sw->vars[i];
		struct expr *e = v->at;
		uint64_t x;

		if (v->on && on_plateau(sw, v))
			continue; /* the last row's value, on the same plateau, already in the machine */
		v->why = NULL;
		if (!(v->coded ? variant_run(&sw->m, v->patch, &v->code, &x, &v->why)
			       : variant_eval_expr(&sw->m, v->patch, &v->prog, &x, &v->why))) {
			expr_constant(e, x);
			v->x = x;
			/* on a plateau of a name read from the machine: the next rows there need nothing done */
			v->on = v->coded && v->code.flat_lo <= v->code.flat_hi && v->code.field[0] >= 0 && x == v->code.flat_v;
			v->name_at = v->on ? (size_t)v->code.field[0] : 0;
			v->lo = v->code.flat_lo;
			v->hi = v->code.flat_hi;
		} else {
			*e = v->prog;
			v->on = 0;
		}
	}
}

/* Inline, the rows on a plateau: nothing to do but see that they are. */
static inline void fix_variants(struct sweep *sw)
{
	for (int i = 0; i < sw->nvars; i++)
		if (!(sw->vars[i].on && on_plateau(sw, &sw->vars[i]))) {
			fix_variants_from(sw, i);
			return;
		}
}

static int keeps_variant(const struct sweep_col *c)
{
	return c->variant && !c->hoisted && !c->fast && !c->code && !c->patch->constant->per_call;
}

static void keep_variants(struct sweep *sw, const struct machine *m)
{
	int most = 0;

	free(sw->vars);
	free(sw->rowset);
	sw->vars = NULL;
	sw->rowset = NULL;
	sw->nvars = 0;
	for (int i = 0; i < sw->ncols; i++) {
		sw->cols[i].var = -1;
		sw->cols[i].vp = NULL;
		most += keeps_variant(&sw->cols[i]);
	}
	/* a few KB each (the program and its register form): as many as may be needed, zeroed, not a column's worth */
	most = most < VARIANT_PATCHES * VARIANT_MAX ? most : VARIANT_PATCHES * VARIANT_MAX;
	for (int i = 0; i < sw->ncols; i++) {
		struct sweep_col *c = &sw->cols[i];
		int seen = -1;

		if (!keeps_variant(c))
			continue;
		for (int j = 0; j < sw->nvars; j++)
			if (sw->vars[j].patch == c->patch && sw->vars[j].side == c->side)
				seen = j;
		/* patch_constant.metric's value is the constant on each side: a variant's is the row's value */
		c->shows = c->patch->constant->metric && !strcmp(c->metric->name, c->patch->constant->metric);
		if (seen >= 0) {
			c->var = seen;
			continue;
		}
		if (!sw->vars && !(sw->vars = calloc((size_t)most, sizeof(*sw->vars))))
			return; /* no memory: each cell evaluates its variant itself, slower but the same */
		if (!sw->rowset && !(sw->rowset = malloc(sizeof(*sw->rowset)))) {
			free(sw->vars);
			sw->vars = NULL;
			return;
		}
		if (!sw->nvars) { /* the rows' own copy of the set, whose programs hold each row's value */
			patch_set_copy(sw->rowset, m->set);
			sw->m.set = sw->rowset;
		}
		sw->vars[sw->nvars].patch = c->patch;
		sw->vars[sw->nvars].side = c->side;
		sw->vars[sw->nvars].prog = variant_at(m, c->patch, c->side)->prog;
		sw->vars[sw->nvars].at = variant_prog(sw->rowset, c->patch, c->side);
		sw->vars[sw->nvars].coded =
			!variant_code(m, c->patch, &sw->vars[sw->nvars].prog, sw->range.key->name, &sw->vars[sw->nvars].code);
		c->var = sw->nvars++;
	}
	for (int i = 0; i < sw->ncols; i++)
		if (sw->cols[i].var >= 0)
			sw->cols[i].vp = &sw->vars[sw->cols[i].var];
}

/*
 * The keys machine_check() compares with each other: a row that moves one
 * may make a machine `set` refuses. The parameter table marks them (PF_CHECKED).
 */
static int key_checked(const struct param *key)
{
	return (key->flags & PF_CHECKED) != 0;
}

/* Is the machine with the key at u one `set` takes? */
static int passes_at(const struct sweep *sw, struct machine *m, uint64_t u)
{
	char why[sizeof(sw->refused_why)];

	param_store_u64(m, sw->range.key, u);
	return !machine_check(m, why, sizeof(why));
}

/*
 * The key values `set` takes, found before the first row. Each test of
 * machine_check() is monotone in each key it reads (totalram > ram /
 * pagesize grows with totalram and shrinks with ram; zone > totalram grows
 * with zone; sockets > cpus shrinks with cpus ...), so for key values from 1
 * up the values that pass are one interval: when an end of the range passes,
 * a bisection finds where the interval ends and each row compares its key
 * with it. When neither end passes (the interval, if any, inside the range)
 * or the range is not FROM..TO step N, each row is checked itself
 * (tests/unit/test_sweep.c holds both to machine_check()).
 */
static void find_pass(struct sweep *sw, const struct machine *m)
{
	const struct sweep_range *r = &sw->range;
	struct machine *t = &sw->scratch;
	uint64_t lo, hi, n;

	sw->pass_known = 0;
	if (!sw->check_rows || r->list || r->real || r->mult || !r->from || !r->step)
		return;
	*t = *m;
	n = (r->to - r->from) / r->step; /* the last row is from + n * step */
	if (passes_at(sw, t, r->from)) {
		/* rows 0..lo pass; find the last: bisect on the row index */
		lo = 0, hi = n;
		while (lo < hi) {
			uint64_t mid = lo + (hi - lo + 1) / 2;

			if (passes_at(sw, t, r->from + mid * r->step))
				lo = mid;
			else
				hi = mid - 1;
		}
		sw->pass_lo = r->from;
		sw->pass_hi = r->from + lo * r->step;
	} else if (passes_at(sw, t, r->from + n * r->step)) {
		lo = 0, hi = n;
		while (lo < hi) {
			uint64_t mid = lo + (hi - lo) / 2;

			if (passes_at(sw, t, r->from + mid * r->step))
				hi = mid;
			else
				lo = mid + 1;
		}
		sw->pass_lo = r->from + lo * r->step;
		sw->pass_hi = r->to;
	} else {
		return;
	}
	sw->pass_known = 1;
}

/* The row's machine as `set` would take it: refused rows are n/a, each for its reason. */
static inline void check_row(struct sweep *sw)
{
	sw->refused = NULL;
	if (!sw->check_rows)
		return;
	if (sw->pass_known && sw->cur.u >= sw->pass_lo && sw->cur.u <= sw->pass_hi)
		return;
	if (!machine_check(&sw->m, sw->refused_why, sizeof(sw->refused_why)))
		return;
	sw->refused = sw->refused_why;
	if (!sw->nrefused++) {
		memcpy(sw->first_refused, sw->refused_why, sizeof(sw->first_refused));
		sw->first_refused_at = sw->cur;
	}
}

/* A compiled column's group has a plateau its code works out; this stands in gr->plateau to say there is one. */
static uint64_t code_plateau(const struct machine *m)
{
	(void)m;
	return 0;
}

static inline uint64_t group_plateau(const struct sweep_group *gr, const struct machine *m)
{
	return gr->code ? mmp_code_plateau(gr->code, m) : gr->plateau(m);
}

/*
 * A compiled column's plateau search costs a few rows' work (two runs of
 * its chain on intervals where the plateaus' spacing is guessed right): it
 * spares nothing where the step is about as long as the plateau (sweep ram
 * ... step 1M, 252 pages a row, over a division by cpus * 4 pages). A
 * search that spares fewer than GUARD_SPARED rows misses; after
 * GUARD_MISSES misses in a row the group goes GUARD_PAUSE rows without one,
 * twice as many after each search that misses again, up to
 * GUARD_PAUSE_MAX; a search that spares enough starts over.
 */
#define GUARD_SPARED 8
#define GUARD_MISSES 4
#define GUARD_PAUSE 16
#define GUARD_PAUSE_MAX 1024

static void guard_start(struct plateau_guard *q)
{
	q->searched = 0;
	q->misses = q->wait = 0;
	q->pause = GUARD_PAUSE;
}

/* Search at row k (a row off the group's last plateau)? Each row of a pause says no. */
static inline int guard_search(struct plateau_guard *q, uint64_t k)
{
	if (q->wait) {
		q->wait--;
		return 0;
	}
	/* the rows of the last plateau past the row of its search, which went by unworked (none known after a seek back) */
	if (q->searched && k >= q->searched + GUARD_SPARED) {
		q->misses = 0;
		q->pause = GUARD_PAUSE;
	} else if (q->searched && k >= q->searched && ++q->misses >= GUARD_MISSES) {
		q->misses = GUARD_MISSES;
		q->searched = 0;
		q->wait = q->pause - 1; /* this row is the pause's first */
		q->pause = q->pause < GUARD_PAUSE_MAX ? 2 * q->pause : q->pause;
		return 0;
	}
	q->searched = k + 1;
	return 1;
}

/* The group's plateau at row k (0: none), a compiled column's where its guard lets it search. */
static inline uint64_t group_search(struct sweep_group *gr, const struct machine *m, uint64_t k)
{
	if (gr->code && !guard_search(&gr->guard, k))
		return 0;
	return group_plateau(gr, m);
}

/* A group's values on the row, where its plateau does not already give them. */
static inline void group_values(const struct sweep_group *gr, const struct machine *m, struct value *v)
{
	if (gr->code && gr->n > 1)
		mmp_code_values(gr->code, m, v); /* the columns of a side joined: one run of their nodes */
	else if (gr->code)
		v[0] = mmp_code_value(gr->code, m);
	else if (gr->fn_sides)
		gr->fn_sides(m, v);
	else /* a model on a plateau of its inputs: solved once per run, not once per row */
		for (int s = 0; s < gr->nsides; s++)
			v[s] = gr->md->fn(m, gr->md, s, NULL);
}

/*
 * The row's fn_sides columns: a metric's sides in one call (its columns
 * usually stand side by side), each compared with the row before's as it is
 * stored: the columns whose value changed are marked in sw->dirty.
 */
static inline void fill_rows(struct sweep *sw)
{
	struct value vbuf[SWEEP_GROUP_MAX];

	sw->dirty[0] = sw->others[0];
	for (int w = 1; w * 64 < sw->ncols; w++) /* most sweeps have one word of columns */
		sw->dirty[w] = sw->others[w];
	if (sw->refused || sw->was_refused) {
		sw->was_refused = sw->refused != NULL;
		memset(sw->dirty, 0xff, sizeof(sw->dirty)); /* every cell is, or was, n/a for the row's reason */
		if (sw->refused)
			return; /* sweep_value says so before it looks at the row */
	}
	for (int p = 0; p < sw->nrowp; p++)
		sw->rowp[p]->fn_row(&sw->m, sw->rowv[p]);
	for (int g = 0; g < sw->ngroups; g++) {
		struct sweep_group *gr = &sw->groups[g];
		const struct value *v = vbuf;
		uint64_t diff, at;

		if (gr->rowp >= 0) {
			v = sw->rowv[gr->rowp][gr->metric];
		} else if (gr->plateau && (at = sw->plateau_pages ? machine_totalram(&sw->m) : sw->cur.u) >= gr->plateau_lo &&
			   at <= gr->plateau_hi) {
			sw->plateau_rows++;
			continue; /* the values of the run the row is in, which last holds */
		} else {
			group_values(gr, &sw->m, vbuf);
			if (gr->plateau) {
				uint64_t hi = group_search(gr, &sw->m, sw->cur.i); /* 0: it cannot say */
				int known;

				at = sw->plateau_pages ? machine_totalram(&sw->m) : sw->cur.u;
				known = hi && hi >= at;
				gr->plateau_lo = known ? at : 1;
				gr->plateau_hi = known ? hi : 0;
			}
		}
		/*
		 * By its bits, against the last row's: an integer or a real that did
		 * not change prints the same. An n/a's reason is not its bits, nor a
		 * list's items: a writer keeping text writes such cells again on every
		 * row whatever this says.
		 */
		diff = (uint64_t)(v[0].kind ^ gr->last[0].kind) | (v[0].i ^ gr->last[0].i);
		for (int s = 1; s < gr->nsides; s++) /* at most two more but for a join: unrolled */
			diff |= (uint64_t)(v[s].kind ^ gr->last[s].kind) | (v[s].i ^ gr->last[s].i);
		if (!diff)
			continue; /* most rows: the values stand */
		for (int s = 0; s < gr->nsides; s++) {
			/* field by field: one 16-byte load of what fn_sides just stored as two 8-byte halves stalls on store forwarding */
			gr->last[s].kind = v[s].kind;
			gr->last[s].i = v[s].i;
		}
		for (int j = 0; j < gr->n; j++) {
			struct value *to = &sw->row[gr->col[j]];

			/* field by field again: a 16-byte load of the two halves just stored into last stalls as well */
			to->kind = gr->last[gr->side[j]].kind;
			to->i = gr->last[gr->side[j]].i;
			sw->dirty[gr->col[j] / 64] |= 1ull << (gr->col[j] % 64);
		}
	}
}

/*
 * The groups whose patch has an fn_row take their values from it when two
 * or more of the patch's metrics are rowed: one call a row serves them all.
 */
static void use_fn_row(struct sweep *sw)
{
	sw->nrowp = 0;
	for (int g = 0; g < sw->ngroups; g++) {
		struct sweep_group *gr = &sw->groups[g];
		const struct patch_desc *d = sw->cols[gr->col[0]].patch;
		int metric = (int)(sw->cols[gr->col[0]].metric - d->metrics), others = 0, nmetrics = 0, p;

		gr->rowp = -1;
		gr->metric = metric;
		while (d->metrics[nmetrics].name)
			nmetrics++;
		/* a group with a plateau is worked out once a run: cheaper than its share of a call every row */
		if (!d->fn_row || gr->code || gr->plateau || nmetrics > SWEEP_ROW_METRICS || metric >= 32 || !(d->row_metrics >> metric & 1))
			continue;
		for (int h = 0; h < sw->ngroups; h++) {
			const struct sweep_col *o = &sw->cols[sw->groups[h].col[0]];
			int k = (int)(o->metric - d->metrics);

			others += h != g && o->patch == d && !sw->groups[h].code && sw->groups[h].fn_sides != gr->fn_sides && k < 32 &&
				  (d->row_metrics >> k & 1) && !sw->groups[h].plateau;
		}
		if (!others)
			continue; /* its metric alone: fn_sides does less */
		for (p = 0; p < sw->nrowp && sw->rowp[p] != d; p++)
			;
		if (p == sw->nrowp) {
			if (p == SWEEP_ROW_PATCHES)
				continue;
			sw->rowp[sw->nrowp++] = d;
		}
		gr->rowp = p;
	}
}

/*
 * Is c's value made once per row, in fill_rows, and kept while it stands:
 * a metric with fn_sides, or over totalram one whose totalram_plateau says
 * where its inputs next change (a model solved once per run of equal
 * inputs, fn per side, rather than once per cell)? A list's items are the
 * writer's to walk.
 */
static int by_row(const struct sweep *sw, const struct sweep_col *c)
{
	return c->metric->fn_sides || (c->metric->totalram_plateau && !c->metric->list && !sw->range.real &&
				       !strcmp(sw->range.key->name, "totalram"));
}

int sweep_col_constant(const struct sweep *sw, const struct machine *m, const struct sweep_col *c)
{
	return c->metric->reads && !metric_reads(c->metric, sw->range.key->name) &&
	       !(c->variant && variant_reads(m, c->patch, c->side, sw->range.key->name)) &&
	       !(c->side == SIDE_KERNEL && sweep_over_kernel(sw));
}

/* Each column hoisted (computed once: it does not move over the key) or made per row with its group. */
static void mark_columns(struct sweep *sw, const struct machine *m)
{
	for (int i = 0; i < sw->ncols; i++) {
		struct sweep_col *c = &sw->cols[i];

		/* tests/unit/test_patch.c holds reads to the truth: a key not listed cannot move the value
		 * (a metric that lists nothing is taken to read everything) */
		c->hoisted = sweep_col_constant(sw, m, c);
		c->rowed = !c->hoisted && by_row(sw, c) && !c->variant && c->side >= 0 &&
			   c->side < patch_nsides(c->patch) && c->side < PATCH_MAX_SIDES;
		mmp_code_free(c->code);
		/* a patch file's metric, a variant's constant: compiled against what the sweep holds, a group of its own */
		c->code = c->hoisted || c->rowed ? NULL : mmp_code_make(m, c->patch, c->metric, c->side, sw->range.key->name);
		c->rowed |= c->code != NULL;
		if (c->hoisted) {
			c->once = metric_compute(m, c->patch, c->metric, c->side, NULL);
			sw->hoisted++;
		}
	}
}

/* Over cpus: the columns an fn_cpus pass fills whole before the first row. */
static void cpus_tables(struct sweep *sw, const struct machine *m)
{
	char tried[SWEEP_MAX_COLS] = { 0 };

	for (int i = 0; i < sw->ncols; i++) {
		struct sweep_col *c = &sw->cols[i];

		/* the kernel side goes through metric_compute() per row: a release may make it n/a */
		if (c->hoisted || tried[i] || !c->metric->fn_cpus || c->side == SIDE_KERNEL)
			continue;
		if (c->variant) {
			c->fast = sweep_cpus_table(m, c, sw->range.to, &c->fast_why);
			sw->fast_calls += c->fast != NULL;
		} else {
			cpus_group(sw, m, i, tried);
		}
	}
}

/* A new group for column c's metric: its sides not yet computed, its plateau when the key is totalram. */
static struct sweep_group *group_open(struct sweep *sw, const struct sweep_col *c, int over_totalram)
{
	struct sweep_group *g = &sw->groups[sw->ngroups++];

	g->fn_sides = c->metric->fn_sides;
	g->md = c->metric;
	g->n = 0;
	g->nsides = patch_nsides(c->patch) < PATCH_MAX_SIDES ? patch_nsides(c->patch) : PATCH_MAX_SIDES;
	if (!g->fn_sides && c->metric->single)
		g->nsides = 1; /* fn's side 0 is its one value */
	for (int s = 0; s < SWEEP_GROUP_MAX; s++)
		g->last[s] = val_none("not yet computed"); /* the first row differs from it */
	g->plateau = over_totalram ? c->metric->totalram_plateau : NULL;
	g->plateau_lo = 1, g->plateau_hi = 0;
	guard_start(&g->guard);
	g->code = c->code;
	if (c->code) { /* its one value; a plateau over totalram, or over ram the row's totalram's */
		g->nsides = 1;
		g->plateau = over_totalram && mmp_code_flat(c->code) ? code_plateau : NULL;
	}
	return g;
}

/*
 * The group compiled column c joins, or NULL: one of compiled columns of
 * the same patch (mmp_code_join) - a row then runs each node of the
 * patch's columns once, in one call, where each column would run its own
 * chain. Columns with plateaus join those of their side only (one
 * constant, most often one plateau): a run of the group's rows ends where
 * the first of its columns' plateaus does, and one side's may be far longer
 * than another's.
 */
static struct sweep_group *join_group(struct sweep *sw, const struct sweep_col *c, int over_totalram)
{
	int flat = c->code && over_totalram && mmp_code_flat(c->code);

	if (!c->code)
		return NULL;
	for (int h = 0; h < sw->ngroups; h++) {
		struct sweep_group *g = &sw->groups[h];
		const struct sweep_col *lead = &sw->cols[g->col[0]];

		if (g->code && !g->plateau == !flat && (!flat || lead->side == c->side) && g->n < SWEEP_GROUP_MAX &&
		    g->n < MMP_JOIN_MAX && lead->patch == c->patch && !mmp_code_join(g->code, c->code))
			return g;
	}
	return NULL;
}

/* The per-row columns into groups (a metric's sides side by side: one call serves them); the rest in sw->others. */
static void group_columns(struct sweep *sw, int over_totalram)
{
	sw->ngroups = 0;
	sw->plateau_rows = 0;
	memset(sw->others, 0, sizeof(sw->others));
	for (int i = 0; i < sw->ncols; i++) {
		struct sweep_col *c = &sw->cols[i];
		struct sweep_group *g = &sw->groups[sw->ngroups - (sw->ngroups > 0)], *j;

		c->rowed &= !c->fast; /* an fn_cpus table answers first */
		if (!c->rowed) {
			if (c->hoisted)
				continue;
			sw->others[i / 64] |= 1ull << (i % 64);
			continue;
		}
		for (int j = 0; c->code && j < i; j++) /* the first column with its constant runs it for the row */
			if (sw->cols[j].code && sw->cols[j].patch == c->patch && sw->cols[j].side == c->side) {
				mmp_code_share(c->code, sw->cols[j].code);
				break;
			}
		if ((j = join_group(sw, c, over_totalram))) {
			j->col[j->n] = (short)i;
			j->side[j->n] = (short)j->n; /* the join's values come in its columns' order */
			j->nsides = ++j->n;
			continue;
		}
		if (!sw->ngroups || c->code || g->code || g->fn_sides != c->metric->fn_sides ||
		    (!g->fn_sides && g->md != c->metric) || g->n == PATCH_MAX_SIDES)
			g = group_open(sw, c, over_totalram);
		g->col[g->n] = (short)i;
		g->side[g->n++] = (short)(c->code ? 0 : c->side);
	}
}

void sweep_begin(struct sweep *sw, const struct machine *m)
{
	/* the rows' totalram is the key itself (param_store_u64), which the plateaus speak of; or ram's pages */
	int over_totalram = !sw->range.real && !strcmp(sw->range.key->name, "totalram");
	int over_ram = !sw->range.real && !m->totalram && !strcmp(sw->range.key->name, "ram");

	sw->m = *m;
	memset(&sw->memo, 0, sizeof(sw->memo));
	sw->m.memo = &sw->memo; /* each row's release rows, layout and square root worked out once, not once per metric */
	if (!m->mva_memo) { /* a model solved once per distinct network along any key, not once per row */
		memset(&sw->mva, 0, sizeof(sw->mva));
		sw->m.mva_memo = &sw->mva;
	}
	sweep_cursor_start(&sw->cur);
	sw->fast_calls = 0;
	sw->hoisted = 0;
	sw->check_rows = key_checked(sw->range.key);
	find_pass(sw, m);
	sw->refused = NULL;
	sw->nrefused = 0;
	sw->first_refused[0] = '\0';
	mark_columns(sw, m);
	if (!sw->range.real && sweep_key_is_cpus(sw->range.key))
		cpus_tables(sw, m);
	sw->plateau_pages = over_ram;
	group_columns(sw, over_totalram || over_ram);
	use_fn_row(sw);
	keep_variants(sw, m);
	sw->runs_ok = over_totalram && !sw->range.list && !sw->range.mult && sw->range.step && !sw->nvars;
	for (int w = 0; w < (SWEEP_MAX_COLS + 63) / 64; w++)
		sw->runs_ok &= !sw->others[w];
	for (int g = 0; g < sw->ngroups; g++)
		sw->runs_ok &= sw->groups[g].plateau && sw->groups[g].rowp < 0;
	if (sw->nvars)
		fix_variants(sw); /* a cell read before the first row sees m, checked as metric_compute() would */
}

int sweep_next(struct sweep *sw)
{
	const struct sweep_range *r = &sw->range;
	struct sweep_cursor *c = &sw->cur;

	if (!c->i)
		sw->was_refused = 1; /* the first row has no row before (a seek may have been the last) */
	/* the common range, FROM..TO step N over a whole number, without the call */
	if (c->i && !r->list && !r->real && !r->mult) {
		if (r->step > r->to - c->u)
			return 0;
		c->u += r->step;
		c->i++;
	} else if (!sweep_range_next(r, c)) {
		return 0;
	}
	/* sweep_range_parse checked both ends, and every row where the table allows only some values */
	if (sw->range.real)
		param_store_real(&sw->m, sw->range.key, sw->cur.r);
	else
		param_store_u64(&sw->m, sw->range.key, sw->cur.u);
	check_row(sw);
	if (sw->nvars)
		fix_variants(sw);
	fill_rows(sw);
	return 1;
}

void sweep_skip(struct sweep *sw, uint64_t k)
{
	sw->cur.u += k * sw->range.step;
	sw->cur.i += k;
	param_store_u64(&sw->m, sw->range.key, sw->cur.u);
	sw->plateau_rows += k * (uint64_t)sw->ngroups;
	memset(sw->dirty, 0, sizeof(sw->dirty)); /* the last of them is the row before's, every cell */
}

uint64_t sweep_solve_row(struct sweep *sw, int runs)
{
	struct value v[SWEEP_GROUP_MAX];
	uint64_t x = 0;

	for (int g = 0; g < sw->ngroups; g++) {
		const struct sweep_group *gr = &sw->groups[g];

		if (gr->rowp >= 0 || runs != (gr->plateau != NULL))
			continue;
		group_values(gr, &sw->m, v);
		x += v[0].i;
	}
	if (!runs) {
		for (int p = 0; p < sw->nrowp; p++) {
			sw->rowp[p]->fn_row(&sw->m, sw->rowv[p]); /* what the row would write there anyway */
			x += sw->rowv[p][0][0].i;
		}
		for (int i = 0; i < sw->ncols; i++)
			if (!sw->cols[i].rowed && !sw->cols[i].hoisted)
				x += sweep_value(sw, i).i;
	}
	return x;
}

/* Where the plateaus stand at key value u (t's key set to it): the key, or over ram the row's totalram. */
static uint64_t plateau_coord(const struct sweep *sw, struct machine *t, uint64_t u)
{
	param_store_u64(t, sw->range.key, u);
	return sw->plateau_pages ? machine_totalram(t) : u;
}

/* The first row after row k whose plateau coordinate is past hi (rows past the last: none); totalram only grows with ram. */
static uint64_t run_end(const struct sweep *sw, struct machine *t, uint64_t k, uint64_t hi, uint64_t kmax)
{
	const struct sweep_range *r = &sw->range;
	uint64_t good = k, bad = kmax + 1; /* row k is on it (hi is at least its coordinate) */

	if (!sw->plateau_pages)
		return hi < r->from ? k + 1 : (hi - r->from) / r->step + 1;
	/* from row k on, spans doubling: a run of a row or two (a step longer than a plateau) is found in a look or two */
	for (uint64_t span = 1; span < bad - good; span *= 2) {
		if (plateau_coord(sw, t, r->from + (good + span) * r->step) > hi) {
			bad = good + span;
			break;
		}
		good += span;
	}
	while (bad - good > 1) {
		uint64_t mid = good + (bad - good) / 2;

		if (plateau_coord(sw, t, r->from + mid * r->step) > hi)
			bad = mid;
		else
			good = mid;
	}
	return bad;
}

uint64_t sweep_runs(struct sweep *sw, uint64_t cap, uint64_t *rows)
{
	const struct sweep_range *r = &sw->range;
	struct machine *t = &sw->scratch; /* find_pass is done with it */
	uint64_t n = 0, k = 0, u = r->from, kmax, last[SWEEP_MAX_COLS];
	struct plateau_guard guard[SWEEP_MAX_COLS];
	int any = 0;

	*rows = r->rows;
	for (int g = 0; g < sw->ngroups; g++)
		any |= sw->groups[g].plateau && sw->groups[g].rowp < 0;
	if (!any)
		return 0;
	if (r->list || r->real || r->mult || !r->step)
		return r->rows; /* a few rows: each its own run */
	kmax = (r->to - r->from) / r->step;
	*t = sw->m;
	for (int g = 0; g < sw->ngroups; g++) { /* a compiled column's searches guarded as the rows' will be */
		guard_start(&guard[g]);
		last[g] = 0;
	}
	while (n < cap) {
		uint64_t hi = UINT64_MAX, at = plateau_coord(sw, t, u), pause = 0;

		for (int g = 0; g < sw->ngroups; g++) {
			const struct sweep_group *gr = &sw->groups[g];
			uint64_t h;

			if (!gr->plateau || gr->rowp >= 0)
				continue;
			if (gr->code && last[g] >= at) { /* on the plateau its last search found: fill_rows would not search */
				h = last[g];
			} else if (gr->code && !guard_search(&guard[g], k)) {
				h = 0;
				pause = guard[g].wait > pause ? guard[g].wait : pause;
			} else {
				h = group_plateau(gr, t);
			}
			h = h > at ? h : at; /* 0 (it cannot say): the row alone */
			last[g] = h;
			hi = h < hi ? h : hi;
		}
		n++;
		k = run_end(sw, t, k, hi, kmax); /* the first row past the run */
		if (pause && k <= kmax) { /* a pause's rows, each a run (its group works each out), counted without a look */
			uint64_t w = pause < kmax + 1 - k ? pause : kmax + 1 - k;

			w = w < cap - n ? w : cap - n;
			n += w;
			k += w;
			for (int g = 0; g < sw->ngroups; g++)
				guard[g].wait -= (uint32_t)(w < guard[g].wait ? w : guard[g].wait);
		}
		if (k > kmax)
			return n;
		u = r->from + k * r->step;
	}
	*rows = k;
	return n;
}

int sweep_seek(struct sweep *sw, uint64_t u, double r, char *err, size_t errlen)
{
	struct sweep_cursor c;

	sweep_cursor_start(&c);
	c.u = u;
	c.r = r;
	/* the fn_cpus tables cover FROM..TO and no further */
	if (!sw->range.real && (u < sw->range.from || u > sw->range.to))
		return err_set(err, errlen, "%s: %llu is outside the sweep", sw->range.key->name, (unsigned long long)u);
	if (sw->range.real ? param_set_real(&sw->m, sw->range.key, r, err, errlen)
			   : param_set_u64(&sw->m, sw->range.key, u, err, errlen))
		return -1;
	sw->cur = c;
	check_row(sw);
	if (sw->nvars)
		fix_variants(sw);
	sw->was_refused = 1; /* not the row after the last one: no row before to compare with */
	fill_rows(sw);
	return 0;
}

void sweep_end(struct sweep *sw)
{
	for (int i = 0; i < sw->ncols; i++) {
		free(sw->cols[i].fast);
		free(sw->cols[i].fast_why);
		sw->cols[i].fast = NULL;
		sw->cols[i].fast_why = NULL;
		sw->cols[i].vp = NULL; /* into sw->vars */
		mmp_code_free(sw->cols[i].code);
		sw->cols[i].code = NULL;
	}
	free(sw->vars);
	free(sw->rowset);
	sw->vars = NULL;
	sw->rowset = NULL;
	sw->nvars = 0;
}
