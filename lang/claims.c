/*
 * A patch's claims checked and printed (claims.h): `about PATCH --claims`
 * and its records; `report` lays the same rows out as a table.
 */
#include "claims.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/params.h"
#include "presetio.h"
#include "validation.h"
#include "out/render.h"
#include "out/wrap.h"

/*
 * A figure beside a mail's: as many digits as a mail gives (10482.7 Mbps, not
 * 10.48 Gbps), sizes in binary units, ratios as 6.001x.
 */
static void claim_fmt(struct value v, const char *unit, char *buf, size_t len)
{
	if (v.kind != VAL_REAL || !strcmp(unit, "bytes") || isinf(v.r))
		render_human(v, unit, buf, len);
	else if (!strcmp(unit, "x"))
		snprintf(buf, len, "%.4gx", v.r);
	else
		snprintf(buf, len, "%.6g %s", v.r, unit);
}

/* The claim's metric is a model with no held-out row: PATCH's METRIC of "METRIC[.SIDE]". */
static int claim_untested(const struct patch_desc *d, const struct patch_claim *c)
{
	char name[96];

	snprintf(name, sizeof(name), "%.*s", (int)strcspn(c->metric, "."), c->metric);
	return validation_untested(d, patch_metric(d, name));
}

static void check_one(const struct patch_set *ps, const struct patch_desc *d, struct claim_row *row)
{
	struct machine m;
	const struct patch_claim *c = row->c;

	machine_defaults(&m);
	if (c->how != CLAIM_OUTSIDE &&
	    (preset_load(&m, NULL, c->machine, row->err, sizeof(row->err)) || claim_apply(&m, c, row->err, sizeof(row->err)))) {
		row->r.verdict = CLAIM_DIFFERS;
		row->r.got = val_none("the claim's machine cannot be loaded");
		row->r.unit = ""; /* every reader of a row reads these: none is left NULL */
		row->r.kind = "";
		snprintf(row->machine, sizeof(row->machine), "%s", c->machine ? c->machine : "");
		snprintf(row->verdict, sizeof(row->verdict), "differs: %s", row->err);
		snprintf(row->word, sizeof(row->word), "differs");
		snprintf(row->got, sizeof(row->got), "n/a");
		return;
	}
	m.set = ps; /* the claim's machine with the patches d is one of */
	claim_check(&m, d, c, &row->r);
	row->machine[0] = '\0';
	if (c->how != CLAIM_OUTSIDE) {
		size_t k = (size_t)snprintf(row->machine, sizeof(row->machine), "%s%s", c->machine, c->set ? " with " : "");

		/* "ram=4G scanned=..." as a list: "ram=4G, scanned=..." */
		for (const char *p = c->set; p && *p && k + 3 < sizeof(row->machine); p++) {
			if (*p == ' ')
				row->machine[k++] = ',';
			row->machine[k++] = *p;
		}
		row->machine[k < sizeof(row->machine) ? k : sizeof(row->machine) - 1] = '\0';
	}
	if (c->how == CLAIM_OUTSIDE)
		snprintf(row->got, sizeof(row->got), "-");
	else
		claim_fmt(row->r.got, row->r.unit, row->got, sizeof(row->got));
	claim_verdict_text(c, &row->r, row->verdict, sizeof(row->verdict));
	claim_verdict_word(&row->r, row->word, sizeof(row->word));
	if (row->r.extrapolated)
		snprintf(row->verdict + strlen(row->verdict), sizeof(row->verdict) - strlen(row->verdict),
			 "; extrapolated: %s, this machine outside it", row->r.fit->what);
	row->untested = !strcmp(row->r.kind, "model") && claim_untested(d, c);
	if (row->untested)
		snprintf(row->verdict + strlen(row->verdict), sizeof(row->verdict) - strlen(row->verdict),
			 "; rests on no held-out test (about %s --validation)", d->id);
}

int claims_check(const struct patch_set *ps, const struct patch_desc *d, struct claim_row **rows)
{
	int n = claim_count(d);

	*rows = NULL;
	if (!n)
		return 0;
	*rows = calloc((size_t)n, sizeof(**rows));
	if (!*rows)
		return 0;
	for (int i = 0; i < n; i++) {
		(*rows)[i].c = &d->claims[i];
		check_one(ps, d, &(*rows)[i]);
	}
	return n;
}

void claims_tally(const struct claim_row *rows, int n, char *buf, size_t len)
{
	int k[3] = { 0 };

	for (int i = 0; i < n; i++)
		k[rows[i].r.verdict]++;
	/* a count of none is left out: "12 hold, 6 outside the model" */
	snprintf(buf, len, "%d hold%s", k[CLAIM_HOLDS], k[CLAIM_HOLDS] == 1 ? "s" : "");
	if (k[CLAIM_DIFFERS])
		snprintf(buf + strlen(buf), len - strlen(buf), ", %d differ%s", k[CLAIM_DIFFERS],
			 k[CLAIM_DIFFERS] == 1 ? "s" : "");
	if (k[CLAIM_NOT_MODELLED])
		snprintf(buf + strlen(buf), len - strlen(buf), ", %d outside the model", k[CLAIM_NOT_MODELLED]);
}

/* How the row compares, in words: "= 3072", "within 3% of 10482.7", "no metric". */
static void how_text(const struct claim_row *row, char *buf, size_t len)
{
	const struct patch_claim *c = row->c;
	char fig[64];

	claim_fmt(val_real(c->figure), row->r.unit, fig, sizeof(fig));
	if (c->how == CLAIM_OUTSIDE)
		snprintf(buf, len, "no metric");
	else if (c->how == CLAIM_WITHIN)
		snprintf(buf, len, "within %g%% of %s", c->tol * 100, fig);
	else if (c->tol) {
		char tol[64];

		claim_fmt(val_real(c->tol), row->r.unit, tol, sizeof(tol));
		snprintf(buf, len, "%s, give or take %s (the mail's rounding)", fig, tol);
	}
	else
		snprintf(buf, len, "= %s", fig);
}

void claims_list(const struct patch_desc *d, const struct claim_row *rows, int n, int width, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	char tally[120];

	claims_tally(rows, n, tally, sizeof(tally));
	if (d->seed[0] >= '0' && d->seed[0] <= '9') /* a seed mail: 000_..., else the patch's own mails and reviews */
		sb_printf(&t, "%s: the claims of seed %.3s, checked (%s)\n", d->id, d->seed, tally);
	else
		sb_printf(&t, "%s: the claims of its mails and reviews, checked (%s)\n", d->id, tally);
	for (int i = 0; i < n; i++) {
		const struct claim_row *w = &rows[i];
		char how[320];

		how_text(w, how, sizeof(how));
		sb_printf(&t, "\n%d. \"%s\" (%s)\n", i + 1, w->c->said, w->c->where);
		if (w->c->how != CLAIM_OUTSIDE)
			sb_printf(&t, "   on %s: %s%s%s = %s (%s); expected %s\n", w->machine, param_find(w->c->metric) ? "" : d->id,
				  param_find(w->c->metric) ? "" : ".", w->c->metric, w->got, w->r.kind, how);
		sb_printf(&t, "   %s\n", w->verdict);
	}
	wrap_text(out, sb_str(&t), width, 0);
	sb_free(&t);
}

static const char *const claim_heads[] = { "patch", "said", "where", "machine", "metric", "figure", "how",
					   "tolerance", "value", "unit", "kind", "verdict", "verdict_text",
					   "extrapolated", NULL };

/* One claim's fields, in claim_heads' order: a row's, or an object's in an array. */
static void claim_fields(const struct patch_desc *d, const struct claim_row *w, struct records *rec)
{
	static const char *const hows[] = { "equal", "within", "outside" };
	static const char *const words[] = { "holds", "differs", "outside the model" };
	int outside = w->c->how == CLAIM_OUTSIDE;

	rec_str(rec, d->id);
	rec_str(rec, w->c->said);
	rec_str(rec, w->c->where);
	rec_str(rec, w->machine);
	rec_str(rec, outside ? "" : w->c->metric);
	rec_value(rec, outside ? val_none("outside the model") : val_real(w->c->figure));
	rec_str(rec, hows[w->c->how]);
	rec_value(rec, outside ? val_none("outside the model") : val_real(w->c->tol));
	rec_value(rec, w->r.got);
	rec_str(rec, w->r.unit);
	rec_str(rec, w->r.kind);
	rec_str(rec, words[w->r.verdict]);
	rec_str(rec, w->verdict);
	rec_bool(rec, w->r.extrapolated);
}

void claims_rec_array(const struct patch_desc *d, const struct claim_row *rows, int n, struct records *rec)
{
	rec_arr_begin(rec);
	for (int i = 0; i < n; i++) {
		rec_obj_begin(rec, claim_heads);
		claim_fields(d, &rows[i], rec);
		rec_obj_end(rec);
	}
	rec_arr_end(rec);
}

void claims_records(const struct patch_desc *d, const struct claim_row *rows, int n, struct doc *doc,
		    enum out_format f, struct strbuf *out)
{
	struct records rec;

	rec_begin(&rec, doc, f, claim_heads, NULL, 0, out);
	for (int i = 0; i < n; i++) {
		claim_fields(d, &rows[i], &rec);
		rec_end_row(&rec);
	}
	rec_end(&rec);
}
