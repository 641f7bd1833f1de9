/* core/plot_sample.c: the points a chart draws, from the sweep, without a terminal. */
#include "testutil.h"

#include <math.h>

#include "../../core/plot_sample.h"

static const struct metric_desc *metric(const struct patch_desc *d, const char *name)
{
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		if (!strcmp(md->name, name))
			return md;
	fail_msg("no metric %s", name);
	return NULL;
}

/*
 * memcg_charge.batch is 32 before and 64 after at every CPU count (seed 000,
 * MEMCG_CHARGE_BATCH 32 -> 64): a sampled range over 1..65536 spans decades,
 * so the axis is log, the ends are the range's, x only grows.
 */
static void test_sampled_range(void **state)
{
	struct machine m = machine_with("");
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	const struct metric_desc *md = metric(d, "batch");
	struct sweep_range r;
	struct plot_points p;
	int sides[2] = { d->before, d->after };
	char err[256];

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "65536", NULL, NULL, &r, err, sizeof(err)), 0);
	assert_int_equal(plot_sample(&m, &r, d, md, sides, 2, 40, &p, err, sizeof(err)), 0);
	assert_true(p.xlog);
	assert_true(p.n > 10 && p.n <= 80); /* two samples a column at most, whole CPUs deduplicated */
	assert_true(p.x[0] == 1 && p.x[p.n - 1] == 65536);
	for (size_t i = 0; i < p.n; i++) {
		if (i)
			assert_true(p.x[i] > p.x[i - 1]);
		assert_true(p.y[0][i] == 32 && p.y[1][i] == 64);
	}
	plot_points_free(&p);
	assert_null(p.x);
}

/* A step typed decides the points: cpus 1..8 step 1 is eight, on a linear axis. */
static void test_given_step(void **state)
{
	struct machine m = machine_with("");
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct sweep_range r;
	struct plot_points p;
	int sides[1] = { d->after };
	char err[256];

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "8", "step", "1", &r, err, sizeof(err)), 0);
	assert_int_equal(plot_sample(&m, &r, d, metric(d, "batch"), sides, 1, 40, &p, err, sizeof(err)), 0);
	assert_false(p.xlog);
	assert_int_equal(p.n, 8);
	for (size_t i = 0; i < p.n; i++)
		assert_true(p.x[i] == (double)(i + 1));
	plot_points_free(&p);
}

/*
 * pagesize takes 4K, 16K or 64K only: a chart over it has those three points
 * and no value between (stock_max_bytes after = cpus * 64 pages * pagesize:
 * 64 * 64 * 4096 = 16 MiB at 4K, x4 and x16 at 16K and 64K).
 */
static void test_listed_values(void **state)
{
	struct machine m = machine_with("");
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct sweep_range r;
	struct plot_points p;
	int sides[1] = { d->after };
	char err[256];

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "pagesize", "4096", "65536", NULL, NULL, &r, err, sizeof(err)), 0);
	assert_int_equal(plot_sample(&m, &r, d, metric(d, "stock_max_bytes"), sides, 1, 40, &p, err, sizeof(err)), 0);
	assert_int_equal(p.n, 3);
	assert_false(p.xlog);
	assert_true(p.x[0] == 4096 && p.x[1] == 16384 && p.x[2] == 65536);
	assert_true(p.y[0][0] == 16.0 * 1024 * 1024 && p.y[0][1] == 64.0 * 1024 * 1024 && p.y[0][2] == 256.0 * 1024 * 1024);
	plot_points_free(&p);
}

/* A side the patch does not have is refused with a reason, and nothing is left allocated. */
static void test_bad_side(void **state)
{
	struct machine m = machine_with("");
	const struct patch_desc *d = patch_find(NULL, "memcg_charge");
	struct sweep_range r;
	struct plot_points p;
	int sides[1] = { PATCH_MAX_SIDES + 3 };
	char err[256] = "";

	(void)state;
	assert_int_equal(sweep_range_parse(&m, "cpus", "1", "8", NULL, NULL, &r, err, sizeof(err)), 0);
	assert_int_equal(plot_sample(&m, &r, d, metric(d, "batch"), sides, 1, 40, &p, err, sizeof(err)), -1);
	assert_true(err[0] != '\0');
	assert_null(p.x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sampled_range),
		cmocka_unit_test(test_given_step),
		cmocka_unit_test(test_listed_values),
		cmocka_unit_test(test_bad_side),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
