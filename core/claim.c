/*
 * A seed's claims checked (claim.h): a row of a patch's claims table, its
 * machine's settings, batchlab's figure and the verdict.
 */
#include "claim.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "params.h"

int claim_count(const struct patch_desc *d)
{
	int n = 0;

	for (const struct patch_claim *c = d->claims; c && c->said; c++)
		n++;
	return n;
}

int claim_apply(struct machine *m, const struct patch_claim *c, char *err, size_t errlen)
{
	struct machine t;
	const char *p = c->set;

	t = *m;
	while (p && *p) {
		char key[64], val[64], why[200];
		size_t n = strcspn(p, " ");
		const char *eq = memchr(p, '=', n);
		const struct param *prm;

		if (!eq || (size_t)(eq - p) >= sizeof(key) || n - (size_t)(eq - p) > sizeof(val))
			return err_set(err, errlen, "claim '%.40s': '%.*s' is not key=value", c->said, (int)n, p);
		snprintf(key, sizeof(key), "%.*s", (int)(eq - p), p);
		snprintf(val, sizeof(val), "%.*s", (int)(n - (size_t)(eq - p) - 1), eq + 1);
		prm = param_find(key);
		if (!prm || param_set(&t, prm, val, why, sizeof(why)))
			return err_set(err, errlen, "claim '%.40s': %s", c->said, prm ? why : "unknown parameter");
		p += n;
		while (*p == ' ')
			p++;
	}
	*m = t;
	return 0;
}

int model_extrapolated(const struct machine *m, const struct metric_desc *md)
{
	const struct param *p;
	uint64_t v;

	if (!md || !md->fit || md->kind != METRIC_MODELED)
		return 0;
	p = param_find(md->fit->key);
	if (!p)
		return 0;
	v = param_u64(m, p);
	return v < md->fit->lo || v > md->fit->hi;
}

/* The figure c names on m: a metric PATCH's NAME[.SIDE], or a parameter. */
static void claim_figure(const struct machine *m, const struct patch_desc *d, const struct patch_claim *c,
			 struct claim_result *r)
{
	char name[128], err[200];
	struct metric_ref ref;
	const struct param *p = param_find(c->metric);
	int ratio;

	if (p) {
		r->got = p->type == PT_REAL ? val_real(param_real(m, p)) : val_int(param_u64(m, p));
		r->unit = p->unit;
		r->kind = "input";
		return;
	}
	snprintf(name, sizeof(name), "%s.%s", d->id, c->metric);
	ratio = strlen(name) > 6 && !strcmp(name + strlen(name) - 6, ".ratio");
	if (ratio) /* NAME.ratio: after / before, the change the mail says as "64X" */
		name[strlen(name) - 6] = '\0';
	/* in d itself: a file being checked is in no list, and a loaded one of its id is another file */
	if (metric_parse_in(m, d, name, name + strlen(d->id) + 1, &ref, err, sizeof(err))) {
		r->got = val_none("no such metric");
		return;
	}
	if (ratio) { /* of whole numbers too, which metric_ratio() leaves n/a */
		double b = value_real(metric_eval(m, &ref, d->before)), a = value_real(metric_eval(m, &ref, d->after));

		r->got = b > 0 && !isnan(a) ? val_real(a / b) : val_none("no ratio: before is not a positive number");
	}
	else
		r->got = metric_eval(m, &ref, ref.metric->single ? 0 : ref.side < 0 ? d->after : ref.side);
	r->unit = ratio ? "x" : ref.metric->unit;
	r->kind = metric_kind_name(ref.metric->kind);
	r->fit = ref.metric->fit;
	r->extrapolated = model_extrapolated(m, ref.metric);
}

void claim_check(const struct machine *m, const struct patch_desc *d, const struct patch_claim *c,
		 struct claim_result *r)
{
	double got;

	memset(r, 0, sizeof(*r));
	r->unit = "";
	r->kind = "";
	if (c->how == CLAIM_OUTSIDE) {
		r->got = val_none("outside the model");
		r->verdict = CLAIM_NOT_MODELLED;
		return;
	}
	claim_figure(m, d, c, r);
	got = value_real(r->got);
	if (isnan(got)) {
		r->verdict = CLAIM_DIFFERS;
		r->dev = INFINITY;
		return;
	}
	if (isinf(got) || isinf(c->figure)) { /* "inf" in a seed's table: only the same infinity holds */
		r->dev = got == c->figure ? 0 : INFINITY;
		r->verdict = got == c->figure ? CLAIM_HOLDS : CLAIM_DIFFERS;
		return;
	}
	r->dev = c->figure ? fabs(got - c->figure) / fabs(c->figure) : got ? INFINITY : 0;
	if (c->how == CLAIM_EQUAL)
		r->verdict = fabs(got - c->figure) <= c->tol ? CLAIM_HOLDS : CLAIM_DIFFERS;
	else
		r->verdict = r->dev <= c->tol ? CLAIM_HOLDS : CLAIM_DIFFERS;
}

/* A deviation rounded up to two significant digits, so "within" never understates it. */
static void pct_up(double dev, char *buf, size_t len)
{
	double pct = dev * 100, scale = 1;

	if (pct < 0.01) { /* a fit's own figure: closer than a reader needs told */
		snprintf(buf, len, "0.01%%");
		return;
	}
	while (pct * scale < 10)
		scale *= 10;
	while (pct * scale >= 100)
		scale /= 10;
	snprintf(buf, len, "%.*g%%", 3, ceil(pct * scale) / scale);
}

const char *claim_verdict_word(const struct claim_result *r, char *buf, size_t len)
{
	char pct[32];

	if (r->verdict == CLAIM_NOT_MODELLED)
		snprintf(buf, len, "outside");
	else if (r->verdict == CLAIM_DIFFERS)
		snprintf(buf, len, "differs");
	else if (r->dev == 0 || strcmp(r->kind, "model"))
		snprintf(buf, len, "holds");
	else {
		pct_up(r->dev, pct, sizeof(pct));
		snprintf(buf, len, "within %s", pct);
	}
	return buf;
}

const char *claim_verdict_text(const struct patch_claim *c, const struct claim_result *r, char *buf, size_t len)
{
	char w[48];

	claim_verdict_word(r, w, sizeof(w));
	if (r->verdict == CLAIM_NOT_MODELLED)
		snprintf(buf, len, "outside the model: %s", c->note ? c->note : "no metric reaches it");
	else if (r->verdict == CLAIM_DIFFERS && (c->expect != CLAIM_DIFFERS || !c->note)) {
		char pct[32];

		/* a row that held until a model moved: its note speaks of the holding, not of this */
		pct_up(r->dev, pct, sizeof(pct));
		snprintf(buf, len, "differs: %s from the mail's figure, past the row's tolerance",
			 isinf(r->dev) ? "no figure, or infinitely far," : pct);
	} else if (r->verdict == CLAIM_DIFFERS)
		snprintf(buf, len, "differs: %s", c->note);
	else
		snprintf(buf, len, "%s%s%s", strncmp(w, "within", 6) ? "" : "holds ", w, c->note ? "; " : "");
	if (r->verdict == CLAIM_HOLDS && c->note)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s", c->note);
	return buf;
}
