/*
 * A patch file's optional parts (core/mmpatch_rows.c) and real-valued
 * metrics: release rows make a kernel side through the release table, claims
 * become patch_claim rows, a tradeoff line a curve over the constant, per and
 * scale a real figure; and every bad line of each new key is one line naming
 * FILE:LINE:COLUMN and what was expected.
 */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"
#include "mmpatchutil.h"

#include "../../core/claim.h"
#include "../../core/mmpatch.h"
#include "../../core/tradeoff.h"
#include "../../core/variant.h"

/* The built-ins and the loaded patch, as a session's set lists them (lang/patchreg.c). */
static struct patch_set with;

static void load_slot(struct mmpatch *p)
{
	patch_set_copy(&with, NULL);
	if (p)
		patch_set_put(&with, 0, &p->desc);
}

#define HEAD "patch mine\ntitle a test\nconstant FOO_BATCH as batch\nunit pages\n" \
	     "before = max(32, 2 * cpus)\nafter = max(256, 2 * cpus)\n"
/* line 7 on */
#define METRICS "metric drift = (batch - 1) * cpus\nunit pages\nbetter lower\n" \
		"metric folds = 1000000 / batch\nkind workload\nassume one CPU adds 1 a million times\n"

static struct mmpatch *parse(const char *text)
{
	struct mmpatch *p = malloc(sizeof(*p));
	char err[512];

	assert_non_null(p);
	if (mmpatch_parse(p, "t.mmpatch", text, strlen(text), 0, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	load_slot(p);
	return p;
}

/* Release rows: history's rows, the kernel side follows the release and is n/a before the first row. */
static void test_release_rows(void **state)
{
	struct mmpatch *p = parse(HEAD METRICS "release 4.14 = max(16, cpus)\ncommit 0123456789ab\nwhat the first\n"
				  "checked 4.14.1 has it, 4.13.9 not\n"
				  "release 6.1 = max(32, 2 * cpus)\nwhere compute_batch_value(), lib/percpu_counter.c\n");
	const struct patch_desc *d = &p->desc;
	const struct metric_desc *drift = patch_metric(d, "drift");
	struct machine m;

	(void)state;
	machine_defaults(&m);
	m.cpus = 8;
	assert_non_null(d->kernel_code);
	assert_int_equal(patch_side(d, "kernel"), SIDE_KERNEL);
	assert_string_equal(d->kernel_code->history[0]->rows[0].from, "4.14");
	assert_string_equal(d->kernel_code->history[0]->rows[0].commit, "0123456789ab");
	assert_string_equal(d->kernel_code->history[0]->rows[1].where, "compute_batch_value(), lib/percpu_counter.c");
	/* checked: the trees read for a row, history's 'checked:' line as a built-in row's; none when the file says none */
	assert_string_equal(d->kernel_code->history[0]->rows[0].check, "4.14.1 has it, 4.13.9 not");
	assert_null(d->kernel_code->history[0]->rows[1].check);
	assert_null(d->kernel_code->history[0]->rows[2].from);
	/* the newest release runs the 6.1 row: max(32, 16) = 32, and drift follows it */
	assert_int_equal(metric_compute(&m, d, patch_metric(d, "batch"), SIDE_KERNEL, NULL).i, 32);
	assert_int_equal(metric_compute(&m, d, drift, SIDE_KERNEL, NULL).i, 31 * 8);
	assert_int_equal(d->kernel_code->history[0]->rows[0].value(&m, &d->kernel_code->history[0]->rows[0], NULL).i, 16);
	m.kernel = (uint64_t)release_find("5.4");
	assert_int_equal(metric_compute(&m, d, drift, SIDE_KERNEL, NULL).i, 15 * 8);
	m.kernel = (uint64_t)release_find("4.9");
	assert_int_equal(metric_compute(&m, d, drift, SIDE_KERNEL, NULL).kind, VAL_NONE);
	assert_true(metric_reads(patch_metric(d, "batch"), "kernel"));
	load_slot(NULL);
	free(p);
}

/* A row's value is its release's code: a kernel name in it reads that release's value, whatever m runs. */
static void test_row_kernel_names(void **state)
{
	struct mmpatch *p = parse(HEAD METRICS "release 3.10 = MEMCG_CHARGE_BATCH\nwhat the batch then\n"
				  "release 6.1 = MEMCG_CHARGE_BATCH\nwhat the batch since 1813e51eece0\n");
	const struct release_row *rows = p->desc.kernel_code->history[0]->rows;
	struct machine m;

	(void)state;
	machine_defaults(&m); /* the newest release, where MEMCG_CHARGE_BATCH is 64 */
	assert_int_equal(rows[0].value(&m, &rows[0], NULL).i, 32);
	assert_int_equal(rows[1].value(&m, &rows[1], NULL).i, 64);
	m.kernel = (uint64_t)release_find("4.14");
	assert_int_equal(rows[1].value(&m, &rows[1], NULL).i, 64);
	load_slot(NULL);
	free(p);
}

/* Claims: rows of struct patch_claim that core/claim.c checks, each verdict as the file expects. */
static void test_claims(void **state)
{
	struct mmpatch *p = parse(HEAD METRICS "claim batch.after = 256\nsaid the batch is 256\non vm-4g cpus=64\n"
				  "where cover letter\nclaim drift.ratio = 2\nsaid the drift doubles\non vm-4g cpus=64\n"
				  "within 1%\nclaim drift = 100\nsaid a drift of 100\non vm-4g\nexpect differs\n"
				  "claim outside\nsaid no slowdown\nnote no throughput model\nexpect outside\n");
	const struct patch_desc *d = &p->desc;
	struct machine m;
	struct claim_result r;

	(void)state;
	assert_int_equal(claim_count(d), 4);
	assert_string_equal(d->claims[0].where, "cover letter");
	assert_string_equal(d->claims[0].set, "cpus=64");
	assert_int_equal(d->claims[1].how, CLAIM_WITHIN);
	assert_true(fabs(d->claims[1].tol - 0.01) < 1e-12);
	assert_int_equal(d->claims[3].how, CLAIM_OUTSIDE);
	for (int i = 0; i < 4; i++) {
		machine_defaults(&m);
		m.set = &with;
		m.cpus = 64; /* vm-4g's other settings do not move these figures */
		if (d->claims[i].how != CLAIM_OUTSIDE)
			assert_int_equal(claim_apply(&m, &d->claims[i], NULL, 0), 0);
		claim_check(&m, d, &d->claims[i], &r);
		assert_int_equal(r.verdict, d->claims[i].expect);
	}
	load_slot(NULL);
	free(p);
}

/* per and scale: a real figure, n/a on a zero divisor; the explain says each step. */
static void test_real_metrics(void **state)
{
	struct mmpatch *p = parse(HEAD METRICS "metric share = drift\nper cpus * 1000\nscale 100\nunit %\n"
				  "metric half = batch\nscale 0.5\n");
	struct machine m;
	struct strbuf why = STRBUF_INIT;
	int share = mmpatch_metric_index(p, "share"), half = mmpatch_metric_index(p, "half");
	struct value v;

	(void)state;
	machine_defaults(&m);
	m.cpus = 8;
	v = mmpatch_metric(p, share, &m, p->desc.after, &why);
	assert_int_equal(v.kind, VAL_REAL);
	assert_true(v.r == 255.0 * 8 / 8000 * 100);
	assert_non_null(strstr(sb_str(&why), "per (t.mmpatch:"));
	assert_non_null(strstr(sb_str(&why), "(scale)"));
	v = mmpatch_metric(p, half, &m, p->desc.before, NULL);
	assert_true(v.kind == VAL_REAL && v.r == 16.0);
	assert_true(metric_reads(&p->md[share], "cpus"));
	sb_free(&why);
	free(p);
	p = parse(HEAD "metric z = batch\nper cpus - cpus\n");
	v = mmpatch_metric(p, 1, &m, 0, NULL);
	assert_int_equal(v.kind, VAL_NONE);
	assert_non_null(strstr(v.why, "division by zero"));
	load_slot(NULL);
	free(p);
}

static const struct tradeoff_point *point(const struct tradeoff *t, uint64_t knob)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->pts[i].on_curve && t->pts[i].knob == knob)
			return &t->pts[i];
	return NULL;
}

/* A tradeoff over the constant: its values set per point, before and after marked at the sides' values. */
static void test_tradeoff(void **state)
{
	struct mmpatch *p = parse(HEAD METRICS "tradeoff folds against drift\n");
	const struct tradeoff_spec *spec;
	struct tradeoff t;
	struct machine m;
	struct sweep_range r;
	char err[300];

	(void)state;
	spec = tradeoff_spec_find(&with, "mine");
	assert_ptr_equal(spec, &p->tradeoff[0]);
	assert_null(spec[1].patch); /* the explorer's t walks specs as a table: the file's ends one */
	machine_defaults(&m);
	m.set = &with;
	m.cpus = 8; /* before 32, after 256: the default range is 4 .. 2048, doubling */
	assert_int_equal(tradeoff_run(&m, spec, NULL, &t, err, sizeof(err)), 0);
	assert_int_equal(t.n, 10);
	assert_int_equal(point(&t, 32)->mark, TRADE_BEFORE);
	assert_int_equal(point(&t, 256)->mark, TRADE_AFTER);
	assert_int_equal(point(&t, 4)->benefit.i, 250000);
	assert_int_equal(point(&t, 4)->cost.i, 3 * 8);
	assert_int_equal(point(&t, 2048)->cost.i, 2047 * 8);
	tradeoff_free(&t);
	/* a range of the user's, by the constant's kernel name, step N */
	assert_int_equal(tradeoff_range_parse(&m, spec, "FOO_BATCH", "100", "400", "step", "100", &r, err, sizeof(err)), 0);
	assert_int_equal(tradeoff_run(&m, spec, &r, &t, err, sizeof(err)), 0);
	assert_non_null(point(&t, 300));
	assert_int_equal(point(&t, 300)->benefit.i, 1000000 / 300);
	tradeoff_free(&t);
	assert_int_equal(tradeoff_range_parse(&m, spec, "batch", "9", "3", NULL, NULL, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "FROM '9' is above TO '3'"));
	/* over a parameter: the after side as cpus moves, no mark on the curve, before off it */
	assert_int_equal(tradeoff_range_parse(&m, spec, "cpus", "1", "4", NULL, NULL, &r, err, sizeof(err)), 0);
	assert_int_equal(tradeoff_run(&m, spec, &r, &t, err, sizeof(err)), 0);
	assert_int_equal(point(&t, 2)->cost.i, 255 * 2);
	tradeoff_free(&t);
	load_slot(NULL);
	free(p);
	p = parse(HEAD METRICS "tradeoff folds against drift over cpus 1 64 x 2\n");
	assert_string_equal(p->tradeoff[0].knob, "cpus");
	assert_null(p->tradeoff[0].constant);
	load_slot(NULL);
	free(p);
}

/* Every new key's mistakes: one line, FILE:LINE:COLUMN, what was expected. */
static void test_errors(void **state)
{
	static const struct { const char *text, *want; } rows[] = {
		{ HEAD METRICS "release 9.99 = 4\n", "t.mmpatch:13:9: release: a release batchlab knows expected (" },
		{ HEAD METRICS "release 6.1 = 4\nrelease 5.4 = 8\n", "t.mmpatch:14:9: release 5.4: a release after the row above's (6.1)" },
		{ HEAD METRICS "release 6.1 4\n", "t.mmpatch:13:13: release RELEASE = EXPR: '=' expected" },
		{ HEAD METRICS "release 6.1 = 2 * cpuz\n", "t.mmpatch:13:19: unknown name 'cpuz'" },
		{ HEAD METRICS "release 6.1 = batch\n", "t.mmpatch:13:15: unknown name 'batch'" },
		{ HEAD METRICS "release 6.1 = 4\ncommit xyz\n", "t.mmpatch:14:8: commit: 7 to 40 lower-case hex digits expected" },
		{ HEAD METRICS "commit 0123456789ab\n", "t.mmpatch:13:1: 'commit' with no release row above it" },
		{ HEAD METRICS "what a change\n", "t.mmpatch:13:1: 'what' with no release row above it" },
		{ HEAD METRICS "where a file\n", "t.mmpatch:13:1: 'where' with no release row or claim above it" },
		{ HEAD METRICS "release 6.1 = 4\nunit pages\n", "t.mmpatch:14:1: 'unit' after a release row: it describes the constant" },
		{ HEAD "per cpus\n", "t.mmpatch:7:1: 'per' on the constant (a whole number)" },
		{ HEAD METRICS "metric s = drift\nper\n", "t.mmpatch:14:4: per: an expression expected" },
		{ HEAD METRICS "metric s = drift\nper cpuz\n", "t.mmpatch:14:5: unknown name 'cpuz'" },
		{ HEAD METRICS "metric s = drift\nscale -1\n", "t.mmpatch:14:7: scale: a number above 0 expected" },
		{ HEAD METRICS "metric s = drift\nscale 100\nmetric t = s + 1\n",
		  "t.mmpatch:15:12: metric 't' reads 's', a real number (per, scale, arith real)" },
		{ HEAD METRICS "claim batch.after 256\n", "t.mmpatch:13:19: claim METRIC[.SIDE] = NUMBER: '=' expected" },
		{ HEAD METRICS "claim batch.after = many\n", "t.mmpatch:13:21: claim: the mail's figure, a number" },
		{ HEAD METRICS "claim nosuch = 2\nsaid x\non vm-4g\n", "t.mmpatch:13:7: claim: 'nosuch': a metric of the file" },
		{ HEAD METRICS "claim batch.sideways = 2\nsaid x\non vm-4g\n", "t.mmpatch:13:7: claim: 'batch.sideways'" },
		{ HEAD METRICS "claim batch = 2\non vm-4g\n", "t.mmpatch:13:1: claim: a 'said TEXT' line expected" },
		{ HEAD METRICS "claim batch = 2\nsaid x\n", "t.mmpatch:13:1: claim: an 'on PRESET [KEY=VALUE...]' line expected" },
		{ HEAD METRICS "claim batch = 2\nsaid x\non vm-4g cpuz=4\n", "t.mmpatch:15:10: on: unknown parameter 'cpuz'" },
		{ HEAD METRICS "claim batch = 2\nsaid x\non vm-4g cpus\n", "t.mmpatch:15:10: on: KEY=VALUE expected" },
		{ HEAD METRICS "claim batch = 2\nsaid x\non vm-4g\nwithin lots\n", "t.mmpatch:16:8: within: a number of at least 0" },
		{ HEAD METRICS "claim batch = 2\nsaid x\non vm-4g\nexpect maybe\n", "t.mmpatch:16:8: expect: holds, differs or outside" },
		{ HEAD METRICS "claim batch = 2\nsaid x\non vm-4g\nexpect outside\n", "t.mmpatch:16:8: expect: holds or differs expected" },
		{ HEAD METRICS "claim outside\nsaid x\n", "t.mmpatch:13:1: claim outside: a 'note TEXT' line expected" },
		{ HEAD METRICS "said x\n", "t.mmpatch:13:1: 'said' with no claim above it" },
		{ HEAD METRICS "tradeoff folds drift\n", "t.mmpatch:13:16: tradeoff BENEFIT against COST" },
		{ HEAD METRICS "tradeoff folds against\n", "t.mmpatch:13:23: tradeoff: the cost's metric expected" },
		{ HEAD METRICS "tradeoff folds against nosuch\n", "t.mmpatch:13:10: tradeoff: 'nosuch' is no metric of the file" },
		{ HEAD METRICS "tradeoff folds against drift under cpus\n", "t.mmpatch:13:30: tradeoff BENEFIT against COST" },
		{ HEAD METRICS "tradeoff folds against drift over cpuz 1 8\n", "t.mmpatch:13:35: tradeoff: over 'cpuz'" },
		{ HEAD METRICS "tradeoff folds against drift over cpus 1\n", "KNOB FROM TO expected after 'over'" },
		{ HEAD METRICS "tradeoff folds against drift over batch 8 1 x 2\n", "t.mmpatch:13:35: tradeoff: batch: FROM '8' is above" },
		{ HEAD METRICS "tradeoff folds against drift over batch 1 8 y 2\n", "t.mmpatch:13:45: tradeoff BENEFIT" },
		{ HEAD METRICS "tradeoff folds against drift\ntradeoff folds against drift\n", "t.mmpatch:14:1: a second 'tradeoff' line" },
		{ "patch mine\ntitle a\nrelease 6.1 = 4\n", "t.mmpatch:3:1: 'release' before 'constant': it follows the constant's lines" },
		{ HEAD "relase 6.1 = 4\n", "t.mmpatch:7:1: unknown key 'relase': did you mean 'release'?" },
	};
	int bad = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		bad += !mmpatch_refused(i, rows[i].text, rows[i].want);
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_release_rows),
		cmocka_unit_test(test_row_kernel_names),
		cmocka_unit_test(test_claims),
		cmocka_unit_test(test_real_metrics),
		cmocka_unit_test(test_tradeoff),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
