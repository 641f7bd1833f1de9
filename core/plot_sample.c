#include "plot_sample.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

/* The key values a chart samples when no step is given: two per dot column, deduplicated for whole numbers. */
static size_t sample_keys(const struct sweep_range *r, int xlog, size_t want, uint64_t *u, double *d)
{
	size_t n = 0;
	double lo = r->real ? r->rfrom : (double)r->from, hi = r->real ? r->rto : (double)r->to;

	for (size_t k = 0; k < want; k++) {
		double f = want > 1 ? (double)k / (double)(want - 1) : 0;
		double v = xlog ? exp(log(lo) + f * (log(hi) - log(lo))) : lo + f * (hi - lo);

		if (r->real) {
			d[n++] = k + 1 == want ? hi : v;
			continue;
		}
		{
			uint64_t x = k + 1 == want ? r->to : (uint64_t)llround(v);

			if (x < r->from)
				x = r->from;
			if (x > r->to)
				x = r->to;
			if (n && x <= u[n - 1])
				continue;
			u[n] = x;
			d[n++] = (double)x;
		}
	}
	return n;
}

int plot_sides(const struct machine *m, const struct patch_desc *d, const struct metric_desc *md, int side,
	       int *sides)
{
	int n = 0;

	if (md->single || side >= 0) {
		sides[n++] = md->single && side != SIDE_KERNEL ? 0 : side; /* a release's value is a side even of a single one */
		return n;
	}
	/* show's order: the patch's sides as its columns stand (before, after; full, cluster, decay), then the variants */
	for (int sd = 0; sd < patch_nsides(d) && n < PLOT_MAX_SERIES; sd++)
		sides[n++] = sd;
	for (int v = patch_nsides(d); v < patch_ncols(m, d) && n < PLOT_MAX_SERIES; v++)
		sides[n++] = v;
	return n;
}

int plot_sample(const struct machine *m, const struct sweep_range *r, const struct patch_desc *d,
		const struct metric_desc *md, const int *sides, int nser, int width, struct plot_points *p, char *err,
		size_t errlen)
{
	return plot_sample_watched(m, r, d, md, sides, nser, width, NULL, p, err, errlen);
}

/* The samples, each a row's values: every row of the range, or the keys sample_keys() picks; -2 when w stopped them. */
static int sample_rows(struct sweep *sw, const struct sweep_range *r, size_t want, uint64_t *us,
		       const struct plot_watch *w, struct plot_points *p, char *err, size_t errlen)
{
	char why[256];

	if (r->given || r->list) {
		while (p->n < want && sweep_next(sw) > 0) {
			p->x[p->n] = sweep_key_real(&sw->range, &sw->cur);
			for (int i = 0; i < sw->ncols; i++)
				p->y[i][p->n] = value_real(sweep_value(sw, i));
			p->n++;
			if (w && w->step(w->ctx, p->n))
				return err_set(err, errlen, "interrupted after %zu of %zu points", p->n, want) - 1;
		}
		return 0;
	}
	for (size_t k = 0, n = sample_keys(r, p->xlog, want, us, p->x); k < n; k++) {
		if (sweep_seek(sw, us[k], p->x[k], why, sizeof(why)))
			return err_set(err, errlen, "%s", why);
		for (int i = 0; i < sw->ncols; i++)
			p->y[i][p->n] = value_real(sweep_value(sw, i));
		p->n++;
		if (w && w->step(w->ctx, p->n))
			return err_set(err, errlen, "interrupted after %zu of %zu points", p->n, n) - 1;
	}
	return 0;
}

int plot_sample_watched(const struct machine *m, const struct sweep_range *r, const struct patch_desc *d,
			const struct metric_desc *md, const int *sides, int nser, int width, const struct plot_watch *w,
			struct plot_points *p, char *err, size_t errlen)
{
	struct sweep *sw = malloc(sizeof(*sw)); /* 192 columns: too big for a stack a curses front end may keep small */
	char why[256];
	size_t want;
	uint64_t *us = NULL;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (!sw)
		return err_set(err, errlen, "out of memory");
	sweep_init(sw, r);
	for (int i = 0; i < nser && i < PLOT_MAX_SERIES; i++)
		if (sweep_add_column(sw, d, md, sides[i], md->name, why, sizeof(why))) {
			snprintf(err, errlen, "%s", why);
			goto out;
		}
	/*
	 * A step or factor typed decides the points, as does a key's list of
	 * allowed values (pagesize: no value between them exists); else sample
	 * the range, on a log axis when it spans decades.
	 */
	if (r->given || r->list) {
		p->xlog = r->given ? r->mult : r->from > 0 && (double)r->to / (double)r->from >= 64;
		want = (size_t)r->rows;
	} else {
		double lo = r->real ? r->rfrom : (double)r->from, hi = r->real ? r->rto : (double)r->to;

		p->xlog = lo > 0 && hi / lo >= 64;
		want = (size_t)(2 * (width > 0 ? width : 1));
	}
	p->x = malloc(sizeof(double) * want);
	us = malloc(sizeof(uint64_t) * want);
	for (int i = 0; i < sw->ncols; i++)
		if (!(p->y[i] = malloc(sizeof(double) * want)))
			want = 0;
	if (!p->x || !us || !want) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	sweep_begin(sw, m);
	if (w && (rc = w->begin(w->ctx, sw, want, err, errlen))) {
		sweep_end(sw);
		goto out;
	}
	rc = sample_rows(sw, r, want, us, w, p, err, errlen);
	if (w)
		w->end(w->ctx);
	sweep_end(sw);
out:
	if (rc)
		plot_points_free(p);
	free(us);
	free(sw);
	return rc;
}

void plot_points_free(struct plot_points *p)
{
	free(p->x);
	for (int i = 0; i < PLOT_MAX_SERIES; i++)
		free(p->y[i]);
	memset(p, 0, sizeof(*p));
}

