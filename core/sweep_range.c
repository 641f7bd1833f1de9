/*
 * A sweep's range (core/sweep.h): FROM TO [step N | x N | N values] over a
 * parameter, parsed in the key's own unit, and the cursor that walks it row
 * by row.
 */
#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "units.h"
#include "variant.h"

int sweep_key_is_cpus(const struct param *p)
{
	return p->offset == offsetof(struct machine, cpus);
}

/* A step in the key's own unit: pages for page counts (NNN, NNNp or a size), bytes or a size for sizes. */
static int parse_step(const struct machine *m, const struct sweep_range *r, const char *n, char *err, size_t errlen,
		      uint64_t *step, double *rstep)
{
	const struct param *p = r->key;
	char why[96];
	size_t len = strlen(n);

	if (n[0] == '-' || n[0] == '+')
		return err_set(err, errlen, "%s: step '%s' must be a positive number", p->name, n);
	if (r->real) {
		if (parse_real(n, rstep, why, sizeof(why)) && strstr(why, "too close to zero")) /* "use 0": not for a step */
			return err_set(err, errlen, "%s: step '%s': too close to zero for a double, and a step must be above 0 "
				       "(the least is about 2.2e-308)", p->name, n);
		if (parse_real(n, rstep, why, sizeof(why)))
			return err_set(err, errlen, "%s: step '%s': %s", p->name, n, why);
		if (!(*rstep > 0))
			return err_set(err, errlen, "%s: step '%s' must be above 0", p->name, n);
		return 0;
	}
	switch (p->type) {
	case PT_COUNT:
		if (parse_u64(n, step, why, sizeof(why)))
			return err_set(err, errlen, "%s: step '%s': %s", p->name, n, why);
		break;
	case PT_PAGES:
		/* NNN or NNNp pages, or a size that is turned into pages */
		if (len > 1 && len < 32 && n[len - 1] == 'p') {
			char digits[32];

			memcpy(digits, n, len - 1);
			digits[len - 1] = '\0';
			if (!parse_u64(digits, step, why, sizeof(why)))
				break;
		} else if (!parse_u64(n, step, why, sizeof(why))) {
			break;
		} else if (!parse_size(n, step, why, sizeof(why))) {
			*step /= m->pagesize;
			break;
		}
		return err_set(err, errlen, "%s: step '%s': expected NNN or NNNp (pages) or a size", p->name, n);
	default:
		if (parse_size(n, step, why, sizeof(why)))
			return err_set(err, errlen, "%s: step '%s': %s", p->name, n, why);
		break;
	}
	if (!*step)
		return err_set(err, errlen, "%s: step '%s' must be at least 1%s", p->name, n,
			   p->type == PT_PAGES ? " page" : p->type == PT_SIZE ? " byte" : "");
	return 0;
}

static int integral_factor(double f)
{
	return f == floor(f) && f < 4294967296.0;
}

void sweep_cursor_start(struct sweep_cursor *c)
{
	memset(c, 0, sizeof(*c));
}

/* x N over whole numbers: FROM * N^k rounded, each value once (x 1.5 from 1 gives 1, 2, 3, 5, 8 ...). */
static int next_geometric(const struct sweep_range *r, struct sweep_cursor *c)
{
	if (!c->i) {
		c->u = r->from;
		return 1;
	}
	if (integral_factor(r->factor)) {
		uint64_t f = (uint64_t)r->factor;

		if (c->u > r->to / f)
			return 0;
		c->u *= f;
		return 1;
	}
	for (;;) {
		double d = (double)r->from * pow(r->factor, (double)++c->k);
		uint64_t v;

		if (d > (double)r->to)
			return 0;
		v = (uint64_t)llround(d);
		if (v > r->to)
			return 0;
		if (v > c->u) {
			c->u = v;
			return 1;
		}
	}
}

int sweep_range_next(const struct sweep_range *r, struct sweep_cursor *c)
{
	if (r->list) {
		/* the values the key allows, ascending, within FROM..TO: pagesize 4K 64K is 4K, 16K, 64K */
		while (r->list[c->k] && r->list[c->k] < r->from)
			c->k++;
		if (!r->list[c->k] || r->list[c->k] > r->to)
			return 0;
		c->u = r->list[c->k++];
		c->i++;
		return 1;
	}
	if (r->real) {
		if (c->i >= r->rows)
			return 0;
		c->r = r->mult ? r->rfrom * pow(r->factor, (double)c->i) : r->rfrom + (double)c->i * r->rstep;
		if (c->r > r->rto)
			c->r = r->rto; /* the last row, a rounding error past TO */
		c->i++;
		return 1;
	}
	if (r->mult) {
		if (!next_geometric(r, c))
			return 0;
		c->i++;
		return 1;
	}
	if (!c->i)
		c->u = r->from;
	else if (r->step > r->to - c->u) /* c->u <= to, so this cannot wrap; to - step could */
		return 0;
	else
		c->u += r->step;
	c->i++;
	return 1;
}

static uint64_t count_rows(const struct sweep_range *r)
{
	struct sweep_cursor c;

	sweep_cursor_start(&c);
	while (sweep_range_next(r, &c))
		;
	return c.i;
}

int sweep_bounds_parse(const struct machine *m, const char *key, const char *from, const char *to,
		       struct sweep_range *out, char *err, size_t errlen)
{
	const struct param *p = param_find(key);
	struct machine tmp = *m;
	struct sweep_range r;

	memset(&r, 0, sizeof(r));
	if (!p)
	{
		char mean[128];

		return err_set(err, errlen, "unknown key '%s'%s (see 'help set')", key, param_suggest(key, mean, sizeof(mean)));
	}
	if (p->type == PT_LAYOUT)
		return err_set(err, errlen, "zones is a layout, not a number: sweep ram (each row laid out anew) or "
			       "totalram, or set zones and compare");
	if (p->type == PT_CHOICE && !(p->flags & PF_NAMES)) {
		char range[PARAM_RANGE_MAX];

		param_format_range(p, range, sizeof(range));
		return err_set(err, errlen, "%s is a choice (%s), not a number: set each and compare instead", p->name, range);
	}
	if (!strcmp(from, "auto") || !strcmp(to, "auto"))
		return err_set(err, errlen, "%s: FROM and TO must be values, not auto", p->name);
	r.key = p;
	r.real = p->type == PT_REAL;
	/* FROM and TO are read exactly as `set` reads them, with its range check and messages */
	if (param_set(&tmp, p, from, err, errlen))
		return -1;
	if (r.real)
		r.rfrom = param_real(&tmp, p);
	else
		r.from = param_u64(&tmp, p);
	if (param_set(&tmp, p, to, err, errlen))
		return -1;
	if (r.real)
		r.rto = param_real(&tmp, p);
	else
		r.to = param_u64(&tmp, p);
	if (r.real && r.rfrom == 0)
		r.rfrom = 0; /* "-0" reads as 0 */
	if (r.real ? r.rfrom > r.rto : r.from > r.to)
		return err_set(err, errlen, "%s: FROM '%s' is above TO '%s'", p->name, from, to);
	*out = r;
	return 0;
}

int sweep_range_parse(const struct machine *m, const char *key, const char *from, const char *to,
		      const char *how, const char *n, struct sweep_range *out, char *err, size_t errlen)
{
	return sweep_range_parse_max(m, key, from, to, how, n, SWEEP_MAX_ROWS, "rows", out, err, errlen);
}

/*
 * How r steps from FROM to TO (how and n: "step N", "x N" or none): a
 * key's own values, the releases in order, a step or a factor. 1: r is a
 * key's own values, whole; -1 with err.
 */
static int range_how(const struct machine *m, struct sweep_range *r, const char *from, const char *to,
		     const char *how, const char *n, char *err, size_t errlen)
{
	const struct param *p = r->key;
	char why[96];

	if (!how && p->allowed) {
		r->list = p->allowed;
		r->rows = count_rows(r);
		return 1;
	}
	if (p->type == PT_CHOICE) {
		/* the releases, in order: every one the table knows from FROM to TO */
		if (how)
			return err_set(err, errlen, "%s: the releases are taken in order, every known one from %s to %s: no '%s' "
				       "after TO", p->name, from, to, how);
		r->step = 1;
		return 0;
	}
	if (!how) {
		if (r->real)
			return err_set(err, errlen, "%s: a real-valued key needs step N or x N after TO", p->name);
		r->mult = p->type != PT_COUNT; /* sizes span decades: doubling is the useful default */
		r->factor = 2;
		r->step = 1;
		return 0;
	}
	if (strcmp(how, "step") && strcmp(how, "x"))
		return err_set(err, errlen, "%s: expected step N or x N after TO, not '%s'", p->name, how);
	r->given = 1;
	if (!n)
		return err_set(err, errlen, "%s: expected %s after %s", p->name, *how == 's' ? "a number" : "a factor", how);
	if (*how == 's')
		return parse_step(m, r, n, err, errlen, &r->step, &r->rstep) ? -1 : 0;
	r->mult = 1;
	if (parse_real(n, &r->factor, why, sizeof(why)))
		return err_set(err, errlen, "%s: x '%s': %s", p->name, n, why);
	if (!(r->factor > 1))
		return err_set(err, errlen, "%s: x '%s': the factor must be above 1", p->name, n);
	return 0;
}

/*
 * r's rows, counted before walking (x 1.0000001 over a wide range must not
 * loop for minutes); -1 with err past max_rows.
 */
static int range_count(struct sweep_range *r, const char *from, const char *to, const char *how, const char *n,
		       uint64_t max_rows, const char *rows_are, char *err, size_t errlen)
{
	double est;

	if (r->mult)
		est = log(r->real ? r->rto / r->rfrom : (double)r->to / (double)r->from) / log(r->factor);
	else if (r->real)
		est = (r->rto - r->rfrom) / r->rstep;
	else
		est = (double)((r->to - r->from) / r->step);
	if (!(est + 1 <= (double)max_rows + 0.5)) {
		/* a count a person can read: 4.61e+18, not nineteen digits (or three hundred after a tiny step) */
		char count[32];
		double rows = floor(est + 1e-9) + 1;

		if (rows < 1e9)
			snprintf(count, sizeof(count), "%.0f", rows);
		else if (isfinite(rows))
			snprintf(count, sizeof(count), "about %.3g", rows);
		else
			snprintf(count, sizeof(count), "too many");
		return err_set(err, errlen, "%s: %s..%s %s %s gives %s %s (at most %llu)", r->key->name, from, to,
			       how ? how : "step", n ? n : r->mult ? "2" : "1", count, rows_are, (unsigned long long)max_rows);
	}
	if (r->real)
		r->rows = (uint64_t)floor(est + 1e-9) + 1;
	else
		r->rows = r->mult ? count_rows(r) : (r->to - r->from) / r->step + 1;
	return 0;
}

int sweep_range_parse_max(const struct machine *m, const char *key, const char *from, const char *to,
			  const char *how, const char *n, uint64_t max_rows, const char *rows_are, struct sweep_range *out,
			  char *err, size_t errlen)
{
	struct machine tmp = *m;
	struct sweep_range r;
	int rc;

	if (sweep_bounds_parse(m, key, from, to, &r, err, errlen) || (rc = range_how(m, &r, from, to, how, n, err, errlen)) < 0)
		return -1;
	if (rc == 1) {
		*out = r;
		return 0;
	}
	if (r.mult && (r.real ? !(r.rfrom > 0) : !r.from)) {
		if (!how) /* the doubling was ours, not typed: say so, not "x N" */
			return err_set(err, errlen, "%s: %s..%s doubles from FROM, and %s cannot double: give FROM above 0, "
				       "or step N", r.key->name, from, to, from);
		return err_set(err, errlen, "%s: x N needs FROM above 0", r.key->name);
	}
	if (range_count(&r, from, to, how, n, max_rows, rows_are, err, errlen))
		return -1;
	/* FROM and TO bound every row, but not "one of 4K, 16K, 64K" or "a power of two" */
	if (!r.real && (r.key->allowed || (r.key->flags & PF_POW2))) {
		struct sweep_cursor c;

		sweep_cursor_start(&c);
		while (sweep_range_next(&r, &c))
			if (param_set_u64(&tmp, r.key, c.u, err, errlen))
				return -1;
	}
	*out = r;
	return 0;
}

double sweep_key_real(const struct sweep_range *r, const struct sweep_cursor *c)
{
	return r->real ? c->r : (double)c->u;
}
