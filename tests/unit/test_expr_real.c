/*
 * Real arithmetic for patch files' workload and model metrics
 * (core/expr_real.c, arith real): each expression against C's double
 * arithmetic written out here, on a grid of values; the undefined steps
 * (a division by zero, sqrt of a negative) stop a live branch only; bad
 * lines name their column. And through a patch file: an arith real metric
 * reads whole and real metrics, takes per and scale, and an exact metric
 * may not be real.
 */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"
#include "mmpatchutil.h"

#include "../../core/expr_real.h"
#include "../../core/mmpatch.h"

static const char *const names[] = { "cpus", "batch", "share", NULL };

static double eval(const char *text, double cpus, double batch, double share, int *ok)
{
	const double vals[] = { cpus, batch, share };
	const char *why = NULL;
	double out = -12345;
	uint64_t reads;
	char err[200];

	if (expr_real_compile(text, names, &reads, err, sizeof(err))) {
		fprintf(stderr, "'%s': %s\n", text, err);
		fail();
	}
	*ok = !expr_real_eval(text, names, vals, &out, &why, NULL);
	if (!*ok)
		assert_non_null(why);
	return out;
}

/* Each row's text and the same arithmetic in C, over a grid: bit for bit. */
static void test_grid(void **state)
{
	static const double cpus[] = { 1, 2, 3, 7, 64, 255, 4096, 65536 };
	static const double batch[] = { 0.5, 1, 32, 127, 1e6 };
	static const double share[] = { -2.5, 0, 1e-6, 0.75, 100 };
	long cells = 0;

	(void)state;
	for (size_t a = 0; a < sizeof(cpus) / sizeof(cpus[0]); a++)
		for (size_t b = 0; b < sizeof(batch) / sizeof(batch[0]); b++)
			for (size_t c = 0; c < sizeof(share) / sizeof(share[0]); c++) {
				double x = cpus[a], y = batch[b], z = share[c];
				const struct {
					const char *text;
					double want;
				} rows[] = {
					{ "cpus / batch * 100", x / y * 100 },
					{ "0.75 * sqrt(cpus) + log2(batch)", 0.75 * sqrt(x) + log2(y) },
					{ "pow(batch, 0.5) - -share", pow(y, 0.5) + z },
					{ "clamp(share * cpus, 1e-6, 2.5e3)", fmin(fmax(z * x, 1e-6), 2.5e3) },
					{ "cpus > 64 && share != 0 ? min(cpus, batch) : max(share, abs(share) / 2)",
					  x > 64 && z != 0 ? fmin(x, y) : fmax(z, fabs(z) / 2) },
					{ "(cpus + batch) % 7 + .5", fmod(x + y, 7) + .5 },
					{ "!(cpus <= 3) + (batch >= 32) * 10 + (share == 0) * 100 + (cpus < batch || share > 1)",
					  (double)!(x <= 3) + (y >= 32) * 10 + (z == 0) * 100 + (x < y || z > 1) },
				};
				for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
					int ok;
					double got = eval(rows[r].text, x, y, z, &ok);

					assert_true(ok);
					if (memcmp(&got, &rows[r].want, sizeof(got))) {
						fprintf(stderr, "'%s' at %g %g %g: %.17g, C %.17g\n", rows[r].text, x, y, z,
							got, rows[r].want);
						fail();
					}
					cells++;
				}
			}
	assert_int_equal(cells, 8L * 5 * 5 * 7);
}

/* An undefined step makes the figure n/a where it is used, never in the branch not taken. */
static void test_undefined(void **state)
{
	int ok;

	(void)state;
	eval("cpus / share", 4, 1, 0, &ok);
	assert_false(ok);
	eval("sqrt(share)", 4, 1, -1, &ok);
	assert_false(ok);
	eval("log2(share)", 4, 1, 0, &ok);
	assert_false(ok);
	eval("pow(batch, cpus)", 4096, 1e6, 0, &ok); /* 1e24576: not finite */
	assert_false(ok);
	assert_true(eval("share == 0 ? 0 : cpus / share", 4, 1, 0, &ok) == 0 && ok);
	assert_true(eval("share != 0 && cpus / share > 1", 4, 1, 0, &ok) == 0 && ok);
	assert_true(eval("share < 0 || sqrt(share) > 1", 4, 1, -1, &ok) == 1 && ok);
}

/* A bad line: the column and what was expected there. */
static void test_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} rows[] = {
		{ "cpus << 2", "unexpected '<<' at column 6" },
		{ "cpus * 0.3.5", "unexpected '0.3.5' at column 8 (expected a number" },
		{ "sqt(cpus)", "at column 1 (expected a name the file knows" },
		{ "(u32)cpus", "at column 2" },
		{ "min(cpus)", "expected min(a, b)" },
		{ "cpus +", "the line ends at column 7" },
		{ "(cpus", "expected ')'" },
		{ "cpus ? 1", "expected ':' of the '?'" },
		{ "2cpus", "expected a number" },
	};
	uint64_t reads = 7;
	char err[200], deep[400];
	size_t n = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		err[0] = '\0';
		assert_int_equal(expr_real_compile(rows[i].text, names, &reads, err, sizeof(err)), -1);
		if (!strstr(err, rows[i].want)) {
			fprintf(stderr, "'%s': got '%s', want '%s'\n", rows[i].text, err, rows[i].want);
			fail();
		}
	}
	/* hostile nesting: refused in one line, never a deep recursion */
	for (int k = 0; k < 60; k++)
		n += (size_t)snprintf(deep + n, sizeof(deep) - n, "%s", k % 3 == 0 ? "-" : k % 3 == 1 ? "(" : "sqrt(");
	snprintf(deep + n, sizeof(deep) - n, "cpus");
	assert_int_equal(expr_real_compile(deep, names, &reads, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "fewer nested signs, parentheses or calls"));
	assert_int_equal(expr_real_compile("-(-(sqrt(-(cpus))))", names, &reads, err, sizeof(err)), 0);
	assert_int_equal(expr_real_compile("share * 2 + cpus", names, &reads, err, sizeof(err)), 0);
	assert_int_equal(reads, 1 | 4);
}

#define FILE_HEAD "patch mine\ntitle a test\nconstant FOO_BATCH as batch\nbefore = 32\nafter = 64\n"

/*
 * Through a file: cost reads a whole workload metric and the constant, share
 * reads cost (a real metric) with scale; on every side and CPU count of a
 * grid, the figures are C's doubles over the kernel's whole numbers.
 */
static void test_file(void **state)
{
	static const char text[] = FILE_HEAD
		"metric refills = ((1 << 30) >> PAGE_SHIFT) / batch\nkind workload\nassume 1 GiB charged\n"
		"metric cost = refills * 0.35 + sqrt(cpus) / 2\narith real\nkind model\nassume 0.35 us a refill\n"
		"metric share = cost / (cpus - 1)\narith real\nscale 100\nunit %\nkind model\nassume per CPU\n";
	static const uint64_t grid_cpus[] = { 1, 2, 3, 64, 4096 };
	static const uint64_t grid_pagesize[] = { 4096, 65536 };
	struct mmpatch *p = malloc(sizeof(*p));
	struct machine m;
	char err[512];

	(void)state;
	assert_non_null(p);
	if (mmpatch_parse(p, "t.mmpatch", text, strlen(text), 0, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	machine_defaults(&m);
	for (size_t a = 0; a < sizeof(grid_cpus) / sizeof(grid_cpus[0]); a++)
		for (size_t b = 0; b < sizeof(grid_pagesize) / sizeof(grid_pagesize[0]); b++)
			for (int side = 0; side < 2; side++) {
				uint64_t batch = side ? 64 : 32, refills;
				double cost, share;
				struct value v;

				m.cpus = grid_cpus[a];
				m.pagesize = grid_pagesize[b];
				refills = ((1ull << 30) / m.pagesize) / batch;
				cost = (double)refills * 0.35 + sqrt((double)m.cpus) / 2;
				share = cost / ((double)m.cpus - 1) * 100;
				v = mmpatch_metric(p, 1, &m, side, NULL);
				assert_int_equal(v.kind, VAL_INT);
				assert_int_equal(v.i, refills);
				v = mmpatch_metric(p, 2, &m, side, NULL);
				assert_int_equal(v.kind, VAL_REAL);
				assert_memory_equal(&v.r, &cost, sizeof(cost));
				v = mmpatch_metric(p, 3, &m, side, NULL);
				if (m.cpus == 1) {
					assert_int_equal(v.kind, VAL_NONE);
					assert_string_equal(v.why, "division by zero");
				} else {
					assert_int_equal(v.kind, VAL_REAL);
					assert_memory_equal(&v.r, &share, sizeof(share));
				}
			}
	assert_int_equal(p->md[2].kind, METRIC_MODELED);
	assert_true(metric_reads(&p->md[3], "pagesize")); /* through cost and refills */
	free(p);
}

/* What a file may not say: an exact metric in real arithmetic, a whole-number metric over a real one. */
static void test_file_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} rows[] = {
		{ FILE_HEAD "metric x = batch * 0.5\narith real\n",
		  "t.mmpatch:7:1: arith real: a 'kind workload' or 'kind model' line for this metric expected" },
		{ FILE_HEAD "metric x = batch * 0.5\narith real\nkind model\n",
		  "t.mmpatch:8:1: kind model: an 'assume TEXT' line for this metric expected" },
		{ FILE_HEAD "metric x = batch * 0.5\narith real\nkind workload\nassume a\nmetric y = x + 1\n",
		  "t.mmpatch:10:12: metric 'y' reads 'x', a real number" },
		{ FILE_HEAD "metric x = batch * 0.5\narith float\n", "t.mmpatch:7:7: arith: real or kernel expected" },
		{ FILE_HEAD "metric x = batch << 0.5\narith real\nkind workload\nassume a\n",
		  "t.mmpatch:6:18: unexpected '<<' at column 18" },
		{ FILE_HEAD "arith real\n", "t.mmpatch:6:1: 'arith'" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		assert_true(mmpatch_refused(i, rows[i].text, rows[i].want));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid),
		cmocka_unit_test(test_undefined),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_file_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
