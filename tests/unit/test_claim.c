/*
 * The seeds' claims tables (core/claim.c, lang/claims.c): every row of the
 * four seeds' patches gives the verdict it says it gives, so a model change
 * that breaks a claim - or mends one - fails here; the seed figures below are
 * copied from the seed mails, not from batchlab.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "presetutil.h"

#include "../../core/claim.h"
#include "../../lang/claims.h"

static const char *const seeded[] = { "memcg_charge", "proactive_reclaim", "committed_as", "vmpressure",
				      "pcp", "watermark", "memcg_flush", "rss_stat", NULL };

/* Every row of every seed's table: its verdict is the one it expects, and a verdict that is not "holds" says why. */
static void test_verdicts_as_expected(void **state)
{
	(void)state;
	for (int p = 0; seeded[p]; p++) {
		const struct patch_desc *d = patch_find(NULL, seeded[p]);
		struct claim_row *rows;
		int n;

		assert_non_null(d);
		n = claims_check(NULL, d, &rows);
		assert_true(n >= 5);
		for (int i = 0; i < n; i++) {
			const struct patch_claim *c = rows[i].c;

			if (rows[i].r.verdict != c->expect)
				fprintf(stderr, "%s: \"%s\" (%s): %s, expected %d\n", d->id, c->said, c->where, rows[i].verdict,
					(int)c->expect);
			assert_int_equal(rows[i].r.verdict, c->expect);
			assert_true(c->where && c->where[0]);
			if (c->how == CLAIM_OUTSIDE)
				assert_true(c->note && strlen(c->note) > 20 && !c->machine);
			else /* a metric or parameter that exists, and a figure batchlab gives */
				assert_true(c->machine && c->metric && rows[i].r.got.kind != VAL_NONE);
			if (c->expect == CLAIM_DIFFERS)
				assert_non_null(c->note);
			assert_true(!rows[i].err[0]);
		}
		free(rows);
	}
}

static const struct claim_row *find(const struct claim_row *rows, int n, const char *metric, double figure)
{
	for (int i = 0; i < n; i++)
		if (rows[i].c->metric && !strcmp(rows[i].c->metric, metric) && rows[i].c->figure == figure)
			return &rows[i];
	return NULL;
}

/* Seed 004's five rows, each with its own scanned count: 3877 3329 2910 2585 2328 all hold exactly. */
static void test_seed004_rows(void **state)
{
	static const double win[] = { 3072, 3584, 4096, 4608, 5120 }, e512[] = { 23267, 23306, 23281, 23268, 23281 },
			    scaled[] = { 3877, 3329, 2910, 2585, 2328 };
	struct claim_row *rows;
	int n = claims_check(NULL, patch_find(NULL, "vmpressure"), &rows), eleven = 0, twelve = 0;

	(void)state;
	for (int i = 0; i < 5; i++) {
		const struct claim_row *w = find(rows, n, "window.after", win[i]), *b = find(rows, n, "evals.before", e512[i]),
				       *a = find(rows, n, "evals.after", scaled[i]);

		assert_non_null(w);
		assert_non_null(b);
		assert_non_null(a);
		assert_int_equal(a->r.verdict, CLAIM_HOLDS);
		assert_true(a->r.got.kind == VAL_INT && a->r.got.i == (uint64_t)scaled[i]);
		assert_true(b->r.got.i == (uint64_t)e512[i]);
	}
	/* ~11x at 128 GB: 11 with the memmap off, 12 at exactly 128 GiB */
	for (int i = 0; i < n; i++)
		if (rows[i].c->metric && !strcmp(rows[i].c->metric, "reduction") && rows[i].c->figure == 11) {
			double x = value_real(rows[i].r.got);

			eleven += rows[i].r.verdict == CLAIM_HOLDS && fabs(x - 11) < 0.1;
			twelve += rows[i].r.verdict == CLAIM_DIFFERS && fabs(x - 12) < 0.1;
		}
	assert_int_equal(eleven, 1);
	assert_int_equal(twelve, 1);
	free(rows);
}

/* Seed 000's cover letter: the rows the batch model cannot reach are listed, as outside it. */
static void test_cover_letter_outside(void **state)
{
	static const char *const figures[] = { "21694.8", "14542.5", "12413.7", "20120.3", NULL };
	struct claim_row *rows;
	int n = claims_check(NULL, patch_find(NULL, "memcg_charge"), &rows);

	(void)state;
	for (int f = 0; figures[f]; f++) {
		int found = 0;

		for (int i = 0; i < n; i++)
			found += strstr(rows[i].c->said, figures[f]) && rows[i].r.verdict == CLAIM_NOT_MODELLED;
		assert_int_equal(found, 1);
	}
	assert_non_null(find(rows, n, "throughput.before", 10482.7));
	assert_non_null(find(rows, n, "throughput.after", 17064.7));
	free(rows);
}

/* The check can fail: a figure off by more than its tolerance differs, a model within it says how close. */
static void test_check_can_fail(void **state)
{
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct machine m = preset_machine("netperf-72cpu");
	struct patch_claim c = { .said = "x", .where = "line 1", .machine = "netperf-72cpu", .metric = "batch.after",
				 .figure = 63, .how = CLAIM_EQUAL };
	struct claim_result r;
	char buf[200];

	(void)state;
	claim_check(&m, d, &c, &r);
	assert_int_equal(r.verdict, CLAIM_DIFFERS);
	c.tol = 1;
	claim_check(&m, d, &c, &r);
	assert_int_equal(r.verdict, CLAIM_HOLDS);
	c = (struct patch_claim){ .said = "y", .metric = "throughput.before", .figure = 10000, .how = CLAIM_WITHIN,
				  .tol = 0.03 };
	claim_check(&m, d, &c, &r);
	assert_int_equal(r.verdict, CLAIM_DIFFERS); /* 10482.7 is 4.8% off */
	c.tol = 0.05;
	claim_check(&m, d, &c, &r);
	assert_int_equal(r.verdict, CLAIM_HOLDS);
	assert_string_equal(claim_verdict_text(&c, &r, buf, sizeof(buf)), "holds within 4.9%");
	c.set = "cpus=oops";
	assert_int_equal(claim_apply(&m, &c, buf, sizeof(buf)), -1);
	assert_int_equal(m.cpus, 72);
}

/* Seed 000's throughput was fitted at 72 CPUs: 1024 extrapolates, 72 does not; an exact metric never does. */
static void test_fit_range(void **state)
{
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct machine m = preset_machine("netperf-72cpu");

	(void)state;
	assert_false(model_extrapolated(&m, patch_metric(d, "throughput")));
	m.cpus = 1024;
	assert_true(model_extrapolated(&m, patch_metric(d, "throughput")));
	assert_true(model_extrapolated(&m, patch_metric(d, "speedup")));
	assert_false(model_extrapolated(&m, patch_metric(d, "batch")));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdicts_as_expected), cmocka_unit_test(test_seed004_rows),
		cmocka_unit_test(test_cover_letter_outside), cmocka_unit_test(test_check_can_fail),
		cmocka_unit_test(test_fit_range),
	};
	/* the claims' presets are the source tree's, never a user's of the same name */
	setenv("BATCHLAB_PRESETS", "presets", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent/batchlab-test_claim", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
